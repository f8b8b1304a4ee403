import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRODUCT_PAGE_SIZE } from '@sokoni/contracts/catalog';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { bearer, createProduct, registerUser, type RegisteredUser } from '../../../test/factories.js';

let t: TestApp;
let seller: RegisteredUser;

beforeAll(async () => {
  t = await createTestApp();
  seller = await registerUser(t.app);
});
afterAll(async () => t?.close());

const byIds = (ids: string[], extra = '') => t.app.inject(`/api/products?ids=${ids.join(',')}${extra}`);
const idsOf = (response: { json: () => unknown }) =>
  (response.json() as Array<{ id: string }>).map((product) => product.id).sort();

describe('GET /api/products?ids= (the cart asks for its products)', () => {
  it('answers exactly the products asked for, sold out ones too, and leaves deleted ones out', async () => {
    const basket = await createProduct(t.database.db, seller.id, { title: 'Kiondo basket' });
    const soldOut = await createProduct(t.database.db, seller.id, { title: 'Used iPhone 12', stock: 0 });
    const gone = await createProduct(t.database.db, seller.id, { title: 'Gone soon' });
    await createProduct(t.database.db, seller.id, { title: 'Not in the cart' });
    await t.app.inject({ method: 'DELETE', url: `/api/products/${gone}`, headers: bearer(seller.token) });

    const response = await byIds([basket, soldOut, gone]);
    expect(response.statusCode).toBe(200);
    expect(idsOf(response)).toEqual([basket, soldOut].sort());
    expect(response.headers['x-total-count']).toBe('2');
    const sold = response.json<Array<{ id: string; available: number }>>().find((p) => p.id === soldOut);
    expect(sold).toMatchObject({ available: 0 });
  });

  it('answers every one of them on one page, whatever limit and offset say', async () => {
    const ids = [];
    for (let index = 0; index <= PRODUCT_PAGE_SIZE; index += 1) {
      ids.push(await createProduct(t.database.db, seller.id));
    }
    expect(idsOf(await byIds(ids))).toEqual([...ids].sort());
    expect(idsOf(await byIds(ids, '&limit=1&offset=5'))).toEqual([...ids].sort());
  });

  it('keeps the whole catalogue apart from a cart: the next plain listing still shows everything', async () => {
    const only = await createProduct(t.database.db, seller.id);
    await byIds([only]);
    const all = await t.app.inject('/api/products?limit=100');
    expect(Number(all.headers['x-total-count'])).toBeGreaterThan(1);
  });

  it.each([
    [
      'more than 50 products',
      Array.from({ length: 51 }, () => crypto.randomUUID()),
      'Ask for at most 50 products.',
    ],
    ['an id that is not a uuid', ['kiondo-basket'], 'Unknown product.'],
    ['no product at all', [], 'Ask for at least one product.'],
  ])('refuses %s with 400', async (_case, ids, message) => {
    const response = await byIds(ids);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
  });
});
