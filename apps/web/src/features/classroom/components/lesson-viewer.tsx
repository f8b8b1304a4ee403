import { COURSE_MESSAGES } from '@sokoni/contracts/courses-rules';
import type { Lesson } from '@sokoni/contracts/courses';
import { LessonContent } from '@/components/lesson-content';

/** The chosen lesson's content: a video, a PDF or the lesson's text; a lesson not yet released says when it will be. */
export function LessonViewer({ lesson }: { lesson: Lesson }) {
  if (lesson.contentUrl === null) {
    return (
      <p className="rounded-2xl border border-slate-200 bg-slate-50 px-4 py-10 text-center text-slate-700">
        {lesson.locked && lesson.releaseDate
          ? COURSE_MESSAGES.lessonLocked(lesson.releaseDate)
          : COURSE_MESSAGES.notEnrolled}
      </p>
    );
  }
  return (
    <LessonContent
      title={lesson.title}
      contentType={lesson.contentType}
      content={lesson.contentUrl}
      bytes={lesson.contentBytes}
      variant="lesson"
    />
  );
}
