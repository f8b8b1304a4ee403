import { describe, expect, it } from 'vitest';
import { EMPTY_STAY_FILTERS, stayFiltersFromSearchParams, stayFiltersToSearchParams } from './stay-filters';

const TODAY = '2026-03-10';
const read = (query: string) => stayFiltersFromSearchParams(new URLSearchParams(query), TODAY);

describe('stay filters in the URL', () => {
  it('reads every filter from a shared link', () => {
    expect(
      read(
        'q=Diani&minPrice=2000&maxPrice=9000&amenities=Pool&amenities=Wi-Fi&guests=4&from=2026-03-20&to=2026-03-23&sort=rating',
      ),
    ).toEqual({
      q: 'Diani',
      minPrice: 2000,
      maxPrice: 9000,
      amenities: ['Wi-Fi', 'Pool'],
      guests: 4,
      from: '2026-03-20',
      to: '2026-03-23',
      sort: 'rating',
    });
  });

  it('drops what it cannot use: unknown amenities and sorts, odd guest counts, dates that break a rule', () => {
    expect(read('amenities=Jacuzzi&sort=cheapest&guests=1&minPrice=abc')).toEqual(EMPTY_STAY_FILTERS);
    expect(read('guests=2.5')).toEqual(EMPTY_STAY_FILTERS);
    expect(read('from=2026-03-20')).toEqual(EMPTY_STAY_FILTERS);
    expect(read('from=2026-03-01&to=2026-03-05')).toEqual(EMPTY_STAY_FILTERS);
    expect(read('from=2026-03-25&to=2026-03-20')).toEqual(EMPTY_STAY_FILTERS);
    expect(read('from=2026-03-20&to=2026-04-25')).toEqual(EMPTY_STAY_FILTERS);
  });

  it('keeps prices within the slider, lower end first', () => {
    expect(read('minPrice=50000&maxPrice=-5')).toMatchObject({ minPrice: 0, maxPrice: 20_000 });
    expect(read('minPrice=9000&maxPrice=3000')).toMatchObject({ minPrice: 3000, maxPrice: 9000 });
  });

  it("writes the contract's one order, leaving out the defaults", () => {
    const params = stayFiltersToSearchParams({
      q: 'Lamu',
      minPrice: 1000,
      maxPrice: null,
      amenities: ['Pool', 'Wi-Fi'],
      guests: 3,
      from: '2026-04-01',
      to: '2026-04-04',
      sort: 'priceLowHigh',
    });
    expect(params.toString()).toBe(
      'q=Lamu&minPrice=1000&amenities=Wi-Fi&amenities=Pool&guests=3&from=2026-04-01&to=2026-04-04&sort=priceLowHigh',
    );
    expect(stayFiltersToSearchParams(EMPTY_STAY_FILTERS).toString()).toBe('');
  });
});
