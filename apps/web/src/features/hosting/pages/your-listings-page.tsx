import { Link } from 'react-router';
import { STAY_MESSAGES, nairobiToday } from '@sokoni/contracts/stays-rules';
import { buttonClasses } from '@/components/button';
import { HomeIcon } from '@/components/icons';
import { QueryError } from '@/components/query-error';
import { useHostStays } from '../api/get-host-stays';
import { HostListingCard } from '../components/host-listing-card';
import { ListingsSkeleton } from '../components/listings-skeleton';

const LOAD_FAILED = 'Failed to load your listings. Please try again.';

function NoListings() {
  return (
    <div className="flex flex-col items-center rounded-2xl border border-dashed border-slate-300 bg-white px-4 py-16 text-center">
      <HomeIcon className="text-5xl text-slate-400" />
      <p className="mt-4 text-lg font-semibold text-slate-900">{STAY_MESSAGES.noListings}</p>
      <Link to="/host/stays/new" className={buttonClasses('primary', 'mt-6')}>
        List your place
      </Link>
    </div>
  );
}

function ListingsContent() {
  const listingsQuery = useHostStays();
  if (listingsQuery.isPending) return <ListingsSkeleton />;
  if (listingsQuery.isError) {
    return (
      <QueryError
        message={LOAD_FAILED}
        onRetry={() => void listingsQuery.refetch()}
        retrying={listingsQuery.isFetching}
      />
    );
  }
  const listings = listingsQuery.data;
  if (!listings.length) return <NoListings />;
  // Today as of the server's answer, by the calendar in Nairobi.
  const today = nairobiToday(listingsQuery.dataUpdatedAt);
  return (
    <ul className="space-y-6">
      {listings.map((listing) => (
        <li key={listing.id}>
          <HostListingCard listing={listing} today={today} />
        </li>
      ))}
    </ul>
  );
}

/** The host's listings with their bookings, earnings, calendars and blocked dates (DESIGN §7). */
export function YourListingsPage() {
  return (
    <section className="mx-auto w-full max-w-6xl px-4 py-8 sm:py-10">
      <title>Your Listings — Sokoni</title>
      <div className="mb-6 flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">Your Listings</h1>
        <div className="flex flex-wrap gap-2">
          <Link to="/host/stays/new" className={buttonClasses('primary')}>
            List a new place
          </Link>
          <Link to="/earnings" className={buttonClasses('secondary')}>
            Your earnings
          </Link>
        </div>
      </div>
      <ListingsContent />
    </section>
  );
}
