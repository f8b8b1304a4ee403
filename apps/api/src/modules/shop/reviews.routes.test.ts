import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REVIEW_MESSAGES } from '@sokoni/contracts/catalog';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import {
  bearer,
  createProduct,
  payOrder,
  placeOrder,
  registerUser,
  type RegisteredUser,
} from '../../../test/factories.js';

let t: TestApp;
let seller: RegisteredUser;
let productId: string;
const UNKNOWN = '00000000-0000-4000-8000-000000000000';

beforeAll(async () => {
  t = await createTestApp();
  seller = await registerUser(t.app);
  productId = await createProduct(t.database.db, seller.id, { title: 'Kiondo basket' });
});
afterAll(async () => t?.close());

const review = (payload: object, token?: string) =>
  t.app.inject({ method: 'POST', url: '/api/reviews', payload, headers: token ? bearer(token) : {} });
const product = async (id = productId) => (await t.app.inject(`/api/products/${id}`)).json();
const reviewsOf = async (id = productId) => t.app.inject(`/api/reviews/product/${id}`);

describe('POST /api/reviews', () => {
  it('refuses a visitor with 401 and writes nothing', async () => {
    const response = await review({ productId, rating: 5, comment: 'Nice' });
    expect(response.statusCode).toBe(401);
    expect((await reviewsOf()).json()).toEqual([]);
  });

  it.each([0, 6, 2.5, '5', null])('refuses the rating %j with 400', async (rating) => {
    const user = await registerUser(t.app);
    const response = await review({ productId, rating, comment: 'x' }, user.token);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message: REVIEW_MESSAGES.ratingRange });
    expect((await product()).reviewCount).toBe(0);
  });

  it('answers 404 for an unknown product', async () => {
    const user = await registerUser(t.app);
    const response = await review({ productId: UNKNOWN, rating: 4 }, user.token);
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe('Product not found.');
  });

  it('records the review with the author from the token and moves the rating in step', async () => {
    const first = await registerUser(t.app, { name: 'Faith Chebet' });
    const second = await registerUser(t.app, { name: 'Hassan Abdi' });
    const created = await review(
      { productId, rating: 5, comment: '  Beautiful weaving  ', userId: seller.id },
      first.token,
    );
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      productId,
      userId: first.id,
      rating: 5,
      comment: 'Beautiful weaving',
      user: { name: 'Faith Chebet' },
    });
    expect(await product()).toMatchObject({ rating: 5, reviewCount: 1 });

    await review({ productId, rating: 2 }, second.token);
    expect(await product()).toMatchObject({ rating: 3.5, reviewCount: 2 });
  });

  it("refuses the product's own seller with 403 and writes nothing", async () => {
    const target = await createProduct(t.database.db, seller.id);
    const response = await review({ productId: target, rating: 5, comment: 'Best in town' }, seller.token);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: 'OWN_PRODUCT', message: REVIEW_MESSAGES.ownProduct });
    expect((await reviewsOf(target)).json()).toEqual([]);
    expect(await product(target)).toMatchObject({ rating: 0, reviewCount: 0 });
  });

  it("marks a paid buyer's review a verified purchase, not one who only ordered it or paid for another", async () => {
    const target = await createProduct(t.database.db, seller.id);
    const other = await createProduct(t.database.db, seller.id);
    const paidBuyer = await registerUser(t.app, { name: 'Achieng Odhiambo' });
    await payOrder(t.app, paidBuyer, await placeOrder(t.app, paidBuyer.token, [{ productId: target }]));
    // Ordered but never paid for; and paid for, but another product.
    const unpaidBuyer = await registerUser(t.app, { name: 'Kamau Njoroge' });
    await placeOrder(t.app, unpaidBuyer.token, [{ productId: target }]);
    const otherBuyer = await registerUser(t.app, { name: 'Mwanaisha Said' });
    await payOrder(t.app, otherBuyer, await placeOrder(t.app, otherBuyer.token, [{ productId: other }]));

    const verified = await review({ productId: target, rating: 5 }, paidBuyer.token);
    expect(verified.statusCode).toBe(201);
    expect(verified.json()).toMatchObject({ user: { name: 'Achieng Odhiambo' }, verifiedPurchase: true });
    for (const buyer of [unpaidBuyer, otherBuyer]) {
      const unverified = await review({ productId: target, rating: 3 }, buyer.token);
      expect(unverified.statusCode).toBe(201);
      expect(unverified.json().verifiedPurchase).toBe(false);
    }
    const listed = (await reviewsOf(target)).json();
    expect(
      listed.map((r: { user: { name: string }; verifiedPurchase: boolean }) => [
        r.user.name,
        r.verifiedPurchase,
      ]),
    ).toEqual([
      ['Mwanaisha Said', false],
      ['Kamau Njoroge', false],
      ['Achieng Odhiambo', true],
    ]);
  });

  it("refuses a user's second review of a product with 409, leaving the rating as it was", async () => {
    const user = await registerUser(t.app);
    const before = await product();
    expect((await review({ productId, rating: 1 }, user.token)).statusCode).toBe(201);
    const again = await review({ productId, rating: 5 }, user.token);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(REVIEW_MESSAGES.alreadyReviewed);
    expect((await product()).reviewCount).toBe(before.reviewCount + 1);
  });

  it('counts exactly one of ten concurrent reviews by the same user', async () => {
    const user = await registerUser(t.app);
    const target = await createProduct(t.database.db, seller.id);
    const responses = await Promise.all(
      Array.from({ length: 10 }, (_, i) => review({ productId: target, rating: (i % 5) + 1 }, user.token)),
    );
    const codes = responses.map((response) => response.statusCode);
    expect(codes.filter((code) => code === 201)).toHaveLength(1);
    expect(codes.filter((code) => code === 409)).toHaveLength(9);
    const created = responses.find((response) => response.statusCode === 201)?.json();
    expect(await product(target)).toMatchObject({ reviewCount: 1, rating: created.rating });
  });
});

describe('GET /api/reviews/product/{productId}', () => {
  it('lists reviews newest first with the author name and date', async () => {
    const target = await createProduct(t.database.db, seller.id);
    for (const [name, rating] of [
      ['Kevin', 3],
      ['Grace', 4],
    ] as const) {
      const user = await registerUser(t.app, { name });
      await review({ productId: target, rating, comment: `${name} says hi` }, user.token);
    }
    const reviews = (await reviewsOf(target)).json();
    expect(reviews.map((r: { user: { name: string } }) => r.user.name)).toEqual(['Grace', 'Kevin']);
    expect(reviews[0]).toEqual({
      id: expect.any(String),
      productId: target,
      userId: expect.any(String),
      rating: 4,
      comment: 'Grace says hi',
      user: { name: 'Grace' },
      date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      verifiedPurchase: false,
    });
  });

  it('answers 404 for an unknown product', async () => {
    expect((await reviewsOf(UNKNOWN)).statusCode).toBe(404);
    expect((await reviewsOf('nope')).statusCode).toBe(404);
  });
});
