import toast from 'react-hot-toast';
import { COURSE_MESSAGES } from '@sokoni/contracts/courses-rules';
import { errorMessage } from '@/lib/api-client';
import { usePublishCourse } from '@/lib/publish-course';
import { Button } from './button';
import { Spinner } from './spinner';
import { runMutation } from '@/lib/run-mutation';

const PUBLISH_FAILED = 'Your course could not be published. Please try again.';

/** 'Draft' beside a course only its instructor sees yet (#28). */
export function DraftBadge() {
  return (
    <span className="inline-flex rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-bold text-amber-900">
      {COURSE_MESSAGES.draft}
    </span>
  );
}

type PublishCourseProps = {
  course: { id: string; title: string; lessonCount: number };
  className?: string;
};

/**
 * The instructor's way to publish a draft: Publish once it has a lesson (a refusal is said in a
 * toast); until then, a line on its own saying what it still needs (the server would refuse it).
 */
export function PublishCourse({ course, className }: PublishCourseProps) {
  const publish = usePublishCourse();
  if (course.lessonCount === 0)
    return <p className="w-full text-sm text-slate-700">{COURSE_MESSAGES.publishNeedsLesson}</p>;
  return (
    <Button
      className={className}
      disabled={publish.isPending}
      onClick={() =>
        runMutation(publish, course.id, {
          onSuccess: () => void toast.success(COURSE_MESSAGES.published),
          onError: (error) => void toast.error(errorMessage(error, PUBLISH_FAILED)),
        })
      }
    >
      {publish.isPending ? <Spinner className="size-4" /> : null}
      {publish.isPending ? COURSE_MESSAGES.publishing : COURSE_MESSAGES.publish}
      <span className="sr-only"> {course.title}</span>
    </Button>
  );
}
