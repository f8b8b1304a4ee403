import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '@sokoni/contracts/auth-messages';
import { ORDER_MESSAGES } from '@sokoni/contracts/checkout';
import {
  MODERATION_TEXTS,
  REPORTS_PER_DAY,
  SUSPENDED_OWNER_REASON,
  type ModerationCase,
  type ModerationQueue,
  type ReportSubject,
} from '@sokoni/contracts/moderation';
import { createTestApp, queryRows, type TestApp } from '../../../test/test-app.js';
import {
  bearer,
  createProduct,
  makeAdmin,
  registerUser,
  SAMPLE_DELIVERY,
  type RegisteredUser,
} from '../../../test/factories.js';
import { createEvent } from '../../../test/event-factories.js';
import { createStay } from '../../../test/stay-factories.js';
import { createPublishedCourse } from '../../../test/course-factories.js';

let t: TestApp;
let clock = Date.parse('2026-11-10T08:00:00Z');
let seller: RegisteredUser;
let admin: RegisteredUser & { adminToken: string };
const UNKNOWN = '00000000-0000-4000-8000-000000000000';

beforeAll(async () => {
  t = await createTestApp({}, { now: () => clock });
  seller = await registerUser(t.app, { name: 'Wanjiru Crafts' });
  const adminUser = await registerUser(t.app, { name: 'Moderator Achieng' });
  admin = { ...adminUser, adminToken: await makeAdmin(t.app, t.database.db, adminUser) };
});
afterAll(async () => t?.close());

const report = (user: RegisteredUser, subject: ReportSubject, subjectId: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/reports',
    headers: bearer(user.token),
    payload: { subject, subjectId, reason: 'scam', note: 'Asked me to pay outside Sokoni.' },
  });
const queue = async () => {
  const response = await t.app.inject({ url: '/api/admin/reports', headers: bearer(admin.adminToken) });
  expect(response.statusCode).toBe(200);
  return response.json<ModerationQueue>().items;
};
const caseOf = async (subjectId: string) => (await queue()).find((found) => found.subjectId === subjectId);
const resolve = (caseId: string, action: 'hide' | 'restore', reason = '') =>
  t.app.inject({
    method: 'POST',
    url: `/api/admin/reports/${caseId}/resolve`,
    headers: bearer(admin.adminToken),
    payload: { action, reason },
  });
const count = async (table: 'reports' | 'moderation_decisions' | 'moderation_cases', where = sql`true`) =>
  (
    await queryRows<{ count: number }>(
      t.database.db,
      sql`select count(*)::int as count from ${sql.identifier(table)} where ${where}`,
    )
  )[0]?.count;
const reporters = (n: number) => Promise.all(Array.from({ length: n }, () => registerUser(t.app)));
const get = (url: string, user?: RegisteredUser) =>
  t.app.inject({ url, headers: user ? bearer(user.token) : {} });
const titles = (response: { json: <T>() => T }) =>
  response.json<Array<{ title: string }>>().map((p) => p.title);

/** Reported once and hidden by an admin with `reason`: answers the case. */
async function hiddenByAdmin(subject: ReportSubject, subjectId: string, reason: string) {
  const [reporter] = await reporters(1);
  expect((await report(reporter!, subject, subjectId)).statusCode).toBe(201);
  const found = await caseOf(subjectId);
  const hidden = await resolve(found!.id, 'hide', reason);
  expect(hidden.statusCode, hidden.body).toBe(200);
  return hidden.json<ModerationCase>();
}

describe('reports and moderation (#28)', () => {
  it('refuses visitors with 401 and non-admins with 403 on the moderation routes, writing nothing', async () => {
    const productId = await createProduct(t.database.db, seller.id);
    const routes = [
      ['POST', '/api/reports', { subject: 'product', subjectId: productId, reason: 'spam' }],
      ['GET', '/api/admin/reports', undefined],
      ['POST', `/api/admin/reports/${UNKNOWN}/resolve`, { action: 'restore' }],
      ['POST', `/api/admin/users/${seller.id}/suspend`, { reason: 'Scams' }],
    ] as const;
    for (const [method, url, payload] of routes) {
      const visitor = await t.app.inject({ method, url, ...(payload ? { payload } : {}) });
      expect(visitor.statusCode, url).toBe(401);
      expect(visitor.json().message).toBe(AUTH_MESSAGES.authRequired);
    }
    for (const [method, url, payload] of routes.slice(1)) {
      const user = await t.app.inject({ method, url, headers: bearer(seller.token), payload });
      expect(user.statusCode, url).toBe(403);
      expect(user.json()).toMatchObject({ code: 'ADMIN_ONLY', message: AUTH_MESSAGES.adminOnly });
    }
    expect(await count('reports')).toBe(0);
    expect(await count('moderation_decisions')).toBe(0);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: seller.email, password: seller.password },
    });
    expect(login.statusCode).toBe(200);
  });

  it('takes one report per user per item, never of their own or of what is not shown', async () => {
    const productId = await createProduct(t.database.db, seller.id, { title: 'Fake sneakers' });
    const [amina] = await reporters(1);
    const first = await report(amina!, 'product', productId);
    expect(first.statusCode).toBe(201);
    expect(first.json()).toEqual({ id: expect.any(String), message: MODERATION_TEXTS.reported });

    const again = await report(amina!, 'product', productId);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: 'ALREADY_REPORTED',
      message: MODERATION_TEXTS.alreadyReported,
    });
    const own = await report(seller, 'product', productId);
    expect(own.statusCode).toBe(403);
    expect(own.json()).toMatchObject({ code: 'OWN_ITEM', message: MODERATION_TEXTS.ownItem });
    const unknown = await report(amina!, 'thread', UNKNOWN);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(MODERATION_TEXTS.notFound);
    expect(await count('reports', sql`reporter_id in (${amina!.id}, ${seller.id})`)).toBe(1);

    const [found] = (await queue()).filter((item) => item.subjectId === productId);
    expect(found).toMatchObject({
      subject: 'product',
      title: 'Fake sneakers',
      path: `/products/${productId}`,
      owner: { id: seller.id, name: 'Wanjiru Crafts', suspended: false },
      state: 'open',
      hiddenReason: null,
      reports: [{ reporterName: amina!.name, reason: 'scam', note: 'Asked me to pay outside Sokoni.' }],
      decisions: [],
    });
  });

  it('takes one of two identical reports sent at once (a double click)', async () => {
    const productId = await createProduct(t.database.db, seller.id);
    const [brian] = await reporters(1);
    const answers = await Promise.all([
      report(brian!, 'product', productId),
      report(brian!, 'product', productId),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
    expect(await count('reports', sql`reporter_id = ${brian!.id}`)).toBe(1);
  });

  it('hides a product from the shop after three reports from different accounts; its seller still sees it with the reason; an admin restores it', async () => {
    const productId = await createProduct(t.database.db, seller.id, { title: 'Counterfeit kiondo' });
    const search = () => get('/api/products?q=counterfeit%20kiondo');
    const aisle = () => get(`/api/products?seller=${seller.id}&limit=100`);
    expect(titles(await search())).toEqual(['Counterfeit kiondo']);
    const [a, b, c, buyer] = await reporters(4);
    expect((await report(a!, 'product', productId)).statusCode).toBe(201);
    expect((await report(b!, 'product', productId)).statusCode).toBe(201);
    expect(titles(await search())).toEqual(['Counterfeit kiondo']);
    expect((await report(c!, 'product', productId)).statusCode).toBe(201);

    // Gone for everyone else: search, the catalogue (its index), the page, the cart's check and checkout.
    expect(titles(await search())).toEqual([]);
    expect(titles(await aisle())).not.toContain('Counterfeit kiondo');
    expect((await get(`/api/products/${productId}`, buyer)).statusCode).toBe(404);
    expect(titles(await get(`/api/products?ids=${productId}`))).toEqual([]);
    const order = await t.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: bearer(buyer!.token),
      payload: {
        items: [{ productId, quantity: 1, price: 1000 }],
        delivery: SAMPLE_DELIVERY,
      },
    });
    expect(order.statusCode).toBe(400);
    expect(order.json().message).toBe(ORDER_MESSAGES.productUnavailable);

    // Its seller sees it, on its page and in My Products, with why.
    const own = await get(`/api/products/${productId}`, seller);
    expect(own.json().moderation).toEqual({ hiddenReason: MODERATION_TEXTS.hiddenPendingReview });
    const mine = (await get(`/api/products?seller=${seller.id}&limit=100`, seller)).json<
      Array<{ id: string; moderation?: { hiddenReason: string } }>
    >();
    expect(mine.find((product) => product.id === productId)?.moderation?.hiddenReason).toBe(
      MODERATION_TEXTS.hiddenPendingReview,
    );

    const found = await caseOf(productId);
    expect(found).toMatchObject({ state: 'hidden', hiddenReason: MODERATION_TEXTS.hiddenPendingReview });
    expect(found?.reports).toHaveLength(3);
    expect(found?.decisions).toEqual([
      {
        action: 'auto_hide',
        reason: MODERATION_TEXTS.hiddenPendingReview,
        decidedBy: null,
        decidedAt: expect.any(String),
      },
    ]);

    clock += 60_000;
    const restored = await resolve(found!.id, 'restore');
    expect(restored.statusCode).toBe(200);
    expect(restored.json<ModerationCase>()).toMatchObject({ state: 'restored', hiddenReason: null });
    expect(restored.json<ModerationCase>().decisions.at(-1)).toMatchObject({
      action: 'restore',
      decidedBy: 'Moderator Achieng',
    });
    expect(titles(await search())).toEqual(['Counterfeit kiondo']);
    expect((await get(`/api/products/${productId}`, buyer)).statusCode).toBe(200);
    expect(await caseOf(productId)).toBeUndefined();

    // A new report puts it back in the queue; reports alone do not hide what an admin restored.
    expect((await report(buyer!, 'product', productId)).statusCode).toBe(201);
    expect(await caseOf(productId)).toMatchObject({ state: 'restored' });
    expect(titles(await search())).toEqual(['Counterfeit kiondo']);

    const refused = await resolve(found!.id, 'hide');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().issues[0].message).toBe('Say why it is hidden: its owner sees this.');
    expect((await resolve(UNKNOWN, 'restore')).json()).toMatchObject({
      code: 'CASE_NOT_FOUND',
      message: MODERATION_TEXTS.notFound,
    });
    const hidden = await resolve(found!.id, 'hide', 'Counterfeit goods');
    expect(hidden.json<ModerationCase>()).toMatchObject({
      state: 'hidden',
      hiddenReason: 'Counterfeit goods',
    });
    expect((await get(`/api/products/${productId}`, seller)).json().moderation).toEqual({
      hiddenReason: 'Counterfeit goods',
    });
    expect(titles(await search())).toEqual([]);
  });

  it('hides an item exactly once when its third and fourth reports arrive together', async () => {
    const productId = await createProduct(t.database.db, seller.id);
    const [a, b, c, d] = await reporters(4);
    expect((await report(a!, 'product', productId)).statusCode).toBe(201);
    expect((await report(b!, 'product', productId)).statusCode).toBe(201);
    const answers = await Promise.all([report(c!, 'product', productId), report(d!, 'product', productId)]);
    // The later one finds the item hidden by the earlier: not there to report any more.
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 404]);
    const found = await caseOf(productId);
    expect(found?.reports).toHaveLength(3);
    expect(await count('moderation_decisions', sql`case_id = ${found!.id} and action = 'auto_hide'`)).toBe(1);
    expect((await get(`/api/products/${productId}`)).statusCode).toBe(404);
  });

  it("an admin's Hide takes an event, a stay, a course, a thread and a reply out of others' sight and reach; their owners still see them with the reason", async () => {
    const [guest] = await reporters(1);
    const event = await createEvent(t.app, seller, { price: 0, title: 'Fake raffle' });
    const stay = await createStay(t.app, seller, { title: 'Cottage that is not there' });
    const course = await createPublishedCourse(t.app, seller, { title: 'Get rich quick', price: 0 });
    const thread = (
      await t.app.inject({
        method: 'POST',
        url: '/api/community/threads',
        headers: bearer(seller.token),
        payload: { title: 'Send money here', content: 'Pay to this number first.', category: 'deals' },
      })
    ).json<{ id: string }>();
    const reply = (
      await t.app.inject({
        method: 'POST',
        url: '/api/community/replies',
        headers: bearer(seller.token),
        payload: { threadId: thread.id, content: 'Also pay me here.' },
      })
    ).json<{ id: string }>();
    const replyCase = await hiddenByAdmin('reply', reply.id, 'Scam');
    expect(replyCase).toMatchObject({ title: 'Also pay me here.', path: `/community/${thread.id}` });
    const threadOf = (user: RegisteredUser) => get(`/api/community/threads/${thread.id}`, user);
    expect((await threadOf(guest!)).json()).toMatchObject({ replies: [], replyCount: 0 });
    expect((await threadOf(seller)).json().replies[0].moderation).toEqual({ hiddenReason: 'Scam' });

    for (const [subject, id, path] of [
      ['event', event.id, `/api/events/${event.id}`],
      ['stay', stay.id, `/api/stays/${stay.id}`],
      ['course', course.id, `/api/courses/${course.id}`],
      ['thread', thread.id, `/api/community/threads/${thread.id}`],
    ] as const) {
      // Seen first, so a page kept in memory must forget it.
      expect((await get(path, guest)).statusCode, path).toBe(200);
      await hiddenByAdmin(subject, id, 'Scam');
      expect((await get(path, guest)).statusCode, path).toBe(404);
      expect((await get(path, seller)).json().moderation, path).toEqual({ hiddenReason: 'Scam' });
    }
    expect(titles(await get('/api/events?q=raffle'))).toEqual([]);
    expect(titles(await get('/api/stays'))).not.toContain('Cottage that is not there');
    expect(titles(await get('/api/courses?q=rich'))).toEqual([]);
    expect(
      (await get('/api/community/threads')).json<Array<{ id: string }>>().map((x) => x.id),
    ).not.toContain(thread.id);
    // Nothing new is bought, booked or joined.
    const claim = await t.app.inject({
      method: 'POST',
      url: `/api/events/${event.id}/tickets`,
      headers: bearer(guest!.token),
      payload: { quantity: 1 },
    });
    expect(claim.statusCode).toBe(404);
    const booking = await t.app.inject({
      method: 'POST',
      url: `/api/stays/${stay.id}/book`,
      headers: bearer(guest!.token),
      payload: { startDate: '2026-12-01', endDate: '2026-12-03' },
    });
    expect(booking.statusCode).toBe(404);
    const enrolment = await t.app.inject({
      method: 'POST',
      url: `/api/courses/${course.id}/enroll`,
      headers: bearer(guest!.token),
    });
    expect(enrolment.statusCode).toBe(404);
    // Their dashboards list them with why.
    const hosted = (await get('/api/host/stays', seller)).json<Array<{ id: string; moderation?: object }>>();
    expect(hosted.find((listing) => listing.id === stay.id)?.moderation).toEqual({ hiddenReason: 'Scam' });
    const organized = (await get(`/api/events/organizer/${seller.id}`, seller)).json<
      Array<{ id: string; moderation?: object }>
    >();
    expect(organized.find((listed) => listed.id === event.id)?.moderation).toEqual({ hiddenReason: 'Scam' });
    expect((await get(`/api/events/organizer/${seller.id}`, guest)).json()).toEqual([]);
    const taught = (await get('/api/instructor/courses', seller)).json<
      Array<{ id: string; moderation?: object }>
    >();
    expect(taught.find((listed) => listed.id === course.id)?.moderation).toEqual({ hiddenReason: 'Scam' });
  });

  it('suspends an account: sign-in refused with the reason after a correct password, sessions ended, listings hidden, never an admin', async () => {
    const crook = await registerUser(t.app, { name: 'Crook' });
    const shown = await createProduct(t.database.db, crook.id, { title: 'Too good to be true' });
    const flagged = await createProduct(t.database.db, crook.id, { title: 'Already flagged' });
    await hiddenByAdmin('product', flagged, 'Counterfeit goods');
    const stay = await createStay(t.app, crook, { title: 'Phantom villa' });
    const reason = 'Repeated scam listings';

    const suspended = await t.app.inject({
      method: 'POST',
      url: `/api/admin/users/${crook.id}/suspend`,
      headers: bearer(admin.adminToken),
      payload: { reason },
    });
    expect(suspended.statusCode).toBe(200);
    expect(suspended.json()).toMatchObject({ userId: crook.id, reason, hiddenListings: 2 });

    const signIn = (password: string) =>
      t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: crook.email, password } });
    const wrong = await signIn('not-the-password');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().message).toBe(AUTH_MESSAGES.invalidCredentials);
    const right = await signIn(crook.password);
    expect(right.statusCode).toBe(403);
    expect(right.json()).toMatchObject({
      code: 'ACCOUNT_SUSPENDED',
      message: MODERATION_TEXTS.suspended(reason),
    });
    const session = await get('/api/wishlist', crook);
    expect(session.statusCode).toBe(401);
    expect(session.json()).toMatchObject({
      code: 'ACCOUNT_SUSPENDED',
      message: MODERATION_TEXTS.suspended(reason),
    });

    expect((await get(`/api/products/${shown}`)).statusCode).toBe(404);
    expect((await get(`/api/stays/${stay.id}`)).statusCode).toBe(404);
    const reasons = await queryRows<{ title: string; hidden_reason: string }>(
      t.database.db,
      sql`select title, hidden_reason from products where seller_id = ${crook.id} order by title`,
    );
    expect(reasons).toEqual([
      { title: 'Already flagged', hidden_reason: 'Counterfeit goods' },
      { title: 'Too good to be true', hidden_reason: SUSPENDED_OWNER_REASON },
    ]);
    expect(
      await count(
        'moderation_decisions',
        sql`user_id = ${crook.id} and action = 'suspend' and decided_by = ${admin.id}`,
      ),
    ).toBe(1);

    const refused = await t.app.inject({
      method: 'POST',
      url: `/api/admin/users/${admin.id}/suspend`,
      headers: bearer(admin.adminToken),
      payload: { reason: 'Oops' },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      code: 'ADMIN_NOT_SUSPENDABLE',
      message: MODERATION_TEXTS.cannotSuspendAdmin,
    });
    expect(await count('moderation_decisions', sql`user_id = ${admin.id}`)).toBe(0);
  });

  it(`bounds reports at ${REPORTS_PER_DAY} a day per account`, async () => {
    const [busy] = await reporters(1);
    const hours = (n: number) => new Date(clock - n * 3_600_000).toISOString();
    // Twenty reports in the last day, on products of their own cases, as if sent through the API.
    await t.database.db.execute(sql`
      with listed as (
        insert into products (title, description, price_cents, category, condition, seller_id, seller_contact)
        select 'Reported ' || n, 'Reported in bulk for a test.', 10000, 'electronics', 'New', ${seller.id}, '0712345678'
        from generate_series(1, ${REPORTS_PER_DAY}) n returning id
      ),
      opened as (
        insert into moderation_cases (subject, subject_id, owner_id)
        select 'product', id, ${seller.id} from listed returning id
      )
      insert into reports (case_id, reporter_id, reason, created_at)
      select id, ${busy!.id}, 'spam', ${hours(23)}::timestamptz from opened`);
    const productId = await createProduct(t.database.db, seller.id);
    const refused = await report(busy!, 'product', productId);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'REPORT_LIMIT', message: MODERATION_TEXTS.tooManyReports });
    expect(await count('reports', sql`reporter_id = ${busy!.id}`)).toBe(REPORTS_PER_DAY);
  });
});
