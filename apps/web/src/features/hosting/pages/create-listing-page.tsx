import { STAY_MESSAGES } from '@sokoni/contracts/stays-rules';
import { useCreateStay } from '../api/create-stay';
import { ListingForm } from '../components/listing-form';
import { CreateListingFormSchema, EMPTY_LISTING_VALUES } from '../lib/listing-form';
import { runMutation } from '@/lib/run-mutation';

export function CreateListingPage() {
  const createStay = useCreateStay();
  return (
    <section className="mx-auto w-full max-w-3xl px-4 py-8 sm:py-10">
      <title>List your place — Sokoni</title>
      <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">List your place</h1>
      <p className="mt-2 text-slate-600">
        Guests find your place on Discover Amazing Stays as soon as you list it. You can edit it, and block
        dates you are not taking guests, from Your Listings.
      </p>
      <div className="mt-6 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
        <ListingForm
          schema={CreateListingFormSchema}
          defaultValues={EMPTY_LISTING_VALUES}
          save={(body, callbacks) => runMutation(createStay, body, callbacks)}
          saving={createStay.isPending || createStay.isSuccess}
          submitLabel="Create listing"
          successMessage={STAY_MESSAGES.listingCreated}
        />
      </div>
    </section>
  );
}
