import { Link } from 'react-router';
import { COURSE_MESSAGES } from '@sokoni/contracts/courses-rules';
import { buttonClasses } from '@/components/button';
import { EmptyState } from '@/components/empty-state';
import { BookIcon } from '@/components/icons';
import { QueryError } from '@/components/query-error';
import { useMyCourses } from '../api/get-my-courses';
import { MyCourseCard } from '../components/my-course-card';

function MyCoursesSkeleton() {
  return (
    <div>
      <p role="status" className="sr-only">
        Loading your courses...
      </p>
      <div aria-hidden="true" className="space-y-4 motion-safe:animate-pulse">
        {[0, 1].map((index) => (
          <div
            key={index}
            className="flex flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-4 sm:flex-row"
          >
            <div className="aspect-video rounded-xl bg-slate-200 sm:w-56" />
            <div className="flex-1 space-y-3">
              <div className="h-5 w-3/5 rounded bg-slate-200" />
              <div className="h-3 w-2/5 rounded bg-slate-200" />
              <div className="h-2.5 w-full rounded-full bg-slate-200" />
              <div className="h-11 w-40 rounded-lg bg-slate-200" />
            </div>
          </div>
        ))}
      </div>
    </div>
  );
}

function MyCoursesContent() {
  const courses = useMyCourses();
  if (courses.isPending) return <MyCoursesSkeleton />;
  if (courses.isError) {
    return (
      <QueryError
        message={COURSE_MESSAGES.loadFailed}
        onRetry={() => void courses.refetch()}
        retrying={courses.isFetching}
      />
    );
  }
  if (!courses.data.length)
    return (
      <EmptyState
        icon={BookIcon}
        message={COURSE_MESSAGES.noEnrolments}
        action={{ to: '/courses', label: 'Browse Courses' }}
      />
    );
  return (
    <ul className="space-y-4">
      {courses.data.map((course) => (
        <li key={course.id}>
          <MyCourseCard course={course} />
        </li>
      ))}
    </ul>
  );
}

/** Spec §2 My Courses: the signed-in learner's courses, most recently joined first, with their progress. */
export function MyCoursesPage() {
  return (
    <section className="mx-auto w-full max-w-4xl px-4 py-6 sm:py-10">
      <title>My Courses — Sokoni</title>
      <div className="mb-6 flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">My Courses</h1>
        <Link to="/courses" className={buttonClasses('secondary')}>
          Find more courses
        </Link>
      </div>
      <MyCoursesContent />
    </section>
  );
}
