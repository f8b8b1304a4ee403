import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Certificate, Course } from '@sokoni/contracts/courses';
import { COURSE_PAGE_SIZE, courseListQuery } from '@sokoni/contracts/courses-rules';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { bearer, registerUser } from '../../../test/factories.js';
import {
  SAMPLE_COURSE_IMAGE,
  completeLesson,
  createCourseWithLessons,
  enrol,
} from '../../../test/course-factories.js';

const webDist = mkdtempSync(join(tmpdir(), 'sokoni-web-'));
let t: TestApp;
let course: Course;
let certificate: Certificate;

beforeAll(async () => {
  writeFileSync(
    join(webDist, 'index.html'),
    '<!doctype html><html><head><title>Sokoni</title></head><body></body></html>',
  );
  t = await createTestApp({ webDist }, { now: () => Date.parse('2026-11-20T06:00:00Z') });
  const instructor = await registerUser(t.app, { name: 'Grace Wanjiru' });
  await t.database.db.execute(
    sql`update users set created_at = '2025-03-14T09:00:00Z' where id = ${instructor.id}`,
  );
  const learner = await registerUser(t.app, { name: 'Wanjirũ Mũthoni' });
  ({ course } = await createCourseWithLessons(t.app, instructor, ['Breeds', 'Housing'], {
    title: 'Poultry <Farming>',
    price: 1500,
    instructorName: 'Grace Wanjiru',
  }));
  const free = await createCourseWithLessons(t.app, instructor, ['Greetings'], { title: 'Swahili' });
  await enrol(t.app, learner, free.course.id);
  expect((await completeLesson(t.app, learner, free.course.id, free.lessons[0]!.id)).statusCode).toBe(200);
  const mine = await t.app.inject({
    url: `/api/courses/${free.course.id}/certificate`,
    headers: bearer(learner.token),
  });
  certificate = mine.json<Certificate>();
});
afterAll(async () => {
  await t?.close();
  rmSync(webDist, { recursive: true, force: true });
});

const answersIn = (html: string) => {
  const script = /<script type="application\/json" id="sokoni-answers">([^<]*)<\/script>/.exec(html);
  return JSON.parse(script?.[1] ?? 'null') as Array<{ url: string; body: unknown; total?: number }> | null;
};

describe("shared course and certificate links, and the catalogue's first answers", () => {
  it('gives a course its title, price, lessons and instructor, and its image', async () => {
    const page = await t.app.inject(`/courses/${course.id}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<title>Poultry &#60;Farming&#62;</title>');
    expect(page.body).toContain(
      '<meta property="og:description" content="KES 1,500 · 2 lessons · by Grace Wanjiru" />',
    );
    expect(page.body).toContain(
      `<meta property="og:image" content="http://127.0.0.1:3000${SAMPLE_COURSE_IMAGE}" />`,
    );
    expect(page.body).toContain(
      `<link rel="preload" as="image" href="${SAMPLE_COURSE_IMAGE}" fetchpriority="high" />`,
    );
  });

  it('puts the course into its page exactly as the API answers it', async () => {
    const page = await t.app.inject(`/courses/${course.id}`);
    const answer = await t.app.inject(`/api/courses/${course.id}`);
    expect(answersIn(page.body)).toEqual([{ url: `/api/courses/${course.id}`, body: answer.json() }]);
  });

  it('puts the first page of /courses and its categories into it under the addresses the web app asks for', async () => {
    const url = `/api/courses?${new URLSearchParams(courseListQuery({}, { limit: COURSE_PAGE_SIZE, offset: 0 }))}`;
    expect(url).toBe('/api/courses?limit=24&offset=0');
    const page = await t.app.inject('/courses');
    const answer = await t.app.inject(url);
    const categories = await t.app.inject('/api/courses/categories');
    expect(answersIn(page.body)).toEqual([
      { url, body: answer.json(), total: Number(answer.headers['x-total-count']) },
      { url: '/api/courses/categories', body: categories.json() },
    ]);
    expect(answer.json()).toHaveLength(2);
  });

  it("gives a certificate's public page whose it is, what it proves and when, in its preview and its answer", async () => {
    const code = certificate.verificationCode;
    for (const asTyped of [code, code.toLowerCase()]) {
      const page = await t.app.inject(`/certificates/${asTyped}`);
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('<title>Wanjirũ Mũthoni completed a course on Sokoni: Swahili</title>');
      expect(page.body).toContain(
        `<meta property="og:description" content="1 lesson · 15 minutes of content · taught by the Sokoni account Grace Wanjiru, member since March 2025 · Issued 20 Nov 2026 · Verification code: ${code}" />`,
      );
      expect(page.body).toContain(
        `<meta property="og:image" content="http://127.0.0.1:3000${SAMPLE_COURSE_IMAGE}" />`,
      );
      const answer = await t.app.inject(`/api/certificates/${asTyped}`);
      expect(answersIn(page.body)).toEqual([{ url: `/api/certificates/${asTyped}`, body: answer.json() }]);
    }
  });

  it('leaves unknown courses and certificates, and other paths under them, the plain page', async () => {
    for (const path of [
      '/courses/00000000-0000-4000-8000-000000000000',
      `/courses/${course.id}/classroom`,
      '/certificates/SKN-0000-0000-0000',
      '/certificates/not-a-code',
    ]) {
      const response = await t.app.inject(path);
      expect(response.statusCode, path).toBe(200);
      expect(response.body, path).toContain('<title>Sokoni</title>');
      expect(response.body, path).not.toContain('sokoni-answers');
    }
  });
});
