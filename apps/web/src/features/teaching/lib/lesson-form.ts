import { z } from 'zod';
import type { ErrorCode } from '@sokoni/contracts/error-codes';
import { CreateLessonInput } from '@sokoni/contracts/courses';
import {
  COURSE_MEDIA_PATH,
  LESSON_CONTENT_TYPES,
  lessonContentProblem,
} from '@sokoni/contracts/courses-rules';
import type {
  CreateLessonData,
  CreateLessonInput as CreateLessonBody,
  Lesson,
  UpdateLessonInput,
} from '@sokoni/contracts/courses';
import type { LessonContentType } from '@sokoni/contracts/courses-rules';
import { apiFieldErrors } from '@/lib/field-errors';
import type { FieldErrors } from '@/lib/field-errors';
import { parseQuantity } from '@/lib/parse-price';

/** The lesson form's fields, named as POST and PUT /courses/{id}/lessons name them. */
export const LESSON_FIELDS = ['title', 'contentType', 'contentUrl', 'duration', 'releaseDate'] as const;
export type LessonField = (typeof LESSON_FIELDS)[number];

/**
 * As typed: `contentUrl` is a text lesson's body, or a video's or PDF's address (an upload's, or
 * an https:// one); `releaseDate` is an `<input type="date">` value ('' for at once).
 */
export type LessonFormValues = {
  title: string;
  contentType: LessonContentType;
  contentUrl: string;
  duration: string;
  releaseDate: string;
};

export const EMPTY_LESSON_VALUES: LessonFormValues = {
  title: '',
  contentType: 'video',
  contentUrl: '',
  duration: '',
  releaseDate: '',
};

export const CONTENT_TYPE_LABELS: Record<LessonContentType, string> = {
  video: 'Video',
  pdf: 'PDF',
  text: 'Text',
};

/**
 * A lesson file of ours is answered signed for a few hours ('…/file.mp4?expires=…&signature=…');
 * what the lesson keeps, and what the form sends back, is the file's own address.
 */
export function storedAddress(url: string): string {
  const path = url.split('?')[0] ?? url;
  return COURSE_MEDIA_PATH.test(path) ? path : url;
}

/** The edit form starts from the lesson as it stands. */
export function lessonFormValues(lesson: Lesson): LessonFormValues {
  const content = lesson.contentUrl ?? '';
  return {
    title: lesson.title,
    contentType: lesson.contentType,
    contentUrl: lesson.contentType === 'text' ? content : storedAddress(content),
    duration: String(lesson.duration),
    releaseDate: lesson.releaseDate ?? '',
  };
}

/** The request body from what the instructor typed: minutes parsed (NaN left for the contract to refuse). */
export function toLessonBody(values: LessonFormValues) {
  return {
    title: values.title,
    contentType: values.contentType,
    contentUrl: values.contentUrl,
    duration: parseQuantity(values.duration),
    releaseDate: values.releaseDate.trim() || null,
  };
}

const typed = z.string();

/**
 * The form as typed, checked with POST /courses/{id}/lessons' own rules on the body it would send
 * (the content fits the type: lessonContentProblem), so a field shows the server's very message.
 * The contract checks a lesson's content only once its other fields pass; the form says what is
 * wrong with the content at the same time as the rest.
 */
export const LessonFormSchema = z
  .object({
    title: typed,
    contentType: z.enum(LESSON_CONTENT_TYPES),
    contentUrl: typed,
    duration: typed,
    releaseDate: typed,
  } satisfies Record<LessonField, z.ZodType>)
  .transform((values): CreateLessonBody => toLessonBody(values))
  .pipe(CreateLessonInput)
  .superRefine(
    (lesson, context) => {
      const problem = lessonContentProblem(lesson.contentType, lesson.contentUrl);
      if (problem) context.addIssue({ code: 'custom', message: problem, path: ['contentUrl'] });
    },
    // Also when the contract stopped short of its own check, unless the content has its message.
    { when: ({ issues }) => !issues.some((issue) => issue.path?.[0] === 'contentUrl') },
  );

/**
 * What an edit changes, for PUT: only the fields that differ from the lesson as it was (a file's
 * signed address is never sent back). A change of type sends the content with it.
 */
export function lessonChanges(body: CreateLessonData, before: LessonFormValues): UpdateLessonInput {
  const was = toLessonBody(before);
  const changes: UpdateLessonInput = {};
  if (body.title !== was.title) changes.title = body.title;
  if (body.contentType !== was.contentType || body.contentUrl !== was.contentUrl.trim()) {
    changes.contentType = body.contentType;
    changes.contentUrl = body.contentUrl;
  }
  if (body.duration !== was.duration) changes.duration = body.duration;
  if (body.releaseDate !== was.releaseDate) changes.releaseDate = body.releaseDate;
  return changes;
}

/** Refusals the server words for one field without naming it in `issues`. */
const FIELD_OF_CODE: Partial<Record<ErrorCode, LessonField>> = {
  FOREIGN_MEDIA: 'contentUrl',
  LESSON_CONTENT_INVALID: 'contentUrl',
  LESSON_RELEASE_TOO_FAR: 'releaseDate',
};

/** The server's messages about the form's fields, per field. */
export const serverLessonErrors = (error: unknown): FieldErrors<LessonField> =>
  apiFieldErrors(error, LESSON_FIELDS, FIELD_OF_CODE);
