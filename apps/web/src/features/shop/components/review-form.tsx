import { useController } from 'react-hook-form';
import toast from 'react-hot-toast';
import { REVIEW_COMMENT_MAX_LENGTH } from '@sokoni/contracts/catalog';
import { Button } from '@/components/button';
import { Form, useFormTools } from '@/components/form';
import type { SubmitOf } from '@/components/form';
import { FormAlert } from '@/components/form-alert';
import { Spinner } from '@/components/spinner';
import { inputClasses } from '@/components/text-field';
import { errorMessage } from '@/lib/api-client';
import { useCreateReview } from '../api/create-review';
import { ReviewForm as ReviewFormSchema } from '../lib/review-form';
import type { ReviewFormValues } from '../lib/review-form';
import { RatingPicker } from '@/components/rating-picker';
import { runMutation } from '@/lib/run-mutation';

const SUBMIT_FAILED = 'Your review could not be sent. Please try again.';

type ReviewFormProps = { productId: string; onSubmitted: () => void };

/**
 * A buyer whose order arrived rates the product 1–5 with an optional comment; the page offers the
 * form to no one else, and the server refuses anyone else all the same.
 */
export function ReviewForm({ productId, onSubmitted }: ReviewFormProps) {
  const createReview = useCreateReview();

  const send: SubmitOf<typeof ReviewFormSchema> = ({ rating, comment }, form) => {
    runMutation(
      createReview,
      { productId, rating, comment },
      {
        onSuccess: () => {
          toast.success('Thank you for your review!');
          onSubmitted();
        },
        onError: (error) => form.showServerErrors({}, errorMessage(error, SUBMIT_FAILED)),
      },
    );
  };

  return (
    <Form
      schema={ReviewFormSchema}
      defaultValues={{ rating: null, comment: '' }}
      onSubmit={send}
      aria-label="Write a review"
      className="space-y-4 rounded-2xl border border-slate-200 bg-white p-4 sm:p-5"
    >
      <ReviewFields productId={productId} busy={createReview.isPending} />
    </Form>
  );
}

function ReviewFields({ productId, busy }: { productId: string; busy: boolean }) {
  const {
    control,
    register,
    clearErrors,
    formState: { errors },
  } = useFormTools<ReviewFormValues>();
  const { field: ratingField } = useController({ control, name: 'rating' });
  const rating = ratingField.value;
  return (
    <>
      {/* Every message shows here, the rating's first. */}
      <FormAlert
        message={errors.rating?.message ?? errors.comment?.message ?? errors.root?.message ?? null}
      />
      <RatingPicker
        name={`rating-${productId}`}
        value={rating}
        disabled={busy}
        onChange={(value) => {
          ratingField.onChange(value);
          clearErrors();
        }}
      />
      <div className="space-y-1.5">
        <label htmlFor="review-comment" className="block text-sm font-medium text-slate-800">
          Comment (optional)
        </label>
        <textarea
          id="review-comment"
          rows={4}
          maxLength={REVIEW_COMMENT_MAX_LENGTH}
          {...register('comment')}
          disabled={busy}
          placeholder="What did you like or dislike?"
          className={inputClasses}
        />
      </div>
      <Button type="submit" disabled={busy || rating === null}>
        {busy ? <Spinner className="size-4" /> : null}
        {busy ? 'Submitting...' : 'Submit Review'}
      </Button>
    </>
  );
}
