import { Link } from 'react-router';
import {
  COURSE_MESSAGES,
  formatCourseDuration,
  formatCoursePrice,
  formatCourseRating,
} from '@sokoni/contracts/courses-rules';
import type { InstructorCourse } from '@sokoni/contracts/courses';
import { formatKES } from '@sokoni/contracts/money';
import { buttonClasses } from '@/components/button';
import { DraftBadge, PublishCourse } from '@/components/course-publishing';
import { DashboardFigure } from '@/components/dashboard-figure';
import { HiddenNotice } from '@/components/hidden-notice';

const count = (value: number) => value.toLocaleString('en-KE');

/**
 * One of the instructor's courses with its figures: enrolments, completion rate, revenue, rating; a
 * draft says so, with its Publish (#28).
 */
export function InstructorCourseCard({ course }: { course: InstructorCourse }) {
  const rating = course.ratingCount
    ? `${formatCourseRating(course.rating)} (${count(course.ratingCount)})`
    : '—';
  return (
    <article
      className="flex flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:flex-row"
      data-testid="instructor-course"
    >
      <img
        src={course.image}
        alt=""
        width={320}
        height={180}
        loading="lazy"
        decoding="async"
        className="aspect-video w-full shrink-0 rounded-xl bg-slate-100 object-cover sm:w-56"
      />
      <div className="min-w-0 flex-1 space-y-3">
        <div>
          {course.publishedAt === null ? <DraftBadge /> : null}
          <h2 className="text-lg leading-snug font-semibold break-words text-slate-900">{course.title}</h2>
          <p className="text-sm text-slate-600">
            {formatCoursePrice(course.price)} · {COURSE_MESSAGES.lessons(course.lessonCount)} ·{' '}
            {formatCourseDuration(course.duration)} · {course.level}
          </p>
        </div>
        <HiddenNotice moderation={course.moderation} />
        <dl className="grid grid-cols-2 gap-2 lg:grid-cols-4">
          <DashboardFigure term="Enrolments" value={count(course.enrolledCount)} />
          <DashboardFigure term="Completion rate" value={`${course.completionRate}%`} />
          <DashboardFigure term="Revenue" value={formatKES(course.revenue)} />
          <DashboardFigure term="Rating" value={rating} />
        </dl>
        <div className="flex flex-wrap gap-2">
          {course.publishedAt === null ? <PublishCourse course={course} /> : null}
          <Link
            to={`/instructor/courses/${encodeURIComponent(course.id)}/edit`}
            className={buttonClasses('secondary')}
          >
            Edit<span className="sr-only"> {course.title}</span>
          </Link>
          <Link to={`/courses/${encodeURIComponent(course.id)}`} className={buttonClasses('ghost')}>
            View<span className="sr-only"> {course.title}</span>
          </Link>
        </div>
      </div>
    </article>
  );
}
