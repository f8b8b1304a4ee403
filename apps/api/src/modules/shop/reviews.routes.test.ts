import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REVIEW_MESSAGES } from '@sokoni/contracts/catalog';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import {
  bearer,
  createProduct,
  payOrder,
  placeOrder,
  receivedOrder,
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
/** A new account whose order of the product arrived. */
async function buyer(name?: string, id = productId): Promise<RegisteredUser> {
  const user = await registerUser(t.app, name ? { name } : {});
  await receivedOrder(t.app, user, [id]);
  return user;
}

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
    const first = await buyer('Faith Chebet');
    const second = await buyer('Hassan Abdi');
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

  it('refuses anyone whose order of the product has not arrived, and takes a verified review once it has', async () => {
    const target = await createProduct(t.database.db, seller.id);
    const other = await createProduct(t.database.db, seller.id);
    const stranger = await registerUser(t.app);
    // Ordered but never paid for; paid for, but another product; paid, then the line cancelled.
    const unpaid = await registerUser(t.app);
    await placeOrder(t.app, unpaid.token, [{ productId: target }]);
    const otherBuyer = await registerUser(t.app);
    await receivedOrder(t.app, otherBuyer, [other]);
    const canceller = await registerUser(t.app);
    const cancelled = await placeOrder(t.app, canceller.token, [{ productId: target }]);
    await payOrder(t.app, canceller, cancelled);
    const [line] = (
      await t.app.inject({ url: `/api/orders/${cancelled.id}`, headers: bearer(canceller.token) })
    ).json<{ items: Array<{ id: string }> }>().items;
    const cancel = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${cancelled.id}/cancel`,
      headers: bearer(canceller.token),
      payload: { itemId: line?.id },
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    for (const user of [stranger, unpaid, otherBuyer, canceller]) {
      const refused = await review({ productId: target, rating: 5 }, user.token);
      expect(refused.statusCode, user.email).toBe(403);
      expect(refused.json()).toMatchObject({
        code: 'REVIEW_NOT_ELIGIBLE',
        message: REVIEW_MESSAGES.notABuyer,
      });
    }
    // Paid, on its way: not yet.
    const waiting = await registerUser(t.app, { name: 'Achieng Odhiambo' });
    const order = await placeOrder(t.app, waiting.token, [{ productId: target }]);
    await payOrder(t.app, waiting, order);
    const early = await review({ productId: target, rating: 5 }, waiting.token);
    expect(early.statusCode).toBe(403);
    expect(early.json()).toMatchObject({ code: 'REVIEW_NOT_YET', message: REVIEW_MESSAGES.notArrived });
    expect(await product(target)).toMatchObject({ rating: 0, reviewCount: 0 });
    expect((await reviewsOf(target)).json()).toEqual([]);

    // Its seller delivers it: the buyer may review, a verified purchase.
    for (const step of ['ship', 'deliver'])
      expect(
        (
          await t.app.inject({
            method: 'POST',
            url: `/api/sales/${order.id}/${step}`,
            headers: bearer(seller.token),
            payload: {},
          })
        ).statusCode,
      ).toBe(200);
    const verified = await review({ productId: target, rating: 5 }, waiting.token);
    expect(verified.statusCode, verified.body).toBe(201);
    expect(verified.json()).toMatchObject({ user: { name: 'Achieng Odhiambo' }, verifiedPurchase: true });
    expect(await product(target)).toMatchObject({ rating: 5, reviewCount: 1 });
  });

  it('tells a signed-in caller whether they may review the product, in the words a review would be refused with', async () => {
    const target = await createProduct(t.database.db, seller.id);
    const standing = (token: string | null, id = target) =>
      t.app.inject({
        url: `/api/reviews/product/${id}/eligibility`,
        headers: token ? bearer(token) : {},
      });
    const refused = (code: string, message: string) => ({ canReview: false, code, message });
    expect((await standing(null)).statusCode).toBe(401);
    const stranger = await registerUser(t.app);
    for (const id of [UNKNOWN, 'nope'])
      expect((await standing(stranger.token, id)).json()).toMatchObject({ code: 'PRODUCT_NOT_FOUND' });
    expect((await standing(stranger.token)).json()).toEqual(
      refused('REVIEW_NOT_ELIGIBLE', REVIEW_MESSAGES.notABuyer),
    );
    expect((await standing(seller.token)).json()).toEqual(refused('OWN_PRODUCT', REVIEW_MESSAGES.ownProduct));
    const waiting = await registerUser(t.app);
    await payOrder(t.app, waiting, await placeOrder(t.app, waiting.token, [{ productId: target }]));
    expect((await standing(waiting.token)).json()).toEqual(
      refused('REVIEW_NOT_YET', REVIEW_MESSAGES.notArrived),
    );
    const received = await buyer(undefined, target);
    expect((await standing(received.token)).json()).toEqual({ canReview: true, code: null, message: null });
    expect((await review({ productId: target, rating: 4 }, received.token)).statusCode).toBe(201);
    expect((await standing(received.token)).json()).toEqual(
      refused('ALREADY_REVIEWED', REVIEW_MESSAGES.alreadyReviewed),
    );
  });

  it("refuses a user's second review of a product with 409, leaving the rating as it was", async () => {
    const user = await buyer();
    const before = await product();
    expect((await review({ productId, rating: 1 }, user.token)).statusCode).toBe(201);
    const again = await review({ productId, rating: 5 }, user.token);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(REVIEW_MESSAGES.alreadyReviewed);
    expect((await product()).reviewCount).toBe(before.reviewCount + 1);
  });

  it('counts exactly one of ten concurrent reviews by the same user', async () => {
    const target = await createProduct(t.database.db, seller.id);
    const user = await buyer(undefined, target);
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
      const user = await buyer(name, target);
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
      verifiedPurchase: true,
    });
  });

  it('answers 404 for an unknown product', async () => {
    expect((await reviewsOf(UNKNOWN)).statusCode).toBe(404);
    expect((await reviewsOf('nope')).statusCode).toBe(404);
  });
});
