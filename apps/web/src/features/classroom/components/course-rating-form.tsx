import { useState } from 'react';
import { FormAlert } from '@/components/form-alert';
import { RatingPicker } from '@/components/rating-picker';
import { errorMessage } from '@/lib/api-client';
import { useRateCourse } from '../api/rate-course';

const RATING_FAILED = 'Your rating could not be saved. Please try again.';

type CourseRatingFormProps = {
  courseId: string;
  /** The learner's rating as the server has it, 1–5, or null. */
  rating: number | null;
};

/** An enrolled learner's 1–5 stars, saved as soon as they are picked; a new pick replaces the old. */
export function CourseRatingForm({ courseId, rating }: CourseRatingFormProps) {
  const rate = useRateCourse(courseId);
  const [picked, setPicked] = useState<number | null>(null);
  const shown = rate.isError ? rating : (picked ?? rating);
  return (
    <section
      aria-labelledby="rate-course"
      className="space-y-2 rounded-2xl border border-slate-200 bg-white p-4"
    >
      <h2 id="rate-course" className="text-lg font-bold text-slate-900">
        Rate this course
      </h2>
      <RatingPicker
        name={`course-rating-${courseId}`}
        value={shown}
        disabled={rate.isPending}
        onChange={(value) => {
          setPicked(value);
          rate.mutate(value);
        }}
      />
      <p role="status" className="text-sm text-slate-600">
        {rate.isSuccess ? 'Thanks: your rating is saved.' : ''}
      </p>
      <FormAlert message={rate.isError ? errorMessage(rate.error, RATING_FAILED) : null} />
    </section>
  );
}
