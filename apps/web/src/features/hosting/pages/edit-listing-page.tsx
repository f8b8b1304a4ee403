import { Link, useParams } from 'react-router';
import { STAY_MESSAGES } from '@sokoni/contracts/stays-rules';
import type { Stay } from '@sokoni/contracts/stays';
import { buttonClasses } from '@/components/button';
import { FormAlert } from '@/components/form-alert';
import { QueryError } from '@/components/query-error';
import { LoadingState } from '@/components/spinner';
import { hasCode } from '@/lib/api-client';
import { useAuthStore } from '@/stores/auth';
import { useListing } from '../api/get-listing';
import { useUpdateStay } from '../api/update-stay';
import { ListingForm } from '../components/listing-form';
import { UpdateListingFormSchema, listingFormValues } from '../lib/listing-form';
import { runMutation } from '@/lib/run-mutation';

const backToListings = (
  <Link to="/host/stays" className={buttonClasses('secondary')}>
    Back to Your Listings
  </Link>
);

function EditListingForm({ stay }: { stay: Stay }) {
  const updateStay = useUpdateStay(stay.id);
  return (
    <ListingForm
      schema={UpdateListingFormSchema}
      defaultValues={listingFormValues(stay)}
      save={(body, callbacks) => runMutation(updateStay, body, callbacks)}
      saving={updateStay.isPending || updateStay.isSuccess}
      submitLabel="Save changes"
      successMessage={STAY_MESSAGES.listingUpdated}
    />
  );
}

function EditListingContent({ id }: { id: string }) {
  const userId = useAuthStore((state) => state.user?.id);
  const listingQuery = useListing(id);
  if (listingQuery.isPending) return <LoadingState label="Loading your listing..." />;
  if (listingQuery.isError) {
    if (hasCode(listingQuery.error, 'STAY_NOT_FOUND')) {
      return (
        <div className="space-y-4">
          <FormAlert message={STAY_MESSAGES.notFound} />
          {backToListings}
        </div>
      );
    }
    return (
      <QueryError
        message={STAY_MESSAGES.loadFailed}
        onRetry={() => void listingQuery.refetch()}
        retrying={listingQuery.isFetching}
      />
    );
  }
  const stay = listingQuery.data;
  if (stay.hostId !== userId) {
    return (
      <div className="space-y-4">
        <FormAlert message={STAY_MESSAGES.notHost} />
        {backToListings}
      </div>
    );
  }
  return (
    <div className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
      <EditListingForm stay={stay} />
    </div>
  );
}

/** The host changes a listing: the form starts from the listing as it stands. */
export function EditListingPage() {
  const { id = '' } = useParams();
  return (
    <section className="mx-auto w-full max-w-3xl px-4 py-8 sm:py-10">
      <title>Edit listing — Sokoni</title>
      <h1 className="mb-6 text-2xl font-bold text-slate-900 sm:text-3xl">Edit listing</h1>
      {/* Keyed: another listing's address starts over from that listing. */}
      <EditListingContent key={id} id={id} />
    </section>
  );
}
