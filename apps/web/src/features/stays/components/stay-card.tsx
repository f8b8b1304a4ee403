import type { StaySummary } from '@sokoni/contracts/stays';
import { PinIcon } from '@/components/icons';
import { LinkCard, LinkCardImage, LinkCardTitle } from '@/components/link-card';
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
    <LinkCard testId="stay-card">
      <LinkCardImage
        src={stay.images[0]}
        width={IMAGE_WIDTH}
        height={IMAGE_HEIGHT}
        priority={priority}
        label={stay.title}
      />
      <div className="flex flex-1 flex-col gap-1.5 p-4">
        {/* The title has the card's whole width: beside the rating it was cut after a word or two. */}
        <LinkCardTitle to={`/stays/${stay.id}`}>{stay.title}</LinkCardTitle>
        <p className="flex items-start gap-1.5 text-sm text-slate-700">
          <PinIcon className="mt-0.5 shrink-0 text-slate-500" />
          <span className="sr-only">Location: </span>
          <span className="min-w-0 break-words">{stay.location}</span>
        </p>
        <p className="text-sm text-slate-600">
          {guestsLabel(stay.guests)} · {bedroomsLabel(stay.bedrooms)}
        </p>
        <div className="mt-auto flex flex-wrap items-baseline justify-between gap-x-3 pt-2">
          <p className="font-bold text-emerald-800" data-testid="stay-price">
            {nightlyPrice(stay.pricePerNight)}
          </p>
          <p className="flex items-center gap-1 text-sm font-medium text-slate-800">
            <span aria-hidden="true" className="text-amber-500">
              ★
            </span>
            <span className="sr-only">Rating: </span>
            <span data-testid="stay-rating">{ratingSummary(stay)}</span>
          </p>
        </div>
      </div>
    </LinkCard>
  );
}
