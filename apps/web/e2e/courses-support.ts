import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect } from '@playwright/test';
import type { APIRequestContext } from '@playwright/test';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import type { Course, CreateCourseInput, CreateLessonInput, Lesson } from '@sokoni/contracts/courses';
import { solidPng } from './png';
import { bearer, type Account } from './support';

/** A real MP4 (1 s, H.264 + AAC, moov first) from the API's test fixtures. */
const VIDEO = readFileSync(
  fileURLToPath(new URL('../../api/test/fixtures/video/faststart.mp4', import.meta.url)),
);

/** A one-page PDF handout. */
export async function handoutPdf(text: string): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const page = pdf.addPage([595, 842]);
  page.drawText(text, { x: 56, y: 760, size: 14, font: await pdf.embedFont(StandardFonts.Helvetica) });
  return Buffer.from(await pdf.save());
}

async function upload(request: APIRequestContext, account: Account, route: string, file: object) {
  const response = await request.post(`/api/uploads/${route}`, {
    headers: bearer(account),
    multipart: { file: file as { name: string; mimeType: string; buffer: Buffer } },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { publicUrl: string }).publicUrl;
}

/**
 * Creates a course through the API as `instructor`, with an uploaded image; the rest has defaults.
 * It is a draft (#28) until addLessons publishes it.
 */
export async function createCourse(
  request: APIRequestContext,
  instructor: Account,
  input: Partial<Omit<CreateCourseInput, 'image'>> & { title: string },
): Promise<Course> {
  const image = await upload(request, instructor, 'course-image', {
    name: 'cover.png',
    mimeType: 'image/png',
    buffer: solidPng(160, 90, [6, 95, 70]),
  });
  const response = await request.post('/api/courses', {
    headers: bearer(instructor),
    data: {
      description: 'A short course made for a test, taught in plain words.',
      price: 0,
      category: 'Agriculture',
      objectives: ['Plan a small plot', 'Keep records'],
      instructorName: instructor.name,
      instructorTitle: 'Farmer and trainer',
      ...input,
      image,
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as Course;
}

type LessonInput = Omit<CreateLessonInput, 'contentUrl'> & { contentUrl?: string };

/**
 * Adds lessons in order, then publishes the course (#28: learners see it from then on); a video or
 * PDF lesson without an address gets an uploaded file.
 */
export async function addLessons(
  request: APIRequestContext,
  instructor: Account,
  course: Course,
  lessons: LessonInput[],
): Promise<Lesson[]> {
  const added: Lesson[] = [];
  for (const lesson of lessons) {
    let contentUrl = lesson.contentUrl;
    if (contentUrl === undefined && lesson.contentType === 'video')
      contentUrl = await upload(request, instructor, 'course-video', {
        name: 'welcome.mp4',
        mimeType: 'video/mp4',
        buffer: VIDEO,
      });
    if (contentUrl === undefined && lesson.contentType === 'pdf')
      contentUrl = await upload(request, instructor, 'course-pdf', {
        name: 'handout.pdf',
        mimeType: 'application/pdf',
        buffer: await handoutPdf(`${lesson.title}: the handout`),
      });
    const response = await request.post(`/api/courses/${course.id}/lessons`, {
      headers: bearer(instructor),
      data: { ...lesson, contentUrl },
    });
    expect(response.status(), await response.text()).toBe(201);
    added.push((await response.json()) as Lesson);
  }
  const published = await request.post(`/api/courses/${course.id}/publish`, { headers: bearer(instructor) });
  expect(published.status(), await published.text()).toBe(200);
  return added;
}

/** A published course of `instructor`'s with one short text lesson, as createCourse takes it. */
export async function createPublishedCourse(
  request: APIRequestContext,
  instructor: Account,
  input: Partial<Omit<CreateCourseInput, 'image'>> & { title: string },
): Promise<Course> {
  const course = await createCourse(request, instructor, input);
  await addLessons(request, instructor, course, [
    {
      title: 'Welcome',
      contentType: 'text',
      contentUrl: 'What this course covers.',
      duration: 5,
      releaseDate: null,
    },
  ]);
  return course;
}
