import { Link } from 'react-router';
import { CATEGORIES } from '@sokoni/contracts/catalog';
import { formatKsh } from '@sokoni/contracts/money';
import type { Product } from '@sokoni/contracts/shop';
import { Button } from '@/components/button';
import { HiddenNotice } from '@/components/hidden-notice';
import { ProductImage } from '@/components/product-image';

type MyProductCardProps = {
  product: Product;
  onEdit: (product: Product) => void;
  onDelete: (product: Product) => void;
};

const categoryName = (id: string) => CATEGORIES.find((category) => category.id === id)?.name ?? id;

/** The seller's figure, and how many of those buyers are paying for right now. */
function stockText({ stock, available }: Pick<Product, 'stock' | 'available'>): string {
  const held = stock - available;
  const inStock = stock === 0 ? 'Sold out' : `${stock} in stock`;
  return held > 0 ? `${inStock} · ${held} being paid for` : inStock;
}

/** A seller's own listing with its Edit and Delete actions; prices in 'Ksh' (spec §9). */
export function MyProductCard({ product, onEdit, onDelete }: MyProductCardProps) {
  return (
    <article
      className="flex h-full flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm"
      data-testid="my-product-card"
    >
      <ProductImage
        src={product.image[0]}
        alt=""
        width={400}
        height={400}
        loading="lazy"
        className="aspect-square w-full bg-slate-100 object-cover"
      />
      <div className="flex flex-1 flex-col gap-1.5 p-3">
        <h2 className="line-clamp-2 text-sm leading-snug font-semibold text-slate-900">
          <Link to={`/products/${product.id}`} className="rounded hover:text-emerald-800 hover:underline">
            {product.title}
          </Link>
        </h2>
        <HiddenNotice moderation={product.moderation} />
        <p className="font-bold text-emerald-800" data-testid="my-product-price">
          {formatKsh(product.price)}
        </p>
        <p className="text-xs text-slate-600">
          {product.condition} · {categoryName(product.category)}
        </p>
        <p className="text-xs font-medium text-slate-700" data-testid="my-product-stock">
          {stockText(product)}
        </p>
        <div className="mt-auto grid grid-cols-2 gap-2 pt-2">
          <Button
            variant="secondary"
            className="px-2"
            aria-label={`Edit ${product.title}`}
            onClick={() => onEdit(product)}
          >
            Edit
          </Button>
          <Button
            variant="secondary"
            className="px-2"
            aria-label={`Delete ${product.title}`}
            onClick={() => onDelete(product)}
          >
            Delete
          </Button>
        </div>
      </div>
    </article>
  );
}
