import {
  STAY_AMENITIES,
  STAY_GUESTS_MAX,
  STAY_PRICE_FILTER,
  STAY_SORTS,
  stayDatesProblem,
  stayListQuery,
} from '@sokoni/contracts/stays-rules';
import type { StayAmenity, StaySort } from '@sokoni/contracts/stays-rules';
import type { PriceRange } from '@/lib/price-range';

/** What a guest chose on 'Discover Amazing Stays'; it lives in the URL so a search can be shared. */
export type StayFilters = {
  q: string;
  /** null: no limit at that end (the slider sits at the filter's bound). */
  minPrice: number | null;
  maxPrice: number | null;
  amenities: StayAmenity[];
  /** null: any number of guests. */
  guests: number | null;
  /** Both or neither: the stay must be free for every night of [from, to). */
  from: string | null;
  to: string | null;
  sort: StaySort | null;
};

export const EMPTY_STAY_FILTERS: StayFilters = {
  q: '',
  minPrice: null,
  maxPrice: null,
  amenities: [],
  guests: null,
  from: null,
  to: null,
  sort: null,
};

/** Spec §9: the slider runs from KES 0 to 20,000 a night. */
export const STAY_PRICE_BOUNDS: PriceRange = { min: STAY_PRICE_FILTER.min, max: STAY_PRICE_FILTER.max };

const isSort = (value: string | null): value is StaySort =>
  (STAY_SORTS as readonly (string | null)[]).includes(value);

/** A price from the URL within the slider's bounds, or null for none (or nonsense). */
function readPrice(params: URLSearchParams, key: string): number | null {
  const raw = params.get(key);
  if (raw === null || raw.trim() === '') return null;
  const value = Number(raw);
  if (!Number.isFinite(value)) return null;
  return Math.min(Math.max(Math.round(value), STAY_PRICE_BOUNDS.min), STAY_PRICE_BOUNDS.max);
}

/** Room for at least 2 to 100 guests; every stay has room for one, so 1 is no filter. */
function readGuests(params: URLSearchParams): number | null {
  const value = Number(params.get('guests'));
  return Number.isInteger(value) && value >= 2 && value <= STAY_GUESTS_MAX ? value : null;
}

/**
 * Reads a shared or reloaded URL; unknown or malformed values are dropped, never sent on. Dates
 * count only as a pair a guest could book from `today` (an old link's past dates are dropped).
 */
export function stayFiltersFromSearchParams(params: URLSearchParams, today: string): StayFilters {
  let minPrice = readPrice(params, 'minPrice');
  let maxPrice = readPrice(params, 'maxPrice');
  if (minPrice !== null && maxPrice !== null && minPrice > maxPrice)
    [minPrice, maxPrice] = [maxPrice, minPrice];
  const from = params.get('from');
  const to = params.get('to');
  const datesUsable = stayDatesProblem(from, to, today) === null;
  const sort = params.get('sort');
  return {
    q: (params.get('q') ?? '').trim(),
    minPrice,
    maxPrice,
    amenities: STAY_AMENITIES.filter((amenity) => params.getAll('amenities').includes(amenity)),
    guests: readGuests(params),
    from: datesUsable ? from : null,
    to: datesUsable ? to : null,
    sort: isSort(sort) ? sort : null,
  };
}

/** The page's query string: GET /api/stays' filters in the contract's one order (stayListQuery). */
export const stayFiltersToSearchParams = (filters: StayFilters): URLSearchParams =>
  new URLSearchParams(stayListQuery(filters));

/** The range the slider shows: the chosen ends, or the bounds where none was chosen. */
export function selectedStayPriceRange(filters: StayFilters): PriceRange {
  return {
    min: filters.minPrice ?? STAY_PRICE_BOUNDS.min,
    max: filters.maxPrice ?? STAY_PRICE_BOUNDS.max,
  };
}

/** Stores a range from the slider or text inputs; an end at its bound means "no limit". */
export function withStayPriceRange(filters: StayFilters, range: PriceRange): StayFilters {
  return {
    ...filters,
    minPrice: range.min <= STAY_PRICE_BOUNDS.min ? null : range.min,
    maxPrice: range.max >= STAY_PRICE_BOUNDS.max ? null : range.max,
  };
}

export function toggleAmenity(filters: StayFilters, amenity: StayAmenity): StayFilters {
  const chosen = filters.amenities.includes(amenity)
    ? filters.amenities.filter((item) => item !== amenity)
    : [...filters.amenities, amenity];
  return { ...filters, amenities: STAY_AMENITIES.filter((item) => chosen.includes(item)) };
}

/** Amenities, guests, dates, sort, and one for a price range narrower than 0–20,000. */
export function activeStayFilterCount(filters: StayFilters): number {
  return (
    filters.amenities.length +
    (filters.guests !== null ? 1 : 0) +
    (filters.from && filters.to ? 1 : 0) +
    (filters.sort ? 1 : 0) +
    (filters.minPrice !== null || filters.maxPrice !== null ? 1 : 0)
  );
}

/** Clear All resets every counted filter; the search text has its own clear button and stays. */
export const clearStayFilters = (filters: StayFilters): StayFilters => ({
  ...EMPTY_STAY_FILTERS,
  q: filters.q,
});

/** A search narrower than every stay: the empty state suggests loosening it. */
export const isFiltered = (filters: StayFilters): boolean =>
  Boolean(filters.q) || activeStayFilterCount(filters) > 0;
