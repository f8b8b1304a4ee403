import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ModerationQueue } from '@sokoni/contracts/moderation';
import type { Stay, StayAvailability, StayReview, StaySummary } from '@sokoni/contracts/stays';
import { STAY_MESSAGES } from '@sokoni/contracts/stays-rules';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { bearer, makeAdmin, registerUser, type RegisteredUser } from '../../../test/factories.js';
import { createStay, insertStayBooking } from '../../../test/stay-factories.js';

const MINUTE = 60 * 1000;
// 00:30 in Nairobi on 20 November 2026, still the 19th in UTC (21:30).
let clock = Date.parse('2026-11-19T21:30:00Z');
let t: TestApp;
let host: RegisteredUser;

beforeAll(async () => {
  t = await createTestApp({}, { now: () => clock });
  host = await registerUser(t.app, { name: 'Njeri Mwangi' });
});
afterAll(async () => t?.close());

const review = (stayId: string, body: object, token: string | null) =>
  t.app.inject({
    method: 'POST',
    url: `/api/stays/${stayId}/reviews`,
    headers: token ? bearer(token) : {},
    payload: body,
  });

const good = { rating: 5, comment: 'Lovely garden and a very kind host.' };

type Status = Parameters<typeof insertStayBooking>[1]['status'];
const book = (stay: Stay, guest: RegisteredUser, status: Status, startDate: string, endDate: string) =>
  insertStayBooking(t.database.db, {
    stayId: stay.id,
    guestId: guest.id,
    status,
    startDate,
    endDate,
    holdExpiresAt: status === 'held' ? new Date(clock + 10 * MINUTE) : undefined,
  });

describe('who may review a stay', () => {
  it('tells a visitor to log in, and answers 404 for a stay that does not exist', async () => {
    const stay = await createStay(t.app, host);
    const visitor = await review(stay.id, good, null);
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json()).toMatchObject({
      code: 'AUTH_REQUIRED',
      message: STAY_MESSAGES.reviewLoginRequired,
    });
    for (const id of ['00000000-0000-4000-8000-000000000000', 'nowhere']) {
      const response = await review(id, good, host.token);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ code: 'STAY_NOT_FOUND', message: STAY_MESSAGES.notFound });
    }
  });

  it('refuses anyone without a confirmed stay whose check-out has come: no booking, held, cancelled, check-out tomorrow', async () => {
    const stay = await createStay(t.app, host);
    const stranger = await registerUser(t.app);
    const holder = await registerUser(t.app);
    const canceller = await registerUser(t.app);
    const early = await registerUser(t.app);
    await book(stay, holder, 'held', '2026-11-16', '2026-11-18');
    await book(stay, canceller, 'cancelled', '2026-11-10', '2026-11-12');
    // Checks out tomorrow: the stay is not over yet.
    await book(stay, early, 'confirmed', '2026-11-19', '2026-11-21');
    for (const user of [stranger, holder, canceller, host]) {
      const response = await review(stay.id, good, user.token);
      expect(response.statusCode, user.email).toBe(403);
      expect(response.json()).toMatchObject({
        code: 'REVIEW_NOT_ELIGIBLE',
        message: STAY_MESSAGES.reviewNotEligible,
      });
    }
    const tooSoon = await review(stay.id, good, early.token);
    expect(tooSoon.statusCode).toBe(403);
    expect(tooSoon.json()).toMatchObject({
      code: 'REVIEW_NOT_YET',
      message: 'You can review after check-out on Sat, 21 Nov 2026.',
    });
    // Another stay's booking counts for nothing here.
    const elsewhere = await createStay(t.app, host);
    await book(elsewhere, stranger, 'confirmed', '2026-11-01', '2026-11-03');
    expect((await review(stay.id, good, stranger.token)).statusCode).toBe(403);
    const after = (await t.app.inject(`/api/stays/${stay.id}`)).json<Stay>();
    expect(after).toMatchObject({ rating: 0, reviewCount: 0, reviews: [] });
  });

  it('lets a guest review on their check-out day (in Nairobi), once per stay', async () => {
    const stay = await createStay(t.app, host);
    const guest = await registerUser(t.app, { name: 'Amina Hassan' });
    // Checks out on the 20th: today in Nairobi, though UTC is still on the 19th.
    await book(stay, guest, 'confirmed', '2026-11-17', '2026-11-20');
    const response = await review(stay.id, { rating: 4, comment: '  Quiet and clean.  ' }, guest.token);
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toEqual({
      id: expect.any(String),
      rating: 4,
      comment: 'Quiet and clean.',
      createdAt: new Date(clock).toISOString(),
      user: { name: 'Amina Hassan' },
    });
    const again = await review(stay.id, good, guest.token);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: 'ALREADY_REVIEWED',
      message: STAY_MESSAGES.reviewAlreadyWritten,
    });
    expect((await t.app.inject(`/api/stays/${stay.id}`)).json()).toMatchObject({ rating: 4, reviewCount: 1 });
  });

  it('takes one review per finished stay: a guest who came twice reviews twice', async () => {
    const stay = await createStay(t.app, host);
    const guest = await registerUser(t.app, { name: 'Baraka Otieno' });
    await book(stay, guest, 'confirmed', '2026-10-01', '2026-10-03');
    await book(stay, guest, 'confirmed', '2026-11-01', '2026-11-02');
    await book(stay, guest, 'confirmed', '2026-11-25', '2026-11-27'); // to come
    expect((await review(stay.id, { rating: 3, comment: 'First visit.' }, guest.token)).statusCode).toBe(201);
    clock += MINUTE;
    expect((await review(stay.id, { rating: 5, comment: 'Second visit.' }, guest.token)).statusCode).toBe(
      201,
    );
    // Both stays over are reviewed; the one to come opens its review at its check-out.
    const third = await review(stay.id, good, guest.token);
    expect(third.statusCode).toBe(403);
    expect(third.json()).toMatchObject({
      code: 'REVIEW_NOT_YET',
      message: STAY_MESSAGES.reviewAfterCheckOut('2026-11-27'),
    });
  });

  it("tells a signed-in caller with the stay's nights whether they may review it, in the words a review would be refused with", async () => {
    const stay = await createStay(t.app, host);
    const [stranger, early, guest] = await Promise.all([
      registerUser(t.app),
      registerUser(t.app),
      registerUser(t.app),
    ]);
    await book(stay, early, 'confirmed', '2026-11-19', '2026-11-21');
    await book(stay, guest, 'confirmed', '2026-11-05', '2026-11-08');
    const standing = async (user: RegisteredUser) => {
      const response = await t.app.inject({
        url: `/api/stays/${stay.id}/availability`,
        headers: bearer(user.token),
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<StayAvailability>().review;
    };
    const refused = (code: string, message: string) => ({ canReview: false, code, message });
    expect(await standing(stranger)).toEqual(refused('REVIEW_NOT_ELIGIBLE', STAY_MESSAGES.reviewNotEligible));
    expect(await standing(host)).toEqual(refused('REVIEW_NOT_ELIGIBLE', STAY_MESSAGES.reviewNotEligible));
    expect(await standing(early)).toEqual(
      refused('REVIEW_NOT_YET', STAY_MESSAGES.reviewAfterCheckOut('2026-11-21')),
    );
    expect(await standing(guest)).toEqual({ canReview: true, code: null, message: null });
    expect((await review(stay.id, good, guest.token)).statusCode).toBe(201);
    expect(await standing(guest)).toEqual(refused('ALREADY_REVIEWED', STAY_MESSAGES.reviewAlreadyWritten));
    // The stay's public answer carries nobody's standing.
    expect(Object.keys((await t.app.inject(`/api/stays/${stay.id}`)).json<Stay>())).not.toContain('review');
  });

  it('lets one of two simultaneous reviews of the same stay in, and refuses the other with 409', async () => {
    const stay = await createStay(t.app, host);
    const guest = await registerUser(t.app);
    await book(stay, guest, 'confirmed', '2026-11-05', '2026-11-08');
    const responses = await Promise.all(
      Array.from({ length: 4 }, (_, index) =>
        review(stay.id, { rating: 1 + index, comment: 'Hi' }, guest.token),
      ),
    );
    expect(responses.map((response) => response.statusCode).sort()).toEqual([201, 409, 409, 409]);
    const after = (await t.app.inject(`/api/stays/${stay.id}`)).json<Stay>();
    expect(after.reviewCount).toBe(1);
    expect(after.reviews).toHaveLength(1);
    expect(after.rating).toBe(after.reviews[0]?.rating);
  });

  it('words a missing or out-of-range rating and an empty comment', async () => {
    const stay = await createStay(t.app, host);
    const guest = await registerUser(t.app);
    await book(stay, guest, 'confirmed', '2026-11-05', '2026-11-08');
    const cases: Array<[object, string]> = [
      [{ comment: 'Nice' }, STAY_MESSAGES.reviewRating],
      [{ rating: 0, comment: 'Nice' }, STAY_MESSAGES.reviewRating],
      [{ rating: 6, comment: 'Nice' }, STAY_MESSAGES.reviewRating],
      [{ rating: 3.5, comment: 'Nice' }, STAY_MESSAGES.reviewRating],
      [{ rating: 4 }, STAY_MESSAGES.reviewCommentRequired],
      [{ rating: 4, comment: '   ' }, STAY_MESSAGES.reviewCommentRequired],
      [{ rating: 4, comment: 'x'.repeat(2001) }, STAY_MESSAGES.reviewCommentTooLong],
    ];
    for (const [body, message] of cases) {
      const response = await review(stay.id, body, guest.token);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().message, JSON.stringify(body)).toBe(message);
    }
  });
});

describe("a stay's rating", () => {
  it('is the mean of its reviews to one decimal, recomputed with each, reviews newest first', async () => {
    const stay = await createStay(t.app, host, { title: `Rated cottage ${clock}` });
    const ratings = [5, 4, 4];
    const names = ['Achieng Odhiambo', 'Kiprop Kosgei', 'Wambui Njeri'];
    const written: StayReview[] = [];
    for (const [index, rating] of ratings.entries()) {
      const guest = await registerUser(t.app, { name: names[index] });
      await book(stay, guest, 'confirmed', `2026-10-0${index * 3 + 1}`, `2026-10-0${index * 3 + 3}`);
      clock += MINUTE;
      const response = await review(stay.id, { rating, comment: `Stay ${index + 1}` }, guest.token);
      expect(response.statusCode, response.body).toBe(201);
      written.push(response.json<StayReview>());
    }
    const detail = (await t.app.inject(`/api/stays/${stay.id}`)).json<Stay>();
    expect(detail).toMatchObject({ rating: 4.3, reviewCount: 3 });
    expect(detail.reviews).toEqual([...written].reverse());
    expect(detail.reviews.map((item) => item.user.name)).toEqual([...names].reverse());
    const [listed] = (await t.app.inject(`/api/stays?q=${encodeURIComponent(stay.title)}`)).json<
      StaySummary[]
    >();
    expect(listed).toMatchObject({ rating: 4.3, reviewCount: 3 });
  });

  it('leaves a review moderators hid off the page for all but its author, who sees it where it was, with the reason', async () => {
    const stay = await createStay(t.app, host, { title: `Reported cottage ${clock}` });
    const guests: RegisteredUser[] = [];
    const written: StayReview[] = [];
    for (const [index, rating] of [5, 1, 3].entries()) {
      const guest = await registerUser(t.app);
      await book(stay, guest, 'confirmed', `2026-10-0${index * 3 + 1}`, `2026-10-0${index * 3 + 3}`);
      clock += MINUTE;
      const response = await review(stay.id, { rating, comment: `Stay ${index + 1}` }, guest.token);
      expect(response.statusCode, response.body).toBe(201);
      guests.push(guest);
      written.push(response.json<StayReview>());
    }
    const pageFor = async (user?: RegisteredUser) =>
      (
        await t.app.inject({ url: `/api/stays/${stay.id}`, headers: user ? bearer(user.token) : {} })
      ).json<Stay>();
    // Kept now, and then hidden through moderation.
    expect((await pageFor()).reviews).toEqual([...written].reverse());
    const admin = await registerUser(t.app);
    const adminToken = await makeAdmin(t.app, t.database.db, admin);
    const reported = await t.app.inject({
      method: 'POST',
      url: '/api/reports',
      headers: bearer(host.token),
      payload: { subject: 'stay_review', subjectId: written[1]!.id, reason: 'offensive' },
    });
    expect(reported.statusCode, reported.body).toBe(201);
    const queue = await t.app.inject({ url: '/api/admin/reports', headers: bearer(adminToken) });
    const found = queue.json<ModerationQueue>().items.find((item) => item.subjectId === written[1]!.id);
    const hidden = await t.app.inject({
      method: 'POST',
      url: `/api/admin/reports/${found!.id}/resolve`,
      headers: bearer(adminToken),
      payload: { action: 'hide', reason: 'Insults the host' },
    });
    expect(hidden.statusCode, hidden.body).toBe(200);

    const shown = [written[2], written[0]];
    expect(await pageFor()).toMatchObject({ rating: 4, reviewCount: 2, reviews: shown });
    expect((await pageFor(host)).reviews).toEqual(shown);
    expect((await pageFor(guests[0])).reviews).toEqual(shown);
    expect((await pageFor(guests[1])).reviews).toEqual([
      written[2],
      { ...written[1], moderation: { hiddenReason: 'Insults the host' } },
      written[0],
    ]);
  });
});
