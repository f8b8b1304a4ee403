import { useController } from 'react-hook-form';
import toast from 'react-hot-toast';
import { STAY_MESSAGES, STAY_REVIEW_COMMENT_MAX_LENGTH } from '@sokoni/contracts/stays-rules';
import { Button } from '@/components/button';
import { Form, useFormTools } from '@/components/form';
import type { SubmitOf } from '@/components/form';
import { FormAlert } from '@/components/form-alert';
import { RatingPicker } from '@/components/rating-picker';
import { Spinner } from '@/components/spinner';
import { inputClasses } from '@/components/text-field';
import { errorMessage } from '@/lib/api-client';
import { useCreateStayReview } from '../api/create-stay-review';
import { StayReviewForm as StayReviewFormSchema } from '../lib/stay-review-form';
import type { StayReviewFormValues } from '../lib/stay-review-form';
import { runMutation } from '@/lib/run-mutation';

const SUBMIT_FAILED = 'Your review could not be sent. Please try again.';

type StayReviewFormProps = { stayId: string; onSubmitted: () => void };

/**
 * A guest whose stay is over rates it 1–5 and comments (both required); the page offers the form to
 * no one else, and the server refuses anyone else all the same.
 */
export function StayReviewForm({ stayId, onSubmitted }: StayReviewFormProps) {
  const createReview = useCreateStayReview();

  const send: SubmitOf<typeof StayReviewFormSchema> = ({ rating, comment }, form) => {
    runMutation(
      createReview,
      { stayId, rating, comment },
      {
        onSuccess: () => {
          toast.success(STAY_MESSAGES.reviewSubmitted);
          onSubmitted();
        },
        onError: (error) => form.showServerErrors({}, errorMessage(error, SUBMIT_FAILED)),
      },
    );
  };

  return (
    <Form
      schema={StayReviewFormSchema}
      defaultValues={{ rating: null, comment: '' }}
      onSubmit={send}
      aria-label="Review this stay"
      className="space-y-4 rounded-2xl border border-slate-200 bg-white p-4 sm:p-5"
    >
      <StayReviewFields stayId={stayId} busy={createReview.isPending} />
    </Form>
  );
}

function StayReviewFields({ stayId, busy }: { stayId: string; busy: boolean }) {
  const {
    control,
    register,
    clearErrors,
    formState: { errors },
  } = useFormTools<StayReviewFormValues>();
  const { field: ratingField } = useController({ control, name: 'rating' });
  return (
    <>
      {/* Every message shows here, the rating's first. */}
      <FormAlert
        message={errors.rating?.message ?? errors.comment?.message ?? errors.root?.message ?? null}
      />
      <RatingPicker
        name={`stay-rating-${stayId}`}
        value={ratingField.value}
        disabled={busy}
        onChange={(value) => {
          ratingField.onChange(value);
          clearErrors();
        }}
      />
      <div className="space-y-1.5">
        <label htmlFor="stay-review-comment" className="block text-sm font-medium text-slate-800">
          Comment
        </label>
        <textarea
          id="stay-review-comment"
          rows={4}
          maxLength={STAY_REVIEW_COMMENT_MAX_LENGTH}
          {...register('comment', { onChange: () => clearErrors() })}
          disabled={busy}
          aria-invalid={errors.comment ? true : undefined}
          placeholder="How was your stay?"
          className={inputClasses}
        />
      </div>
      <Button type="submit" disabled={busy}>
        {busy ? <Spinner className="size-4" /> : null}
        {busy ? 'Submitting...' : 'Submit Review'}
      </Button>
    </>
  );
}
