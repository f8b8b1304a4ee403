import { EVENT_CATEGORIES, eventListQuery } from '@sokoni/contracts/events-rules';
import type { EventCategory } from '@sokoni/contracts/events-rules';

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
export const eventFiltersToSearchParams = (filters: EventListFilters): URLSearchParams =>
  new URLSearchParams(eventListQuery(filters));
