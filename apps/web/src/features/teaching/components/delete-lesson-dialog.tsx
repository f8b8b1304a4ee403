import type { Lesson } from '@sokoni/contracts/courses';
import { Button } from '@/components/button';
import { FormAlert } from '@/components/form-alert';
import { Modal } from '@/components/modal';
import { Spinner } from '@/components/spinner';

type DeleteLessonDialogProps = {
  lesson: Lesson;
  deleting: boolean;
  /** Why the last try failed, if it did. */
  error: string | null;
  onConfirm: () => void;
  onCancel: () => void;
};

/** Asks before a lesson goes: it cannot be brought back, and learners' progress on it goes with it. */
export function DeleteLessonDialog({
  lesson,
  deleting,
  error,
  onConfirm,
  onCancel,
}: DeleteLessonDialogProps) {
  return (
    <Modal
      title="Delete this lesson?"
      size="sm"
      onClose={() => {
        if (!deleting) onCancel();
      }}
      description={
        <p>
          “{lesson.title}” will be removed from the course, with learners&apos; progress on it. This cannot be
          undone.
        </p>
      }
    >
      <div className="space-y-4">
        <FormAlert message={error} />
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onCancel} disabled={deleting}>
            Cancel
          </Button>
          <Button variant="danger" onClick={onConfirm} disabled={deleting}>
            {deleting ? <Spinner className="size-4" /> : null}
            {deleting ? 'Deleting...' : 'Delete lesson'}
          </Button>
        </div>
      </div>
    </Modal>
  );
}
