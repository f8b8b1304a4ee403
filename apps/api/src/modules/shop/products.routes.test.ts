import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATEGORY_IDS } from '@sokoni/contracts/catalog';
import type { Product } from '@sokoni/contracts/shop';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import {
  bearer,
  createProduct,
  makeAdmin,
  registerUser,
  type RegisteredUser,
} from '../../../test/factories.js';

let t: TestApp;
let seller: RegisteredUser;
let otherSeller: RegisteredUser;
const ids = {} as Record<'galaxy' | 'charger' | 'dress' | 'tecno' | 'sofa', string>;
const NOW = Date.parse('2026-11-21T12:00:00Z');
const daysAgo = (days: number) => new Date(NOW - days * 24 * 60 * 60 * 1000);

beforeAll(async () => {
  t = await createTestApp({}, { now: () => NOW });
  seller = await registerUser(t.app, { name: 'Amina Wanjiru' });
  otherSeller = await registerUser(t.app, { name: 'Brian Otieno' });
  const db = t.database.db;
  ids.galaxy = await createProduct(db, seller.id, {
    title: 'Samsung Galaxy A15',
    category: 'phones',
    condition: 'New',
    priceCents: 1_899_900,
    originalPriceCents: 2_250_000,
    isFeatured: true,
    createdAt: daysAgo(2),
  });
  ids.charger = await createProduct(db, seller.id, {
    title: 'SAMSUNG charger 100% original',
    category: 'electronics',
    condition: 'Used',
    priceCents: 150_000,
    createdAt: daysAgo(20),
  });
  ids.dress = await createProduct(db, otherSeller.id, {
    title: 'Kitenge_Dress',
    category: 'fashion',
    condition: 'New',
    priceCents: 280_000,
    createdAt: daysAgo(5),
  });
  ids.tecno = await createProduct(db, otherSeller.id, {
    title: 'Tecno Spark 20',
    category: 'phones',
    condition: 'Refurbished',
    priceCents: 2_150_000,
    createdAt: daysAgo(30),
  });
  ids.sofa = await createProduct(db, seller.id, {
    title: 'L-shaped sofa',
    category: 'furniture',
    condition: 'Used',
    priceCents: 4_800_000,
    createdAt: daysAgo(1),
  });
});
afterAll(async () => t?.close());

const list = async (query = '') => {
  const response = await t.app.inject(`/api/products${query}`);
  return {
    response,
    titles: (response.json() as Product[]).map?.((p) => p.title),
    total: response.headers['x-total-count'],
  };
};

describe('GET /api/categories', () => {
  it('serves all 22 categories with name, icon and background image', async () => {
    const categories = (await t.app.inject('/api/categories')).json();
    expect(categories).toHaveLength(22);
    expect(categories.map((c: { id: string }) => c.id)).toEqual(CATEGORY_IDS);
    expect(categories).toContainEqual({
      id: 'groceries-non-perishable',
      name: 'Dry Goods',
      icon: expect.any(String),
      backgroundImage: '/images/categories/groceries-non-perishable.webp',
    });
  });
});

describe('GET /api/products', () => {
  it('lists newest first with the total in X-Total-Count', async () => {
    const { response, titles, total } = await list();
    expect(response.statusCode).toBe(200);
    expect(titles).toEqual([
      'L-shaped sofa',
      'Samsung Galaxy A15',
      'Kitenge_Dress',
      'SAMSUNG charger 100% original',
      'Tecno Spark 20',
    ]);
    expect(total).toBe('5');
  });

  it('sends a page compressed to a phone that accepts it, the same JSON as the plain answer', async () => {
    const plain = await t.app.inject('/api/products');
    const compressed = await t.app.inject({
      url: '/api/products',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(compressed.headers['x-total-count']).toBe('5');
    expect(Number(compressed.headers['content-length'])).toBeLessThan(plain.rawPayload.length);
    expect(JSON.parse(brotliDecompressSync(compressed.rawPayload).toString())).toEqual(plain.json());
  });

  it('answers 304 to a phone asking again for a page it already holds, until the page changes', async () => {
    const first = await t.app.inject('/api/products?category=phones');
    const etag = String(first.headers.etag);
    const again = await t.app.inject({
      url: '/api/products?category=phones',
      headers: { 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers['x-total-count']).toBe('2');
    const product = await t.app.inject({ url: `/api/products/${ids.galaxy}` });
    const productAgain = await t.app.inject({
      url: `/api/products/${ids.galaxy}`,
      headers: { 'if-none-match': String(product.headers.etag) },
    });
    expect(productAgain.statusCode).toBe(304);
    expect((await t.app.inject('/api/products?category=fashion')).headers.etag).not.toBe(etag);
  });

  it('serves a page again from the database after a listing changes, not the cached copy', async () => {
    expect((await list('?category=furniture')).titles).toEqual(['L-shaped sofa']);
    const renamed = await t.app.inject({
      method: 'PUT',
      url: `/api/products/${ids.sofa}`,
      headers: bearer(seller.token),
      payload: { title: 'L-shaped sofa, grey' },
    });
    expect(renamed.statusCode).toBe(200);
    expect((await list('?category=furniture')).titles).toEqual(['L-shaped sofa, grey']);
    expect((await t.app.inject(`/api/products/${ids.sofa}`)).json().title).toBe('L-shaped sofa, grey');
    await t.app.inject({
      method: 'PUT',
      url: `/api/products/${ids.sofa}`,
      headers: bearer(seller.token),
      payload: { title: 'L-shaped sofa' },
    });
  });

  it('answers every field of a product, with the discount derived from the prices', async () => {
    const galaxy = (await list('?q=galaxy')).response.json()[0];
    expect(galaxy).toEqual({
      id: ids.galaxy,
      title: 'Samsung Galaxy A15',
      description: 'A product made by the test factory.',
      price: 18_999,
      originalPrice: 22_500,
      discount: 16,
      category: 'phones',
      condition: 'New',
      image: ['/api/uploads/sample/test.webp'],
      seller: { id: seller.id, name: 'Amina Wanjiru' },
      sellerContact: '+254 700 000 000',
      shopLocation: 'Nairobi',
      stock: 1000,
      available: 1000,
      rating: 0,
      reviewCount: 0,
      isNew: true,
      isFeatured: true,
      isTrending: false,
      createdAt: daysAgo(2).toISOString(),
    });
  });

  it('marks listings older than 14 days as no longer new and leaves discount empty without an original price', async () => {
    const charger = (await list('?q=charger')).response.json()[0];
    expect(charger).toMatchObject({ isNew: false, discount: null, originalPrice: null });
  });

  it('matches the title case-insensitively and treats % and _ as plain characters', async () => {
    expect((await list('?q=SAMSUNG')).titles).toEqual([
      'Samsung Galaxy A15',
      'SAMSUNG charger 100% original',
    ]);
    expect((await list('?q=100%25')).titles).toEqual(['SAMSUNG charger 100% original']);
    expect((await list('?q=_')).titles).toEqual(['Kitenge_Dress']);
    expect((await list('?q=nothing-like-this')).titles).toEqual([]);
  });

  it('filters by one or several categories and refuses an unknown one', async () => {
    expect((await list('?category=phones')).titles).toEqual(['Samsung Galaxy A15', 'Tecno Spark 20']);
    expect((await list('?category=phones&category=fashion')).total).toBe('3');
    const unknown = await list('?category=weapons');
    expect(unknown.response.statusCode).toBe(400);
    expect(unknown.response.json().message).toBe('Unknown category.');
  });

  it('filters by an inclusive price range in shillings', async () => {
    expect((await list('?minPrice=1500&maxPrice=18999')).titles).toEqual([
      'Samsung Galaxy A15',
      'Kitenge_Dress',
      'SAMSUNG charger 100% original',
    ]);
    expect((await list('?minPrice=40000')).titles).toEqual(['L-shaped sofa']);
    const inverted = await list('?minPrice=5000&maxPrice=100');
    expect(inverted.response.statusCode).toBe(400);
    expect(inverted.response.json().message).toBe('minPrice cannot be above maxPrice.');
    expect((await list('?minPrice=abc')).response.statusCode).toBe(400);
  });

  it('answers each new value of the same filters with its own page and total (one prepared query per shape)', async () => {
    const answers = [];
    for (const minPrice of [1500, 40000, 1500, 99999]) {
      const { titles, total } = await list(
        `?category=phones&category=furniture&minPrice=${minPrice}&sort=price-asc`,
      );
      answers.push({ titles, total });
    }
    expect(answers).toEqual([
      { titles: ['Samsung Galaxy A15', 'Tecno Spark 20', 'L-shaped sofa'], total: '3' },
      { titles: ['L-shaped sofa'], total: '1' },
      { titles: ['Samsung Galaxy A15', 'Tecno Spark 20', 'L-shaped sofa'], total: '3' },
      { titles: [], total: '0' },
    ]);
    const fresh = await list('?category=phones&minPrice=1&offset=50');
    expect(fresh.titles).toEqual([]);
    expect(fresh.total).toBe('2');
  });

  it('filters by condition, featured, trending and seller', async () => {
    expect((await list('?condition=Used')).titles).toEqual([
      'L-shaped sofa',
      'SAMSUNG charger 100% original',
    ]);
    expect((await list('?featured=true')).titles).toEqual(['Samsung Galaxy A15']);
    expect((await list('?trending=true')).titles).toEqual([]);
    expect((await list(`?seller=${otherSeller.id}`)).titles).toEqual(['Kitenge_Dress', 'Tecno Spark 20']);
    expect((await list('?seller=someone')).response.statusCode).toBe(400);
    expect((await list('?condition=Broken')).response.statusCode).toBe(400);
  });

  it('sorts by price both ways', async () => {
    expect((await list('?sort=price-asc')).titles).toEqual([
      'SAMSUNG charger 100% original',
      'Kitenge_Dress',
      'Samsung Galaxy A15',
      'Tecno Spark 20',
      'L-shaped sofa',
    ]);
    expect((await list('?sort=price-desc&category=phones')).titles).toEqual([
      'Tecno Spark 20',
      'Samsung Galaxy A15',
    ]);
    expect((await list('?sort=cheapest')).response.statusCode).toBe(400);
  });

  it('pages with limit and offset, within bounds', async () => {
    const first = await list('?sort=price-asc&limit=2');
    const second = await list('?sort=price-asc&limit=2&offset=2');
    expect(first.titles).toEqual(['SAMSUNG charger 100% original', 'Kitenge_Dress']);
    expect(second.titles).toEqual(['Samsung Galaxy A15', 'Tecno Spark 20']);
    expect(second.total).toBe('5');
    const pastTheEnd = await list('?offset=50');
    expect(pastTheEnd.response.statusCode).toBe(200);
    expect(pastTheEnd.titles).toEqual([]);
    expect(pastTheEnd.total).toBe('5');
    expect((await list('?limit=100')).response.statusCode).toBe(200);
    for (const bad of ['?limit=0', '?limit=101', '?offset=-1', '?limit=2.5']) {
      const response = (await list(bad)).response;
      expect(response.statusCode, bad).toBe(400);
    }
    expect((await list('?limit=101')).response.json().message).toBe('limit must be between 1 and 100.');
  });
});

describe('GET /api/products/facets', () => {
  it('counts categories ignoring the category filter, conditions ignoring the condition filter', async () => {
    const facets = (await t.app.inject('/api/products/facets?category=phones&condition=New')).json();
    expect(facets.total).toBe(1);
    expect(facets.categories).toEqual(
      expect.arrayContaining([
        { id: 'phones', count: 1 },
        { id: 'fashion', count: 1 },
      ]),
    );
    expect(facets.categories).toHaveLength(2);
    expect(facets.conditions).toEqual(
      expect.arrayContaining([
        { condition: 'New', count: 1 },
        { condition: 'Refurbished', count: 1 },
      ]),
    );
  });

  it('gives price bounds that ignore the price filter, so the slider keeps its range', async () => {
    const facets = (await t.app.inject('/api/products/facets?minPrice=20000&maxPrice=30000')).json();
    expect(facets).toMatchObject({ total: 1, minPrice: 1500, maxPrice: 48_000 });
  });

  it('answers empty bounds when nothing matches', async () => {
    const facets = (await t.app.inject('/api/products/facets?q=zzz')).json();
    expect(facets).toEqual({ total: 0, minPrice: null, maxPrice: null, categories: [], conditions: [] });
  });
});

describe('GET /api/products/{id}', () => {
  it('answers one product', async () => {
    const response = await t.app.inject(`/api/products/${ids.dress}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      id: ids.dress,
      seller: { id: otherSeller.id, name: 'Brian Otieno' },
    });
  });

  it.each(['00000000-0000-4000-8000-000000000000', 'not-an-id'])(
    'answers 404 for %s, never null',
    async (id) => {
      const response = await t.app.inject(`/api/products/${id}`);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({
        statusCode: 404,
        error: 'Not Found',
        code: 'PRODUCT_NOT_FOUND',
        message: 'Product not found.',
      });
    },
  );
});

describe('POST /api/products/{id}/views', () => {
  it("takes a look at a product's page (204, no body; counted once a day per viewer, see trending.test.ts), signed in or not", async () => {
    for (const headers of [{}, bearer(otherSeller.token)]) {
      const response = await t.app.inject({
        method: 'POST',
        url: `/api/products/${ids.sofa}/views`,
        headers,
      });
      expect(response.statusCode).toBe(204);
      expect(response.body).toBe('');
    }
  });

  it.each(['00000000-0000-4000-8000-000000000000', 'not-an-id'])('answers 404 for %s', async (id) => {
    const response = await t.app.inject({ method: 'POST', url: `/api/products/${id}/views` });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 'PRODUCT_NOT_FOUND', message: 'Product not found.' });
  });
});

describe('PATCH /api/products/{id}/featured', () => {
  const feature = (id: string, headers = {}) =>
    t.app.inject({
      method: 'PATCH',
      url: `/api/products/${id}/featured`,
      headers,
      payload: { isFeatured: true },
    });

  it('lets an admin feature a product', async () => {
    const admin = await registerUser(t.app);
    const token = await makeAdmin(t.app, t.database.db, admin);
    expect((await list('?featured=true')).total).toBe('1');
    const response = await feature(ids.sofa, bearer(token));
    expect(response.statusCode).toBe(200);
    expect(response.json().isFeatured).toBe(true);
    // The cached total of featured products is dropped by the write, not served stale.
    expect((await list('?featured=true')).total).toBe('2');
    expect((await feature('00000000-0000-4000-8000-000000000000', bearer(token))).statusCode).toBe(404);
    await t.app.inject({
      method: 'PATCH',
      url: `/api/products/${ids.sofa}/featured`,
      headers: bearer(token),
      payload: { isFeatured: false },
    });
  });

  it('refuses a seller (403) and a visitor (401), changing nothing', async () => {
    const response = await feature(ids.charger, bearer(seller.token));
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: 'ADMIN_ONLY', message: 'Only an admin can do that.' });
    expect((await feature(ids.charger)).statusCode).toBe(401);
    expect((await t.app.inject(`/api/products/${ids.charger}`)).json().isFeatured).toBe(false);
  });
});
