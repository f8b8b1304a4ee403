import { COURSE_CATEGORY_MAX_LENGTH, courseListQuery } from '@sokoni/contracts/courses-rules';

/** What a learner chose on the catalogue; it lives in the URL so a search can be shared. */
export type CourseListFilters = {
  q: string;
  /** null: All categories. 'Uncategorized' lists the courses without one. */
  category: string | null;
};

/** Reads a shared or reloaded URL; a category the server would refuse (too long) is dropped. */
export function courseFiltersFromSearchParams(params: URLSearchParams): CourseListFilters {
  const category = params.get('category')?.trim();
  return {
    q: (params.get('q') ?? '').trim(),
    category: category && category.length <= COURSE_CATEGORY_MAX_LENGTH ? category : null,
  };
}

/** The page's query string: GET /api/courses' filters in the contract's one order (courseListQuery). */
export const courseFiltersToSearchParams = (filters: CourseListFilters): URLSearchParams =>
  new URLSearchParams(courseListQuery(filters));
