import { useSearchParams } from 'react-router';
import { courseFiltersFromSearchParams, courseFiltersToSearchParams } from '../lib/course-filters';
import type { CourseListFilters } from '../lib/course-filters';

/**
 * The search and category are the URL's query: a search can be shared and survives a reload.
 * Changes replace the history entry, so Back leaves the page instead of stepping through every
 * category tried.
 */
export function useCourseFilters(): [CourseListFilters, (next: CourseListFilters) => void] {
  const [params, setParams] = useSearchParams();
  const setFilters = (next: CourseListFilters) =>
    setParams(courseFiltersToSearchParams(next), { replace: true, preventScrollReset: true });
  return [courseFiltersFromSearchParams(params), setFilters];
}
