import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { CreateStayInput, Stay } from '@sokoni/contracts/stays';
import { nightsOf } from '@sokoni/contracts/stays-rules';
import type { Db } from '../src/db/client.js';
import { stayBookings, stays } from '../src/db/schema/stays.js';
import { bearer, type RegisteredUser } from './factories.js';

/** A sample image: the stays' create route accepts it without an upload. */
export const SAMPLE_STAY_IMAGE = '/api/uploads/sample/0123456789abcdef0123456789abcdef.webp';

export const stayBody = (overrides: Partial<Record<keyof CreateStayInput, unknown>> = {}) => ({
  title: 'Cosy cottage in Karen',
  description: 'A quiet garden cottage near the Giraffe Centre.',
  location: 'Karen, Nairobi',
  pricePerNight: 6500,
  bedrooms: 2,
  bathrooms: 1,
  guests: 4,
  images: [SAMPLE_STAY_IMAGE],
  amenities: ['Wi-Fi', 'Kitchen'],
  ...overrides,
});

/** A listing created through the API by `host`. */
export async function createStay(
  app: FastifyInstance,
  host: RegisteredUser,
  overrides: Partial<Record<keyof CreateStayInput, unknown>> = {},
): Promise<Stay> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/stays',
    headers: bearer(host.token),
    payload: stayBody(overrides),
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Stay>();
}

/**
 * A row of stay_bookings straight into the database (a booking as the bookings service would leave
 * it, or a block), priced from the stay. Answers its id.
 */
export async function insertStayBooking(
  db: Db,
  row: {
    stayId: string;
    guestId: string | null;
    status: 'held' | 'confirmed' | 'expired' | 'cancelled' | 'blocked';
    startDate: string;
    endDate: string;
    holdExpiresAt?: Date;
    note?: string;
  },
): Promise<string> {
  const [stay] = await db
    .select({ priceCents: stays.pricePerNightCents })
    .from(stays)
    .where(eq(stays.id, row.stayId));
  if (!stay) throw new Error(`no stay ${row.stayId}`);
  const nights = nightsOf(row.startDate, row.endDate);
  const blocked = row.status === 'blocked';
  const [inserted] = await db
    .insert(stayBookings)
    .values({
      stayId: row.stayId,
      guestId: blocked ? null : row.guestId,
      status: row.status,
      startDate: row.startDate,
      endDate: row.endDate,
      nights,
      pricePerNightCents: blocked ? 0 : stay.priceCents,
      amountCents: blocked ? 0 : nights * stay.priceCents,
      holdExpiresAt: row.holdExpiresAt ?? null,
      note: row.note ?? '',
    })
    .returning({ id: stayBookings.id });
  if (!inserted) throw new Error('insert into stay_bookings returned no row');
  return inserted.id;
}
