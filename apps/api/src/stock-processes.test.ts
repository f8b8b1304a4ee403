import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createProduct, SAMPLE_DELIVERY } from '../test/factories.js';
import { call, callPatiently, serverProcessesOnTestDatabase } from '../test/server-processes.js';
import { queryRows } from '../test/test-app.js';

const usesPostgres = process.env.TEST_DB_DRIVER === 'postgres';
const { testDb, servers } = await serverProcessesOnTestDatabase();

const BUYERS = 50;

async function register(url: string, name: string, email: string): Promise<string> {
  const { body } = await call(url, '/api/auth/register', {
    method: 'POST',
    body: { name, email, password: 'Passw0rd!' },
  });
  return body.access_token as string;
}

// Two server processes on one PostgreSQL: only the database can decide who gets the last unit.
describe.runIf(usesPostgres)('stock across server processes (PostgreSQL)', () => {
  it('sells a one-unit listing once when 50 buyers pay at the same moment through two servers', async () => {
    const urls = await Promise.all([servers.start().url, servers.start().url]);
    const tag = `${process.pid}-${Date.now()}`;
    await register(urls[0]!, 'Baraka Mwangi', `seller-${tag}@example.co.ke`);
    const [seller] = await queryRows<{ id: string }>(
      testDb.database.db,
      sql`select id from users where email = ${`seller-${tag}@example.co.ke`}`,
    );
    const productId = await createProduct(testDb.database.db, seller!.id, {
      title: 'Used Tecno Camon 20',
      priceCents: 1_800_000,
      stock: 1,
    });

    const buyers = await Promise.all(
      Array.from({ length: BUYERS }, async (_, i) => {
        const url = urls[i % 2]!;
        const email = `buyer-${i}-${tag}@example.co.ke`;
        const token = await register(url, 'Akinyi Odhiambo', email);
        // Every order is placed while the unit is still free: only paying holds it.
        const order = await call(url, '/api/orders', {
          method: 'POST',
          token,
          body: { items: [{ productId, quantity: 1, price: 18_000 }], delivery: SAMPLE_DELIVERY },
        });
        expect(order.status).toBe(201);
        return { url, email, token, order: order.body as { id: string } };
      }),
    );

    const started = await Promise.all(
      buyers.map((buyer) =>
        callPatiently(buyer.url, '/api/payments/initialize', {
          method: 'POST',
          token: buyer.token,
          body: {
            email: buyer.email,
            amount: 18_000,
            callback_url: 'http://127.0.0.1:3000/payment/callback',
            paymentType: 'order',
            orderId: buyer.order.id,
          },
        }),
      ),
    );
    const winners = started.filter((answer) => answer.status === 200);
    const refused = started.filter((answer) => answer.status === 409);
    expect(winners).toHaveLength(1);
    expect(refused).toHaveLength(BUYERS - 1);
    for (const answer of refused) expect(answer.body.code).toBe('SOLD_OUT');

    const reference = (winners[0]!.body.data as { reference: string }).reference;
    const winner = buyers[started.indexOf(winners[0]!)]!;
    await fetch(`${winner.url}/api/payments/sandbox/${reference}/pay`, { method: 'POST' });
    const verified = await call(urls[0]!, `/api/payments/verify?reference=${reference}`, {
      token: winner.token,
    });
    expect(verified.body.status).toBe('success');

    expect(
      await queryRows(
        testDb.database.db,
        sql`select count(*)::int as payments, count(*) filter (where status = 'success')::int as paid from payments`,
      ),
    ).toEqual([{ payments: 1, paid: 1 }]);
    expect(
      await queryRows(testDb.database.db, sql`select stock from products where id = ${productId}`),
    ).toEqual([{ stock: 0 }]);
    const product = await call(urls[1]!, `/api/products/${productId}`);
    expect(product.body).toMatchObject({ stock: 0, available: 0 });
  }, 120_000);
});
