import { Link } from 'react-router';
import { COURSE_MESSAGES } from '@sokoni/contracts/courses-rules';
import { buttonClasses } from '@/components/button';
import { PagedResults } from '@/components/paged-results';
import { QueryError } from '@/components/query-error';
import type { useCourses } from '../api/get-courses';
import { CourseGrid, CourseGridSkeleton } from './course-grid';

/** The first row on a wide screen (after the featured card), the first card on a phone. */
const IN_VIEW_AT_LOAD = 2;

type CourseResultsProps = {
  query: ReturnType<typeof useCourses>;
  /** A search or category is chosen: the empty state suggests loosening it. */
  filtered: boolean;
};

function NoCourses({ filtered }: { filtered: boolean }) {
  return (
    <div className="rounded-2xl border border-dashed border-slate-300 bg-white px-4 py-10 text-center">
      <p className="font-semibold text-slate-900">
        {filtered ? COURSE_MESSAGES.noCoursesMatch : COURSE_MESSAGES.noCourses}
      </p>
      <p className="mt-1 text-slate-600">
        {filtered ? 'Try another search or category.' : 'Check back soon, or teach the first one.'}
      </p>
      {filtered ? null : (
        <Link to="/instructor/courses/new" className={buttonClasses('primary', 'mt-4')}>
          Create a Course
        </Link>
      )}
    </div>
  );
}

/** The catalogue's grid, 24 courses at a time with Load more, or its loading, empty or error state. */
export function CourseResults({ query, filtered }: CourseResultsProps) {
  if (query.isPending) return <CourseGridSkeleton />;
  if (query.isError && !query.data) {
    return (
      <QueryError
        message={COURSE_MESSAGES.loadFailed}
        onRetry={() => query.refetch()}
        retrying={query.isFetching}
      />
    );
  }

  const courses = query.data.pages.flatMap((page) => page.courses);
  const total = query.data.pages.at(-1)?.total ?? courses.length;
  if (!courses.length) {
    return (
      <div className="space-y-6">
        <NoCourses filtered={filtered} />
        <CourseGrid courses={[]} />
      </div>
    );
  }

  return (
    <PagedResults query={query} shown={courses.length} total={total} noun="courses">
      <CourseGrid courses={courses} priorityCount={IN_VIEW_AT_LOAD} />
    </PagedResults>
  );
}
