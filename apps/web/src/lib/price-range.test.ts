import { describe, expect, it } from 'vitest';
import {
  applyPriceText,
  clampRange,
  isFullRange,
  moveMaxThumb,
  moveMinThumb,
  parsePriceInput,
  priceBounds,
} from './price-range';

const bounds = { min: 0, max: 100_000 };

describe('price text inputs', () => {
  it('reads numbers, with or without thousands separators', () => {
    expect(parsePriceInput('2500')).toBe(2500);
    expect(parsePriceInput(' 12,500 ')).toBe(12500);
  });

  it('ignores non-numeric input', () => {
    expect(parsePriceInput('abc')).toBeNull();
    expect(parsePriceInput('')).toBeNull();
    expect(parsePriceInput('12k')).toBeNull();
  });

  it('keeps the current end when its text is not a number', () => {
    const current = { min: 1000, max: 20_000 };
    expect(applyPriceText(current, { min: 'cheap', max: '15000' }, bounds)).toEqual({
      min: 1000,
      max: 15_000,
    });
    expect(applyPriceText(current, { min: '3000', max: '' }, bounds)).toEqual({ min: 3000, max: 20_000 });
  });

  it('forces min one step below max when min is not below it', () => {
    expect(applyPriceText(bounds, { min: '5000', max: '3000' }, bounds)).toEqual({ min: 2900, max: 3000 });
    expect(applyPriceText(bounds, { min: '4000', max: '4000' }, bounds)).toEqual({ min: 3900, max: 4000 });
  });

  it('forces max one step above min at the lower bound', () => {
    expect(applyPriceText(bounds, { min: '0', max: '0' }, bounds)).toEqual({ min: 0, max: 100 });
  });

  it('clamps both ends to the bounds', () => {
    expect(applyPriceText(bounds, { min: '-500', max: '250000' }, bounds)).toEqual(bounds);
    const narrow = { min: 400, max: 52_000 };
    expect(applyPriceText(narrow, { min: '100', max: '60000' }, narrow)).toEqual(narrow);
    expect(clampRange({ min: 60_000, max: 70_000 }, narrow)).toEqual({ min: 51_900, max: 52_000 });
  });
});

describe('price slider', () => {
  it('keeps the lower thumb at least one step below the upper thumb', () => {
    const range = { min: 1000, max: 5000 };
    expect(moveMinThumb(range, 4000, bounds)).toEqual({ min: 4000, max: 5000 });
    expect(moveMinThumb(range, 5000, bounds)).toEqual({ min: 4900, max: 5000 });
    expect(moveMinThumb(range, 9000, bounds)).toEqual({ min: 4900, max: 5000 });
  });

  it('keeps the upper thumb at least one step above the lower thumb', () => {
    const range = { min: 1000, max: 5000 };
    expect(moveMaxThumb(range, 1000, bounds)).toEqual({ min: 1000, max: 1100 });
    expect(moveMaxThumb(range, 200_000, bounds)).toEqual({ min: 1000, max: 100_000 });
  });
});

describe('price bounds', () => {
  it('defaults to 0–100,000 until the catalogue answers', () => {
    expect(priceBounds(undefined)).toEqual({ min: 0, max: 100_000 });
    expect(priceBounds({ minPrice: null, maxPrice: null })).toEqual({ min: 0, max: 100_000 });
  });

  it("widens the catalogue's cheapest and dearest price to whole steps", () => {
    expect(priceBounds({ minPrice: 420, maxPrice: 52_000 })).toEqual({ min: 400, max: 52_000 });
    expect(priceBounds({ minPrice: 450, maxPrice: 450 })).toEqual({ min: 400, max: 500 });
    expect(priceBounds({ minPrice: 500, maxPrice: 500 })).toEqual({ min: 500, max: 600 });
  });

  it('knows when the range covers the bounds', () => {
    expect(isFullRange(bounds, bounds)).toBe(true);
    expect(isFullRange({ min: 100, max: 100_000 }, bounds)).toBe(false);
  });
});
