import { useSearchParams } from 'react-router';
import { THREAD_CATEGORIES } from '@sokoni/contracts/community-rules';
import type { ThreadCategory } from '@sokoni/contracts/community-rules';
import type { ThreadFilters } from '../api/get-threads';

const isCategory = (value: string | null): value is ThreadCategory =>
  (THREAD_CATEGORIES as readonly (string | null)[]).includes(value);

/** The hub's filters live in the URL (?groupId=&category=), so a filtered view can be shared. */
export function useCommunityFilters(): ThreadFilters {
  const [params] = useSearchParams();
  const category = params.get('category');
  return {
    groupId: params.get('groupId') || undefined,
    category: isCategory(category) ? category : undefined,
  };
}

/** The hub's address for a set of filters. */
export function communityHref(filters: ThreadFilters): string {
  const params = new URLSearchParams();
  if (filters.groupId) params.set('groupId', filters.groupId);
  if (filters.category) params.set('category', filters.category);
  const query = params.toString();
  return query ? `/community?${query}` : '/community';
}
