import { Link } from 'react-router';
import { COURSE_MESSAGES } from '@sokoni/contracts/courses-rules';
import { buttonClasses } from '@/components/button';
import { BookIcon } from '@/components/icons';
import { QueryError } from '@/components/query-error';
import { LoadingState } from '@/components/spinner';
import { useInstructorCourses } from '../api/get-instructor-courses';
import { InstructorCourseCard } from '../components/instructor-course-card';

const LOAD_FAILED = 'Failed to load your courses. Please try again.';

function NoCourses() {
  return (
    <div className="flex flex-col items-center rounded-2xl border border-dashed border-slate-300 bg-white px-4 py-16 text-center">
      <BookIcon className="text-5xl text-slate-400" />
      <h2 className="mt-4 text-lg font-semibold text-slate-900">{COURSE_MESSAGES.noCourses}</h2>
      <p className="mt-1 text-slate-600">Share what you know: learners across Kenya are waiting.</p>
      <Link to="/instructor/courses/new" className={buttonClasses('primary', 'mt-6')}>
        Create a Course
      </Link>
    </div>
  );
}

function InstructorCourses() {
  const coursesQuery = useInstructorCourses();
  if (coursesQuery.isPending) return <LoadingState label="Loading your courses..." />;
  if (coursesQuery.isError) {
    return (
      <QueryError
        message={LOAD_FAILED}
        onRetry={() => void coursesQuery.refetch()}
        retrying={coursesQuery.isFetching}
      />
    );
  }
  const courses = coursesQuery.data;
  if (!courses.length) return <NoCourses />;
  return (
    <ul className="space-y-4">
      {courses.map((course) => (
        <li key={course.id}>
          <InstructorCourseCard course={course} />
        </li>
      ))}
    </ul>
  );
}

/** Spec §2 Instructor Dashboard: the instructor's courses with their figures (DESIGN §7). */
export function InstructorDashboardPage() {
  return (
    <section className="mx-auto w-full max-w-5xl px-4 py-8 sm:py-10">
      <title>Instructor Dashboard — Sokoni</title>
      <div className="mb-6 flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">Instructor Dashboard</h1>
          <p className="mt-1 text-slate-600">{COURSE_MESSAGES.dashboardIntro}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Link to="/instructor/courses/new" className={buttonClasses('primary')}>
            Create New Course
          </Link>
          <Link to="/earnings" className={buttonClasses('secondary')}>
            Your earnings
          </Link>
        </div>
      </div>
      <InstructorCourses />
    </section>
  );
}
