import { describe, expect, it } from 'vitest';
import {
  EMPTY_FILTERS,
  activeFilterCount,
  chooseCondition,
  clearFilters,
  filtersFromSearchParams,
  filtersToSearchParams,
  productFiltersToSearchParams,
  selectedPriceRange,
  toProductFilters,
  toggleCategory,
  withPriceRange,
} from './filter-state';
import type { FilterState } from './filter-state';

const bounds = { min: 400, max: 52_000 };

describe('active filter count', () => {
  it('is zero with nothing chosen', () => {
    expect(activeFilterCount(EMPTY_FILTERS, bounds)).toBe(0);
  });

  it('counts each category, the condition, the sort and a changed price range once', () => {
    const state: FilterState = {
      q: 'phone',
      categories: ['phones', 'electronics'],
      minPrice: 1000,
      maxPrice: 20_000,
      condition: 'New',
      sort: 'price-asc',
    };
    expect(activeFilterCount(state, bounds)).toBe(5);
    expect(activeFilterCount({ ...state, maxPrice: null }, bounds)).toBe(5);
    expect(activeFilterCount({ ...state, minPrice: null, maxPrice: null }, bounds)).toBe(4);
  });

  it('does not count a price range that equals the bounds', () => {
    expect(activeFilterCount({ ...EMPTY_FILTERS, minPrice: 400, maxPrice: 52_000 }, bounds)).toBe(0);
    expect(activeFilterCount({ ...EMPTY_FILTERS, minPrice: 100 }, bounds)).toBe(0);
  });
});

describe('filter state in the URL', () => {
  it('survives a round trip through the query string', () => {
    const state: FilterState = {
      q: 'samsung galaxy',
      categories: ['phones', 'electronics'],
      minPrice: 1000,
      maxPrice: 20_000,
      condition: 'Refurbished',
      sort: 'price-desc',
    };
    const query = filtersToSearchParams(state).toString();
    expect(query).toBe(
      'q=samsung+galaxy&category=phones&category=electronics&minPrice=1000&maxPrice=20000&condition=Refurbished&sort=price-desc',
    );
    expect(filtersFromSearchParams(new URLSearchParams(query))).toEqual(state);
  });

  it('leaves the query string empty when nothing is chosen', () => {
    expect(filtersToSearchParams(EMPTY_FILTERS).toString()).toBe('');
    expect(filtersFromSearchParams(new URLSearchParams())).toEqual(EMPTY_FILTERS);
  });

  it('drops unknown categories, conditions, sorts and malformed prices', () => {
    const params = new URLSearchParams(
      'category=phones&category=spaceships&category=phones&condition=Broken&sort=rating&minPrice=abc&maxPrice=-5',
    );
    expect(filtersFromSearchParams(params)).toEqual({ ...EMPTY_FILTERS, categories: ['phones'] });
  });

  it('swaps a minimum above the maximum instead of sending a request the server refuses', () => {
    const state = filtersFromSearchParams(new URLSearchParams('minPrice=9000&maxPrice=2000'));
    expect([state.minPrice, state.maxPrice]).toEqual([2000, 9000]);
  });
});

describe('filter changes', () => {
  it('toggles categories in and out of the selection', () => {
    const once = toggleCategory(EMPTY_FILTERS, 'fashion');
    expect(once.categories).toEqual(['fashion']);
    expect(toggleCategory(once, 'fashion').categories).toEqual([]);
  });

  it('clears the condition when the selected one is chosen again', () => {
    const used = chooseCondition(EMPTY_FILTERS, 'Used');
    expect(used.condition).toBe('Used');
    expect(chooseCondition(used, 'New').condition).toBe('New');
    expect(chooseCondition(used, 'Used').condition).toBeNull();
  });

  it('stores an end at its bound as no limit', () => {
    expect(withPriceRange(EMPTY_FILTERS, { min: 400, max: 20_000 }, bounds)).toMatchObject({
      minPrice: null,
      maxPrice: 20_000,
    });
    expect(selectedPriceRange({ ...EMPTY_FILTERS, maxPrice: 20_000 }, bounds)).toEqual({
      min: 400,
      max: 20_000,
    });
  });

  it('Clear All resets every counted filter and keeps the search text', () => {
    const state: FilterState = {
      q: 'kitenge',
      categories: ['fashion'],
      minPrice: 500,
      maxPrice: null,
      condition: 'New',
      sort: 'price-asc',
    };
    expect(clearFilters(state)).toEqual({ ...EMPTY_FILTERS, q: 'kitenge' });
  });

  it('turns the state into the API query', () => {
    const state: FilterState = {
      ...EMPTY_FILTERS,
      categories: ['phones'],
      minPrice: 1000,
      sort: 'price-asc',
    };
    const params = productFiltersToSearchParams({ ...toProductFilters(state), trending: true });
    expect(params.toString()).toBe('category=phones&minPrice=1000&sort=price-asc&trending=true');
  });
});
