import { useEffect } from 'react';
import { Link, useParams } from 'react-router';
import { EBOOK_TITLE } from '@sokoni/contracts/catalog';
import type { Product } from '@sokoni/contracts/shop';
import { Button, buttonClasses } from '@/components/button';
import { HiddenNotice } from '@/components/hidden-notice';
import { ImageGallery } from '@/components/image-gallery';
import { hasCode } from '@/lib/api-client';
import { useMetaDescription } from '@/lib/use-meta-description';
import { useProduct } from '../api/get-product';
import { recordProductView } from '../api/record-product-view';
import { EbookCard } from '../components/ebook-card';
import { ProductDetailSkeleton } from '../components/product-detail-skeleton';
import { ProductReviews } from '../components/product-reviews';
import { ProductSummary } from '../components/product-summary';

const META_DESCRIPTION_LENGTH = 155;

function metaDescription(product: Product): string {
  const text = product.description.replace(/\s+/g, ' ').trim();
  return text.length > META_DESCRIPTION_LENGTH ? `${text.slice(0, META_DESCRIPTION_LENGTH - 1)}…` : text;
}

function ProductNotFound() {
  return (
    <div className="mx-auto flex max-w-md flex-col items-center py-16 text-center">
      <title>Product not found — Sokoni</title>
      <h1 className="text-2xl font-bold text-slate-900">Product not found.</h1>
      <p className="mt-2 text-slate-600">It may have been sold or removed by the seller.</p>
      <Link to="/shop" className={buttonClasses('primary', 'mt-6')}>
        Browse All Products
      </Link>
    </div>
  );
}

function ProductLoadError({ onRetry, retrying }: { onRetry: () => void; retrying: boolean }) {
  return (
    <div className="mx-auto flex max-w-md flex-col items-center py-16 text-center">
      <title>Product — Sokoni</title>
      <p role="alert" className="text-red-700">
        We couldn&apos;t load this product. Please check your connection.
      </p>
      <Button variant="secondary" className="mt-4" onClick={onRetry} disabled={retrying}>
        Try Again
      </Button>
    </div>
  );
}

function ProductDetail({ product }: { product: Product }) {
  // Once per product the page opens on, whether the product came inside the page or from the API.
  useEffect(() => recordProductView(product.id), [product.id]);
  useMetaDescription(metaDescription(product));
  return (
    <article className="space-y-10">
      <title>{`${product.title} — Sokoni`}</title>
      <HiddenNotice moderation={product.moderation} />
      <div className="grid gap-6 md:grid-cols-2 md:gap-10">
        <ImageGallery key={product.id} title={product.title} images={product.image} />
        <ProductSummary product={product}>
          {product.title === EBOOK_TITLE ? <EbookCard product={product} /> : null}
        </ProductSummary>
      </div>
      <ProductReviews productId={product.id} />
    </article>
  );
}

export function ProductDetailPage() {
  const { id = '' } = useParams();
  const productQuery = useProduct(id);

  let content;
  if (productQuery.isPending) content = <ProductDetailSkeleton />;
  else if (productQuery.isError) {
    content = hasCode(productQuery.error, 'PRODUCT_NOT_FOUND') ? (
      <ProductNotFound />
    ) : (
      <ProductLoadError onRetry={() => productQuery.refetch()} retrying={productQuery.isFetching} />
    );
  } else content = <ProductDetail product={productQuery.data} />;

  return <div className="mx-auto w-full max-w-6xl px-4 py-6 sm:py-10">{content}</div>;
}
