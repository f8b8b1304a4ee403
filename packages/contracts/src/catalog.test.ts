import { describe, expect, it } from 'vitest';
import { CATEGORIES, CATEGORY_IDS, discountPercent } from './catalog.js';

describe('discountPercent', () => {
  it('is round((originalPrice - price) / originalPrice * 100) when price is below the original', () => {
    expect(discountPercent(18_999, 22_500)).toBe(16);
    expect(discountPercent(450, 900)).toBe(50);
    expect(discountPercent(2, 3)).toBe(33);
    expect(discountPercent(1, 8)).toBe(88);
  });

  it('is empty when there is no original price or the price is not below it', () => {
    expect(discountPercent(1000, null)).toBeNull();
    expect(discountPercent(1000, undefined)).toBeNull();
    expect(discountPercent(1000, 1000)).toBeNull();
    expect(discountPercent(1200, 1000)).toBeNull();
    expect(discountPercent(1000, 0)).toBeNull();
  });
});

describe('CATEGORIES', () => {
  it('lists the 22 categories of the spec, with their names', () => {
    expect(CATEGORIES).toHaveLength(22);
    expect(new Set(CATEGORY_IDS).size).toBe(22);
    expect(CATEGORIES.find((category) => category.id === 'groceries-non-perishable')?.name).toBe('Dry Goods');
    expect(CATEGORIES.find((category) => category.id === 'books-media')?.name).toBe('Books & Media');
  });
});
