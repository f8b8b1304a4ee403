import { useState } from 'react';
import toast from 'react-hot-toast';
import { COURSE_REFUND_DAYS, COURSE_REFUND_MAX_PROGRESS_PERCENT } from '@sokoni/contracts/cancellation-rules';
import { errorMessage } from '@/lib/api-client';
import { useCourseRefund } from '@/lib/course-refund';
import { Button } from './button';
import { ConfirmDialog } from './confirm-dialog';
import { runMutation } from '@/lib/run-mutation';

const REFUND_FAILED = 'Your refund could not be started. Please try again.';

type CourseRefundButtonProps = {
  course: { id: string; title: string };
  /** After the refund: the learner has left the course (the classroom sends them to its page). */
  onRefunded?: () => void;
};

/**
 * 'Ask for a refund' while the learner may (#27): asks first (their place is given up), then says
 * what the server answered.
 */
export function CourseRefundButton({ course, onRefunded }: CourseRefundButtonProps) {
  const [asking, setAsking] = useState(false);
  const refund = useCourseRefund();
  const confirm = () =>
    runMutation(refund, course.id, {
      onSuccess: ({ message }) => {
        toast.success(message);
        setAsking(false);
        onRefunded?.();
      },
    });
  return (
    <>
      <Button variant="ghost" className="w-full" onClick={() => setAsking(true)}>
        Ask for a refund
      </Button>
      {asking ? (
        <ConfirmDialog
          title="Ask for a refund?"
          description={
            <p>
              Your payment is refunded and you lose access to {course.title}. A refund can be asked for within{' '}
              {COURSE_REFUND_DAYS} days of enrolling, while under {COURSE_REFUND_MAX_PROGRESS_PERCENT}%
              through the course.
            </p>
          }
          keepLabel="Keep the course"
          confirmLabel="Yes, refund me"
          onConfirm={confirm}
          onClose={() => {
            refund.reset();
            setAsking(false);
          }}
          pending={refund.isPending}
          error={refund.isError ? errorMessage(refund.error, REFUND_FAILED) : null}
        />
      ) : null}
    </>
  );
}
