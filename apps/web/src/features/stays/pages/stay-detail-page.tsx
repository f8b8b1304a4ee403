import { Link, useParams } from 'react-router';
import { STAY_MESSAGES } from '@sokoni/contracts/stays-rules';
import type { Stay } from '@sokoni/contracts/stays';
import { buttonClasses } from '@/components/button';
import { DetailPage } from '@/components/detail-page';
import { HiddenNotice } from '@/components/hidden-notice';
import { ImageGallery } from '@/components/image-gallery';
import { useMetaDescription } from '@/lib/use-meta-description';
import { useStay } from '../api/get-stay';
import { CancellationPolicyNote } from '../components/cancellation-policy';
import { StayBooking } from '../components/stay-booking';
import { StayDetailSkeleton } from '../components/stay-detail-skeleton';
import { StayReviews } from '../components/stay-reviews';
import { StaySummary } from '../components/stay-summary';
import { stayBlurb } from '../lib/stay-display';

function StayNotFound() {
  return (
    <div className="mx-auto flex max-w-md flex-col items-center py-16 text-center">
      <title>Stay not found — Sokoni</title>
      <h1 className="text-2xl font-bold text-slate-900">{STAY_MESSAGES.notFound}</h1>
      <p className="mt-2 text-slate-600">It may have been removed by its host.</p>
      <Link to="/stays" className={buttonClasses('primary', 'mt-6')}>
        Browse Stays
      </Link>
    </div>
  );
}

function StayDetail({ stay }: { stay: Stay }) {
  useMetaDescription(stayBlurb(stay));
  return (
    <article className="space-y-10">
      <title>{`${stay.title} — Sokoni`}</title>
      <HiddenNotice moderation={stay.moderation} />
      <div className="grid gap-6 md:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] md:gap-10">
        <ImageGallery key={stay.id} title={stay.title} images={stay.images} shape="landscape" />
        <StaySummary stay={stay} />
      </div>

      <section aria-labelledby="book" className="rounded-2xl border border-slate-200 bg-white p-4 sm:p-6">
        <h2 id="book" className="mb-4 scroll-mt-20 text-xl font-bold text-slate-900">
          Check availability
        </h2>
        <div className="space-y-4">
          <CancellationPolicyNote policy={stay.cancellationPolicy} />
          <StayBooking stay={stay} />
        </div>
      </section>

      <div className="grid gap-8 md:grid-cols-2">
        <section aria-labelledby="about-stay">
          <h2 id="about-stay" className="text-xl font-bold text-slate-900">
            About this place
          </h2>
          <p className="mt-2 whitespace-pre-line text-slate-700">{stay.description}</p>
        </section>
        <section aria-labelledby="amenities">
          <h2 id="amenities" className="text-xl font-bold text-slate-900">
            Amenities
          </h2>
          {stay.amenities.length ? (
            <ul className="mt-2 grid grid-cols-2 gap-2 text-slate-800" data-testid="stay-amenities">
              {stay.amenities.map((amenity) => (
                <li key={amenity} className="flex items-center gap-2">
                  <span aria-hidden="true" className="text-emerald-700">
                    ✓
                  </span>
                  {amenity}
                </li>
              ))}
            </ul>
          ) : (
            <p className="mt-2 text-slate-600">The host has not listed any amenities.</p>
          )}
        </section>
      </div>

      <StayReviews stayId={stay.id} reviews={stay.reviews} />
    </article>
  );
}

export function StayDetailPage() {
  const { id = '' } = useParams();
  const stayQuery = useStay(id);

  return (
    <DetailPage
      query={stayQuery}
      skeleton={<StayDetailSkeleton />}
      notFound={<StayNotFound />}
      notFoundCode="STAY_NOT_FOUND"
      loadError={{
        title: 'Stay — Sokoni',
        message: "We couldn't load this stay. Please check your connection.",
      }}
    >
      {(stay) => <StayDetail stay={stay} />}
    </DetailPage>
  );
}
