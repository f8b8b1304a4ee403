import { formatCourseDay, formatCoursePrice, formatCourseRating } from '@sokoni/contracts/courses-rules';
import type { Course, CourseSummary } from '@sokoni/contracts/courses';
import type { LessonContentType } from '@sokoni/contracts/courses-rules';
import { nairobiToday } from '@sokoni/contracts/stays-rules';
import type { SharedPage } from '@/components/share-button';
import { pageUrl } from '@/lib/page-url';

export const LESSON_TYPE_LABELS: Record<LessonContentType, string> = {
  video: 'Video',
  pdf: 'PDF',
  text: 'Text',
};

/** A course's line where it is shown or shared: 'KES 1,500 · Grace Wanjiru · Beginner'. */
export const courseBlurb = (course: Pick<Course, 'price' | 'instructor' | 'level'>): string =>
  `${formatCoursePrice(course.price)} · ${course.instructor.name} · ${course.level}`;

/** What Share sends: the course's title, its price, instructor and level, and its page's link. */
export const courseShare = (course: Course): SharedPage => ({
  title: course.title,
  text: courseBlurb(course),
  url: pageUrl(`/courses/${encodeURIComponent(course.id)}`),
});

/** '4.5 (12)', to one decimal (spec §9); 'New' for a course no learner has rated yet. */
export const ratingSummary = ({ rating, ratingCount }: Pick<CourseSummary, 'rating' | 'ratingCount'>) =>
  ratingCount === 0 ? 'New' : `${formatCourseRating(rating)} (${ratingCount.toLocaleString('en-KE')})`;

/** A lesson's length as the outline shows it (spec §4: 'unlocked ones show the duration in min'). */
export const lessonMinutes = (minutes: number) => `${minutes} min`;

/** The day a certificate was issued, in Nairobi ('24 Dec 2026'), whatever the device's time zone. */
export const certificateDay = (issuedDate: string): string => nairobiToday(Date.parse(issuedDate));

export const formatCertificateDay = (issuedDate: string): string =>
  formatCourseDay(certificateDay(issuedDate));
