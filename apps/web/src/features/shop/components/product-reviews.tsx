import { lazy, useEffect } from 'react';
import { QueryError } from '@/components/query-error';
import { ReviewList } from '@/components/review-list';
import { ReviewsSection } from '@/components/reviews-section';
import { Spinner } from '@/components/spinner';
import { useReviews } from '../api/get-reviews';
import { formatReviewDate } from '../lib/review-date';

// The form's code (react-hook-form, zod) loads when someone opens it, not with the page.
const ReviewForm = lazy(() => import('./review-form').then((module) => ({ default: module.ReviewForm })));

/** The reviews section: a 'Write a Review' toggle, the form, and the list newest first. */
export function ProductReviews({ productId }: { productId: string }) {
  const reviewsQuery = useReviews(productId);

  // Spec §8 logs a failed reviews load; DESIGN §6 also shows it, so "no reviews" is never a lie.
  useEffect(() => {
    if (reviewsQuery.error) console.error('Failed to load reviews', reviewsQuery.error);
  }, [reviewsQuery.error]);

  return (
    <ReviewsSection
      headingId="reviews-heading"
      title="Customer Reviews"
      renderForm={(close) => <ReviewForm productId={productId} onSubmitted={close} />}
    >
      {reviewsQuery.isPending ? (
        <p role="status" className="flex items-center gap-2 py-4 text-slate-600">
          <Spinner className="size-4 text-emerald-700" />
          Loading reviews...
        </p>
      ) : reviewsQuery.isError ? (
        <QueryError
          message="Reviews could not be loaded."
          onRetry={() => void reviewsQuery.refetch()}
          retrying={reviewsQuery.isFetching}
        />
      ) : (
        <ReviewList
          reviews={reviewsQuery.data}
          timeOf={(review) => review.date}
          formatTime={formatReviewDate}
        />
      )}
    </ReviewsSection>
  );
}
