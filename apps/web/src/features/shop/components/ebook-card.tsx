import { discountPercent } from '@sokoni/contracts/catalog';
import type { Product } from '@sokoni/contracts/shop';
import { formatKES } from '@sokoni/contracts/money';
import { BookIcon } from '@/components/icons';

type EbookCardProps = { product: Pick<Product, 'title' | 'price' | 'originalPrice'> };

/** The special card for the product titled 'E-book1' (spec §2): a digital book, not a parcel. */
export function EbookCard({ product }: EbookCardProps) {
  const percent = discountPercent(product.price, product.originalPrice);
  return (
    <section
      aria-labelledby="ebook-card-heading"
      data-testid="ebook-card"
      className="relative overflow-hidden rounded-2xl border-2 border-amber-300 bg-gradient-to-br from-amber-50 to-emerald-50 p-5"
    >
      <div className="flex items-start gap-4">
        <span
          aria-hidden="true"
          className="flex size-12 shrink-0 items-center justify-center rounded-xl bg-emerald-700 text-2xl text-white"
        >
          <BookIcon />
        </span>
        <div className="min-w-0 flex-1">
          <p className="text-xs font-bold tracking-wide text-emerald-800 uppercase">Downloadable e-book</p>
          <h2 id="ebook-card-heading" className="mt-0.5 text-lg font-bold text-slate-900">
            {product.title}
          </h2>
          <p className="mt-1 text-sm text-slate-700">
            A digital edition to read on your phone or computer, with nothing to ship or collect.
          </p>
        </div>
      </div>
      {percent !== null && product.originalPrice !== null ? (
        <p className="mt-4 flex flex-wrap items-center gap-x-3 gap-y-2 text-sm text-slate-800">
          <span
            data-testid="ebook-discount"
            className="rounded-full bg-orange-700 px-3 py-1 text-sm font-bold text-white"
          >
            {percent}% OFF
          </span>
          <span>
            You save <strong>{formatKES(product.originalPrice - product.price)}</strong> on the cover price of{' '}
            {formatKES(product.originalPrice)}.
          </span>
        </p>
      ) : null}
    </section>
  );
}
