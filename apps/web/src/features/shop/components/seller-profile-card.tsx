import type { SellerProfile } from '@sokoni/contracts/shop';
import { PinIcon } from '@/components/icons';
import { RatingStars } from '@/components/rating-stars';
import { sellerPhoneContact } from '../lib/product-links';
import { reviewCountText } from '../lib/review-count';
import { PhoneContactLinks } from './seller-contact';

const memberSinceFormat = new Intl.DateTimeFormat('en-KE', { month: 'long', year: 'numeric' });

const listingCountText = (count: number) => (count === 1 ? '1 listing' : `${count} listings`);

/**
 * Who the seller is: their name, since when they are a member, where they sell from, how buyers rate
 * them, and their number to call or WhatsApp when their listings give one.
 */
export function SellerProfileCard({ seller }: { seller: SellerProfile }) {
  const initial = seller.name.trim().charAt(0).toUpperCase() || '?';
  const contact = sellerPhoneContact(seller);
  return (
    <div className="flex flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:flex-row sm:items-center">
      <span
        aria-hidden="true"
        className="flex size-16 shrink-0 items-center justify-center rounded-full bg-emerald-700 text-2xl font-bold text-white"
      >
        {initial}
      </span>
      <div className="min-w-0 space-y-1.5">
        <h1 className="text-2xl font-bold break-words text-slate-900">{seller.name}</h1>
        <p className="text-slate-600" data-testid="seller-member-since">
          Member since{' '}
          <time dateTime={seller.memberSince}>{memberSinceFormat.format(new Date(seller.memberSince))}</time>
        </p>
        <ul className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-slate-700">
          {seller.location ? (
            <li className="inline-flex items-center gap-1.5" data-testid="seller-location">
              <PinIcon className="shrink-0 text-slate-500" />
              {seller.location}
            </li>
          ) : null}
          <li className="inline-flex items-center gap-1.5" data-testid="seller-rating">
            <RatingStars rating={seller.rating} />
            {seller.reviewCount === 0
              ? 'No reviews yet'
              : `${seller.rating.toFixed(1)} · ${reviewCountText(seller.reviewCount)}`}
          </li>
          <li data-testid="seller-listing-count">{listingCountText(seller.listingCount)}</li>
        </ul>
        {contact ? (
          <div className="pt-2">
            <PhoneContactLinks contact={contact} />
          </div>
        ) : null}
      </div>
    </div>
  );
}
