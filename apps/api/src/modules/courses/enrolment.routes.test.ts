import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  Certificate,
  Classroom,
  CourseRating,
  Enrollment,
  InstructorCourse,
  MyCourse,
} from '@sokoni/contracts/courses';
import { CERTIFICATE_TEXT, COURSE_MESSAGES } from '@sokoni/contracts/courses-rules';
import {
  addLesson,
  completeLesson,
  createCourse,
  createCourseWithLessons,
  createPublishedCourse,
  enrol,
  publishCourse,
} from '../../../test/course-factories.js';
import { bearer, registerUser, type RegisteredUser } from '../../../test/factories.js';
import { readPdfPage } from '../../../test/pdf-reader.js';
import { createTestApp, queryRows, type TestApp } from '../../../test/test-app.js';

const MINUTE = 60 * 1000;
// 09:00 in Nairobi on 20 November 2026.
let clock = Date.parse('2026-11-20T06:00:00Z');
let t: TestApp;
let instructor: RegisteredUser;
let learner: RegisteredUser;
let stranger: RegisteredUser;
const UNKNOWN = '7f0c3c2e-57a4-4f4b-9a55-1c1a0f7e2b10';

beforeAll(async () => {
  t = await createTestApp({}, { now: () => clock });
  instructor = await registerUser(t.app, { name: 'Grace Wanjiru' });
  // 00:30 on 1 March 2025 in Nairobi: a member since March 2025.
  await openedAt(instructor, '2025-02-28T21:30:00Z');
  learner = await registerUser(t.app, { name: 'Amina Wanjiku Hassan' });
  stranger = await registerUser(t.app, { name: 'Otieno Ouma' });
});
afterAll(async () => t?.close());

const call = (method: 'GET' | 'POST', url: string, user: RegisteredUser | null, payload?: object) =>
  t.app.inject({
    method,
    url: `/api${url}`,
    headers: user ? bearer(user.token) : {},
    ...(payload ? { payload } : {}),
  });

const enrolledCount = async (courseId: string) =>
  (
    await queryRows<{ enrolled_count: number; enrolments: number }>(
      t.database.db,
      sql`select enrolled_count, (select count(*)::int from course_enrollments where course_id = ${courseId}) as enrolments
          from courses where id = ${courseId}`,
    )
  )[0];

const certificatesOf = (courseId: string) =>
  queryRows<{ user_id: string; verification_code: string }>(
    t.database.db,
    sql`select user_id, verification_code from course_certificates where course_id = ${courseId}`,
  );

/** Backdates when `user`'s account was opened. */
async function openedAt(user: RegisteredUser, at: string) {
  await t.database.db.execute(sql`update users set created_at = ${at} where id = ${user.id}`);
}

/** A new learner of the test's own. */
const newLearner = (name = 'Brian Otieno') => registerUser(t.app, { name });

describe('enrolling', () => {
  it('enrols a learner in a free course at once, and a second time changes nothing', async () => {
    const course = await createPublishedCourse(t.app, instructor);
    clock += MINUTE;
    const first = await call('POST', `/courses/${course.id}/enroll`, learner);
    expect(first.statusCode, first.body).toBe(201);
    const enrollment = first.json<Enrollment>();
    expect(enrollment).toEqual({
      courseId: course.id,
      enrolled: true,
      instructor: false,
      enrolledAt: new Date(clock).toISOString(),
      completedLessonIds: [],
      progress: 0,
      completedAt: null,
      certificate: null,
      rating: null,
      // A free place is not refunded.
      refundedAt: null,
      canAskRefund: false,
    });
    expect(await enrolledCount(course.id)).toEqual({ enrolled_count: 1, enrolments: 1 });
    clock += MINUTE;
    const again = await call('POST', `/courses/${course.id}/enroll`, learner);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(enrollment);
    expect(await enrolledCount(course.id)).toEqual({ enrolled_count: 1, enrolments: 1 });
    expect((await call('GET', `/courses/${course.id}/enrollment`, learner)).json()).toEqual(enrollment);
  });

  it('counts each learner once when many enrol at the same moment', async () => {
    const course = await createPublishedCourse(t.app, instructor);
    const learners = await Promise.all([newLearner(), newLearner(), newLearner()]);
    await Promise.all(
      learners.flatMap((one) => [enrol(t.app, one, course.id), enrol(t.app, one, course.id)]),
    );
    expect(await enrolledCount(course.id)).toEqual({ enrolled_count: 3, enrolments: 3 });
  });

  it('refuses a paid course (402), its own instructor, an unknown course and a visitor, writing nothing', async () => {
    const paid = await createPublishedCourse(t.app, instructor, { price: 2500 });
    const free = await createPublishedCourse(t.app, instructor);
    const cases: Array<[string, RegisteredUser | null, number, string, string]> = [
      [paid.id, learner, 402, 'PAYMENT_REQUIRED', COURSE_MESSAGES.paidCourse],
      [free.id, instructor, 403, 'OWN_COURSE', COURSE_MESSAGES.ownCourse],
      [UNKNOWN, learner, 404, 'COURSE_NOT_FOUND', COURSE_MESSAGES.classroomNotFound],
      ['nope', learner, 404, 'COURSE_NOT_FOUND', COURSE_MESSAGES.classroomNotFound],
      [free.id, null, 401, 'AUTH_REQUIRED', COURSE_MESSAGES.enrolLoginRequired],
    ];
    for (const [id, who, status, code, message] of cases) {
      const response = await call('POST', `/courses/${id}/enroll`, who);
      expect(response.statusCode, `${id} ${who?.name}`).toBe(status);
      expect(response.json()).toMatchObject({ code, message });
    }
    expect(await enrolledCount(paid.id)).toEqual({ enrolled_count: 0, enrolments: 0 });
    expect(await enrolledCount(free.id)).toEqual({ enrolled_count: 0, enrolments: 0 });
  });

  it('tells anyone not enrolled where they stand, and the instructor that they teach it', async () => {
    const course = await createPublishedCourse(t.app, instructor);
    const notEnrolled = (await call('GET', `/courses/${course.id}/enrollment`, stranger)).json<Enrollment>();
    expect(notEnrolled).toEqual({
      courseId: course.id,
      enrolled: false,
      instructor: false,
      enrolledAt: null,
      completedLessonIds: [],
      progress: 0,
      completedAt: null,
      certificate: null,
      rating: null,
      refundedAt: null,
      canAskRefund: false,
    });
    expect((await call('GET', `/courses/${course.id}/enrollment`, instructor)).json()).toEqual({
      ...notEnrolled,
      instructor: true,
    });
    expect((await call('GET', `/courses/${UNKNOWN}/enrollment`, stranger)).statusCode).toBe(404);
    expect((await call('GET', `/courses/${course.id}/enrollment`, null)).statusCode).toBe(401);
  });
});

describe('the classroom', () => {
  it("gives an enrolled learner every released lesson's content, and the instructor every lesson's", async () => {
    const course = await createCourse(t.app, instructor);
    await addLesson(t.app, instructor, course.id, { title: 'Open', contentUrl: 'Open body' });
    await addLesson(t.app, instructor, course.id, {
      title: 'Today',
      contentUrl: 'Today body',
      releaseDate: '2026-11-20',
    });
    await addLesson(t.app, instructor, course.id, {
      title: 'Later',
      contentUrl: 'Later body',
      releaseDate: '2026-12-24',
    });
    await publishCourse(t.app, instructor, course.id);
    const refused = await call('GET', `/courses/${course.id}/classroom`, stranger);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'NOT_ENROLLED', message: COURSE_MESSAGES.notEnrolled });
    const missing = await call('GET', `/courses/${UNKNOWN}/classroom`, learner);
    expect(missing.json()).toMatchObject({
      code: 'COURSE_NOT_FOUND',
      message: COURSE_MESSAGES.classroomNotFound,
    });

    await enrol(t.app, learner, course.id);
    const classroom = (await call('GET', `/courses/${course.id}/classroom`, learner)).json<Classroom>();
    expect(
      classroom.course.lessons.map(({ title, contentUrl, locked }) => ({ title, contentUrl, locked })),
    ).toEqual([
      { title: 'Open', contentUrl: 'Open body', locked: false },
      { title: 'Today', contentUrl: 'Today body', locked: false },
      { title: 'Later', contentUrl: null, locked: true },
    ]);
    expect(classroom.enrollment).toMatchObject({ enrolled: true, instructor: false, progress: 0 });
    const teaching = (await call('GET', `/courses/${course.id}/classroom`, instructor)).json<Classroom>();
    expect(teaching.course.lessons.map((lesson) => lesson.contentUrl)).toEqual([
      'Open body',
      'Today body',
      'Later body',
    ]);
    expect(teaching.enrollment).toMatchObject({ enrolled: false, instructor: true });
  });

  it("signs the learner's own lesson files", async () => {
    const { course, lessons } = await createCourseWithLessons(t.app, instructor, ['Intro', 'Video']);
    const own = `/api/course-media/${'d'.repeat(32)}.webm`;
    await t.database.db.execute(
      sql`update course_lessons set content_type = 'video', content_url = ${own} where id = ${lessons[1]!.id}`,
    );
    await enrol(t.app, learner, course.id);
    const classroom = (await call('GET', `/courses/${course.id}/classroom`, learner)).json<Classroom>();
    expect(classroom.course.lessons[1]?.contentUrl).toMatch(
      new RegExp(`^${own}\\?expires=\\d+&signature=[\\w-]+$`),
    );
  });
});

describe('completing lessons', () => {
  it('marks a lesson done for good, once however often asked, with the progress rounded', async () => {
    const { course, lessons } = await createCourseWithLessons(t.app, instructor, ['One', 'Two', 'Three']);
    const amina = await newLearner('Amina Hassan');
    await enrol(t.app, amina, course.id);
    const first = await completeLesson(t.app, amina, course.id, lessons[0]!.id);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json<Enrollment>()).toMatchObject({ completedLessonIds: [lessons[0]!.id], progress: 33 });
    const again = await completeLesson(t.app, amina, course.id, lessons[0]!.id);
    expect(again.json()).toEqual(first.json());
    const second = await completeLesson(t.app, amina, course.id, lessons[1]!.id);
    expect(second.json<Enrollment>()).toMatchObject({
      completedLessonIds: [lessons[0]!.id, lessons[1]!.id],
      progress: 67,
      completedAt: null,
      certificate: null,
    });
  });

  it('refuses one not enrolled, a lesson of another course, a locked lesson and a visitor, writing nothing', async () => {
    const { course, lessons } = await createCourseWithLessons(t.app, instructor, ['Now']);
    const later = await addLesson(t.app, instructor, course.id, {
      title: 'Later',
      releaseDate: '2026-12-24',
    });
    const elsewhere = await createCourseWithLessons(t.app, instructor, ['Elsewhere']);
    const brian = await newLearner();
    await enrol(t.app, brian, course.id);
    const cases: Array<[RegisteredUser | null, string, string, number, string, string]> = [
      [stranger, course.id, lessons[0]!.id, 403, 'NOT_ENROLLED', COURSE_MESSAGES.notEnrolled],
      [instructor, course.id, lessons[0]!.id, 403, 'NOT_ENROLLED', COURSE_MESSAGES.notEnrolled],
      [brian, course.id, elsewhere.lessons[0]!.id, 404, 'LESSON_NOT_FOUND', COURSE_MESSAGES.lessonNotFound],
      [brian, course.id, UNKNOWN, 404, 'LESSON_NOT_FOUND', COURSE_MESSAGES.lessonNotFound],
      [brian, course.id, 'nope', 404, 'LESSON_NOT_FOUND', COURSE_MESSAGES.lessonNotFound],
      [brian, UNKNOWN, lessons[0]!.id, 404, 'COURSE_NOT_FOUND', COURSE_MESSAGES.classroomNotFound],
      [brian, course.id, later.id, 409, 'LESSON_LOCKED', COURSE_MESSAGES.lessonLocked('2026-12-24')],
      [null, course.id, lessons[0]!.id, 401, 'AUTH_REQUIRED', expect.any(String)],
    ];
    for (const [who, courseId, lessonId, status, code, message] of cases) {
      const response = await call('POST', `/courses/${courseId}/lessons/${lessonId}/complete`, who);
      expect(response.statusCode, `${who?.name} ${lessonId}`).toBe(status);
      expect(response.json()).toMatchObject({ code, message });
    }
    expect(COURSE_MESSAGES.lessonLocked('2026-12-24')).toBe('This lesson unlocks on 24 Dec 2026.');
    const done = await queryRows(
      t.database.db,
      sql`select lesson_id from lesson_completions where course_id = ${course.id}`,
    );
    expect(done).toEqual([]);
  });

  it('lets a lesson be completed from the first minute of its release day in Nairobi', async () => {
    const course = await createCourse(t.app, instructor);
    const lesson = await addLesson(t.app, instructor, course.id, { releaseDate: '2026-11-21' });
    await publishCourse(t.app, instructor, course.id);
    const brian = await newLearner();
    await enrol(t.app, brian, course.id);
    const saved = clock;
    try {
      clock = Date.parse('2026-11-20T20:59:59Z');
      expect((await completeLesson(t.app, brian, course.id, lesson.id)).statusCode).toBe(409);
      clock = Date.parse('2026-11-20T21:00:00Z');
      expect((await completeLesson(t.app, brian, course.id, lesson.id)).json()).toMatchObject({
        progress: 100,
      });
    } finally {
      clock = saved;
    }
  });
});

describe('the certificate', () => {
  it('is issued once, with the learner’s real name, when the last lesson is done; anyone can check it by its code', async () => {
    const { course, lessons } = await createCourseWithLessons(t.app, instructor, ['One', 'Two'], {
      title: 'Organic vegetables',
    });
    await enrol(t.app, learner, course.id);
    const none = await call('GET', `/courses/${course.id}/certificate`, learner);
    expect(none.statusCode).toBe(404);
    expect(none.json()).toMatchObject({
      code: 'CERTIFICATE_NOT_FOUND',
      message: COURSE_MESSAGES.certificateNotFound,
    });
    await completeLesson(t.app, learner, course.id, lessons[0]!.id);
    expect(await certificatesOf(course.id)).toEqual([]);

    clock += MINUTE;
    const last = (await completeLesson(t.app, learner, course.id, lessons[1]!.id)).json<Enrollment>();
    const issuedAt = new Date(clock).toISOString();
    expect(last).toMatchObject({ progress: 100, completedAt: issuedAt });
    const certificate = last.certificate!;
    expect(certificate).toEqual({
      id: expect.any(String),
      userId: learner.id,
      courseId: course.id,
      learnerName: 'Amina Wanjiku Hassan',
      courseTitle: 'Organic vegetables',
      instructorName: 'Grace Wanjiru',
      instructorMemberSince: '2025-03',
      lessonCount: 2,
      contentMinutes: 30,
      issuedDate: issuedAt,
      verificationCode: expect.stringMatching(/^SKN(-[0-9A-HJKMNP-TV-Z]{4}){3}$/),
      certificateUrl: `/certificates/${certificate.verificationCode}`,
      pdfUrl: `/api/certificates/${certificate.verificationCode}/pdf`,
      proves:
        'Amina Wanjiku Hassan completed the online course “Organic vegetables” on Sokoni (2 lessons, ' +
        '30 minutes of content), taught by the Sokoni account Grace Wanjiru, member since March 2025.',
      notAQualification: CERTIFICATE_TEXT.notAQualification,
    });
    expect((await call('GET', `/courses/${course.id}/certificate`, learner)).json()).toEqual(certificate);
    // Someone else's certificate of the course is not theirs to see.
    const others = await call('GET', `/courses/${course.id}/certificate`, stranger);
    expect(others.statusCode).toBe(404);

    clock += MINUTE;
    await completeLesson(t.app, learner, course.id, lessons[1]!.id);
    await completeLesson(t.app, learner, course.id, lessons[0]!.id);
    expect(await certificatesOf(course.id)).toHaveLength(1);
    expect((await call('GET', `/courses/${course.id}/enrollment`, learner)).json()).toMatchObject({
      completedAt: issuedAt,
      certificate,
    });

    // Anyone checking it sees the same, without the learner's account id.
    const { userId: _learnersId, ...publicAnswer } = certificate;
    for (const code of [
      certificate.verificationCode,
      certificate.verificationCode.toLowerCase(),
      ` ${certificate.verificationCode} `,
    ]) {
      const checked = await call('GET', `/certificates/${encodeURIComponent(code)}`, null);
      expect(checked.statusCode, code).toBe(200);
      expect(checked.json()).toEqual(publicAnswer);
    }
  });

  it("says what a course titled as a degree proves: a course on Sokoni, its lessons and length, taught by a Sokoni account since when; no account's id", async () => {
    // The account took the name of a school; the course, a degree's title.
    const school = await newLearner('Strathmore University Business School');
    await openedAt(school, '2026-10-31T21:30:00Z');
    const { course, lessons } = await createCourseWithLessons(t.app, school, ['Welcome'], {
      title: 'Master of Business Administration (MBA)',
      instructorName: 'Prof. A. Mwangi, Dean',
    });
    const brian = await newLearner('Brian Otieno');
    await enrol(t.app, brian, course.id);
    const { certificate } = (
      await completeLesson(t.app, brian, course.id, lessons[0]!.id)
    ).json<Enrollment>();
    const code = certificate!.verificationCode;

    const answer = await call('GET', `/certificates/${code}`, null);
    expect(answer.json()).toEqual({
      id: certificate!.id,
      courseId: course.id,
      learnerName: 'Brian Otieno',
      courseTitle: 'Master of Business Administration (MBA)',
      // The account's name, not the one the course gives its instructor.
      instructorName: 'Strathmore University Business School',
      instructorMemberSince: '2026-11',
      lessonCount: 1,
      contentMinutes: 15,
      issuedDate: new Date(clock).toISOString(),
      verificationCode: code,
      certificateUrl: `/certificates/${code}`,
      pdfUrl: `/api/certificates/${code}/pdf`,
      proves:
        'Brian Otieno completed the online course “Master of Business Administration (MBA)” on Sokoni ' +
        '(1 lesson, 15 minutes of content), taught by the Sokoni account Strathmore University Business ' +
        'School, member since November 2026.',
      notAQualification: CERTIFICATE_TEXT.notAQualification,
    });
    for (const id of [brian.id, school.id]) expect(answer.body).not.toContain(id);

    // The PDF says the same.
    const pdf = await call('GET', `/certificates/${code}/pdf`, null);
    const lines = (await readPdfPage(pdf.rawPayload)).runs.map((run) => run.text);
    expect(lines).toEqual(
      expect.arrayContaining([
        'has completed the online course on Sokoni',
        'Master of Business Administration (MBA)',
        '1 lesson · 15 minutes of content',
        'taught by the Sokoni account Strathmore University Business School, member since November 2026',
      ]),
    );
    expect(lines.join(' ')).toContain(CERTIFICATE_TEXT.notAQualification);
  });

  it('keeps the names it was issued with', async () => {
    const teacher = await newLearner('Grace Wanjiru');
    const { course, lessons } = await createCourseWithLessons(t.app, teacher, ['Only'], {
      title: 'As issued',
    });
    const brian = await newLearner('Brian Otieno');
    await enrol(t.app, brian, course.id);
    const { certificate } = (
      await completeLesson(t.app, brian, course.id, lessons[0]!.id)
    ).json<Enrollment>();
    await t.database.db.execute(sql`update users set name = 'Someone Else' where id = ${brian.id}`);
    await t.database.db.execute(sql`update users set name = 'Renamed Teacher' where id = ${teacher.id}`);
    await t.app.inject({
      method: 'PUT',
      url: `/api/courses/${course.id}`,
      headers: bearer(teacher.token),
      payload: { title: 'Renamed', instructorName: 'New Name' },
    });
    const checked = (
      await call('GET', `/certificates/${certificate!.verificationCode}`, null)
    ).json<Certificate>();
    expect(checked).toMatchObject({
      learnerName: 'Brian Otieno',
      courseTitle: 'As issued',
      instructorName: 'Grace Wanjiru',
    });
  });

  it('answers a wrong code with Certificate not found', async () => {
    for (const code of ['SKN-0000-0000-0000', 'SKN-ABCD', 'nothing', 'SKN-IIII-LLLL-OOOO']) {
      const response = await call('GET', `/certificates/${code}`, null);
      expect(response.statusCode, code).toBe(404);
      expect(response.json()).toMatchObject({
        code: 'CERTIFICATE_NOT_FOUND',
        message: COURSE_MESSAGES.certificateCodeNotFound,
      });
      expect((await call('GET', `/certificates/${code}/pdf`, null)).statusCode).toBe(404);
    }
  });

  it('downloads as a PDF named after its code', async () => {
    const { course, lessons } = await createCourseWithLessons(t.app, instructor, ['Only']);
    const brian = await newLearner();
    await enrol(t.app, brian, course.id);
    const { certificate } = (
      await completeLesson(t.app, brian, course.id, lessons[0]!.id)
    ).json<Enrollment>();
    const code = certificate!.verificationCode;
    const response = await call('GET', `/certificates/${code.toLowerCase()}/pdf`, null);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="sokoni-certificate-${code}.pdf"`,
    );
    expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('is issued once when the last lesson is completed twice at the same moment', async () => {
    const { course, lessons } = await createCourseWithLessons(t.app, instructor, ['One', 'Two']);
    const brian = await newLearner();
    await enrol(t.app, brian, course.id);
    await completeLesson(t.app, brian, course.id, lessons[0]!.id);
    const answers = await Promise.all([
      completeLesson(t.app, brian, course.id, lessons[1]!.id),
      completeLesson(t.app, brian, course.id, lessons[1]!.id),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    const certificates = await certificatesOf(course.id);
    expect(certificates).toHaveLength(1);
    expect(answers.map((answer) => answer.json<Enrollment>().certificate?.verificationCode)).toEqual([
      certificates[0]?.verification_code,
      certificates[0]?.verification_code,
    ]);
  });

  it('is issued when the two lessons left are completed at the same moment', async () => {
    // Each learner's two last lessons at once, several times over: neither completion may miss the other's.
    const { course, lessons } = await createCourseWithLessons(t.app, instructor, ['One', 'Two']);
    const learners = await Promise.all(Array.from({ length: 6 }, () => newLearner()));
    for (const one of learners) await enrol(t.app, one, course.id);
    const answers = await Promise.all(
      learners.flatMap((one) => lessons.map((lesson) => completeLesson(t.app, one, course.id, lesson.id))),
    );
    expect(answers.every((answer) => answer.statusCode === 200)).toBe(true);
    const certified = (await certificatesOf(course.id)).map((row) => row.user_id);
    expect(certified.sort()).toEqual(learners.map((one) => one.id).sort());
  });

  it('is issued to learners who had done every other lesson when the one they had left is removed', async () => {
    const { course, lessons } = await createCourseWithLessons(t.app, instructor, ['One', 'Two', 'Three']);
    const [done, behind] = [await newLearner('Wanjiku Done'), await newLearner('Kamau Behind')];
    for (const one of [done, behind]) await enrol(t.app, one, course.id);
    for (const lesson of [lessons[0]!, lessons[1]!]) await completeLesson(t.app, done, course.id, lesson.id);
    await completeLesson(t.app, behind, course.id, lessons[0]!.id);
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/courses/${course.id}/lessons/${lessons[2]!.id}`,
      headers: bearer(instructor.token),
    });
    expect(removed.statusCode).toBe(204);
    expect((await call('GET', `/courses/${course.id}/enrollment`, done)).json()).toMatchObject({
      progress: 100,
      certificate: { learnerName: 'Wanjiku Done' },
    });
    expect((await call('GET', `/courses/${course.id}/enrollment`, behind)).json()).toMatchObject({
      progress: 50,
      certificate: null,
    });
  });
});

describe('rating a course', () => {
  it('takes one rating per enrolled learner, a new one replacing it, and moves the course’s rating', async () => {
    const course = await createPublishedCourse(t.app, instructor);
    const [amina, brian] = [await newLearner('Amina'), await newLearner('Brian')];
    for (const one of [amina, brian]) await enrol(t.app, one, course.id);
    const rate = (who: RegisteredUser, rating: number) =>
      call('POST', `/courses/${course.id}/rating`, who, { rating });
    expect((await rate(amina, 5)).json<CourseRating>()).toEqual({ rating: 5, ratingCount: 1, yourRating: 5 });
    expect((await rate(brian, 4)).json<CourseRating>()).toEqual({
      rating: 4.5,
      ratingCount: 2,
      yourRating: 4,
    });
    expect((await rate(amina, 2)).json<CourseRating>()).toEqual({ rating: 3, ratingCount: 2, yourRating: 2 });
    expect((await call('GET', `/courses/${course.id}/enrollment`, amina)).json()).toMatchObject({
      rating: 2,
    });
    expect((await t.app.inject(`/api/courses/${course.id}`)).json()).toMatchObject({
      rating: 3,
      ratingCount: 2,
    });
  });

  it('refuses one not enrolled (the instructor too), a rating out of 1–5 and an unknown course, changing nothing', async () => {
    const course = await createPublishedCourse(t.app, instructor);
    const brian = await newLearner();
    await enrol(t.app, brian, course.id);
    const cases: Array<[string, RegisteredUser, unknown, number, string, string]> = [
      [course.id, stranger, 5, 403, 'NOT_ENROLLED', COURSE_MESSAGES.ratingNotEnrolled],
      [course.id, instructor, 5, 403, 'NOT_ENROLLED', COURSE_MESSAGES.ratingNotEnrolled],
      [course.id, brian, 0, 400, 'VALIDATION_FAILED', COURSE_MESSAGES.ratingValue],
      [course.id, brian, 6, 400, 'VALIDATION_FAILED', COURSE_MESSAGES.ratingValue],
      [course.id, brian, 4.5, 400, 'VALIDATION_FAILED', COURSE_MESSAGES.ratingValue],
      [course.id, brian, '5', 400, 'VALIDATION_FAILED', COURSE_MESSAGES.ratingValue],
      [UNKNOWN, brian, 5, 404, 'COURSE_NOT_FOUND', COURSE_MESSAGES.classroomNotFound],
    ];
    for (const [id, who, rating, status, code, message] of cases) {
      const response = await call('POST', `/courses/${id}/rating`, who, { rating });
      expect(response.statusCode, `${who.name} ${String(rating)}`).toBe(status);
      expect(response.json()).toMatchObject({ code, message });
    }
    expect((await t.app.inject(`/api/courses/${course.id}`)).json()).toMatchObject({
      rating: 0,
      ratingCount: 0,
    });
  });
});

describe('My Courses and the Instructor Dashboard', () => {
  it("lists only the caller's courses, most recently enrolled first, each with their progress", async () => {
    const teacher = await newLearner('Peter Kamau');
    const { course: first, lessons } = await createCourseWithLessons(t.app, teacher, ['A', 'B'], {
      title: 'First',
    });
    const second = await createPublishedCourse(t.app, teacher, { title: 'Second' });
    const amina = await newLearner('Amina');
    expect((await call('GET', '/me/courses', amina)).json()).toEqual([]);
    clock += MINUTE;
    await enrol(t.app, amina, first.id);
    clock += MINUTE;
    await enrol(t.app, amina, second.id);
    await enrol(t.app, await newLearner(), first.id);
    await completeLesson(t.app, amina, first.id, lessons[0]!.id);
    const mine = (await call('GET', '/me/courses', amina)).json<MyCourse[]>();
    expect(mine.map((course) => [course.title, course.enrollment.progress])).toEqual([
      ['Second', 0],
      ['First', 50],
    ]);
    expect(mine[1]).toMatchObject({
      id: first.id,
      lessonCount: 2,
      enrolledCount: 2,
      enrollment: { enrolled: true, completedLessonIds: [lessons[0]!.id] },
    });
    expect((await call('GET', '/me/courses', null)).statusCode).toBe(401);
  });

  it("lists the caller's courses with learners, completions, completion rate and revenue", async () => {
    const teacher = await newLearner('Mary Achieng');
    const { course, lessons } = await createCourseWithLessons(t.app, teacher, ['Only'], { title: 'Taught' });
    clock += MINUTE;
    const empty = await createCourse(t.app, teacher, { title: 'Nobody yet', price: 1000 });
    const learners = [await newLearner(), await newLearner(), await newLearner()];
    for (const one of learners) await enrol(t.app, one, course.id);
    await completeLesson(t.app, learners[0]!, course.id, lessons[0]!.id);
    await createCourse(t.app, instructor, { title: 'Not theirs' });
    const dashboard = (await call('GET', '/instructor/courses', teacher)).json<InstructorCourse[]>();
    expect(
      dashboard.map((row) => [
        row.title,
        row.enrolledCount,
        row.completions,
        row.completionRate,
        row.revenue,
      ]),
    ).toEqual([
      ['Nobody yet', 0, 0, 0, 0],
      ['Taught', 3, 1, 33, 0],
    ]);
    // The dashboard lists the instructor's drafts too, as drafts.
    expect(dashboard[0]).toMatchObject({ id: empty.id, price: 1000, publishedAt: null });
    expect(dashboard[1]?.publishedAt).not.toBeNull();
    expect((await call('GET', '/instructor/courses', null)).statusCode).toBe(401);
  });
});
