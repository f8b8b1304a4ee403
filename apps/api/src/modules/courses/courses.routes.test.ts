import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Course, CourseSummary } from '@sokoni/contracts/courses';
import { COURSE_MESSAGES, UNCATEGORIZED, UNKNOWN_INSTRUCTOR } from '@sokoni/contracts/courses-rules';
import {
  SAMPLE_COURSE_IMAGE,
  addLesson,
  courseBody,
  createCourse,
  createCourseWithLessons,
  createPublishedCourse,
  enrol,
  initializeCoursePayment,
  publishCourse,
} from '../../../test/course-factories.js';
import { bearer, registerUser, uploadImage, type RegisteredUser } from '../../../test/factories.js';
import { createTestApp, queryRows, type TestApp } from '../../../test/test-app.js';

const HOUR = 60 * 60 * 1000;
// 09:00 in Nairobi on 20 November 2026.
let clock = Date.parse('2026-11-20T06:00:00Z');
let t: TestApp;
let instructor: RegisteredUser;
let other: RegisteredUser;
let learner: RegisteredUser;

beforeAll(async () => {
  t = await createTestApp({}, { now: () => clock });
  instructor = await registerUser(t.app, { name: 'Grace Wanjiru' });
  other = await registerUser(t.app, { name: 'Otieno Ouma' });
  learner = await registerUser(t.app, { name: 'Amina Hassan' });
});
afterAll(async () => t?.close());

const post = (body: object, token: string | null = instructor.token) =>
  t.app.inject({ method: 'POST', url: '/api/courses', headers: token ? bearer(token) : {}, payload: body });

const put = (id: string, body: object, token: string | null = instructor.token) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/courses/${id}`,
    headers: token ? bearer(token) : {},
    payload: body,
  });

async function listed(query: string): Promise<{ titles: string[]; total: string | undefined }> {
  const response = await t.app.inject(`/api/courses?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return {
    titles: response.json<CourseSummary[]>().map((course) => course.title),
    total: response.headers['x-total-count'] as string | undefined,
  };
}

/** A new instructor of the test's own, so the list can be narrowed to their courses. */
const newInstructor = (name = 'Grace Wanjiru') => registerUser(t.app, { name });

/** Published courses of one instructor, each with one 15-minute lesson, created a minute apart (the later, the newer). */
async function coursesOf(teacher: RegisteredUser, bodies: Array<Record<string, unknown>>) {
  const created: Course[] = [];
  for (const body of bodies) {
    clock += 60_000;
    created.push(await createPublishedCourse(t.app, teacher, body));
  }
  return created;
}

describe('the catalogue', () => {
  it('lists courses newest first, each with its lessons, length, learners and rating', async () => {
    const teacher = await newInstructor();
    const [older] = await coursesOf(teacher, [
      { title: 'Older course', price: 2500 },
      { title: 'Newer course' },
    ]);
    await addLesson(t.app, teacher, older!.id, { duration: 45 });
    await addLesson(t.app, teacher, older!.id, { duration: 105 });
    await enrol(t.app, learner, (await coursesOf(teacher, [{ title: 'Newest course' }]))[0]!.id);

    const response = await t.app.inject(`/api/courses?instructor=${teacher.id}`);
    expect(response.headers['x-total-count']).toBe('3');
    const items = response.json<CourseSummary[]>();
    expect(items.map((course) => course.title)).toEqual(['Newest course', 'Newer course', 'Older course']);
    expect(items[0]).toMatchObject({ enrolledCount: 1, lessonCount: 1, duration: 15 });
    expect(items[2]).toEqual({
      id: older!.id,
      title: 'Older course',
      description: 'Raise healthy layers and broilers on a small plot.',
      image: SAMPLE_COURSE_IMAGE,
      price: 2500,
      category: 'Agriculture',
      rating: 0,
      ratingCount: 0,
      enrolledCount: 0,
      duration: 165,
      level: 'Beginner',
      language: 'English',
      lessonCount: 3,
      instructorId: teacher.id,
      instructor: { name: 'Grace Wanjiru', title: 'Poultry farmer, Kiambu', avatar: null },
      createdAt: older!.createdAt,
      publishedAt: older!.createdAt,
    });
  });

  it("finds courses by a piece of the title or the instructor's name, in any case", async () => {
    const teacher = await newInstructor();
    await coursesOf(teacher, [
      { title: 'Beekeeping basics', instructorName: 'Mary Achieng' },
      { title: 'Tomato GREENHOUSES', instructorName: 'Peter Kamau' },
      { title: 'Dairy goats', instructorName: 'Beatrice Njoki' },
    ]);
    const mine = `instructor=${teacher.id}`;
    expect((await listed(`${mine}&q=greenhouse`)).titles).toEqual(['Tomato GREENHOUSES']);
    expect((await listed(`${mine}&q=ACHIENG`)).titles).toEqual(['Beekeeping basics']);
    expect((await listed(`${mine}&q=BE`)).titles).toEqual(['Dairy goats', 'Beekeeping basics']);
    // Not across the two fields: the title's end and the name's start are not one text.
    expect((await listed(`${mine}&q=${encodeURIComponent('goats Beatrice')}`)).titles).toEqual([]);
  });

  it('takes % and _ in a search as themselves', async () => {
    const teacher = await newInstructor();
    await coursesOf(teacher, [
      { title: '100% organic compost' },
      { title: 'Maize_2026 season' },
      { title: 'Maize' },
    ]);
    const mine = `instructor=${teacher.id}`;
    expect((await listed(`${mine}&q=${encodeURIComponent('100%')}`)).titles).toEqual([
      '100% organic compost',
    ]);
    expect((await listed(`${mine}&q=${encodeURIComponent('%')}`)).titles).toEqual(['100% organic compost']);
    expect((await listed(`${mine}&q=${encodeURIComponent('e_2')}`)).titles).toEqual(['Maize_2026 season']);
  });

  it('combines the search with a category; Uncategorized lists the courses without one', async () => {
    const teacher = await newInstructor();
    const [, , bare] = await coursesOf(teacher, [
      { title: 'Farm accounts', category: 'Finance' },
      { title: 'Farm machinery', category: 'Agriculture' },
      { title: 'Farm safety' },
    ]);
    await t.database.db.execute(sql`update courses set category = null where id = ${bare!.id}`);
    const mine = `instructor=${teacher.id}`;
    expect((await listed(`${mine}&q=farm&category=Finance`)).titles).toEqual(['Farm accounts']);
    expect((await listed(`${mine}&category=${UNCATEGORIZED}`)).titles).toEqual(['Farm safety']);
    expect((await listed(`${mine}&q=machinery&category=${UNCATEGORIZED}`)).titles).toEqual([]);
    const page = (await t.app.inject(`/api/courses/${bare!.id}`)).json<Course>();
    expect(page.category).toBeNull();
  });

  it('pages the list, saying how many there are in X-Total-Count', async () => {
    const teacher = await newInstructor();
    await coursesOf(
      teacher,
      ['One', 'Two', 'Three', 'Four', 'Five'].map((title) => ({ title })),
    );
    const mine = `instructor=${teacher.id}`;
    expect(await listed(`${mine}&limit=2`)).toEqual({ titles: ['Five', 'Four'], total: '5' });
    expect(await listed(`${mine}&limit=2&offset=4`)).toEqual({ titles: ['One'], total: '5' });
    const tooMany = await t.app.inject(`/api/courses?limit=101`);
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().code).toBe('VALIDATION_FAILED');
  });

  it('refuses a search of more than 100 characters', async () => {
    const response = await t.app.inject(`/api/courses?q=${'a'.repeat(101)}`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED', message: 'Search text is too long.' });
  });
});

describe('the categories', () => {
  it('lists the categories A–Z, then Uncategorized once a course has none', async () => {
    const own = await createTestApp();
    try {
      const teacher = await registerUser(own.app);
      expect((await own.app.inject('/api/courses/categories')).json()).toEqual([]);
      for (const category of ['Technology', 'Agriculture', 'Business', 'Agriculture']) {
        await createPublishedCourse(own.app, teacher, { category });
      }
      // A draft's category is no one's to browse yet.
      await createCourse(own.app, teacher, { category: 'Finance' });
      expect((await own.app.inject('/api/courses/categories')).json()).toEqual([
        'Agriculture',
        'Business',
        'Technology',
      ]);
      const bare = await createPublishedCourse(own.app, teacher, { category: 'Design' });
      await own.database.db.execute(sql`update courses set category = null where id = ${bare.id}`);
      expect((await own.app.inject('/api/courses/categories')).json()).toEqual([
        'Agriculture',
        'Business',
        'Technology',
        UNCATEGORIZED,
      ]);
    } finally {
      await own.close();
    }
  });
});

describe("a course's page", () => {
  it("is the same for everyone, with only the first lesson's content as its preview", async () => {
    const { course, lessons } = await createCourseWithLessons(t.app, instructor, [
      'Welcome',
      'Housing',
      'Feeding',
    ]);
    await enrol(t.app, learner, course.id);
    const visitor = await t.app.inject(`/api/courses/${course.id}`);
    expect(visitor.statusCode).toBe(200);
    const page = visitor.json<Course>();
    for (const token of [learner.token, instructor.token, other.token]) {
      const seen = await t.app.inject({ url: `/api/courses/${course.id}`, headers: bearer(token) });
      expect(seen.json()).toEqual(page);
    }
    expect(page.lessons).toEqual([
      { ...lessons[0], locked: false, preview: true },
      { ...lessons[1], contentUrl: null, preview: false },
      { ...lessons[2], contentUrl: null, preview: false },
    ]);
    expect(page.lessons[0]?.contentUrl).toBe('Kienyeji, layers or broilers: what each needs and gives.');
    expect(page).toMatchObject({
      objectives: ['Build a chicken house', 'Vaccinate a flock'],
      instructor: {
        name: 'Grace Wanjiru',
        title: 'Poultry farmer, Kiambu',
        avatar: null,
        bio: 'Twenty years of layers and broilers.',
      },
      lessonCount: 3,
      duration: 45,
      enrolledCount: 1,
    });
  });

  it("locks a lesson until its release day begins in Nairobi, and keeps a locked first lesson's content back", async () => {
    const course = await createCourse(t.app, instructor);
    const first = await addLesson(t.app, instructor, course.id, { releaseDate: '2026-11-21' });
    await addLesson(t.app, instructor, course.id, { releaseDate: '2026-11-20' });
    await addLesson(t.app, instructor, course.id, { releaseDate: null });
    await publishCourse(t.app, instructor, course.id);
    const lessonsAt = async (moment: string) => {
      clock = Date.parse(moment);
      return (await t.app.inject(`/api/courses/${course.id}`))
        .json<Course>()
        .lessons.map(({ locked, preview, contentUrl }) => ({
          locked,
          preview,
          content: contentUrl !== null,
        }));
    };
    // 23:59:58 on the 20th in Nairobi, then midnight: the page kept two seconds ago is no longer today's.
    expect(await lessonsAt('2026-11-20T20:59:58Z')).toEqual([
      { locked: true, preview: false, content: false },
      { locked: false, preview: false, content: false },
      { locked: false, preview: false, content: false },
    ]);
    expect(await lessonsAt('2026-11-20T21:00:00Z')).toEqual([
      { locked: false, preview: true, content: true },
      { locked: false, preview: false, content: false },
      { locked: false, preview: false, content: false },
    ]);
    expect(first.releaseDate).toBe('2026-11-21');
  });

  it("answers the preview's own file with a signed address, and an https:// one as it is", async () => {
    const course = await createCourse(t.app, instructor);
    const video = await addLesson(t.app, instructor, course.id, {
      contentType: 'video',
      contentUrl: 'https://videos.example.com/welcome.mp4',
    });
    await publishCourse(t.app, instructor, course.id);
    expect((await t.app.inject(`/api/courses/${course.id}`)).json<Course>().lessons[0]?.contentUrl).toBe(
      'https://videos.example.com/welcome.mp4',
    );
    const own = `/api/course-media/${'a'.repeat(32)}.mp4`;
    await t.database.db.execute(sql`update course_lessons set content_url = ${own} where id = ${video.id}`);
    // A row written by SQL is announced by no write: the clock moves past the page's cache.
    clock += 5_001;
    const signed = (await t.app.inject(`/api/courses/${course.id}`)).json<Course>().lessons[0]?.contentUrl;
    expect(signed).toMatch(new RegExp(`^${own}\\?expires=\\d+&signature=[\\w-]+$`));
  });

  it('is kept a few seconds: a phone holding it gets 304, and edits, lessons, learners and ratings show at once', async () => {
    const course = await createPublishedCourse(t.app, instructor, { price: 0, title: 'Kienyeji chicken' });
    const first = await t.app.inject(`/api/courses/${course.id}`);
    const again = await t.app.inject({
      url: `/api/courses/${course.id}`,
      headers: { 'if-none-match': String(first.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const page = async () => (await t.app.inject(`/api/courses/${course.id}`)).json<Course>();
    // Written by SQL, which no write announces: the page is kept.
    await t.database.db.execute(sql`update courses set title = 'Written by SQL' where id = ${course.id}`);
    expect((await page()).title).toBe('Kienyeji chicken');
    expect((await put(course.id, { title: 'Kienyeji chicken for profit' })).statusCode).toBe(200);
    expect((await page()).title).toBe('Kienyeji chicken for profit');
    await addLesson(t.app, instructor, course.id, { title: 'Housing' });
    expect((await page()).lessonCount).toBe(2);
    await enrol(t.app, learner, course.id);
    expect((await page()).enrolledCount).toBe(1);
    const rated = await t.app.inject({
      method: 'POST',
      url: `/api/courses/${course.id}/rating`,
      headers: bearer(learner.token),
      payload: { rating: 4 },
    });
    expect(rated.statusCode, rated.body).toBe(200);
    expect(await page()).toMatchObject({ rating: 4, ratingCount: 1 });
  });

  it('answers the rating to one decimal, and names a course without an instructor Unknown Instructor', async () => {
    const course = await createPublishedCourse(t.app, instructor);
    await t.database.db.execute(
      sql`update courses set rating_sum = 13, rating_count = 3, instructor_name = '' where id = ${course.id}`,
    );
    const page = (await t.app.inject(`/api/courses/${course.id}`)).json<Course>();
    expect(page).toMatchObject({ rating: 4.3, ratingCount: 3, instructor: { name: UNKNOWN_INSTRUCTOR } });
  });

  it('answers an unknown or malformed id with Course not found', async () => {
    for (const id of ['7f0c3c2e-57a4-4f4b-9a55-1c1a0f7e2b10', 'not-a-course', '1']) {
      const response = await t.app.inject(`/api/courses/${id}`);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({
        code: 'COURSE_NOT_FOUND',
        message: COURSE_MESSAGES.classroomNotFound,
      });
    }
  });
});

describe('creating a course', () => {
  it('tells a visitor to log in to create a course', async () => {
    const response = await post(courseBody(), null);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({
      code: 'AUTH_REQUIRED',
      message: COURSE_MESSAGES.createLoginRequired,
    });
  });

  it('creates it for the caller, whatever instructorId says, with the defaults and the price in cents', async () => {
    clock += HOUR;
    const response = await post({
      ...courseBody({ price: 1499.5, instructorId: other.id, objectives: undefined }),
      level: undefined,
      language: undefined,
    });
    expect(response.statusCode, response.body).toBe(201);
    const course = response.json<Course>();
    expect(course).toMatchObject({
      instructorId: instructor.id,
      price: 1499.5,
      level: 'Beginner',
      language: 'English',
      objectives: [],
      rating: 0,
      enrolledCount: 0,
      lessons: [],
      createdAt: new Date(clock).toISOString(),
      publishedAt: null,
    });
    const [row] = await queryRows<{ price_cents: string; instructor_id: string }>(
      t.database.db,
      sql`select price_cents::text, instructor_id from courses where id = ${course.id}`,
    );
    expect(row).toEqual({ price_cents: '149950', instructor_id: instructor.id });
    expect(
      (await t.app.inject({ url: `/api/courses/${course.id}`, headers: bearer(instructor.token) })).json(),
    ).toEqual(course);
  });

  it('takes blank optional instructor fields as none', async () => {
    const course = await createCourse(t.app, instructor, { instructorTitle: '  ', instructorBio: '' });
    expect(course.instructor).toEqual({ name: 'Grace Wanjiru', title: null, avatar: null, bio: null });
  });

  it('words every broken field rule as the form does, writing nothing', async () => {
    const title = `Broken ${clock}`;
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ title: undefined }, COURSE_MESSAGES.titleRequired],
      [{ title: '   ' }, COURSE_MESSAGES.titleRequired],
      [{ title: 'x'.repeat(121) }, COURSE_MESSAGES.titleTooLong],
      [{ description: '' }, COURSE_MESSAGES.descriptionRequired],
      [{ description: 'x'.repeat(5001) }, COURSE_MESSAGES.descriptionTooLong],
      [{ price: undefined }, COURSE_MESSAGES.price],
      [{ price: -1 }, COURSE_MESSAGES.price],
      [{ price: 10.005 }, COURSE_MESSAGES.price],
      [{ price: '100' }, COURSE_MESSAGES.price],
      [{ image: undefined }, COURSE_MESSAGES.imageRequired],
      [{ image: '' }, COURSE_MESSAGES.imageRequired],
      [{ image: 'https://example.com/course.jpg' }, COURSE_MESSAGES.foreignImage],
      [
        { image: '/api/uploads/products/0123456789abcdef0123456789abcdef.webp' },
        COURSE_MESSAGES.foreignImage,
      ],
      [{ instructorAvatar: 'https://example.com/me.jpg' }, COURSE_MESSAGES.foreignImage],
      [{ category: undefined }, COURSE_MESSAGES.categoryRequired],
      [{ category: ' ' }, COURSE_MESSAGES.categoryRequired],
      [{ category: 'x'.repeat(61) }, COURSE_MESSAGES.categoryTooLong],
      [{ category: 'uncategorized' }, COURSE_MESSAGES.categoryReserved],
      [{ level: 'Expert' }, COURSE_MESSAGES.level],
      [{ language: '' }, COURSE_MESSAGES.languageRequired],
      [{ language: 'x'.repeat(41) }, COURSE_MESSAGES.languageTooLong],
      [{ objectives: [''] }, COURSE_MESSAGES.objectiveEmpty],
      [{ objectives: ['x'.repeat(201)] }, COURSE_MESSAGES.objectiveTooLong],
      [
        { objectives: Array.from({ length: 13 }, (_, i) => `Objective ${i}`) },
        COURSE_MESSAGES.tooManyObjectives,
      ],
      [{ instructorName: undefined }, COURSE_MESSAGES.instructorNameRequired],
      [{ instructorName: 'x'.repeat(101) }, COURSE_MESSAGES.instructorNameTooLong],
      [{ instructorTitle: 'x'.repeat(121) }, COURSE_MESSAGES.instructorTitleTooLong],
      [{ instructorBio: 'x'.repeat(2001) }, COURSE_MESSAGES.instructorBioTooLong],
    ];
    for (const [change, message] of cases) {
      const response = await post(courseBody({ title, ...change }));
      expect(response.statusCode, JSON.stringify(change)).toBe(400);
      expect(response.json(), JSON.stringify(change)).toMatchObject({
        code: 'VALIDATION_FAILED',
        message,
        issues: expect.arrayContaining([expect.objectContaining({ message })]),
      });
    }
    expect(await queryRows(t.database.db, sql`select id from courses where title = ${title}`)).toEqual([]);
  });

  it("takes the caller's own uploaded image and avatar, and refuses someone else's, writing nothing", async () => {
    const image = await uploadImage(t.app, instructor.token, 'course-image');
    const avatar = await uploadImage(t.app, instructor.token, 'course-image');
    expect(image).toMatch(/^\/api\/uploads\/courses\/[a-f0-9]{32}\.webp$/);
    const course = await createCourse(t.app, instructor, { image, instructorAvatar: avatar });
    expect(course).toMatchObject({ image, instructor: { avatar } });
    const used = await queryRows<{ used: boolean }>(
      t.database.db,
      sql`select used_at is not null as used from uploads where url in (${image}, ${avatar})`,
    );
    expect(used).toEqual([{ used: true }, { used: true }]);

    const foreign = await uploadImage(t.app, other.token, 'course-image');
    const title = `Foreign image ${clock}`;
    for (const change of [{ image: foreign }, { instructorAvatar: foreign }]) {
      const response = await post(courseBody({ title, ...change }));
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'FOREIGN_IMAGE', message: COURSE_MESSAGES.foreignImage });
    }
    expect(await queryRows(t.database.db, sql`select id from courses where title = ${title}`)).toEqual([]);
    const unused = await queryRows(
      t.database.db,
      sql`select url from uploads where url = ${foreign} and used_at is null`,
    );
    expect(unused).toHaveLength(1);
  });
});

describe('changing a course', () => {
  it('changes only the fields given, for its instructor, whatever instructorId says', async () => {
    const course = await createCourse(t.app, instructor, { title: 'Before', price: 100 });
    const response = await put(course.id, {
      title: 'After',
      price: 250.75,
      instructorId: other.id,
      instructorTitle: '',
      objectives: ['One thing'],
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<Course>()).toMatchObject({
      title: 'After',
      price: 250.75,
      instructorId: instructor.id,
      objectives: ['One thing'],
      description: course.description,
      category: course.category,
      instructor: { name: 'Grace Wanjiru', title: null, bio: 'Twenty years of layers and broilers.' },
    });
  });

  it('words a broken field rule as the form does, changing nothing', async () => {
    const course = await createCourse(t.app, instructor, { title: 'Unchanged' });
    for (const [change, message] of [
      [{ title: '' }, COURSE_MESSAGES.titleRequired],
      [{ price: -5 }, COURSE_MESSAGES.price],
      [{ category: UNCATEGORIZED }, COURSE_MESSAGES.categoryReserved],
      [{ image: 'https://example.com/x.jpg' }, COURSE_MESSAGES.foreignImage],
    ] as const) {
      const response = await put(course.id, { ...change, description: 'Changed' });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(message);
    }
    const foreign = await uploadImage(t.app, other.token, 'course-image');
    const refused = await put(course.id, { image: foreign, description: 'Changed' });
    expect(refused.json()).toMatchObject({ code: 'FOREIGN_IMAGE', message: COURSE_MESSAGES.foreignImage });
    expect(
      (await t.app.inject({ url: `/api/courses/${course.id}`, headers: bearer(instructor.token) })).json(),
    ).toEqual(course);
  });
});

describe('who may change a course and its lessons', () => {
  const unknown = '7f0c3c2e-57a4-4f4b-9a55-1c1a0f7e2b10';

  it.each([
    ['PUT', '', { title: 'Taken over' }],
    ['POST', '/lessons', { title: 'Intruder', contentType: 'text', contentUrl: 'Hi', duration: 5 }],
    ['PUT', '/lessons/{lessonId}', { title: 'Taken over' }],
    ['DELETE', '/lessons/{lessonId}', undefined],
  ] as const)('%s /courses/{id}%s: its instructor only', async (method, path, payload) => {
    // Two lessons: a published course keeps at least one, so its instructor may delete the first.
    const { course, lessons } = await createCourseWithLessons(t.app, instructor, ['First', 'Second']);
    const url = (courseId: string, lessonId = lessons[0]!.id) =>
      `/api/courses/${courseId}${path.replace('{lessonId}', lessonId)}`;
    const send = (courseId: string, token: string | null, lessonId?: string) =>
      t.app.inject({
        method,
        url: url(courseId, lessonId),
        headers: token ? bearer(token) : {},
        ...(payload ? { payload } : {}),
      });
    const before = (
      await t.app.inject({ url: `/api/courses/${course.id}/classroom`, headers: bearer(instructor.token) })
    ).json();

    const visitor = await send(course.id, null);
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json().code).toBe('AUTH_REQUIRED');
    for (const token of [other.token, learner.token]) {
      const stranger = await send(course.id, token);
      expect(stranger.statusCode).toBe(403);
      expect(stranger.json()).toMatchObject({
        code: 'NOT_INSTRUCTOR',
        message: COURSE_MESSAGES.notInstructor,
      });
    }
    const missing = await send(unknown, instructor.token);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({
      code: 'COURSE_NOT_FOUND',
      message: COURSE_MESSAGES.classroomNotFound,
    });
    const after = (
      await t.app.inject({ url: `/api/courses/${course.id}/classroom`, headers: bearer(instructor.token) })
    ).json();
    expect(after).toEqual(before);

    if (path.includes('{lessonId}')) {
      const otherCourse = await createCourseWithLessons(t.app, instructor, ['Elsewhere']);
      for (const lessonId of [unknown, 'nope', otherCourse.lessons[0]!.id]) {
        const noLesson = await send(course.id, instructor.token, lessonId);
        expect(noLesson.statusCode).toBe(404);
        expect(noLesson.json()).toMatchObject({
          code: 'LESSON_NOT_FOUND',
          message: COURSE_MESSAGES.lessonNotFound,
        });
      }
    }
    const own = await send(course.id, instructor.token);
    expect(own.statusCode, own.body).toBeLessThan(300);
  });
});

describe('drafts and publishing', () => {
  const publish = (courseId: string, token: string | null) =>
    t.app.inject({
      method: 'POST',
      url: `/api/courses/${courseId}/publish`,
      headers: token ? bearer(token) : {},
    });
  const notFound = { code: 'COURSE_NOT_FOUND', message: COURSE_MESSAGES.classroomNotFound };

  it('shows a draft to its instructor alone: not in the catalogue, its search or count; not found, enrolled in or paid for by anyone else', async () => {
    const teacher = await newInstructor('Wairimu Kinyua');
    const draft = await createCourse(t.app, teacher, { title: 'Goat milk cheese', price: 1200 });
    await addLesson(t.app, teacher, draft.id);
    expect(await listed(`instructor=${teacher.id}`)).toEqual({ titles: [], total: '0' });
    expect((await listed('q=goat%20milk')).titles).toEqual([]);

    for (const headers of [{}, bearer(learner.token)]) {
      const page = await t.app.inject({ url: `/api/courses/${draft.id}`, headers });
      expect(page.statusCode).toBe(404);
      expect(page.json()).toMatchObject(notFound);
    }
    const own = await t.app.inject({ url: `/api/courses/${draft.id}`, headers: bearer(teacher.token) });
    expect(own.statusCode).toBe(200);
    expect(own.json<Course>()).toMatchObject({ id: draft.id, publishedAt: null, lessonCount: 1 });

    for (const path of ['enrollment', 'last-payment', 'classroom']) {
      const standing = await t.app.inject({
        url: `/api/courses/${draft.id}/${path}`,
        headers: bearer(learner.token),
      });
      expect(standing.statusCode, path).toBe(404);
      expect(standing.json(), path).toMatchObject(notFound);
    }
    const paid = await initializeCoursePayment(t.app, learner, { id: draft.id, price: 1200 });
    expect(paid.statusCode).toBe(404);
    expect(paid.json()).toMatchObject(notFound);
    const free = await createCourse(t.app, teacher, { title: 'Free draft' });
    const enrolled = await t.app.inject({
      method: 'POST',
      url: `/api/courses/${free.id}/enroll`,
      headers: bearer(learner.token),
    });
    expect(enrolled.statusCode).toBe(404);
    expect(enrolled.json()).toMatchObject(notFound);
    const written = await queryRows(
      t.database.db,
      sql`select 1 from course_enrollments where course_id in (${draft.id}, ${free.id})
          union all select 1 from payments where subject_id = ${draft.id}`,
    );
    expect(written).toEqual([]);
  });

  it('publishes for its instructor only, once it has a lesson; publishing again changes nothing', async () => {
    const teacher = await newInstructor('Wairimu Kinyua');
    const draft = await createCourse(t.app, teacher, { title: 'Soap making' });
    expect((await publish(draft.id, null)).statusCode).toBe(401);
    const stranger = await publish(draft.id, other.token);
    expect(stranger.statusCode).toBe(403);
    expect(stranger.json()).toMatchObject({ code: 'NOT_INSTRUCTOR', message: COURSE_MESSAGES.notInstructor });
    expect((await publish('7f0c3c2e-57a4-4f4b-9a55-1c1a0f7e2b10', teacher.token)).json()).toMatchObject(
      notFound,
    );
    const empty = await publish(draft.id, teacher.token);
    expect(empty.statusCode).toBe(409);
    expect(empty.json()).toMatchObject({
      code: 'COURSE_HAS_NO_LESSONS',
      message: 'Add a lesson before publishing this course.',
    });
    expect(await listed(`instructor=${teacher.id}`)).toEqual({ titles: [], total: '0' });

    await addLesson(t.app, teacher, draft.id);
    clock += HOUR;
    const publishedAt = new Date(clock).toISOString();
    const published = await publish(draft.id, teacher.token);
    expect(published.statusCode, published.body).toBe(200);
    expect(published.json<Course>()).toMatchObject({ publishedAt, lessonCount: 1 });
    clock += HOUR;
    expect((await publish(draft.id, teacher.token)).json<Course>().publishedAt).toBe(publishedAt);
    expect(await listed(`instructor=${teacher.id}`)).toEqual({ titles: ['Soap making'], total: '1' });
    expect((await t.app.inject(`/api/courses/${draft.id}`)).json<Course>().publishedAt).toBe(publishedAt);
  });

  it('keeps the last lesson of a published course, and lets a draft lose its own', async () => {
    const { course, lessons } = await createCourseWithLessons(t.app, instructor, ['Only lesson']);
    const remove = (courseId: string, lessonId: string) =>
      t.app.inject({
        method: 'DELETE',
        url: `/api/courses/${courseId}/lessons/${lessonId}`,
        headers: bearer(instructor.token),
      });
    const refused = await remove(course.id, lessons[0]!.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'LAST_LESSON',
      message: 'A published course keeps at least one lesson: add another before deleting this one.',
    });
    const page = (await t.app.inject(`/api/courses/${course.id}`)).json<Course>();
    expect(page.lessons.map((lesson) => lesson.id)).toEqual([lessons[0]!.id]);

    const draft = await createCourse(t.app, instructor);
    const lesson = await addLesson(t.app, instructor, draft.id);
    expect((await remove(draft.id, lesson.id)).statusCode).toBe(204);
  });
});
