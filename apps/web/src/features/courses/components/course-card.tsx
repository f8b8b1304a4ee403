import {
  COURSE_MESSAGES,
  categoryOf,
  formatCourseDuration,
  formatCoursePrice,
} from '@sokoni/contracts/courses-rules';
import type { CourseSummary } from '@sokoni/contracts/courses';
import { LinkCard, LinkCardImage, LinkCardTitle } from '@/components/link-card';
import { ratingSummary } from '../lib/course-display';

const IMAGE_WIDTH = 640;
const IMAGE_HEIGHT = 360;

type CourseCardProps = {
  course: CourseSummary;
  /** Load the image at once, at high priority: for cards in view when the page opens. */
  priority?: boolean;
};

/** A course in the catalogue: what it is, who teaches it, how long, how liked, and its price. */
export function CourseCard({ course, priority = false }: CourseCardProps) {
  return (
    <LinkCard testId="course-card">
      <LinkCardImage
        src={course.image}
        width={IMAGE_WIDTH}
        height={IMAGE_HEIGHT}
        priority={priority}
        label={course.title}
      >
        <span className="absolute top-3 left-3 rounded-full bg-white/95 px-2.5 py-0.5 text-xs font-bold text-emerald-800 shadow-sm">
          <span className="sr-only">Category: </span>
          {categoryOf(course.category)}
        </span>
      </LinkCardImage>
      <div className="flex flex-1 flex-col gap-1.5 p-4">
        <LinkCardTitle to={`/courses/${course.id}`}>{course.title}</LinkCardTitle>
        <p className="text-sm text-slate-700">
          <span className="sr-only">Instructor: </span>
          {course.instructor.name}
        </p>
        <p className="text-sm text-slate-600" data-testid="course-facts">
          {course.level} · {formatCourseDuration(course.duration)} ·{' '}
          {COURSE_MESSAGES.lessons(course.lessonCount)}
        </p>
        <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-700">
          <span className="flex items-center gap-1 font-medium text-slate-800">
            <span aria-hidden="true" className="text-amber-500">
              ★
            </span>
            <span className="sr-only">Rating: </span>
            <span data-testid="course-rating">{ratingSummary(course)}</span>
          </span>
          <span>{COURSE_MESSAGES.enrolledCount(course.enrolledCount)}</span>
        </p>
        <p className="mt-auto pt-2 text-lg font-bold text-emerald-800" data-testid="course-price">
          {formatCoursePrice(course.price)}
        </p>
      </div>
    </LinkCard>
  );
}
