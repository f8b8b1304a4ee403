import { REVIEW_MESSAGES } from '@sokoni/contracts/catalog';
import type { ModerationNotice } from '@sokoni/contracts/moderation';
import { HiddenNotice } from './hidden-notice';
import { CheckCircleIcon } from './icons';
import { RatingStars } from './rating-stars';
import { ReportButton } from './report-button';

type ListedReview = {
  id: string;
  rating: number;
  comment: string;
  user: { name: string };
  /** A product's review by someone who had paid for it (#15). */
  verifiedPurchase?: boolean;
  /** Its author, when the vertical says (they get no Report button on it). */
  userId?: string;
  /** #28: hidden by moderators, shown to its author alone. */
  moderation?: ModerationNotice | undefined;
};

type ReviewListProps<T extends ListedReview> = {
  reviews: T[];
  /** The review's ISO time; each vertical names it differently. */
  timeOf: (review: T) => string;
  /** How the vertical shows that time (the shop's short date, a stay's day in Nairobi). */
  formatTime: (iso: string) => string;
  /** What a Report button on each review reports (#28). */
  reportAs: 'product_review' | 'stay_review';
};

/** Reviews in the order given (the servers send newest first); an empty comment shows nothing. */
export function ReviewList<T extends ListedReview>({
  reviews,
  timeOf,
  formatTime,
  reportAs,
}: ReviewListProps<T>) {
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
            <time dateTime={timeOf(review)} className="text-sm text-slate-600">
              {formatTime(timeOf(review))}
            </time>
          </div>
          <HiddenNotice moderation={review.moderation} />
          {review.comment ? <p className="whitespace-pre-line text-slate-800">{review.comment}</p> : null}
          <div className="flex flex-wrap items-center justify-between gap-2">
            <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm font-medium text-slate-700">
              {review.user.name}
              {review.verifiedPurchase ? (
                <span className="inline-flex items-center gap-1 font-semibold text-emerald-800">
                  <CheckCircleIcon />
                  {REVIEW_MESSAGES.verifiedPurchase}
                </span>
              ) : null}
            </p>
            <ReportButton
              subject={reportAs}
              subjectId={review.id}
              ownerId={review.userId}
              itemName={`review by ${review.user.name}`}
              look="inline"
            />
          </div>
        </li>
      ))}
    </ul>
  );
}
