import { COURSE_MESSAGES } from '@sokoni/contracts/courses-rules';
import { forbidden, notFound } from '../../lib/errors.js';

// The refusals more than one part of the courses module makes, each with its code.

export const courseNotFound = () => notFound(COURSE_MESSAGES.classroomNotFound, 'COURSE_NOT_FOUND');
export const lessonNotFound = () => notFound(COURSE_MESSAGES.lessonNotFound, 'LESSON_NOT_FOUND');
/** The instructor is not a learner of their own course. */
export const ownCourse = () => forbidden(COURSE_MESSAGES.ownCourse, 'OWN_COURSE');
