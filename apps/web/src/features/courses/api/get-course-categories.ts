import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { COURSES_QUERY_KEY } from '@/lib/query-keys';

/** GET /courses/categories: the categories courses are in, A–Z, then 'Uncategorized' when some have none. */
export function getCourseCategories(signal?: AbortSignal): Promise<string[]> {
  return apiRequest<string[]>('/courses/categories', { signal });
}

export function getCourseCategoriesQueryOptions() {
  return queryOptions({
    queryKey: [...COURSES_QUERY_KEY, 'categories'],
    queryFn: ({ signal }) => getCourseCategories(signal),
    // A new category comes with a new course: rare enough to ask again only every few minutes.
    staleTime: 5 * 60_000,
  });
}

export function useCourseCategories() {
  return useQuery(getCourseCategoriesQueryOptions());
}
