import { describe, expect, it } from 'vitest';
import { SELL_MESSAGES } from '@sokoni/contracts/catalog';
import { ApiError } from '@/lib/api-client';
import { MissingUploadUrlError } from '@/lib/upload-image';
import {
  creationFailedMessage,
  EMPTY_SELL_VALUES,
  toCreateProductBody,
  uploadFailedMessage,
  validateSellForm,
} from './sell-form';
import type { SellValues } from './sell-form';

const valid: SellValues = {
  title: 'Kiondo basket',
  description: 'Hand-woven sisal basket',
  price: '1,900',
  originalPrice: '2500',
  condition: 'New',
  category: 'art-crafts',
  sellerContact: '0712 345 678',
  shopLocation: 'Westlands, Nairobi',
  stock: '3',
};

describe('validateSellForm', () => {
  it('accepts a complete form', () => {
    expect(validateSellForm(valid)).toEqual({});
  });

  it("asks for title, description and price with 'Please fill all required fields'", () => {
    const errors = validateSellForm({ ...valid, title: '  ', description: '', price: '' });
    expect(errors).toMatchObject({
      title: SELL_MESSAGES.requiredFields,
      description: SELL_MESSAGES.requiredFields,
      price: SELL_MESSAGES.requiredFields,
    });
  });

  it('treats a price that is not a number as missing', () => {
    expect(validateSellForm({ ...valid, price: '12abc' }).price).toBe(SELL_MESSAGES.requiredFields);
  });

  it('refuses a price of zero or below', () => {
    expect(validateSellForm({ ...valid, price: '0' }).price).toBe(SELL_MESSAGES.pricePositive);
    expect(validateSellForm({ ...valid, price: '-5' }).price).toBe(SELL_MESSAGES.pricePositive);
  });

  it('refuses an original price below the price, and accepts none', () => {
    expect(validateSellForm({ ...valid, price: '3000' }).originalPrice).toBe(
      SELL_MESSAGES.originalPriceBelowPrice,
    );
    expect(validateSellForm({ ...valid, originalPrice: '' })).toEqual({});
  });

  it('asks for a condition, a category and a seller contact', () => {
    const errors = validateSellForm({ ...valid, condition: '', category: 'spaceships', sellerContact: ' ' });
    expect(errors).toMatchObject({
      condition: SELL_MESSAGES.condition,
      category: SELL_MESSAGES.category,
      sellerContact: SELL_MESSAGES.sellerContact,
    });
  });

  it('flags every required field of an empty form', () => {
    expect(Object.keys(validateSellForm(EMPTY_SELL_VALUES)).sort()).toEqual(
      ['category', 'condition', 'description', 'price', 'sellerContact', 'title'].sort(),
    );
  });
});

describe('toCreateProductBody', () => {
  it('sends numbers, trimmed text and the uploaded urls; no original price when left empty', () => {
    const body = toCreateProductBody({ ...valid, title: ' Kiondo ', originalPrice: '' }, ['/a.webp']);
    expect(body).toEqual({
      title: 'Kiondo',
      description: valid.description,
      price: 1900,
      condition: 'New',
      category: 'art-crafts',
      sellerContact: valid.sellerContact,
      shopLocation: valid.shopLocation,
      stock: 3,
      image: ['/a.webp'],
    });
    expect(toCreateProductBody(valid, []).originalPrice).toBe(2500);
  });
});

describe('failure messages', () => {
  it("shows 'Failed: {error}' with the server's message, else the error's, else the fallback", () => {
    expect(
      creationFailedMessage(
        new ApiError(400, { code: 'VALIDATION_FAILED', message: SELL_MESSAGES.pricePositive }),
      ),
    ).toBe(`Failed: ${SELL_MESSAGES.pricePositive}`);
    expect(creationFailedMessage(new Error('Network down'))).toBe('Failed: Network down');
    expect(
      creationFailedMessage(new ApiError(500, { code: 'INTERNAL_ERROR', message: 'Internal Server Error' })),
    ).toBe('Failed: Product creation failed');
    expect(creationFailedMessage(new ApiError(400))).toBe('Failed: Product creation failed');
    expect(creationFailedMessage('???')).toBe('Failed: Product creation failed');
  });

  it("shows 'Upload failed: {message}', and 'Image upload failed' when no url came back", () => {
    expect(
      uploadFailedMessage(new ApiError(413, { code: 'FILE_TOO_LARGE', message: 'File too large: big.png' })),
    ).toBe('Upload failed: File too large: big.png');
    expect(uploadFailedMessage(new Error('Network error'))).toBe('Upload failed: Network error');
    expect(uploadFailedMessage(new MissingUploadUrlError())).toBe('Image upload failed');
  });
});

describe('Quantity available', () => {
  it('starts at 1 and is sent as a whole number', () => {
    expect(EMPTY_SELL_VALUES.stock).toBe('1');
    expect(toCreateProductBody({ ...valid, stock: '1,200' }, []).stock).toBe(1200);
  });

  it('explains what it takes when it is not a whole number from 0 to 10,000', () => {
    for (const stock of ['', '2.5', '-1', 'many', '10001']) {
      expect(validateSellForm({ ...valid, stock }).stock).toBe(SELL_MESSAGES.stock);
    }
    expect(validateSellForm({ ...valid, stock: '0' })).toEqual({});
  });
});
