import { Link } from 'react-router';
import type { StaySummary } from '@sokoni/contracts/stays';
import { PinIcon } from '@/components/icons';
import { ProductImage } from '@/components/product-image';
import { bedroomsLabel, guestsLabel, nightlyPrice, ratingSummary } from '../lib/stay-display';

const IMAGE_WIDTH = 600;
const IMAGE_HEIGHT = 400;

type StayCardProps = {
  stay: StaySummary;
  /** Load the photo at once, at high priority: for cards in view when the page opens. */
  priority?: boolean;
};

export function StayCard({ stay, priority = false }: StayCardProps) {
  return (
    <article
      className="group relative flex h-full flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm transition hover:border-emerald-300 hover:shadow-md"
      data-testid="stay-card"
    >
      <div className="aspect-[3/2] overflow-hidden bg-slate-100">
        <ProductImage
          src={stay.images[0]}
          alt=""
          width={IMAGE_WIDTH}
          height={IMAGE_HEIGHT}
          loading={priority ? 'eager' : 'lazy'}
          fetchPriority={priority ? 'high' : 'auto'}
          className="size-full object-cover transition duration-300 group-hover:scale-105"
        />
      </div>
      <div className="flex flex-1 flex-col gap-1.5 p-4">
        <div className="flex items-start justify-between gap-3">
          <h3 className="line-clamp-2 leading-snug font-semibold text-slate-900">
            {/* The link covers the whole card (after:inset-0), so the card is one tap target. */}
            <Link
              to={`/stays/${stay.id}`}
              className="rounded after:absolute after:inset-0 after:content-[''] hover:text-emerald-800"
            >
              {stay.title}
            </Link>
          </h3>
          <p className="flex shrink-0 items-center gap-1 text-sm font-medium text-slate-800">
            <span aria-hidden="true" className="text-amber-500">
              ★
            </span>
            <span className="sr-only">Rating: </span>
            <span data-testid="stay-rating">{ratingSummary(stay)}</span>
          </p>
        </div>
        <p className="flex items-start gap-1.5 text-sm text-slate-700">
          <PinIcon className="mt-0.5 shrink-0 text-slate-500" />
          <span className="sr-only">Location: </span>
          <span className="min-w-0 break-words">{stay.location}</span>
        </p>
        <p className="text-sm text-slate-600">
          {guestsLabel(stay.guests)} · {bedroomsLabel(stay.bedrooms)}
        </p>
        <p className="mt-auto pt-2 font-bold text-emerald-800" data-testid="stay-price">
          {nightlyPrice(stay.pricePerNight)}
        </p>
      </div>
    </article>
  );
}
