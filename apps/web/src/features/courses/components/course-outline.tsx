import { COURSE_MESSAGES, formatCourseDuration } from '@sokoni/contracts/courses-rules';
import type { Lesson } from '@sokoni/contracts/courses';
import { LESSON_TYPE_LABELS, lessonMinutes } from '../lib/course-display';

type CourseOutlineProps = { lessons: Lesson[]; duration: number };

/**
 * The lessons in order (spec §2 / §4): title, type and minutes; one not released yet is greyed and
 * says when it unlocks.
 */
export function CourseOutline({ lessons, duration }: CourseOutlineProps) {
  return (
    <section aria-labelledby="course-outline" className="space-y-3">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="course-outline" className="text-xl font-bold text-slate-900">
          Course content
        </h2>
        <p className="text-sm text-slate-600">
          {COURSE_MESSAGES.lessons(lessons.length)} · {formatCourseDuration(duration)}
        </p>
      </div>
      {lessons.length ? (
        <ol
          className="divide-y divide-slate-100 overflow-hidden rounded-2xl border border-slate-200 bg-white"
          data-testid="course-outline"
        >
          {lessons.map((lesson) => (
            <li
              key={lesson.id}
              className={`flex items-start gap-3 px-4 py-3 ${lesson.locked ? 'bg-slate-50 text-slate-600' : 'text-slate-900'}`}
              data-locked={lesson.locked || undefined}
            >
              <span aria-hidden="true" className="w-6 shrink-0 pt-0.5 text-sm font-semibold text-slate-600">
                {lesson.position}
              </span>
              <div className="min-w-0 flex-1">
                <p className="font-medium break-words">
                  {lesson.title}
                  {lesson.preview ? (
                    <span className="ml-2 rounded-full bg-emerald-100 px-2 py-0.5 align-middle text-xs font-bold text-emerald-800">
                      Preview
                    </span>
                  ) : null}
                </p>
                <p className="text-sm text-slate-600">
                  {LESSON_TYPE_LABELS[lesson.contentType]} ·{' '}
                  {lesson.locked && lesson.releaseDate
                    ? COURSE_MESSAGES.unlocks(lesson.releaseDate)
                    : lessonMinutes(lesson.duration)}
                </p>
              </div>
              {lesson.locked ? (
                <svg
                  viewBox="0 0 24 24"
                  className="mt-1 size-4 shrink-0 text-slate-500"
                  aria-hidden="true"
                  focusable="false"
                  data-testid="lesson-lock"
                >
                  <rect x="5" y="10.5" width="14" height="10" rx="2" fill="currentColor" />
                  <path d="M8 10.5V8a4 4 0 0 1 8 0v2.5" fill="none" stroke="currentColor" strokeWidth="2" />
                </svg>
              ) : null}
            </li>
          ))}
        </ol>
      ) : (
        <p className="rounded-2xl border border-dashed border-slate-300 bg-white px-4 py-6 text-slate-600">
          The instructor has not added any lessons yet.
        </p>
      )}
    </section>
  );
}
