import { useId, useState } from 'react';
import type { StayReview } from '@sokoni/contracts/stays';
import { Button } from '@/components/button';
import { RatingStars } from '@/components/rating-stars';
import { reviewDay } from '../lib/stay-display';
import { StayReviewForm } from './stay-review-form';

function ReviewList({ reviews }: { reviews: StayReview[] }) {
  if (reviews.length === 0) return <p className="py-4 text-slate-600">No reviews yet.</p>;
  return (
    <ul
      className="divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white"
      data-testid="review-list"
    >
      {reviews.map((review) => (
        <li key={review.id} className="space-y-1.5 p-4">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <RatingStars rating={review.rating} />
            <time dateTime={review.createdAt} className="text-sm text-slate-600">
              {reviewDay(review.createdAt)}
            </time>
          </div>
          <p className="whitespace-pre-line text-slate-800">{review.comment}</p>
          <p className="text-sm font-medium text-slate-700">{review.user.name}</p>
        </li>
      ))}
    </ul>
  );
}

/** The reviews (the server sends them newest first) and a 'Write a Review' toggle for the form. */
export function StayReviews({ stayId, reviews }: { stayId: string; reviews: StayReview[] }) {
  const [formOpen, setFormOpen] = useState(false);
  const formId = useId();
  return (
    <section aria-labelledby="stay-reviews-heading" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="stay-reviews-heading" className="text-xl font-bold text-slate-900">
          Guest Reviews
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
        {formOpen ? <StayReviewForm stayId={stayId} onSubmitted={() => setFormOpen(false)} /> : null}
      </div>
      <ReviewList reviews={reviews} />
    </section>
  );
}
