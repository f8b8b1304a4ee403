import { describe, expect, it } from 'vitest';
import { SELL_MESSAGES } from '@sokoni/contracts/catalog';
import type { Product } from '@sokoni/contracts/shop';
import { editValuesFrom, toUpdateProductBody, validateProductEdit } from './product-edit';
import { parsePrice } from '@/lib/parse-price';

const product: Product = {
  id: 'p1',
  title: 'Kiondo basket',
  description: 'Hand-woven sisal basket',
  price: 1900,
  originalPrice: 2500,
  discount: 24,
  category: 'art-crafts',
  condition: 'New',
  image: [],
  seller: { id: 'u1', name: 'Amina' },
  sellerContact: '0712 345 678',
  shopLocation: 'Westlands',
  stock: 4,
  available: 3,
  rating: 0,
  reviewCount: 0,
  isNew: true,
  isFeatured: false,
  isTrending: false,
  createdAt: '2026-01-01T00:00:00.000Z',
};

describe('parsePrice', () => {
  it('reads decimals and thousands separators; anything else is NaN', () => {
    expect(parsePrice('2499.50')).toBe(2499.5);
    expect(parsePrice(' 1,900 ')).toBe(1900);
    expect(parsePrice('')).toBeNaN();
    expect(parsePrice('abc')).toBeNaN();
  });
});

describe('toUpdateProductBody', () => {
  it('starts from the product and parses the price as a decimal number', () => {
    const body = toUpdateProductBody({ ...editValuesFrom(product), price: '1750.5' });
    expect(body).toEqual({
      title: product.title,
      description: product.description,
      price: 1750.5,
      originalPrice: 2500,
      condition: 'New',
      category: 'art-crafts',
      stock: 4,
    });
  });

  it("starts from the seller's stock and refuses one that is not a whole number", () => {
    expect(editValuesFrom(product).stock).toBe('4');
    expect(validateProductEdit({ ...editValuesFrom(product), stock: '3.5' }).stock).toBe(SELL_MESSAGES.stock);
  });

  it('sends null for a cleared original price', () => {
    expect(toUpdateProductBody({ ...editValuesFrom(product), originalPrice: ' ' }).originalPrice).toBeNull();
  });

  it('sends the condition only when it is New, Used or Refurbished', () => {
    expect(toUpdateProductBody({ ...editValuesFrom(product), condition: 'Used' }).condition).toBe('Used');
    expect('condition' in toUpdateProductBody({ ...editValuesFrom(product), condition: 'Broken' })).toBe(
      false,
    );
  });
});

describe('validateProductEdit', () => {
  it('accepts the product as it is', () => {
    expect(validateProductEdit(editValuesFrom(product))).toEqual({});
  });

  it('gives the server messages for a missing title, a bad price and an original below the price', () => {
    const values = editValuesFrom(product);
    expect(validateProductEdit({ ...values, title: '' }).title).toBe(SELL_MESSAGES.requiredFields);
    expect(validateProductEdit({ ...values, price: '' }).price).toBe(SELL_MESSAGES.requiredFields);
    expect(validateProductEdit({ ...values, price: '0' }).price).toBe(SELL_MESSAGES.pricePositive);
    expect(validateProductEdit({ ...values, price: '3000' }).originalPrice).toBe(
      SELL_MESSAGES.originalPriceBelowPrice,
    );
  });
});
