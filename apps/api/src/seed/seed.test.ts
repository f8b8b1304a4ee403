import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Event, TicketWithEvent } from '@sokoni/contracts/events';
import { EVENT_CATEGORIES } from '@sokoni/contracts/events-rules';
import { STAY_MAX_NIGHTS, nairobiToday } from '@sokoni/contracts/stays-rules';
import type { Course, CourseSummary, InstructorCourse, MyCourse } from '@sokoni/contracts/courses';
import { createTestApp, queryRows, type TestApp } from '../../test/test-app.js';
import { bearer } from '../../test/factories.js';
import { SAME_SHAPE_BELOW, shapeDistance, shapeOf } from '../../test/picture-shape.js';
import { DEMO_PASSWORD, DEMO_USERS } from './accounts.js';
import { SAMPLE_PRODUCTS } from './catalogue.js';
import { SAMPLE_COURSES } from './course-catalogue.js';
import { SAMPLE_EVENTS } from './events.js';
import { SAMPLE_STAYS } from './stays.js';
import type { Subject } from './subjects.js';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ seed: 'sample' });
});
afterAll(async () => t?.close());

const total = async (url: string) => Number((await t.app.inject(url)).headers['x-total-count']);

describe('the sample data', () => {
  it('lists at least 60 products across the categories, some featured, some trending, some reviewed', async () => {
    expect(await total('/api/products?limit=1')).toBeGreaterThanOrEqual(60);
    expect(await total('/api/products?limit=1&featured=true')).toBeGreaterThan(8);
    expect(await total('/api/products?limit=1&trending=true')).toBeGreaterThanOrEqual(5);
    const facets = (await t.app.inject('/api/products/facets')).json();
    expect(facets.categories.length).toBe(22);
    const reviewed = (await t.app.inject('/api/products?limit=100'))
      .json()
      .filter((p: { reviewCount: number }) => p.reviewCount > 0);
    expect(reviewed.length).toBeGreaterThan(10);
  });

  it("includes the 'E-book1' product with its discount, and serves every product's generated image", async () => {
    const [ebook] = (await t.app.inject('/api/products?q=E-book1')).json();
    expect(ebook).toMatchObject({ title: 'E-book1', price: 450, originalPrice: 900, discount: 50 });
    const image = await t.app.inject(ebook.image[0]);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');
    expect(image.rawPayload.length).toBeLessThan(20_000);
  });

  it('has three groups and a dozen threads across the categories, with nested, upvoted replies', async () => {
    expect((await t.app.inject('/api/community/groups')).json()).toHaveLength(3);
    const threads = (await t.app.inject('/api/community/threads?limit=100')).json();
    expect(threads).toHaveLength(12);
    expect(new Set(threads.map((thread: { category: string }) => thread.category)).size).toBe(4);
    const withReplies = threads.find((thread: { title: string }) =>
      thread.title.startsWith('Best maize seed'),
    );
    const detail = (await t.app.inject(`/api/community/threads/${withReplies.id}`)).json();
    expect(
      detail.replies.some((reply: { parentReplyId: string | null }) => reply.parentReplyId !== null),
    ).toBe(true);
    expect(Math.max(...detail.replies.map((reply: { upvotes: number }) => reply.upvotes))).toBe(3);
  });

  it('has a dozen events across the five categories: some free, one sold out, one past', async () => {
    const upcoming = (await t.app.inject('/api/events?limit=100')).json<Event[]>();
    const all = await t.app.inject('/api/events?limit=100&past=true');
    expect(all.headers['x-total-count']).toBe('12');
    const events = all.json<Event[]>();
    expect(new Set(events.map((event) => event.category))).toEqual(new Set(EVENT_CATEGORIES));
    expect(events.filter((event) => event.price === 0).length).toBeGreaterThanOrEqual(2);
    expect(new Set(events.map((event) => event.location.split(', ').at(-1))).size).toBeGreaterThanOrEqual(8);

    const past = events.filter((event) => Date.parse(event.date) < Date.now());
    expect(past).toHaveLength(1);
    expect(upcoming).toHaveLength(11);
    expect(upcoming.map((event) => event.id)).not.toContain(past[0]?.id);

    const soldOut = events.filter((event) => event.ticketsAvailable === 0);
    expect(soldOut).toHaveLength(1);
    const detail = (await t.app.inject(`/api/events/${soldOut[0]?.id}`)).json<Event>();
    expect(detail).toMatchObject({ ticketsAvailable: 0, capacity: soldOut[0]?.capacity });

    const image = await t.app.inject(detail.image);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');
  });

  it("gives every demo account tickets, with real ticket IDs; the past event's were checked in", async () => {
    const tickets: TicketWithEvent[] = [];
    for (const demo of DEMO_USERS) {
      const login = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: demo.email, password: DEMO_PASSWORD },
      });
      const mine = (
        await t.app.inject({ url: '/api/tickets/mine', headers: bearer(login.json().access_token) })
      ).json<TicketWithEvent[]>();
      expect(mine.length, demo.key).toBeGreaterThan(0);
      tickets.push(...mine);
    }
    for (const ticket of tickets) expect(ticket.id).toMatch(/^tkt_[a-f0-9]{32}$/);
    const atThePastEvent = tickets.filter((ticket) => Date.parse(ticket.event.date) < Date.now());
    expect(atThePastEvent.some((ticket) => ticket.checkedInAt !== null)).toBe(true);
  });

  it('has a dozen stays across Kenya with photos, amenities where they belong, and one above KES 20,000', async () => {
    const stays = await queryRows<{
      location: string;
      price_per_night_cents: string;
      images: string[];
      amenities: string[];
      calendar_token: string;
    }>(
      t.database.db,
      sql`select location, price_per_night_cents, images, amenities, calendar_token from stays`,
    );
    expect(stays).toHaveLength(12);
    expect(await total('/api/stays?limit=1')).toBe(12);
    expect(await total('/api/stays?limit=1&maxPrice=20000')).toBe(11);
    expect(new Set(stays.map((stay) => stay.location.split(', ').at(-1))).size).toBeGreaterThanOrEqual(9);
    const prices = stays.map((stay) => Number(stay.price_per_night_cents) / 100);
    expect(prices.filter((price) => price > 20_000)).toHaveLength(1);
    for (const price of prices.filter((price) => price <= 20_000)) {
      expect(price).toBeGreaterThanOrEqual(2500);
      expect(price).toBeLessThanOrEqual(18_000);
    }
    for (const stay of stays) {
      expect(stay.images.length, stay.location).toBeGreaterThanOrEqual(2);
      expect(stay.images.length, stay.location).toBeLessThanOrEqual(4);
      expect(stay.calendar_token).toMatch(/^[a-f0-9]{32}$/);
      if (stay.amenities.includes('Private Beach')) expect(stay.location).toMatch(/, (Kwale|Kilifi|Lamu)$/);
      for (const image of stay.images) {
        const served = await t.app.inject(image);
        expect(served.statusCode, image).toBe(200);
        expect(served.headers['content-type']).toBe('image/webp');
        expect(served.rawPayload.length).toBeLessThan(20_000);
      }
    }
    expect(new Set(stays.flatMap((stay) => stay.amenities)).size).toBeGreaterThanOrEqual(8);
  });

  it("keeps the stays' bookings apart, priced as booked, and their ratings the sum of their reviews", async () => {
    const db = t.database.db;
    const today = nairobiToday(Date.now());
    const overlaps = await queryRows(
      db,
      sql`select 1 from stay_bookings a join stay_bookings b on a.stay_id = b.stay_id and a.id < b.id
          where a.status in ('held', 'confirmed', 'blocked') and b.status in ('held', 'confirmed', 'blocked')
            and daterange(a.start_date, a.start_date + a.nights) && daterange(b.start_date, b.start_date + b.nights)`,
    );
    expect(overlaps).toEqual([]);
    const bookings = await queryRows<{ status: string; nights: number; fair: boolean; own: boolean }>(
      db,
      sql`select b.status, b.nights, b.amount_cents = b.nights * s.price_per_night_cents
                   and b.price_per_night_cents = s.price_per_night_cents as fair,
                 b.guest_id is not distinct from s.host_id as own
          from stay_bookings b join stays s on s.id = b.stay_id`,
    );
    const byStatus = (status: string) => bookings.filter((booking) => booking.status === status);
    expect(byStatus('confirmed').length).toBeGreaterThanOrEqual(30);
    expect(byStatus('blocked').length).toBeGreaterThanOrEqual(2);
    expect(byStatus('held')).toEqual([]);
    for (const booking of bookings) {
      expect(booking.nights).toBeGreaterThanOrEqual(1);
      expect(booking.nights).toBeLessThanOrEqual(STAY_MAX_NIGHTS);
      expect(booking.own).toBe(false);
      if (booking.status !== 'blocked') expect(booking.fair).toBe(true);
    }

    const ratings = await queryRows<{ rating_sum: number; review_count: number; sum: number; count: number }>(
      db,
      sql`select s.rating_sum, s.review_count, coalesce(sum(r.rating), 0)::int as sum, count(r.id)::int as count
          from stays s left join stay_reviews r on r.stay_id = s.id group by s.id`,
    );
    for (const stay of ratings) expect([stay.rating_sum, stay.review_count]).toEqual([stay.sum, stay.count]);
    expect(ratings.filter((stay) => stay.review_count > 0).length).toBeGreaterThanOrEqual(10);

    // Each review is its guest's, of a confirmed stay there that has ended, written after check-out.
    const reviews = await queryRows<{ eligible: boolean }>(
      db,
      sql`select b.status = 'confirmed' and b.stay_id = r.stay_id and b.guest_id = r.user_id
                   and b.end_date < ${today}::date and r.created_at > b.end_date as eligible
          from stay_reviews r join stay_bookings b on b.id = r.booking_id`,
    );
    expect(reviews.length).toBeGreaterThanOrEqual(12);
    expect(reviews.every((review) => review.eligible)).toBe(true);
  });

  it('lets every demo account host a stay with bookings ahead and go back over a past trip', async () => {
    const db = t.database.db;
    const today = nairobiToday(Date.now());
    for (const demo of DEMO_USERS) {
      const [account] = await queryRows<{
        hosted_ahead: number;
        trips_past: number;
        to_review: number;
      }>(
        db,
        sql`select
              (select count(*)::int from stay_bookings b join stays s on s.id = b.stay_id
                where s.host_id = u.id and b.status = 'confirmed' and b.start_date >= ${today}::date) as hosted_ahead,
              (select count(*)::int from stay_bookings b
                where b.guest_id = u.id and b.status = 'confirmed' and b.end_date < ${today}::date) as trips_past,
              (select count(*)::int from stay_bookings b
                where b.guest_id = u.id and b.status = 'confirmed' and b.end_date < ${today}::date
                  and not exists (select 1 from stay_reviews r where r.booking_id = b.id)) as to_review
            from users u where u.email = ${demo.email}`,
      );
      expect(account?.hosted_ahead, demo.key).toBeGreaterThan(0);
      expect(account?.trips_past, demo.key).toBeGreaterThan(0);
      if (demo.key !== 'admin') expect(account?.to_review, demo.key).toBeGreaterThan(0);
    }
  });

  it('has eight courses in six categories and one uncategorized, free and paid, with video, PDF and text lessons, one locked', async () => {
    const list = await t.app.inject('/api/courses?limit=100');
    expect(list.headers['x-total-count']).toBe('8');
    const summaries = list.json<CourseSummary[]>();
    expect(summaries.filter((course) => course.price === 0).length).toBeGreaterThanOrEqual(3);
    expect(summaries.filter((course) => course.price > 0).length).toBeGreaterThanOrEqual(3);
    expect((await t.app.inject('/api/courses/categories')).json()).toEqual([
      'Agriculture',
      'Business',
      'Languages',
      'Marketing',
      'Photography',
      'Technology',
      'Uncategorized',
    ]);
    const courses = await Promise.all(
      summaries.map(async (summary) => (await t.app.inject(`/api/courses/${summary.id}`)).json<Course>()),
    );
    const lessons = courses.flatMap((course) => course.lessons);
    expect(new Set(lessons.map((lesson) => lesson.contentType))).toEqual(new Set(['video', 'pdf', 'text']));
    expect(lessons.filter((lesson) => lesson.locked)).toHaveLength(1);
    for (const course of courses) {
      expect(course.lessonCount, course.title).toBe(course.lessons.length);
      expect(course.duration, course.title).toBe(
        course.lessons.reduce((sum, lesson) => sum + lesson.duration, 0),
      );
      const image = await t.app.inject(course.image);
      expect(image.headers['content-type'], course.title).toBe('image/webp');
    }
    // A video lesson's preview plays: its signed address serves the sample video, by ranges.
    const preview = courses
      .flatMap((course) => course.lessons)
      .find((lesson) => lesson.preview && lesson.contentType === 'video');
    const video = await t.app.inject({ url: preview!.contentUrl!, headers: { range: 'bytes=0-99' } });
    expect(video.statusCode).toBe(206);
    expect(video.headers['content-type']).toBe('video/mp4');
    expect(video.rawPayload.subarray(4, 8).toString('latin1')).toBe('ftyp');
  });

  it('enrols Amina in two courses, one finished with a certificate in her name; she and Brian teach', async () => {
    const tokenOf = async (email: string) =>
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { email, password: DEMO_PASSWORD },
        })
      ).json<{ access_token: string }>().access_token;
    const amina = await tokenOf('amina@sokoni.co.ke');
    const mine = (await t.app.inject({ url: '/api/me/courses', headers: bearer(amina) })).json<MyCourse[]>();
    expect(mine.map((course) => [course.title, course.enrollment.progress])).toEqual(
      expect.arrayContaining([
        ['Kitchen Garden Farming in Small Spaces', 40],
        ['Conversational Swahili for Visitors', 100],
      ]),
    );
    expect(mine).toHaveLength(2);
    const finished = mine.find((course) => course.enrollment.progress === 100)!;
    expect(finished.enrollment.certificate).toMatchObject({
      learnerName: 'Amina Wanjiru',
      courseTitle: 'Conversational Swahili for Visitors',
      instructorName: 'Hassan Abdi',
    });
    const code = finished.enrollment.certificate!.verificationCode;
    expect((await t.app.inject(`/api/certificates/${code}`)).statusCode).toBe(200);
    const teaching = (await t.app.inject({ url: '/api/instructor/courses', headers: bearer(amina) })).json<
      InstructorCourse[]
    >();
    expect(teaching.map((course) => course.title)).toEqual(['Product Photography with Your Phone']);
    const brian = await tokenOf('brian@sokoni.co.ke');
    const brians = (await t.app.inject({ url: '/api/instructor/courses', headers: bearer(brian) })).json<
      InstructorCourse[]
    >();
    expect(brians).toHaveLength(2);
    expect(brians.find((course) => course.price > 0)).toMatchObject({
      enrolledCount: 3,
      completions: 2,
      completionRate: 67,
      revenue: 4500,
    });
  });

  it('draws every sample picture here, small, each kind of thing in a shape of its own whatever its colours', async () => {
    const subjects = new Map<string, Subject[]>([
      ...SAMPLE_PRODUCTS.map((p): [string, Subject[]] => [
        `product ${p.title}`,
        Array(p.images ?? 1).fill(p.subject),
      ]),
      ...SAMPLE_EVENTS.map((e): [string, Subject[]] => [`event ${e.title}`, [e.subject]]),
      ...SAMPLE_STAYS.map((s): [string, Subject[]] => [`stay ${s.title}`, s.images]),
      ...SAMPLE_COURSES.map((c): [string, Subject[]] => [`course ${c.title}`, [c.subject]]),
    ]);
    const records = await queryRows<{ record: string; images: string[] }>(
      t.database.db,
      sql`select 'product ' || title as record, images from products
          union all select 'event ' || title, array[image] from events
          union all select 'stay ' || title, images from stays
          union all select 'course ' || title, array[image] from courses`,
    );
    const pictures: Array<{ name: string; subject: Subject | undefined; shape: Uint8Array }> = [];
    for (const { record, images } of records) {
      for (const [n, image] of images.entries()) {
        expect(image, record).toMatch(/^\/api\/uploads\/sample\/[a-f0-9]{32}\.webp$/);
        const served = await t.app.inject(image);
        expect(served.headers['content-type'], record).toBe('image/webp');
        expect(served.rawPayload.length, record).toBeLessThan(12_000);
        const subject = subjects.get(record)?.[n];
        pictures.push({
          name: `${record} #${n} (${subject})`,
          subject,
          shape: await shapeOf(served.rawPayload),
        });
      }
    }
    expect(pictures.length).toBeGreaterThan(130);
    expect(pictures.filter((picture) => picture.subject === undefined)).toEqual([]);
    // A subject is one kind of thing: no other shop category's goods share it.
    const categories = new Map<Subject, Set<string>>();
    for (const product of SAMPLE_PRODUCTS) {
      categories.set(product.subject, (categories.get(product.subject) ?? new Set()).add(product.category));
    }
    expect([...categories].filter(([, shared]) => shared.size > 1)).toEqual([]);
    expect(categories.size).toBeGreaterThanOrEqual(55);

    const alike: string[] = [];
    for (const [i, a] of pictures.entries()) {
      for (const b of pictures.slice(i + 1)) {
        if (a.subject !== b.subject && shapeDistance(a.shape, b.shape) < SAME_SHAPE_BELOW)
          alike.push(`${a.name} ~ ${b.name}`);
      }
    }
    expect(alike).toEqual([]);
  });

  it("keeps every course's figures true: learners counted, ratings only by learners, certificates only for those who finished", async () => {
    expect(
      await queryRows(
        t.database.db,
        sql`select c.title from courses c
            where c.enrolled_count <> (select count(*) from course_enrollments e where e.course_id = c.id)
               or c.rating_count <> (select count(*) from course_ratings r where r.course_id = c.id)
               or c.rating_sum <> (select coalesce(sum(r.rating), 0) from course_ratings r where r.course_id = c.id)
               or exists (select 1 from course_ratings r where r.course_id = c.id and not exists
                    (select 1 from course_enrollments e where e.course_id = c.id and e.user_id = r.user_id))
               or exists (select 1 from course_enrollments e where e.course_id = c.id and
                    (e.completed_at is not null) <> exists (select 1 from course_certificates k
                      where k.course_id = c.id and k.user_id = e.user_id))
               or exists (select 1 from course_enrollments e where e.course_id = c.id and e.completed_at is not null and
                    (select count(*) from lesson_completions l where l.course_id = c.id and l.user_id = e.user_id)
                    <> (select count(*) from course_lessons l where l.course_id = c.id))`,
      ),
    ).toEqual([]);
  });
});
