import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Classroom, Lesson } from '@sokoni/contracts/courses';
import { COURSE_LESSONS_MAX, COURSE_MESSAGES } from '@sokoni/contracts/courses-rules';
import {
  addLesson,
  createCourse,
  createCourseWithLessons,
  lessonBody,
} from '../../../test/course-factories.js';
import { bearer, registerUser, type RegisteredUser } from '../../../test/factories.js';
import { multipartBody } from '../../../test/multipart.js';
import { createTestApp, queryRows, type TestApp } from '../../../test/test-app.js';

// 09:00 in Nairobi on 20 November 2026; the release horizon (730 days) ends on 19 November 2028.
const clock = Date.parse('2026-11-20T06:00:00Z');
let t: TestApp;
let instructor: RegisteredUser;
let other: RegisteredUser;

beforeAll(async () => {
  t = await createTestApp({}, { now: () => clock });
  instructor = await registerUser(t.app, { name: 'Grace Wanjiru' });
  other = await registerUser(t.app, { name: 'Otieno Ouma' });
});
afterAll(async () => t?.close());

const postLesson = (courseId: string, body: object, token = instructor.token) =>
  t.app.inject({
    method: 'POST',
    url: `/api/courses/${courseId}/lessons`,
    headers: bearer(token),
    payload: body,
  });

const putLesson = (courseId: string, lessonId: string, body: object, token = instructor.token) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/courses/${courseId}/lessons/${lessonId}`,
    headers: bearer(token),
    payload: body,
  });

const deleteLesson = (courseId: string, lessonId: string) =>
  t.app.inject({
    method: 'DELETE',
    url: `/api/courses/${courseId}/lessons/${lessonId}`,
    headers: bearer(instructor.token),
  });

/** The course's lessons as its instructor sees them in the classroom. */
const lessonsOf = async (courseId: string): Promise<Lesson[]> =>
  (
    await t.app.inject({ url: `/api/courses/${courseId}/classroom`, headers: bearer(instructor.token) })
  ).json<Classroom>().course.lessons;

const outline = async (courseId: string) =>
  (await lessonsOf(courseId)).map((lesson) => `${lesson.position} ${lesson.title}`);

async function onePagePdf(): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.addPage([200, 100]);
  return pdf.save();
}

/** A lesson file uploaded by `owner` through the API (a real MP4 clip, or a small PDF). */
async function uploadLessonFile(owner: RegisteredUser, kind: 'video' | 'pdf'): Promise<string> {
  const file =
    kind === 'video'
      ? {
          filename: 'lesson.mp4',
          contentType: 'video/mp4',
          data: readFileSync(new URL('../../../test/fixtures/video/faststart.mp4', import.meta.url)),
        }
      : {
          filename: 'notes.pdf',
          contentType: 'application/pdf',
          data: Buffer.from(await onePagePdf()),
        };
  const { payload, headers } = multipartBody({}, file);
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/uploads/course-${kind}`,
    payload,
    headers: { ...headers, ...bearer(owner.token) },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ publicUrl: string }>().publicUrl;
}

describe('adding lessons', () => {
  it('adds a lesson last by default, answering it with its content for the instructor', async () => {
    const course = await createCourse(t.app, instructor);
    const response = await postLesson(course.id, lessonBody({ title: 'Welcome', releaseDate: '2026-12-01' }));
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toEqual({
      id: expect.any(String),
      title: 'Welcome',
      contentType: 'text',
      contentUrl: 'Kienyeji, layers or broilers: what each needs and gives.',
      contentBytes: null,
      duration: 15,
      releaseDate: '2026-12-01',
      position: 1,
      locked: true,
      preview: false,
    });
    await addLesson(t.app, instructor, course.id, { title: 'Second' });
    expect(await outline(course.id)).toEqual(['1 Welcome', '2 Second']);
  });

  it('inserts a lesson at its position, moving the ones from there down; past the end it goes last', async () => {
    const { course } = await createCourseWithLessons(t.app, instructor, ['A', 'B', 'C']);
    await addLesson(t.app, instructor, course.id, { title: 'First', position: 1 });
    await addLesson(t.app, instructor, course.id, { title: 'Third', position: 3 });
    await addLesson(t.app, instructor, course.id, { title: 'Last', position: 99 });
    expect(await outline(course.id)).toEqual(['1 First', '2 A', '3 Third', '4 B', '5 C', '6 Last']);
  });

  it(`refuses a lesson beyond ${COURSE_LESSONS_MAX}, writing nothing`, async () => {
    const course = await createCourse(t.app, instructor);
    await t.database.db
      .execute(sql`insert into course_lessons (course_id, position, title, content_type, content_url, duration_minutes)
      select ${course.id}, n, 'Lesson ' || n, 'text', 'Body', 5 from generate_series(1, ${COURSE_LESSONS_MAX - 1}) n`);
    await addLesson(t.app, instructor, course.id, { title: 'The last one allowed' });
    const response = await postLesson(course.id, lessonBody({ title: 'One too many' }));
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      code: 'TOO_MANY_LESSONS',
      message: COURSE_MESSAGES.tooManyLessons,
    });
    expect(await lessonsOf(course.id)).toHaveLength(COURSE_LESSONS_MAX);
  });

  it('words every broken lesson rule as the editor does, writing nothing', async () => {
    const course = await createCourse(t.app, instructor);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ title: '' }, COURSE_MESSAGES.lessonTitleRequired],
      [{ title: 'x'.repeat(161) }, COURSE_MESSAGES.lessonTitleTooLong],
      [{ contentType: 'audio' }, COURSE_MESSAGES.contentType],
      [{ contentUrl: '   ' }, COURSE_MESSAGES.textRequired],
      [{ contentUrl: 'x'.repeat(50_001) }, COURSE_MESSAGES.textTooLong],
      [{ contentType: 'video', contentUrl: '' }, COURSE_MESSAGES.videoRequired],
      [{ contentType: 'pdf', contentUrl: '' }, COURSE_MESSAGES.pdfRequired],
      [{ contentType: 'video', contentUrl: 'http://videos.example.com/a.mp4' }, COURSE_MESSAGES.mediaUrl],
      [{ contentType: 'video', contentUrl: '/api/uploads/products/a.webp' }, COURSE_MESSAGES.mediaUrl],
      [
        { contentType: 'video', contentUrl: `/api/course-media/${'a'.repeat(32)}.pdf` },
        COURSE_MESSAGES.wrongMediaKind,
      ],
      [
        { contentType: 'pdf', contentUrl: `/api/course-media/${'a'.repeat(32)}.webm` },
        COURSE_MESSAGES.wrongMediaKind,
      ],
      [{ duration: 0 }, COURSE_MESSAGES.duration],
      [{ duration: 601 }, COURSE_MESSAGES.duration],
      [{ duration: 1.5 }, COURSE_MESSAGES.duration],
      [{ releaseDate: '2026-02-30' }, COURSE_MESSAGES.releaseDate],
      [{ releaseDate: 'tomorrow' }, COURSE_MESSAGES.releaseDate],
      [{ position: 0 }, COURSE_MESSAGES.position],
      [{ position: 1.5 }, COURSE_MESSAGES.position],
    ];
    for (const [change, message] of cases) {
      const response = await postLesson(course.id, lessonBody(change));
      expect(response.statusCode, JSON.stringify(change)).toBe(400);
      expect(response.json(), JSON.stringify(change)).toMatchObject({
        code: 'VALIDATION_FAILED',
        message,
        issues: expect.arrayContaining([expect.objectContaining({ message })]),
      });
    }
    expect(await lessonsOf(course.id)).toEqual([]);
  });

  it('takes a release date up to two years ahead (and one already past), not further', async () => {
    const course = await createCourse(t.app, instructor);
    await addLesson(t.app, instructor, course.id, { releaseDate: '2028-11-19' });
    await addLesson(t.app, instructor, course.id, { releaseDate: '2025-01-01' });
    const response = await postLesson(course.id, lessonBody({ releaseDate: '2028-11-20' }));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'LESSON_RELEASE_TOO_FAR',
      message: COURSE_MESSAGES.releaseTooFar,
    });
    expect(await lessonsOf(course.id)).toHaveLength(2);
  });
});

describe('lesson files', () => {
  it("takes the caller's own uploaded video and PDF, and answers them signed", async () => {
    const course = await createCourse(t.app, instructor);
    const video = await uploadLessonFile(instructor, 'video');
    const pdf = await uploadLessonFile(instructor, 'pdf');
    expect(video).toMatch(/^\/api\/course-media\/[a-f0-9]{32}\.mp4$/);
    const videoLesson = await addLesson(t.app, instructor, course.id, {
      contentType: 'video',
      contentUrl: video,
    });
    const pdfLesson = await addLesson(t.app, instructor, course.id, { contentType: 'pdf', contentUrl: pdf });
    expect(videoLesson.contentUrl).toMatch(new RegExp(`^${video}\\?expires=\\d+&signature=`));
    expect(pdfLesson.contentUrl).toMatch(new RegExp(`^${pdf}\\?expires=\\d+&signature=`));
    const used = await queryRows<{ url: string }>(
      t.database.db,
      sql`select url from uploads where url in (${video}, ${pdf}) and used_at is not null order by url`,
    );
    expect(used.map((row) => row.url)).toEqual([video, pdf].sort());
    const stored = await queryRows<{ content_url: string }>(
      t.database.db,
      sql`select content_url from course_lessons where course_id = ${course.id} order by position`,
    );
    expect(stored.map((row) => row.content_url)).toEqual([video, pdf]);
  });

  it("answers an uploaded video's and PDF's size in bytes, and none for text or another site's file", async () => {
    const course = await createCourse(t.app, instructor);
    const video = await uploadLessonFile(instructor, 'video');
    const pdf = await uploadLessonFile(instructor, 'pdf');
    const videoBytes = readFileSync(
      new URL('../../../test/fixtures/video/faststart.mp4', import.meta.url),
    ).length;
    const [pdfUpload] = await queryRows<{ bytes: string }>(
      t.database.db,
      sql`select bytes from uploads where url = ${pdf}`,
    );
    const added = await addLesson(t.app, instructor, course.id, { contentType: 'video', contentUrl: video });
    expect(added.contentBytes).toBe(videoBytes);
    await addLesson(t.app, instructor, course.id, { contentType: 'pdf', contentUrl: pdf });
    await addLesson(t.app, instructor, course.id, {
      contentType: 'video',
      contentUrl: 'https://videos.example.com/layers.mp4',
    });
    await addLesson(t.app, instructor, course.id);
    const sizes = (await lessonsOf(course.id)).map((lesson) => lesson.contentBytes);
    expect(sizes).toEqual([videoBytes, Number(pdfUpload?.bytes), null, null]);
    expect(Number(pdfUpload?.bytes)).toBeGreaterThan(0);
  });

  it("refuses someone else's upload or one never made, writing nothing", async () => {
    const course = await createCourse(t.app, instructor);
    const foreign = await uploadLessonFile(other, 'video');
    for (const contentUrl of [foreign, `/api/course-media/${'b'.repeat(32)}.mp4`]) {
      const response = await postLesson(course.id, lessonBody({ contentType: 'video', contentUrl }));
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'FOREIGN_MEDIA', message: COURSE_MESSAGES.mediaUrl });
    }
    const lesson = await addLesson(t.app, instructor, course.id);
    const changed = await putLesson(course.id, lesson.id, { contentType: 'video', contentUrl: foreign });
    expect(changed.json()).toMatchObject({ code: 'FOREIGN_MEDIA', message: COURSE_MESSAGES.mediaUrl });
    expect(await lessonsOf(course.id)).toEqual([lesson]);
    const unused = await queryRows(
      t.database.db,
      sql`select url from uploads where url = ${foreign} and used_at is null`,
    );
    expect(unused).toHaveLength(1);
  });
});

describe('changing and removing lessons', () => {
  it('changes only the fields given', async () => {
    const { course, lessons } = await createCourseWithLessons(t.app, instructor, ['Old title']);
    const response = await putLesson(course.id, lessons[0]!.id, { title: 'New title', duration: 30 });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ ...lessons[0], title: 'New title', duration: 30 });
    const cleared = await putLesson(course.id, lessons[0]!.id, { releaseDate: '2027-01-01' });
    expect(cleared.json()).toMatchObject({ releaseDate: '2027-01-01', locked: true });
    const open = await putLesson(course.id, lessons[0]!.id, { releaseDate: null });
    expect(open.json()).toMatchObject({ releaseDate: null, locked: false });
  });

  it('moves a lesson up or down, the ones between making room; past the end it goes last', async () => {
    const { course, lessons } = await createCourseWithLessons(t.app, instructor, ['A', 'B', 'C', 'D']);
    const [a, , c, d] = lessons;
    expect((await putLesson(course.id, d!.id, { position: 2 })).json()).toMatchObject({
      title: 'D',
      position: 2,
    });
    expect(await outline(course.id)).toEqual(['1 A', '2 D', '3 B', '4 C']);
    await putLesson(course.id, a!.id, { position: 3 });
    expect(await outline(course.id)).toEqual(['1 D', '2 B', '3 A', '4 C']);
    await putLesson(course.id, c!.id, { position: 1 });
    expect(await outline(course.id)).toEqual(['1 C', '2 D', '3 B', '4 A']);
    await putLesson(course.id, c!.id, { position: 50 });
    expect(await outline(course.id)).toEqual(['1 D', '2 B', '3 A', '4 C']);
    await putLesson(course.id, a!.id, { position: 3 });
    expect(await outline(course.id)).toEqual(['1 D', '2 B', '3 A', '4 C']);
  });

  it('checks a new type or content against the lesson as it then stands', async () => {
    const { course, lessons } = await createCourseWithLessons(t.app, instructor, ['Notes']);
    const lesson = lessons[0]!;
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ contentUrl: '' }, COURSE_MESSAGES.textRequired],
      // The text body is no address of a video.
      [{ contentType: 'video' }, COURSE_MESSAGES.mediaUrl],
      [{ contentType: 'pdf', contentUrl: '' }, COURSE_MESSAGES.pdfRequired],
      [
        { contentType: 'video', contentUrl: `/api/course-media/${'c'.repeat(32)}.pdf` },
        COURSE_MESSAGES.wrongMediaKind,
      ],
    ];
    for (const [change, message] of cases) {
      const response = await putLesson(course.id, lesson.id, change);
      expect(response.statusCode, JSON.stringify(change)).toBe(400);
      expect(response.json(), JSON.stringify(change)).toMatchObject({
        code: 'LESSON_CONTENT_INVALID',
        message,
      });
    }
    expect(await lessonsOf(course.id)).toEqual([lesson]);

    const video = await putLesson(course.id, lesson.id, {
      contentType: 'video',
      contentUrl: 'https://videos.example.com/notes.mp4',
    });
    expect(video.json()).toMatchObject({
      contentType: 'video',
      contentUrl: 'https://videos.example.com/notes.mp4',
    });
    // An https:// address fits a PDF lesson as well as a video one.
    expect((await putLesson(course.id, lesson.id, { contentType: 'pdf' })).json()).toMatchObject({
      contentType: 'pdf',
      contentUrl: 'https://videos.example.com/notes.mp4',
    });
    const broken = await putLesson(course.id, lesson.id, { duration: 0, releaseDate: '2030-01-01' });
    expect(broken.json()).toMatchObject({ code: 'VALIDATION_FAILED', message: COURSE_MESSAGES.duration });
    const tooFar = await putLesson(course.id, lesson.id, { releaseDate: '2030-01-01' });
    expect(tooFar.json()).toMatchObject({
      code: 'LESSON_RELEASE_TOO_FAR',
      message: COURSE_MESSAGES.releaseTooFar,
    });
  });

  it('closes the gap a removed lesson leaves', async () => {
    const { course, lessons } = await createCourseWithLessons(t.app, instructor, ['A', 'B', 'C', 'D']);
    const response = await deleteLesson(course.id, lessons[1]!.id);
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    expect(await outline(course.id)).toEqual(['1 A', '2 C', '3 D']);
    await deleteLesson(course.id, lessons[0]!.id);
    expect(await outline(course.id)).toEqual(['1 C', '2 D']);
    const again = await deleteLesson(course.id, lessons[0]!.id);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toMatchObject({ code: 'LESSON_NOT_FOUND', message: COURSE_MESSAGES.lessonNotFound });
  });

  it('keeps positions 1..n when the instructor edits in several tabs at once', async () => {
    const { course, lessons } = await createCourseWithLessons(t.app, instructor, ['A', 'B', 'C', 'D', 'E']);
    await Promise.all([
      addLesson(t.app, instructor, course.id, { title: 'F', position: 1 }),
      addLesson(t.app, instructor, course.id, { title: 'G', position: 2 }),
      putLesson(course.id, lessons[4]!.id, { position: 1 }),
      deleteLesson(course.id, lessons[2]!.id),
      putLesson(course.id, lessons[0]!.id, { position: 6 }),
    ]);
    const positions = (await lessonsOf(course.id)).map((lesson) => lesson.position);
    expect(positions).toEqual([1, 2, 3, 4, 5, 6]);
  });
});
