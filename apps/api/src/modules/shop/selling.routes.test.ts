import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SELL_MESSAGES } from '@sokoni/contracts/catalog';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { bearer, registerUser, uploadImage, type RegisteredUser } from '../../../test/factories.js';
import { countProducts } from './products.repository.js';

let t: TestApp;
let owner: RegisteredUser;
let other: RegisteredUser;
const IMAGE = '/api/uploads/sample/0123456789abcdef0123456789abcdef.webp';

beforeAll(async () => {
  t = await createTestApp();
  owner = await registerUser(t.app, { name: 'Amina Wanjiru' });
  other = await registerUser(t.app, { name: 'Brian Otieno' });
});
afterAll(async () => t?.close());

const listing = (overrides: Record<string, unknown> = {}) => ({
  title: 'Kiondo sisal basket',
  description: 'Woven by Kamba artisans.',
  price: 1900,
  originalPrice: 2300,
  condition: 'New',
  category: 'art-crafts',
  sellerContact: '+254 711 300 220',
  shopLocation: 'Machakos Town',
  image: [IMAGE],
  ...overrides,
});
const call = (method: 'POST' | 'PUT' | 'DELETE', url: string, token?: string, payload?: object) =>
  t.app.inject({ method, url, payload, headers: token ? bearer(token) : {} });
const total = () => countProducts(t.database.db, { limit: 1, offset: 0 });
const create = async (token = owner.token, overrides = {}) => {
  const response = await call('POST', '/api/products', token, listing(overrides));
  expect(response.statusCode).toBe(201);
  return response.json();
};

describe('who may create, update and delete a product', () => {
  it('creates for any signed-in user, as the seller, whatever the body claims; derives the discount', async () => {
    const product = await create(other.token, { sellerId: owner.id, seller: { id: owner.id }, discount: 90 });
    expect(product).toMatchObject({
      title: 'Kiondo sisal basket',
      price: 1900,
      originalPrice: 2300,
      discount: 17,
      seller: { id: other.id, name: 'Brian Otieno' },
      image: [IMAGE],
      isNew: true,
      isFeatured: false,
    });
    expect((await t.app.inject(`/api/products?seller=${other.id}`)).headers['x-total-count']).toBe('1');
  });

  it('refuses a visitor with 401 and writes nothing', async () => {
    const before = await total();
    const response = await call('POST', '/api/products', undefined, listing());
    expect(response.statusCode).toBe(401);
    expect(await total()).toBe(before);
  });

  it('lets the owner update, and refuses another user (403) and a visitor (401) without a change', async () => {
    const product = await create();
    const byOther = await call('PUT', `/api/products/${product.id}`, other.token, { price: 1 });
    expect(byOther.statusCode).toBe(403);
    expect(byOther.json().message).toBe(SELL_MESSAGES.notOwner);
    expect((await call('PUT', `/api/products/${product.id}`, undefined, { price: 1 })).statusCode).toBe(401);
    expect((await t.app.inject(`/api/products/${product.id}`)).json().price).toBe(1900);

    const byOwner = await call('PUT', `/api/products/${product.id}`, owner.token, {
      price: 1500,
      condition: 'Used',
    });
    expect(byOwner.statusCode).toBe(200);
    expect(byOwner.json()).toMatchObject({
      price: 1500,
      originalPrice: 2300,
      discount: 35,
      condition: 'Used',
      title: 'Kiondo sisal basket',
    });
  });

  it('lets the owner delete, and refuses another user (403) and a visitor (401)', async () => {
    const product = await create();
    expect((await call('DELETE', `/api/products/${product.id}`, other.token)).statusCode).toBe(403);
    expect((await call('DELETE', `/api/products/${product.id}`)).statusCode).toBe(401);
    expect((await t.app.inject(`/api/products/${product.id}`)).statusCode).toBe(200);
    expect((await call('DELETE', `/api/products/${product.id}`, owner.token)).statusCode).toBe(204);
    expect((await t.app.inject(`/api/products/${product.id}`)).statusCode).toBe(404);
  });

  it('answers 404 for an unknown product on update and delete', async () => {
    const unknown = '/api/products/00000000-0000-4000-8000-000000000000';
    expect((await call('PUT', unknown, owner.token, { price: 5 })).statusCode).toBe(404);
    expect((await call('DELETE', unknown, owner.token)).statusCode).toBe(404);
    expect((await call('DELETE', '/api/products/not-an-id', owner.token)).statusCode).toBe(404);
  });
});

describe('the sell form rules, on the server', () => {
  it.each([
    ['no title', { title: undefined }, SELL_MESSAGES.requiredFields],
    ['a blank title', { title: '   ' }, SELL_MESSAGES.requiredFields],
    ['no description', { description: '' }, SELL_MESSAGES.requiredFields],
    ['no price', { price: undefined }, SELL_MESSAGES.requiredFields],
    ['a zero price', { price: 0 }, SELL_MESSAGES.pricePositive],
    ['a negative price', { price: -5 }, SELL_MESSAGES.pricePositive],
    [
      'an original price below the price',
      { price: 2000, originalPrice: 1500 },
      SELL_MESSAGES.originalPriceBelowPrice,
    ],
    ['an unknown condition', { condition: 'Broken' }, SELL_MESSAGES.condition],
    ['an unknown category', { category: 'weapons' }, SELL_MESSAGES.category],
    ['no seller contact', { sellerContact: ' ' }, SELL_MESSAGES.sellerContact],
    ['nine images', { image: Array(9).fill(IMAGE) }, SELL_MESSAGES.tooManyImages],
    ['an image from elsewhere', { image: ['https://evil.example/x.png'] }, SELL_MESSAGES.foreignImage],
  ])('refuses %s with its message and writes nothing', async (_case, overrides, message) => {
    const before = await total();
    const response = await call('POST', '/api/products', owner.token, listing(overrides));
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
    expect(await total()).toBe(before);
  });

  it('accepts a listing without an original price, location or images', async () => {
    const product = await create(owner.token, {
      originalPrice: undefined,
      shopLocation: undefined,
      image: undefined,
    });
    expect(product).toMatchObject({ originalPrice: null, discount: null, shopLocation: '', image: [] });
  });

  it('checks an edited price against the stored original price', async () => {
    const product = await create();
    const response = await call('PUT', `/api/products/${product.id}`, owner.token, { price: 5000 });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(SELL_MESSAGES.originalPriceBelowPrice);
    const cleared = await call('PUT', `/api/products/${product.id}`, owner.token, {
      price: 5000,
      originalPrice: null,
    });
    expect(cleared.json()).toMatchObject({ price: 5000, originalPrice: null, discount: null });
  });
});

describe("a listing's images", () => {
  it("are the seller's own uploads: another user's or one never uploaded is refused, writing nothing", async () => {
    const mine = await uploadImage(t.app, owner.token);
    const theirs = await uploadImage(t.app, other.token);
    expect((await create(owner.token, { image: [mine] })).image).toEqual([mine]);
    const before = await total();
    for (const image of [[mine, theirs], ['/api/uploads/products/0123456789abcdef0123456789abcdef.webp']]) {
      const response = await call('POST', '/api/products', owner.token, listing({ image }));
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(SELL_MESSAGES.foreignImage);
    }
    expect(await total()).toBe(before);
    const product = await create(owner.token);
    const edit = await call('PUT', `/api/products/${product.id}`, owner.token, { image: [theirs] });
    expect(edit.statusCode).toBe(400);
    expect((await t.app.inject(`/api/products/${product.id}`)).json().image).toEqual([IMAGE]);
  });
});
