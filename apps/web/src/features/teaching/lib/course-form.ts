import { z } from 'zod';
import type { ErrorCode } from '@sokoni/contracts/error-codes';
import { CreateCourseInput, UpdateCourseInput } from '@sokoni/contracts/courses';
import type {
  Course,
  CreateCourseInput as CreateCourseBody,
  UpdateCourseInput as UpdateCourseBody,
} from '@sokoni/contracts/courses';
import type { CourseLevel } from '@sokoni/contracts/courses-rules';
import { apiFieldErrors } from '@/lib/field-errors';
import type { FieldErrors } from '@/lib/field-errors';
import { parsePrice } from '@/lib/parse-price';

/** The course form's fields, named as POST and PUT /courses name them. */
export const COURSE_FIELDS = [
  'title',
  'description',
  'price',
  'image',
  'category',
  'level',
  'language',
  'objectives',
  'instructorName',
  'instructorTitle',
  'instructorBio',
  'instructorAvatar',
] as const;
export type CourseField = (typeof COURSE_FIELDS)[number];

/**
 * As typed. `image` and `instructorAvatar` hold the uploaded images' addresses ('' for none);
 * objectives are objects so the form can keep each line's identity while lines are removed.
 */
export type CourseFormValues = {
  title: string;
  description: string;
  price: string;
  image: string;
  category: string;
  level: string;
  language: string;
  objectives: Array<{ text: string }>;
  instructorName: string;
  instructorTitle: string;
  instructorBio: string;
  instructorAvatar: string;
};

/** A new course: the instructor's name is the signed-in user's, Beginner, in English (the contract's defaults). */
export function emptyCourseValues(instructorName: string): CourseFormValues {
  return {
    title: '',
    description: '',
    price: '',
    image: '',
    category: '',
    level: 'Beginner',
    language: 'English',
    objectives: [],
    instructorName,
    instructorTitle: '',
    instructorBio: '',
    instructorAvatar: '',
  };
}

/** The edit form starts from the course as it stands. */
export function courseFormValues(course: Course): CourseFormValues {
  return {
    title: course.title,
    description: course.description,
    price: String(course.price),
    image: course.image,
    // A course listed as Uncategorized has none: its instructor names one when saving.
    category: course.category ?? '',
    level: course.level,
    language: course.language,
    objectives: course.objectives.map((text) => ({ text })),
    instructorName: course.instructor.name,
    instructorTitle: course.instructor.title ?? '',
    instructorBio: course.instructor.bio ?? '',
    instructorAvatar: course.instructor.avatar ?? '',
  };
}

/** The request body from what the instructor typed: the price parsed (NaN left for the contract to refuse). */
export function toCourseBody(values: CourseFormValues) {
  return {
    title: values.title,
    description: values.description,
    price: parsePrice(values.price),
    image: values.image,
    category: values.category,
    level: values.level as CourseLevel,
    language: values.language,
    objectives: values.objectives.map((objective) => objective.text),
    instructorName: values.instructorName,
    instructorTitle: values.instructorTitle,
    instructorBio: values.instructorBio,
    instructorAvatar: values.instructorAvatar || null,
  };
}

const typed = z.string();
const CourseFormShape = z.object({
  title: typed,
  description: typed,
  price: typed,
  image: typed,
  category: typed,
  level: z.string(),
  language: typed,
  objectives: z.array(z.object({ text: typed })),
  instructorName: typed,
  instructorTitle: typed,
  instructorBio: typed,
  instructorAvatar: typed,
} satisfies Record<CourseField, z.ZodType>);

/**
 * The form as typed, checked with the contract's own rules on the body it would send, so a field
 * shows the very message the server would answer; the output is that body.
 */
export const CreateCourseFormSchema = CourseFormShape.transform((values): CreateCourseBody =>
  toCourseBody(values),
).pipe(CreateCourseInput);
export const UpdateCourseFormSchema = CourseFormShape.transform((values): UpdateCourseBody =>
  toCourseBody(values),
).pipe(UpdateCourseInput);

/** Refusals the server words for one field without naming it in `issues`. */
const FIELD_OF_CODE: Partial<Record<ErrorCode, CourseField>> = { FOREIGN_IMAGE: 'image' };

/** The server's messages about the form's fields, per field (an objective's names its line, 'objectives.2'). */
export const serverFieldErrors = (error: unknown): FieldErrors<CourseField> =>
  apiFieldErrors(error, COURSE_FIELDS, FIELD_OF_CODE);
