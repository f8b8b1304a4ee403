import { useEffect, useId, useState } from 'react';
import { Button } from '@/components/button';
import { QueryError } from '@/components/query-error';
import { Spinner } from '@/components/spinner';
import { useReviews } from '../api/get-reviews';
import { ReviewForm } from './review-form';
import { ReviewList } from './review-list';

/** The reviews section: a 'Write a Review' toggle, the form, and the list newest first. */
export function ProductReviews({ productId }: { productId: string }) {
  const [formOpen, setFormOpen] = useState(false);
  const formId = useId();
  const reviewsQuery = useReviews(productId);

  // Spec §8 logs a failed reviews load; DESIGN §6 also shows it, so "no reviews" is never a lie.
  useEffect(() => {
    if (reviewsQuery.error) console.error('Failed to load reviews', reviewsQuery.error);
  }, [reviewsQuery.error]);

  return (
    <section aria-labelledby="reviews-heading" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="reviews-heading" className="text-xl font-bold text-slate-900">
          Customer Reviews
        </h2>
        <Button
          variant="secondary"
          aria-expanded={formOpen}
          aria-controls={formId}
          onClick={() => setFormOpen((open) => !open)}
        >
          Write a Review
        </Button>
      </div>
      <div id={formId} hidden={!formOpen}>
        {formOpen ? <ReviewForm productId={productId} onSubmitted={() => setFormOpen(false)} /> : null}
      </div>
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
        <ReviewList reviews={reviewsQuery.data} />
      )}
    </section>
  );
}
