import type { Review } from '@sokoni/contracts/shop';
import { RatingStars } from '@/components/rating-stars';

const reviewDateFormat = new Intl.DateTimeFormat('en-KE', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
});

/** '2026-11-21T…' → '21 Nov 2026'. */
export function formatReviewDate(iso: string): string {
  return reviewDateFormat.format(new Date(iso));
}

/** Reviews in the order given (the server sends newest first). */
export function ReviewList({ reviews }: { reviews: Review[] }) {
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
            <time dateTime={review.date} className="text-sm text-slate-600">
              {formatReviewDate(review.date)}
            </time>
          </div>
          {review.comment ? <p className="whitespace-pre-line text-slate-800">{review.comment}</p> : null}
          <p className="text-sm font-medium text-slate-700">{review.user.name}</p>
        </li>
      ))}
    </ul>
  );
}
