import { lazy, useEffect } from 'react';
import { REVIEW_MESSAGES } from '@sokoni/contracts/catalog';
import { QueryError } from '@/components/query-error';
import { ReviewList } from '@/components/review-list';
import { ReviewsSection, reviewOffer } from '@/components/reviews-section';
import { Spinner } from '@/components/spinner';
import { useAuthStore } from '@/stores/auth';
import { useReviews } from '../api/get-reviews';
import { useReviewStanding } from '../api/get-review-standing';
import { formatReviewDate } from '../lib/review-date';

// The form's code (react-hook-form, zod) loads when someone opens it, not with the page.
const ReviewForm = lazy(() => import('./review-form').then((module) => ({ default: module.ReviewForm })));

/**
 * The reviews section: the list newest first and, for a buyer whose order arrived, a 'Write a
 * Review' toggle and the form; anyone else is told why they may not review (#28).
 */
export function ProductReviews({ productId }: { productId: string }) {
  const reviewsQuery = useReviews(productId);
  const userId = useAuthStore((state) => state.user?.id ?? null);
  const standing = useReviewStanding(productId, userId);
  const offer = reviewOffer(REVIEW_MESSAGES.loginRequired, {
    signedIn: userId !== null,
    standing: standing.data,
    failed: standing.isError,
  });

  // Spec §8 logs a failed reviews load; DESIGN §6 also shows it, so "no reviews" is never a lie.
  useEffect(() => {
    if (reviewsQuery.error) console.error('Failed to load reviews', reviewsQuery.error);
  }, [reviewsQuery.error]);

  return (
    <ReviewsSection
      headingId="reviews-heading"
      title="Customer Reviews"
      renderForm={(close) => <ReviewForm productId={productId} onSubmitted={close} />}
      {...offer}
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
          reportAs="product_review"
        />
      )}
    </ReviewsSection>
  );
}
