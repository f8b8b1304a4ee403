import { useEffect, useRef } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import toast from 'react-hot-toast';
import { COURSE_MESSAGES, formatCourseDuration, progressPercent } from '@sokoni/contracts/courses-rules';
import type { Classroom, Lesson } from '@sokoni/contracts/courses';
import { Button, buttonClasses } from '@/components/button';
import { CourseProgressBar } from '@/components/course-progress-bar';
import { CourseRefundButton } from '@/components/course-refund-button';
import { CheckCircleIcon } from '@/components/icons';
import { QueryError } from '@/components/query-error';
import { LoadingState } from '@/components/spinner';
import { errorMessage, hasCode } from '@/lib/api-client';
import { useCourseProgressStore } from '@/stores/course-progress';
import { useCompleteLesson } from '../api/complete-lesson';
import { useClassroom } from '../api/get-classroom';
import { CompletionCard } from '../components/completion-card';
import { CourseContentList, DoneBadge } from '../components/course-content-list';
import { CourseRatingForm } from '../components/course-rating-form';
import { LessonViewer } from '../components/lesson-viewer';
import { runMutation } from '@/lib/run-mutation';

const LOAD_FAILED = 'Failed to load this course. Please try again.';
const COMPLETE_FAILED = 'This lesson could not be marked complete. Please try again.';
const LESSON_PARAM = 'lesson';

const backLink =
  'inline-flex min-h-11 items-center text-sm font-semibold text-emerald-800 underline-offset-2 hover:underline';

function ClassroomRefusal({ message, to, action }: { message: string; to: string; action: string }) {
  return (
    <div className="mx-auto flex max-w-md flex-col items-center py-16 text-center">
      <title>{`${message} — Sokoni`}</title>
      <h1 className="text-2xl font-bold text-slate-900">{message}</h1>
      <Link to={to} className={buttonClasses('primary', 'mt-6')}>
        {action}
      </Link>
    </div>
  );
}

/** The lesson named in the address when it may be opened, else the first (spec §2). */
function chosenLesson(lessons: readonly Lesson[], lessonId: string | null, canOpenLocked: boolean) {
  return (
    lessons.find((lesson) => lesson.id === lessonId && (canOpenLocked || !lesson.locked)) ??
    lessons[0] ??
    null
  );
}

function ClassroomView({ classroom }: { classroom: Classroom }) {
  const { course, enrollment } = classroom;
  const lessons = course.lessons;
  const learner = enrollment.enrolled && !enrollment.instructor;
  const [searchParams, setSearchParams] = useSearchParams();
  const navigate = useNavigate();
  const selected = chosenLesson(lessons, searchParams.get(LESSON_PARAM), enrollment.instructor);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const movedRef = useRef(false);

  const stored = useCourseProgressStore((state) => state.completed[course.id]);
  const replaceProgress = useCourseProgressStore((state) => state.replace);
  // The server's standing is the truth: it replaces what this tab remembered.
  useEffect(() => {
    if (learner) replaceProgress(course.id, enrollment.completedLessonIds);
  }, [learner, course.id, enrollment.completedLessonIds, replaceProgress]);
  const completeLesson = useCompleteLesson(course.id);

  // A lesson chosen from the list takes keyboard and screen-reader users to it.
  useEffect(() => {
    if (movedRef.current) headingRef.current?.focus();
  }, [selected?.id]);

  const lessonIds = new Set(lessons.map((lesson) => lesson.id));
  const completedIds = new Set(
    (stored ?? enrollment.completedLessonIds).filter((lessonId) => lessonIds.has(lessonId)),
  );
  const percent = progressPercent(completedIds.size, lessons.length);
  const finished = learner && lessons.length > 0 && completedIds.size === lessons.length;

  const select = (lessonId: string) => {
    movedRef.current = true;
    setSearchParams(
      (params) => {
        params.set(LESSON_PARAM, lessonId);
        return params;
      },
      { replace: true },
    );
  };

  const index = selected ? lessons.indexOf(selected) : -1;
  const next = lessons[index + 1];
  const nextOpenable = next && (enrollment.instructor || !next.locked) ? next : null;
  const done = selected ? completedIds.has(selected.id) : false;

  return (
    <div className="space-y-6">
      <title>{`${course.title} — Classroom — Sokoni`}</title>
      <header className="space-y-3">
        <Link to={`/courses/${encodeURIComponent(course.id)}`} className={backLink}>
          ← Back to the course page
        </Link>
        <h1 className="text-2xl font-bold break-words text-slate-900 sm:text-3xl">{course.title}</h1>
        <p className="text-slate-600">
          {course.instructor.name} · {COURSE_MESSAGES.lessons(lessons.length)}
        </p>
        {learner ? <CourseProgressBar percent={percent} label="Course progress" /> : null}
        {learner && enrollment.canAskRefund ? (
          <div className="sm:max-w-56">
            <CourseRefundButton
              course={course}
              // The place is given up: the classroom is no longer the learner's.
              onRefunded={() => navigate(`/courses/${encodeURIComponent(course.id)}`, { replace: true })}
            />
          </div>
        ) : null}
        {enrollment.instructor ? (
          <p className="flex flex-wrap items-center gap-3 rounded-xl border border-slate-200 bg-white px-4 py-3 text-slate-700">
            You teach this course: you see every lesson, released or not.
            <Link
              to={`/instructor/courses/${encodeURIComponent(course.id)}/edit`}
              className={buttonClasses('secondary')}
            >
              Edit course
            </Link>
          </p>
        ) : null}
      </header>

      {finished ? <CompletionCard courseId={course.id} /> : null}

      {selected ? (
        <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem] lg:items-start">
          <div className="lg:sticky lg:top-20 lg:col-start-2 lg:row-start-1 lg:max-h-[calc(100dvh-6rem)] lg:overflow-y-auto">
            <CourseContentList
              lessons={lessons}
              selectedId={selected.id}
              completedIds={completedIds}
              canOpenLocked={enrollment.instructor}
              onSelect={select}
            />
          </div>
          <div className="min-w-0 space-y-6 lg:col-start-1 lg:row-start-1">
            <article aria-labelledby="lesson-title" className="space-y-4">
              <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
                <h2
                  id="lesson-title"
                  ref={headingRef}
                  tabIndex={-1}
                  className="text-xl font-bold break-words text-slate-900 outline-none sm:text-2xl"
                >
                  {selected.title}
                </h2>
                {learner && done ? <DoneBadge /> : null}
              </div>
              <p className="text-sm text-slate-600">
                Lesson {selected.position} of {lessons.length} · {formatCourseDuration(selected.duration)}
                {selected.locked && selected.releaseDate
                  ? ` · ${COURSE_MESSAGES.unlocks(selected.releaseDate)}`
                  : ''}
              </p>
              <LessonViewer lesson={selected} />
              <div className="flex flex-col gap-3 sm:flex-row">
                {learner && !selected.locked ? (
                  <Button
                    disabled={done}
                    onClick={() =>
                      runMutation(completeLesson, selected.id, {
                        onError: (error) => toast.error(errorMessage(error, COMPLETE_FAILED)),
                      })
                    }
                  >
                    {done ? (
                      <>
                        <CheckCircleIcon />
                        Completed
                      </>
                    ) : (
                      'Mark Complete'
                    )}
                  </Button>
                ) : null}
                {nextOpenable ? (
                  <Button variant="secondary" onClick={() => select(nextOpenable.id)}>
                    Next lesson<span className="sr-only">: {nextOpenable.title}</span>
                    <span aria-hidden="true">→</span>
                  </Button>
                ) : null}
              </div>
            </article>
            {learner ? <CourseRatingForm courseId={course.id} rating={enrollment.rating} /> : null}
          </div>
        </div>
      ) : (
        <p className="rounded-2xl border border-dashed border-slate-300 bg-white px-4 py-12 text-center text-slate-700">
          This course has no lessons yet.
        </p>
      )}
    </div>
  );
}

function ClassroomContent({ courseId }: { courseId: string }) {
  const classroomQuery = useClassroom(courseId);
  if (classroomQuery.isPending) return <LoadingState label="Loading the classroom..." />;
  if (classroomQuery.isError) {
    const { error } = classroomQuery;
    if (hasCode(error, 'COURSE_NOT_FOUND')) {
      return (
        <ClassroomRefusal message={COURSE_MESSAGES.classroomNotFound} to="/courses" action="Browse courses" />
      );
    }
    if (hasCode(error, 'NOT_ENROLLED')) {
      return (
        <ClassroomRefusal
          message={COURSE_MESSAGES.notEnrolled}
          to={`/courses/${encodeURIComponent(courseId)}`}
          action="Go to the course page"
        />
      );
    }
    return (
      <QueryError
        message={LOAD_FAILED}
        onRetry={() => void classroomQuery.refetch()}
        retrying={classroomQuery.isFetching}
      />
    );
  }
  return <ClassroomView classroom={classroomQuery.data} />;
}

/** Spec §2 Classroom: the lesson viewer, the course's content, the learner's progress and completion. */
export function ClassroomPage() {
  const { courseId = '' } = useParams();
  return (
    <section className="mx-auto w-full max-w-7xl px-4 py-6 sm:py-8">
      {/* Keyed: another course's address starts over. */}
      <ClassroomContent key={courseId} courseId={courseId} />
    </section>
  );
}
