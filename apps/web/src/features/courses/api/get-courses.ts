import {
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  useInfiniteQuery,
  useQuery,
} from '@tanstack/react-query';
import { COURSE_PAGE_SIZE, courseListQuery } from '@sokoni/contracts/courses-rules';
import type { CourseSummary } from '@sokoni/contracts/courses';
import { apiRequestWithTotal } from '@/lib/api-client';
import { COURSES_QUERY_KEY } from '@/lib/query-keys';
import type { CourseListFilters } from '../lib/course-filters';

export type CoursePage = { courses: CourseSummary[]; total: number };

/**
 * GET /courses: the courses matching the search and category, newest first, with the server's
 * count of every match. The query is the contract's (courseListQuery), so the first page matches
 * the answer the server put into the page it served.
 */
export async function getCourses(
  filters: CourseListFilters,
  page: { limit: number; offset: number },
  signal?: AbortSignal,
): Promise<CoursePage> {
  const { data, total } = await apiRequestWithTotal<CourseSummary[]>(
    `/courses?${new URLSearchParams(courseListQuery(filters, page))}`,
    { signal },
  );
  return { courses: data, total };
}

export function getCoursesQueryOptions(filters: CourseListFilters) {
  return infiniteQueryOptions({
    queryKey: [...COURSES_QUERY_KEY, 'list', filters],
    queryFn: ({ pageParam, signal }) =>
      getCourses(filters, { limit: COURSE_PAGE_SIZE, offset: pageParam }, signal),
    initialPageParam: 0,
    getNextPageParam: (lastPage, pages) => {
      const loaded = pages.reduce((count, page) => count + page.courses.length, 0);
      return loaded < lastPage.total && lastPage.courses.length > 0 ? loaded : undefined;
    },
  });
}

/** Pages of courses, 24 at a time; the previous results stay on screen while the filters change. */
export function useCourses(filters: CourseListFilters) {
  return useInfiniteQuery({ ...getCoursesQueryOptions(filters), placeholderData: keepPreviousData });
}

/** GET /courses?instructor={id}&limit=1: how many courses someone teaches (the total, not the page). */
export async function getTaughtCourseCount(instructorId: string, signal?: AbortSignal): Promise<number> {
  const query = new URLSearchParams({ instructor: instructorId, limit: '1', offset: '0' });
  const { total } = await apiRequestWithTotal<CourseSummary[]>(`/courses?${query}`, { signal });
  return total;
}

/**
 * Whether the signed-in user teaches a course (DESIGN §7: instructors are real): the catalogue
 * then leads them to their dashboard. Undefined while unknown, and for a visitor.
 */
export function useTeachesCourses(instructorId: string | null) {
  return useQuery(
    queryOptions({
      queryKey: [...COURSES_QUERY_KEY, 'taught', instructorId],
      queryFn: ({ signal }) => getTaughtCourseCount(instructorId ?? '', signal),
      enabled: instructorId !== null,
      select: (count) => count > 0,
    }),
  );
}
