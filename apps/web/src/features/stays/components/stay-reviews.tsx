import { lazy } from 'react';
import { STAY_MESSAGES } from '@sokoni/contracts/stays-rules';
import type { StayReview } from '@sokoni/contracts/stays';
import { ReviewList } from '@/components/review-list';
import { ReviewsSection, reviewOffer } from '@/components/reviews-section';
import { useAuthStore } from '@/stores/auth';
import { useStayAvailability } from '../api/get-stay-availability';
import { reviewDay } from '../lib/stay-display';

// The form's code (react-hook-form, zod) loads when someone opens it, not with the page.
const StayReviewForm = lazy(() =>
  import('./stay-review-form').then((module) => ({ default: module.StayReviewForm })),
);

/**
 * The reviews (the server sends them newest first) and, for a guest whose stay is over, a 'Write a
 * Review' toggle for the form; anyone else is told why they may not review (#28). Whether they may
 * comes with the nights the signed-in caller sees (GET /stays/{id}/availability), never with the
 * stay's page, which is the same for everyone.
 */
export function StayReviews({ stayId, reviews }: { stayId: string; reviews: StayReview[] }) {
  const userId = useAuthStore((state) => state.user?.id ?? null);
  const availability = useStayAvailability(stayId, userId);
  const offer = reviewOffer(STAY_MESSAGES.reviewLoginRequired, {
    signedIn: userId !== null,
    standing: availability.data?.review,
    failed: availability.isError,
  });
  return (
    <ReviewsSection
      headingId="stay-reviews-heading"
      title="Guest Reviews"
      renderForm={(close) => <StayReviewForm stayId={stayId} onSubmitted={close} />}
      {...offer}
    >
      <ReviewList
        reviews={reviews}
        timeOf={(review) => review.createdAt}
        formatTime={reviewDay}
        reportAs="stay_review"
      />
    </ReviewsSection>
  );
}
