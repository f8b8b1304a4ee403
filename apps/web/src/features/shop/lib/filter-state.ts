import { CATEGORIES, CONDITIONS, PRODUCT_SORTS } from '@sokoni/contracts/catalog';
import type { CategoryId, Condition, ProductSort } from '@sokoni/contracts/catalog';
import { clampRange } from '@/lib/price-range';
import type { PriceRange } from '@/lib/price-range';

/** What a shopper chose in the filter panel; it lives in the URL so a view can be shared. */
export type FilterState = {
  q: string;
  categories: CategoryId[];
  /** null: no lower limit chosen (the slider sits at the bounds). */
  minPrice: number | null;
  maxPrice: number | null;
  condition: Condition | null;
  sort: ProductSort | null;
};

export const EMPTY_FILTERS: FilterState = {
  q: '',
  categories: [],
  minPrice: null,
  maxPrice: null,
  condition: null,
  sort: null,
};

/** The query every product list and facet call sends (GET /api/products, /api/products/facets). */
export type ProductFilters = {
  q?: string;
  category?: CategoryId[];
  minPrice?: number;
  maxPrice?: number;
  condition?: Condition;
  sort?: ProductSort;
  featured?: boolean;
  trending?: boolean;
  /** One seller's listings (their seller page). */
  seller?: string;
};

const CATEGORY_IDS = new Set<string>(CATEGORIES.map((category) => category.id));
const isCategoryId = (value: string): value is CategoryId => CATEGORY_IDS.has(value);
const isCondition = (value: string | null): value is Condition =>
  (CONDITIONS as readonly (string | null)[]).includes(value);
const isSort = (value: string | null): value is ProductSort =>
  (PRODUCT_SORTS as readonly (string | null)[]).includes(value);

function readPrice(params: URLSearchParams, key: string): number | null {
  const raw = params.get(key);
  if (raw === null || raw.trim() === '') return null;
  const value = Number(raw);
  return Number.isFinite(value) && value >= 0 ? Math.round(value) : null;
}

/** Reads a shared or reloaded URL; unknown or malformed values are dropped, never sent on. */
export function filtersFromSearchParams(params: URLSearchParams): FilterState {
  let minPrice = readPrice(params, 'minPrice');
  let maxPrice = readPrice(params, 'maxPrice');
  if (minPrice !== null && maxPrice !== null && minPrice > maxPrice)
    [minPrice, maxPrice] = [maxPrice, minPrice];
  const condition = params.get('condition');
  const sort = params.get('sort');
  return {
    q: (params.get('q') ?? '').trim(),
    categories: [...new Set(params.getAll('category'))].filter(isCategoryId),
    minPrice,
    maxPrice,
    condition: isCondition(condition) ? condition : null,
    sort: isSort(sort) ? sort : null,
  };
}

export function filtersToSearchParams(state: FilterState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.q.trim()) params.set('q', state.q.trim());
  for (const category of state.categories) params.append('category', category);
  if (state.minPrice !== null) params.set('minPrice', String(state.minPrice));
  if (state.maxPrice !== null) params.set('maxPrice', String(state.maxPrice));
  if (state.condition) params.set('condition', state.condition);
  if (state.sort) params.set('sort', state.sort);
  return params;
}

/** The range the slider shows: the chosen ends, or the bounds where none was chosen. */
export function selectedPriceRange(state: FilterState, bounds: PriceRange): PriceRange {
  if (state.minPrice === null && state.maxPrice === null) return bounds;
  return clampRange({ min: state.minPrice ?? bounds.min, max: state.maxPrice ?? bounds.max }, bounds);
}

/** Stores a range from the slider or text inputs; an end at its bound means "no limit". */
export function withPriceRange(state: FilterState, range: PriceRange, bounds: PriceRange): FilterState {
  return {
    ...state,
    minPrice: range.min <= bounds.min ? null : range.min,
    maxPrice: range.max >= bounds.max ? null : range.max,
  };
}

/** Spec §4: categories + condition + sort, plus one when the price range differs from the bounds. */
export function activeFilterCount(state: FilterState, bounds: PriceRange): number {
  const range = selectedPriceRange(state, bounds);
  const priceChanged = range.min !== bounds.min || range.max !== bounds.max;
  return state.categories.length + (state.condition ? 1 : 0) + (state.sort ? 1 : 0) + (priceChanged ? 1 : 0);
}

/** Clear All resets every counted filter; the search text has its own clear button and stays. */
export function clearFilters(state: FilterState): FilterState {
  return { ...EMPTY_FILTERS, q: state.q };
}

export function toggleCategory(state: FilterState, id: CategoryId): FilterState {
  const categories = state.categories.includes(id)
    ? state.categories.filter((category) => category !== id)
    : [...state.categories, id];
  return { ...state, categories };
}

/** Condition is a single choice; choosing the selected one again clears it (spec §4). */
export function chooseCondition(state: FilterState, condition: Condition): FilterState {
  return { ...state, condition: state.condition === condition ? null : condition };
}

export function toProductFilters(state: FilterState): ProductFilters {
  const filters: ProductFilters = {};
  if (state.q) filters.q = state.q;
  if (state.categories.length) filters.category = state.categories;
  if (state.minPrice !== null) filters.minPrice = state.minPrice;
  if (state.maxPrice !== null) filters.maxPrice = state.maxPrice;
  if (state.condition) filters.condition = state.condition;
  if (state.sort) filters.sort = state.sort;
  return filters;
}

/** The query string of GET /api/products and /api/products/facets. */
export function productFiltersToSearchParams(filters: ProductFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.q) params.set('q', filters.q);
  for (const category of filters.category ?? []) params.append('category', category);
  if (filters.minPrice !== undefined) params.set('minPrice', String(filters.minPrice));
  if (filters.maxPrice !== undefined) params.set('maxPrice', String(filters.maxPrice));
  if (filters.condition) params.set('condition', filters.condition);
  if (filters.sort) params.set('sort', filters.sort);
  if (filters.featured) params.set('featured', 'true');
  if (filters.trending) params.set('trending', 'true');
  if (filters.seller) params.set('seller', filters.seller);
  return params;
}
