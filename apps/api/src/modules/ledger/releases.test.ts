import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPublishedCourse, payForCourse } from '../../../test/course-factories.js';
import { createEvent } from '../../../test/event-factories.js';
import {
  bearer,
  bookStay,
  createProduct,
  payBooking,
  payOrder,
  placeOrder,
  registerUser,
  runJob,
  type RegisteredUser,
} from '../../../test/factories.js';
import { createStay } from '../../../test/stay-factories.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { audit, earnerBalances } from './ledger.repository.js';
import { RELEASES_QUEUE } from './ledger.service.js';

// #27: earnings become available by the app's clock, each kind at its own time — an order part 7
// days after its seller ships it (never before it ships), a stay 24 h after check-in, tickets the day
// after the event (Nairobi's), a course 7 days after enrolment — by the release job, once.
const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
/** A Monday, 09:00 in Nairobi. */
const START = Date.parse('2027-01-04T09:00:00+03:00');
let clock = START;
let t: TestApp;
const earners: Record<'seller' | 'idleSeller' | 'host' | 'organizer' | 'instructor', RegisteredUser> =
  {} as never;

beforeAll(async () => {
  t = await createTestApp({}, { now: () => clock, jobs: { pollingIntervalSeconds: 0.5 } });
  for (const role of Object.keys({ seller: 0, idleSeller: 0, host: 0, organizer: 0, instructor: 0 })) {
    earners[role as keyof typeof earners] = await registerUser(t.app, { name: `Earner ${role}` });
  }
  const buyer = await registerUser(t.app, { name: 'Achieng Odhiambo' });

  // An order of two sellers' goods: one ships at once, the other never does.
  const shipped = await createProduct(t.database.db, earners.seller.id, { priceCents: 100_000 });
  const idle = await createProduct(t.database.db, earners.idleSeller.id, { priceCents: 100_000 });
  const order = await placeOrder(t.app, buyer.token, [{ productId: shipped }, { productId: idle }]);
  await payOrder(t.app, buyer, order);
  const ship = await t.app.inject({
    method: 'POST',
    url: `/api/sales/${order.id}/ship`,
    headers: bearer(earners.seller.token),
    payload: {},
  });
  expect(ship.statusCode, ship.body).toBe(200);

  // Two nights from the day after tomorrow: check-in 14:00 that day.
  const stay = await createStay(t.app, earners.host, { pricePerNight: 1000 });
  const booking = await bookStay(t.app, buyer, stay.id, { startDate: '2027-01-06', endDate: '2027-01-08' });
  await payBooking(t.app, buyer, booking);

  // Tomorrow evening: its tickets are the organizer's from the start of the day after (Nairobi).
  const event = await createEvent(t.app, earners.organizer, {
    date: '2027-01-05T16:00:00.000Z',
    price: 1000,
  });
  const started = await t.app.inject({
    method: 'POST',
    url: '/api/payments/initialize',
    headers: bearer(buyer.token),
    payload: {
      email: buyer.email,
      amount: 1000,
      callback_url: 'http://127.0.0.1:3000/payment/callback',
      paymentType: 'event',
      eventId: event.id,
      quantity: 1,
    },
  });
  const { reference } = started.json<{ data: { reference: string } }>().data;
  await t.app.inject({ method: 'POST', url: `/api/payments/sandbox/${reference}/pay` });

  const course = await createPublishedCourse(t.app, earners.instructor, { price: 1000 });
  await payForCourse(t.app, buyer, course);
});
afterAll(async () => t?.close());

/** Which earners have their sale available, after the release job ran at `at`. */
async function releasedAt(at: number): Promise<string[]> {
  clock = at;
  await runJob(t, RELEASES_QUEUE);
  const released: string[] = [];
  for (const [role, earner] of Object.entries(earners)) {
    const balances = await earnerBalances(t.database.db, earner.id);
    if (balances.available > 0) released.push(role);
    expect(balances.pending === 0 || balances.available === 0, role).toBe(true);
  }
  return released.sort();
}

describe('the release job', () => {
  it('makes each kind of earning available at its own time, once, and never an order part not shipped', async () => {
    expect(await releasedAt(START + HOUR)).toEqual([]);
    // Past the day after the event (Nairobi's), not yet 24 h after check-in.
    expect(await releasedAt(Date.parse('2027-01-07T09:00:00+03:00'))).toEqual(['organizer']);
    expect(await releasedAt(Date.parse('2027-01-07T14:00:00+03:00'))).toEqual(['host', 'organizer']);
    // 7 days after shipping and after enrolling.
    expect(await releasedAt(START + 7 * DAY + HOUR)).toEqual(['host', 'instructor', 'organizer', 'seller']);
    const once = await earnerBalances(t.database.db, earners.seller.id);
    expect(once).toMatchObject({ pending: 0, available: 95_000 });
    expect(await releasedAt(START + 30 * DAY)).toEqual(['host', 'instructor', 'organizer', 'seller']);
    expect(await earnerBalances(t.database.db, earners.seller.id)).toEqual(once);
    expect(await earnerBalances(t.database.db, earners.idleSeller.id)).toMatchObject({
      pending: 95_000,
      available: 0,
    });
    expect(await audit(t.database.db)).toMatchObject({
      unbalancedEntries: 0,
      balancesOff: 0,
      negativeEarnerBalances: 0,
    });
  });
});
