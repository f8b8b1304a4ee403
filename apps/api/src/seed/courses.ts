import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { inArray } from 'drizzle-orm';
import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';
import { addDays } from '@sokoni/contracts/stays-rules';
import { shillingsToCents } from '@sokoni/contracts/money';
import { nairobiDate } from '../lib/clock.js';
import { newCertificateCode } from '../modules/courses/certificate-codes.js';
import { COURSE_MEDIA } from '../modules/uploads/file-store.js';
import { users as userTable } from '../db/schema/accounts.js';
import {
  courseCertificates,
  courseEnrollments,
  courseLessons,
  courseRatings,
  courses,
  lessonCompletions,
} from '../db/schema/courses.js';
import { renderArt } from './art.js';
import { SAMPLE_COURSES, type SampleLesson } from './course-catalogue.js';
import type { SeedContext } from './context.js';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
/** The same path from src/seed (tsx) and dist/seed (built): the repository's copy. */
const SAMPLE_VIDEO = fileURLToPath(new URL('../../src/seed/media/sample-lesson.mp4', import.meta.url));

/** A one-page A4 handout: the lesson's title and its lines, in PDF's own Helvetica (no font to ship). */
async function renderHandout(course: string, lesson: SampleLesson): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(`${lesson.title} — ${course}`);
  pdf.setCreator('Sokoni Courses');
  const page = pdf.addPage([595.28, 841.89]);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const green = rgb(0.02, 0.37, 0.27);
  page.drawText('Sokoni Courses', { x: 56, y: 780, size: 12, font: bold, color: green });
  page.drawText(course, { x: 56, y: 760, size: 11, font: regular, color: rgb(0.3, 0.3, 0.3) });
  page.drawText(lesson.title, { x: 56, y: 720, size: 20, font: bold, maxWidth: 480, lineHeight: 24 });
  let y = 670;
  for (const line of lesson.body ?? []) {
    page.drawText(line, { x: 56, y, size: 12, font: regular, maxWidth: 480, lineHeight: 17 });
    y -= 17 * Math.ceil(regular.widthOfTextAtSize(line, 12) / 480) + 14;
  }
  return Buffer.from(await pdf.save());
}

/**
 * Eight courses in six categories and one without, free and paid, each with video, PDF and text
 * lessons (the sample video from the repository, handouts drawn as PDFs here) and one lesson of the
 * kitchen-garden course locked for three weeks; the sample users enrolled with their progress,
 * certificates for those who finished (with their names as they are), ratings only by learners. Amina
 * learns two courses, one finished with its certificate, and teaches one; Brian teaches two.
 */
export async function seedCourses({ db, files, now, users }: SeedContext): Promise<void> {
  const userOf = (key: string) => {
    const id = users.get(key);
    if (!id) throw new Error(`sample user ${key} was not seeded`);
    return id;
  };
  const names = new Map(
    (
      await db
        .select({ id: userTable.id, name: userTable.name })
        .from(userTable)
        .where(inArray(userTable.id, [...users.values()]))
    ).map((user) => [user.id, user.name]),
  );
  const today = nairobiDate(now);
  const video = await files.save(COURSE_MEDIA, 'mp4', await readFile(SAMPLE_VIDEO));

  const courseRows: Array<typeof courses.$inferInsert> = [];
  const lessonRows: Array<typeof courseLessons.$inferInsert> = [];
  const enrolmentRows: Array<typeof courseEnrollments.$inferInsert> = [];
  const completionRows: Array<typeof lessonCompletions.$inferInsert> = [];
  const certificateRows: Array<typeof courseCertificates.$inferInsert> = [];
  const ratingRows: Array<typeof courseRatings.$inferInsert> = [];
  for (const [index, sample] of SAMPLE_COURSES.entries()) {
    const courseId = randomUUID();
    const createdAt = new Date(now - (60 + index * 4) * DAY_MS);
    const instructorId = userOf(sample.instructor);
    const instructorName = names.get(instructorId) ?? '';
    const ratings = sample.enrolments.flatMap((enrolment) =>
      enrolment.rating ? [{ learner: enrolment.learner, rating: enrolment.rating }] : [],
    );
    courseRows.push({
      id: courseId,
      title: sample.title,
      description: sample.description,
      priceCents: shillingsToCents(sample.price),
      image: await files.save(
        'sample',
        'webp',
        await renderArt(sample.title, sample.hue, sample.subject, { frame: 'wide' }),
      ),
      category: sample.category,
      level: sample.level,
      language: sample.language,
      objectives: sample.objectives,
      instructorId,
      instructorName,
      instructorTitle: sample.instructorTitle,
      instructorBio: sample.instructorBio,
      ratingSum: ratings.reduce((sum, { rating }) => sum + rating, 0),
      ratingCount: ratings.length,
      enrolledCount: sample.enrolments.length,
      createdAt,
      updatedAt: createdAt,
      // Every sample course has its lessons: published since it was made (#28).
      publishedAt: createdAt,
    });
    const lessonIds: string[] = [];
    for (const [n, lesson] of sample.lessons.entries()) {
      const id = randomUUID();
      lessonIds.push(id);
      let contentUrl = video;
      if (lesson.type === 'text') contentUrl = (lesson.body ?? []).join('\n\n');
      if (lesson.type === 'pdf')
        contentUrl = await files.save(COURSE_MEDIA, 'pdf', await renderHandout(sample.title, lesson));
      lessonRows.push({
        id,
        courseId,
        position: n + 1,
        title: lesson.title,
        contentType: lesson.type,
        contentUrl,
        durationMinutes: lesson.minutes,
        releaseDate: lesson.releaseInDays === undefined ? null : addDays(today, lesson.releaseInDays),
        createdAt: new Date(createdAt.getTime() + (n + 1) * HOUR_MS),
      });
    }
    for (const enrolment of sample.enrolments) {
      const userId = userOf(enrolment.learner);
      const enrolledAt = now - enrolment.daysAgo * DAY_MS;
      const done = enrolment.done === 'all' ? lessonIds.length : enrolment.done;
      // A lesson a day, the last one finished a day before the seed at the latest.
      const finishedAt = (n: number) => new Date(Math.min(enrolledAt + (n + 1) * DAY_MS, now - DAY_MS + n));
      const completedAt = done === lessonIds.length ? finishedAt(done - 1) : null;
      enrolmentRows.push({
        courseId,
        userId,
        enrolledAt: new Date(enrolledAt),
        completedAt,
        pricePaidCents: shillingsToCents(sample.price),
      });
      for (const [n, lessonId] of lessonIds.slice(0, done).entries())
        completionRows.push({ courseId, userId, lessonId, completedAt: finishedAt(n) });
      if (completedAt)
        certificateRows.push({
          courseId,
          userId,
          verificationCode: newCertificateCode(),
          learnerName: names.get(userId) ?? '',
          courseTitle: sample.title,
          instructorName,
          issuedAt: completedAt,
        });
    }
    for (const { learner, rating } of ratings)
      ratingRows.push({ courseId, userId: userOf(learner), rating, updatedAt: new Date(now - HOUR_MS) });
  }
  await db.insert(courses).values(courseRows);
  await db.insert(courseLessons).values(lessonRows);
  await db.insert(courseEnrollments).values(enrolmentRows);
  await db.insert(lessonCompletions).values(completionRows);
  await db.insert(courseCertificates).values(certificateRows);
  await db.insert(courseRatings).values(ratingRows);
}
