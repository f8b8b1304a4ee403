import { useState } from 'react';
import type { FormEvent } from 'react';
import { Link, useLocation } from 'react-router';
import toast from 'react-hot-toast';
import { REVIEW_MESSAGES } from '@sokoni/contracts/catalog';
import { Button } from '@/components/button';
import { FormAlert } from '@/components/form-alert';
import { Spinner } from '@/components/spinner';
import { inputClasses } from '@/components/text-field';
import { errorMessage } from '@/lib/api-client';
import { useAuthStore } from '@/stores/auth';
import { REVIEW_COMMENT_MAX, useCreateReview, validateReview } from '../api/create-review';
import { RatingPicker } from './rating-picker';

const SUBMIT_FAILED = 'Your review could not be sent. Please try again.';

type ReviewFormProps = { productId: string; onSubmitted: () => void };

/** Visitors are asked to sign in and come back here; signed-in users rate 1–5 with an optional comment. */
export function ReviewForm({ productId, onSubmitted }: ReviewFormProps) {
  const signedIn = useAuthStore((state) => state.user !== null);
  const location = useLocation();
  const [rating, setRating] = useState<number | null>(null);
  const [comment, setComment] = useState('');
  const [formError, setFormError] = useState<string | null>(null);
  const createReview = useCreateReview();

  if (!signedIn) {
    return (
      <p className="rounded-xl border border-slate-200 bg-white px-4 py-3 text-slate-700">
        {REVIEW_MESSAGES.loginRequired}{' '}
        <Link
          to="/login"
          state={{ from: location }}
          className="font-semibold text-emerald-800 underline underline-offset-2"
        >
          Log in
        </Link>
      </p>
    );
  }

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (createReview.isPending) return;
    const problem = validateReview({ rating, comment });
    if (problem || rating === null) {
      setFormError(problem ?? REVIEW_MESSAGES.ratingRange);
      return;
    }
    setFormError(null);
    createReview.mutate(
      { productId, rating, comment: comment.trim() },
      {
        onSuccess: () => {
          toast.success('Thank you for your review!');
          onSubmitted();
        },
        onError: (error) => setFormError(errorMessage(error, SUBMIT_FAILED)),
      },
    );
  };

  const busy = createReview.isPending;
  return (
    <form
      noValidate
      onSubmit={onSubmit}
      aria-label="Write a review"
      className="space-y-4 rounded-2xl border border-slate-200 bg-white p-4 sm:p-5"
    >
      <FormAlert message={formError} />
      <RatingPicker
        name={`rating-${productId}`}
        value={rating}
        disabled={busy}
        onChange={(value) => {
          setRating(value);
          setFormError(null);
        }}
      />
      <div className="space-y-1.5">
        <label htmlFor="review-comment" className="block text-sm font-medium text-slate-800">
          Comment (optional)
        </label>
        <textarea
          id="review-comment"
          name="comment"
          rows={4}
          maxLength={REVIEW_COMMENT_MAX}
          value={comment}
          disabled={busy}
          onChange={(event) => setComment(event.target.value)}
          placeholder="What did you like or dislike?"
          className={inputClasses}
        />
      </div>
      <Button type="submit" disabled={busy || rating === null}>
        {busy ? <Spinner className="size-4" /> : null}
        {busy ? 'Submitting...' : 'Submit Review'}
      </Button>
    </form>
  );
}
