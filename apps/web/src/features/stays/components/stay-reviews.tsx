import { lazy } from 'react';
import type { StayReview } from '@sokoni/contracts/stays';
import { ReviewList } from '@/components/review-list';
import { ReviewsSection } from '@/components/reviews-section';
import { reviewDay } from '../lib/stay-display';

// The form's code (react-hook-form, zod) loads when someone opens it, not with the page.
const StayReviewForm = lazy(() =>
  import('./stay-review-form').then((module) => ({ default: module.StayReviewForm })),
);

/** The reviews (the server sends them newest first) and a 'Write a Review' toggle for the form. */
export function StayReviews({ stayId, reviews }: { stayId: string; reviews: StayReview[] }) {
  return (
    <ReviewsSection
      headingId="stay-reviews-heading"
      title="Guest Reviews"
      renderForm={(close) => <StayReviewForm stayId={stayId} onSubmitted={close} />}
    >
      <ReviewList reviews={reviews} timeOf={(review) => review.createdAt} formatTime={reviewDay} />
    </ReviewsSection>
  );
}
