import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SELLER_MESSAGES } from '@sokoni/contracts/catalog';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import {
  bearer,
  createProduct,
  receivedOrder,
  registerUser,
  type RegisteredUser,
} from '../../../test/factories.js';

let clock = Date.now();
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({}, { now: () => clock });
});
afterAll(async () => t?.close());

const sellerProfile = (id: string) => t.app.inject(`/api/sellers/${id}`);
/** A review by a new buyer whose order of the product arrived. */
const review = async (productId: string, rating: number) => {
  const reviewer = await registerUser(t.app);
  await receivedOrder(t.app, reviewer, [productId]);
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/reviews',
    payload: { productId, rating },
    headers: bearer(reviewer.token),
  });
  expect(response.statusCode).toBe(201);
};
const joinedAt = async (user: RegisteredUser) =>
  (await t.app.inject({ url: `/api/users/${user.id}`, headers: bearer(user.token) })).json().createdAt;

describe('GET /api/sellers/{id}', () => {
  it("answers a visitor the seller's name, member since, newest named location, listings and rating across them", async () => {
    const seller = await registerUser(t.app, { name: 'Wanjiru Crafts' });
    const at = (day: number) => new Date(Date.UTC(2026, 0, day));
    const baskets = await createProduct(t.database.db, seller.id, {
      shopLocation: 'Nairobi',
      createdAt: at(1),
    });
    const bags = await createProduct(t.database.db, seller.id, { shopLocation: 'Kisumu', createdAt: at(2) });
    // The newest listing names no location: the one before it speaks for the shop.
    await createProduct(t.database.db, seller.id, { shopLocation: '', createdAt: at(3) });
    const rival = await registerUser(t.app);
    await review(await createProduct(t.database.db, rival.id), 1);
    await review(baskets, 5);
    await review(baskets, 4);
    await review(bags, 2);

    const response = await sellerProfile(seller.id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      id: seller.id,
      name: 'Wanjiru Crafts',
      memberSince: await joinedAt(seller),
      location: 'Kisumu',
      listingCount: 3,
      // (5 + 4 + 2) / 3 = 3.67, to one decimal; the rival's review is not theirs.
      rating: 3.7,
      reviewCount: 3,
      // The factory's listings give '+254 700 000 000'.
      phone: '+254700000000',
    });
  });

  it('answers a user with no listings as a seller with none, no location and no rating', async () => {
    const newcomer = await registerUser(t.app, { name: 'Kiprono Langat' });
    expect((await sellerProfile(newcomer.id)).json()).toEqual({
      id: newcomer.id,
      name: 'Kiprono Langat',
      memberSince: await joinedAt(newcomer),
      location: null,
      listingCount: 0,
      rating: 0,
      reviewCount: 0,
      phone: null,
    });
  });

  it('gives the number of their newest listing to call or WhatsApp, in E.164, and none when it is no phone number', async () => {
    const seller = await registerUser(t.app);
    const at = (day: number) => new Date(Date.UTC(2026, 0, day));
    await createProduct(t.database.db, seller.id, { sellerContact: 'Stall 12, Gikomba', createdAt: at(1) });
    await createProduct(t.database.db, seller.id, { sellerContact: '0722 456 789', createdAt: at(2) });
    expect((await sellerProfile(seller.id)).json()).toMatchObject({ phone: '+254722456789' });

    await createProduct(t.database.db, seller.id, { sellerContact: 'Ask for Mama Njeri', createdAt: at(3) });
    // A row written by SQL is announced by no write: the clock moves past the page's cache.
    clock += 5_001;
    expect((await sellerProfile(seller.id)).json()).toMatchObject({ phone: null });
  });

  it('is kept a few seconds: a phone holding it gets 304, and an edit or a review made through Sokoni shows at once', async () => {
    const seller = await registerUser(t.app);
    const productId = await createProduct(t.database.db, seller.id, { shopLocation: 'Nakuru' });
    const first = await sellerProfile(seller.id);
    expect(first.json()).toMatchObject({ listingCount: 1, location: 'Nakuru', reviewCount: 0 });
    const again = await t.app.inject({
      url: `/api/sellers/${seller.id}`,
      headers: { 'if-none-match': String(first.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    // Written by SQL, which no write announces: the page is kept.
    await createProduct(t.database.db, seller.id, { shopLocation: '' });
    expect((await sellerProfile(seller.id)).json()).toMatchObject({ listingCount: 1 });
    const edited = await t.app.inject({
      method: 'PUT',
      url: `/api/products/${productId}`,
      headers: bearer(seller.token),
      payload: { shopLocation: 'Naivasha' },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await sellerProfile(seller.id)).json()).toMatchObject({ listingCount: 2, location: 'Naivasha' });
    await review(productId, 4);
    expect((await sellerProfile(seller.id)).json()).toMatchObject({ rating: 4, reviewCount: 1 });
  });

  it("answers 404 'Seller not found.' for an unknown id", async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'nope']) {
      const response = await sellerProfile(id);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ code: 'SELLER_NOT_FOUND', message: SELLER_MESSAGES.notFound });
    }
  });
});
