import { EVENT_CATEGORIES } from '@sokoni/contracts/events';
import type { EventCategory } from '@sokoni/contracts/events';

/** What a visitor chose on 'Discover Amazing Events'; it lives in the URL so a view can be shared. */
export type EventListFilters = { q: string; category: EventCategory | null };

const isCategory = (value: string | null): value is EventCategory =>
  (EVENT_CATEGORIES as readonly (string | null)[]).includes(value);

/** Reads a shared or reloaded URL; an unknown category is dropped, never sent on. */
export function eventFiltersFromSearchParams(params: URLSearchParams): EventListFilters {
  const category = params.get('category');
  return { q: (params.get('q') ?? '').trim(), category: isCategory(category) ? category : null };
}

/** The page's query string, which is also GET /api/events' filters. */
export function eventFiltersToSearchParams(filters: EventListFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.q.trim()) params.set('q', filters.q.trim());
  if (filters.category) params.set('category', filters.category);
  return params;
}
