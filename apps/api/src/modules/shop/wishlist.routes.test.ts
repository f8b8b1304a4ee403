import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRODUCT_NOT_FOUND, WISHLIST_MAX, WISHLIST_MESSAGES } from '@sokoni/contracts/catalog';
import { createTestApp, queryRows, type TestApp } from '../../../test/test-app.js';
import { bearer, createProduct, registerUser, type RegisteredUser } from '../../../test/factories.js';

let t: TestApp;
let clock = Date.parse('2026-11-10T08:00:00Z');
let seller: RegisteredUser;
const UNKNOWN = '00000000-0000-4000-8000-000000000000';

beforeAll(async () => {
  t = await createTestApp({}, { now: () => clock });
  seller = await registerUser(t.app, { name: 'Wanjiru Crafts' });
});
afterAll(async () => t?.close());

const call = (method: 'GET' | 'PUT' | 'DELETE', url: string, token?: string) =>
  t.app.inject({ method, url, headers: token ? bearer(token) : {} });
const save = (productId: string, user: RegisteredUser) =>
  call('PUT', `/api/wishlist/${productId}`, user.token);
const forget = (productId: string, user: RegisteredUser) =>
  call('DELETE', `/api/wishlist/${productId}`, user.token);
const saved = async (user: RegisteredUser) => {
  const response = await call('GET', '/api/wishlist', user.token);
  expect(response.statusCode).toBe(200);
  return response.json<Array<{ id: string; title: string }>>();
};
const rowsOf = async (user: RegisteredUser) =>
  (
    await queryRows<{ count: number }>(
      t.database.db,
      sql`select count(*)::int as count from wishlist_items where user_id = ${user.id}`,
    )
  )[0]?.count;

describe('the wishlist', () => {
  it('refuses a visitor with 401 on every call', async () => {
    const productId = await createProduct(t.database.db, seller.id);
    for (const [method, url] of [
      ['GET', '/api/wishlist'],
      ['PUT', `/api/wishlist/${productId}`],
      ['DELETE', `/api/wishlist/${productId}`],
    ] as const) {
      expect((await call(method, url)).statusCode).toBe(401);
    }
  });

  it("keeps each user's saves to themselves, newest saved first, as products", async () => {
    const amina = await registerUser(t.app);
    const brian = await registerUser(t.app);
    const [kiondo, lamp, sufuria] = [
      await createProduct(t.database.db, seller.id, { title: 'Kiondo basket' }),
      await createProduct(t.database.db, seller.id, { title: 'Solar lamp' }),
      await createProduct(t.database.db, seller.id, { title: 'Sufuria set' }),
    ] as [string, string, string];

    for (const productId of [kiondo, lamp]) {
      expect((await save(productId, amina)).statusCode).toBe(204);
      clock += 60_000;
    }
    expect((await save(sufuria, brian)).statusCode).toBe(204);

    const aminas = await saved(amina);
    expect(aminas.map((product) => product.title)).toEqual(['Solar lamp', 'Kiondo basket']);
    expect(aminas[0]).toMatchObject({ id: lamp, seller: { id: seller.id, name: 'Wanjiru Crafts' } });
    expect((await saved(brian)).map((product) => product.title)).toEqual(['Sufuria set']);
  });

  it('keeps one row when a product is saved twice, and forgets it once deleted', async () => {
    const user = await registerUser(t.app);
    const productId = await createProduct(t.database.db, seller.id);
    expect((await save(productId, user)).statusCode).toBe(204);
    expect((await save(productId, user)).statusCode).toBe(204);
    expect(await rowsOf(user)).toBe(1);

    expect((await forget(productId, user)).statusCode).toBe(204);
    expect(await saved(user)).toEqual([]);
    // Forgetting what is not saved (or not a product at all) is already done.
    expect((await forget(productId, user)).statusCode).toBe(204);
    expect((await forget('nope', user)).statusCode).toBe(204);
  });

  it("answers 404 'Product not found.' for an unknown product and saves nothing", async () => {
    const user = await registerUser(t.app);
    for (const id of [UNKNOWN, 'nope']) {
      const response = await save(id, user);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ code: 'PRODUCT_NOT_FOUND', message: PRODUCT_NOT_FOUND });
    }
    expect(await rowsOf(user)).toBe(0);
  });

  it('drops a product from every wishlist when its seller deletes it', async () => {
    const user = await registerUser(t.app);
    const kept = await createProduct(t.database.db, seller.id, { title: 'Maasai shuka' });
    const deleted = await createProduct(t.database.db, seller.id, { title: 'Old radio' });
    await save(kept, user);
    await save(deleted, user);
    const removal = await call('DELETE', `/api/products/${deleted}`, seller.token);
    expect(removal.statusCode).toBe(204);
    expect((await saved(user)).map((product) => product.title)).toEqual(['Maasai shuka']);
  });

  it(`holds at most ${WISHLIST_MAX} products, also when five saves race for the last place`, async () => {
    const user = await registerUser(t.app);
    const bulkSeller = await registerUser(t.app);
    await t.database.db.execute(sql`
      insert into products (title, description, price_cents, category, condition, seller_id, seller_contact)
      select 'Bulk ' || n, 'Made in bulk for a test.', 10000, 'electronics', 'New', ${bulkSeller.id}, '0712345678'
      from generate_series(1, ${WISHLIST_MAX - 1}) n`);
    await t.database.db.execute(sql`
      insert into wishlist_items (user_id, product_id)
      select ${user.id}, id from products where seller_id = ${bulkSeller.id}`);
    const contenders: string[] = [];
    for (let i = 0; i < 5; i += 1) contenders.push(await createProduct(t.database.db, seller.id));

    const answers = await Promise.all(contenders.map((productId) => save(productId, user)));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([204, 409, 409, 409, 409]);
    const refused = answers.find((answer) => answer.statusCode === 409);
    expect(refused?.json()).toMatchObject({ code: 'WISHLIST_FULL', message: WISHLIST_MESSAGES.full });
    expect(await rowsOf(user)).toBe(WISHLIST_MAX);
    // Saving again what is already saved is no new product: still fine when full.
    const savedOne = contenders[answers.findIndex((answer) => answer.statusCode === 204)] ?? '';
    expect((await save(savedOne, user)).statusCode).toBe(204);
    expect(await rowsOf(user)).toBe(WISHLIST_MAX);
  });
});
