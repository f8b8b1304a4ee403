import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { PayoutMethod } from '@sokoni/contracts/earnings';
import type { Db } from '../src/db/client.js';
import { post } from '../src/modules/ledger/ledger.repository.js';
import { bearer } from './factories.js';
import { queryRows } from './test-app.js';

/**
 * Makes `cents` available to an earner at once, as an opening entry does (what they sold before the
 * ledger, no fee): the money the provider holds for us, owed to them. For tests whose subject is
 * what happens to an available balance; the sale-to-release path has tests of its own.
 */
export async function giveAvailable(
  db: Db,
  earnerId: string,
  cents: number,
  description = 'Opening balance',
  at = new Date('2026-11-20T09:00:00Z'),
): Promise<void> {
  await db.transaction((tx) =>
    post(
      tx,
      { kind: 'opening', key: `opening:test:${randomBytes(6).toString('hex')}`, occurredAt: at, description },
      [
        { account: { kind: 'provider_clearing' }, amountCents: cents },
        { account: { kind: 'available', ownerId: earnerId }, amountCents: -cents },
      ],
    ),
  );
}

/** PUT /api/earnings/payout-method as the earner; fails the test unless it is saved. */
export async function savePayoutMethod(
  app: FastifyInstance,
  token: string,
  body: Record<string, unknown> = { kind: 'mpesa', phone: '0712 345 678', name: 'Wanjiku Kamau' },
): Promise<PayoutMethod> {
  const response = await app.inject({
    method: 'PUT',
    url: '/api/earnings/payout-method',
    headers: bearer(token),
    payload: body,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<PayoutMethod>();
}

/** POST /api/payouts as the earner, the response as it comes. */
export const requestPayout = (app: FastifyInstance, token: string) =>
  app.inject({ method: 'POST', url: '/api/payouts', headers: bearer(token) });

/** The earner's payouts, oldest first, as stored. */
export const payoutsOf = (db: Db, earnerId: string) =>
  queryRows<{ reference: string; amount_cents: number; status: string; failure_reason: string | null }>(
    db,
    sql`select reference, amount_cents::int, status, failure_reason from payouts
        where earner_id = ${earnerId} order by requested_at, reference`,
  );
