import { Link } from 'react-router';
import { formatKES } from '@sokoni/contracts/money';
import type { HostListing } from '@sokoni/contracts/stays';
import { buttonClasses } from '@/components/button';
import { DashboardFigure } from '@/components/dashboard-figure';
import { HiddenNotice } from '@/components/hidden-notice';
import { RatingStars } from '@/components/rating-stars';
import { BlockDatesForm } from './block-dates-form';
import { BlockedDatesList } from './blocked-dates-list';
import { CalendarSync } from './calendar-sync';
import { HostBookingList } from './host-booking-list';

type HostListingCardProps = {
  listing: HostListing;
  /** Today in Nairobi ('YYYY-MM-DD'). */
  today: string;
};

function Rating({ rating, reviewCount }: Pick<HostListing, 'rating' | 'reviewCount'>) {
  if (!reviewCount) return <p className="text-sm text-slate-600">No reviews yet</p>;
  return (
    <p className="flex items-center gap-2 text-sm text-slate-700">
      <RatingStars rating={rating} />
      {rating.toFixed(1)} ({reviewCount} {reviewCount === 1 ? 'review' : 'reviews'})
    </p>
  );
}

const subheading = 'text-base font-bold text-slate-900';

/** One of the host's listings: its facts and earnings, bookings to come, calendar, blocked dates and feed. */
export function HostListingCard({ listing, today }: HostListingCardProps) {
  return (
    <article data-testid="host-listing" className="rounded-2xl border border-slate-200 bg-white shadow-sm">
      <div className="flex flex-col gap-4 p-4 sm:flex-row">
        <img
          src={listing.images[0]}
          alt=""
          width={320}
          height={240}
          loading="lazy"
          decoding="async"
          className="aspect-[4/3] w-full shrink-0 rounded-xl bg-slate-100 object-cover sm:w-56"
        />
        <div className="min-w-0 flex-1 space-y-3">
          <div>
            <h2 className="text-lg leading-snug font-semibold break-words text-slate-900">{listing.title}</h2>
            <p className="text-sm text-slate-600">{listing.location}</p>
          </div>
          <HiddenNotice moderation={listing.moderation} />
          <p className="text-slate-900">
            <span className="font-bold">{formatKES(listing.pricePerNight)}</span> per night
          </p>
          <Rating rating={listing.rating} reviewCount={listing.reviewCount} />
          <dl className="grid grid-cols-2 gap-2 sm:max-w-sm">
            <DashboardFigure term="Earnings" value={formatKES(listing.earnings)} />
            <DashboardFigure term="Upcoming bookings" value={String(listing.upcomingBookings.length)} />
          </dl>
          <div className="flex flex-wrap gap-2">
            <Link to={`/host/stays/${listing.id}/edit`} className={buttonClasses('secondary')}>
              Edit<span className="sr-only"> {listing.title}</span>
            </Link>
            <Link to={`/stays/${listing.id}`} className={buttonClasses('ghost')}>
              View<span className="sr-only"> {listing.title}</span>
            </Link>
          </div>
        </div>
      </div>
      <div className="grid gap-6 border-t border-slate-200 p-4 lg:grid-cols-2">
        <div className="min-w-0 space-y-6">
          <section className="space-y-3">
            <h3 className={subheading}>Upcoming bookings</h3>
            <HostBookingList bookings={listing.upcomingBookings} />
          </section>
          <section className="space-y-3">
            <h3 className={subheading}>Blocked dates</h3>
            <BlockedDatesList stayId={listing.id} blocks={listing.blocks} />
          </section>
          <section className="space-y-3">
            <h3 className={subheading}>Calendar sync</h3>
            <CalendarSync calendarUrl={listing.calendarUrl} />
          </section>
        </div>
        <section className="min-w-0 space-y-3">
          <h3 className={subheading}>Calendar</h3>
          <BlockDatesForm listing={listing} today={today} />
        </section>
      </div>
    </article>
  );
}
