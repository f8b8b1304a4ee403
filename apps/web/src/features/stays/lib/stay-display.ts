import { STAY_MESSAGES, formatStayDay, nairobiToday } from '@sokoni/contracts/stays-rules';
import type { Stay, StaySummary } from '@sokoni/contracts/stays';
import { formatKES } from '@sokoni/contracts/money';
import type { SharedPage } from '@/components/share-button';
import { pageUrl } from '@/lib/page-url';

const count = (value: number, one: string, many: string) => `${value} ${value === 1 ? one : many}`;

/** 'KES 4,500 / night'. */
export const nightlyPrice = (pricePerNight: number): string => `${formatKES(pricePerNight)} / night`;

/** A stay's line where it is shown or shared: 'KES 4,500 / night · Shela, Lamu'. */
export const stayBlurb = (stay: Pick<Stay, 'pricePerNight' | 'location'>): string =>
  `${nightlyPrice(stay.pricePerNight)} · ${stay.location}`;

/** What Share sends: the stay's title, its price a night and place, and its page's link. */
export const stayShare = (stay: Stay): SharedPage => ({
  title: stay.title,
  text: stayBlurb(stay),
  url: pageUrl(`/stays/${encodeURIComponent(stay.id)}`),
});

/** '4.7 (12 reviews)', or 'New' for a stay nobody has reviewed yet. */
export const ratingSummary = (stay: Pick<StaySummary, 'rating' | 'reviewCount'>): string =>
  stay.reviewCount > 0
    ? `${stay.rating.toFixed(1)} (${count(stay.reviewCount, 'review', 'reviews')})`
    : 'New';

export const guestsLabel = (guests: number): string => STAY_MESSAGES.guestCount(guests);
export const bedroomsLabel = (bedrooms: number): string => count(bedrooms, 'bedroom', 'bedrooms');
export const bathroomsLabel = (bathrooms: number): string => count(bathrooms, 'bathroom', 'bathrooms');

/** A review's time as its day in Nairobi: 'Thu, 24 Dec 2026'. */
export const reviewDay = (iso: string): string => formatStayDay(nairobiToday(Date.parse(iso)));
