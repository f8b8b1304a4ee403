import type { Stay } from '@sokoni/contracts/stays';
import { PinIcon } from '@/components/icons';
import { RatingStars } from '@/components/rating-stars';
import { ReportButton } from '@/components/report-button';
import { ShareActions } from '@/components/share-actions';
import {
  bathroomsLabel,
  bedroomsLabel,
  guestsLabel,
  nightlyPrice,
  ratingSummary,
  stayShare,
} from '../lib/stay-display';

/**
 * Title, place, rating, the facts a guest compares (guests, bedrooms, bathrooms), host and price,
 * and the ways to pass the stay on.
 */
export function StaySummary({ stay }: { stay: Stay }) {
  return (
    <div className="space-y-4">
      <div className="space-y-2">
        <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{stay.title}</h1>
        <p className="flex items-start gap-1.5 text-slate-700">
          <PinIcon className="mt-0.5 shrink-0 text-slate-500" />
          <span className="sr-only">Location: </span>
          <span className="min-w-0 break-words">{stay.location}</span>
        </p>
        <p className="flex flex-wrap items-center gap-2 text-slate-800">
          {stay.reviewCount > 0 ? <RatingStars rating={stay.rating} /> : null}
          <span data-testid="stay-rating">{ratingSummary(stay)}</span>
        </p>
      </div>
      <ul
        aria-label="Facts"
        className="flex flex-wrap gap-2 text-sm font-medium text-slate-800"
        data-testid="stay-facts"
      >
        {[guestsLabel(stay.guests), bedroomsLabel(stay.bedrooms), bathroomsLabel(stay.bathrooms)].map(
          (fact) => (
            <li key={fact} className="rounded-full bg-slate-100 px-3 py-1">
              {fact}
            </li>
          ),
        )}
      </ul>
      <p className="text-slate-700">
        Hosted by <span className="font-semibold text-slate-900">{stay.host.name}</span>
      </p>
      <p className="text-2xl font-bold text-emerald-800" data-testid="stay-price">
        {nightlyPrice(stay.pricePerNight)}
      </p>
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <a
          href="#book"
          className="inline-flex min-h-11 items-center font-semibold text-emerald-800 underline underline-offset-2"
        >
          Choose your dates
        </a>
        <ReportButton subject="stay" subjectId={stay.id} ownerId={stay.hostId} />
      </div>
      <div className="flex flex-wrap gap-2">
        <ShareActions share={stayShare(stay)} />
      </div>
    </div>
  );
}
