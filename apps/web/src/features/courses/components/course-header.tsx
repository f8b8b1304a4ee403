import { Link } from 'react-router';
import {
  COURSE_MESSAGES,
  categoryOf,
  formatCourseDuration,
  formatCourseRating,
} from '@sokoni/contracts/courses-rules';
import type { Course } from '@sokoni/contracts/courses';
import { RatingStars } from '@/components/rating-stars';

function Rating({ course }: { course: Course }) {
  if (course.ratingCount === 0) return <span>No ratings yet</span>;
  return (
    <span className="flex items-center gap-1.5">
      <RatingStars rating={course.rating} />
      <span aria-hidden="true" data-testid="course-rating">
        {formatCourseRating(course.rating)} out of 5
      </span>
      <span>
        ({course.ratingCount.toLocaleString('en-KE')} {course.ratingCount === 1 ? 'rating' : 'ratings'})
      </span>
    </span>
  );
}

/** Spec §2: the course's title, description, length, learners and rating out of 5. */
export function CourseHeader({ course }: { course: Course }) {
  return (
    <div className="space-y-3">
      <Link
        to="/courses"
        className="inline-flex min-h-11 items-center text-sm font-semibold text-emerald-800 hover:text-emerald-900"
      >
        <span aria-hidden="true">←&nbsp;</span>All courses
      </Link>
      <p className="flex flex-wrap gap-2 text-xs font-bold">
        <span className="rounded-full bg-emerald-100 px-2.5 py-0.5 text-emerald-800">
          <span className="sr-only">Category: </span>
          {categoryOf(course.category)}
        </span>
        <span className="rounded-full bg-slate-200 px-2.5 py-0.5 text-slate-800">
          <span className="sr-only">Level: </span>
          {course.level}
        </span>
      </p>
      <h1 className="text-2xl font-bold break-words text-slate-900 sm:text-3xl">{course.title}</h1>
      <p className="whitespace-pre-line text-slate-700">{course.description}</p>
      <ul
        className="flex flex-wrap items-center gap-x-5 gap-y-2 text-sm text-slate-800"
        data-testid="course-header-facts"
      >
        <li>
          <span className="flex items-center gap-1.5">
            <svg viewBox="0 0 24 24" className="size-4 text-slate-600" aria-hidden="true" focusable="false">
              <circle cx="12" cy="12" r="8.5" fill="none" stroke="currentColor" strokeWidth="1.8" />
              <path
                d="M12 7.5V12l3 2"
                fill="none"
                stroke="currentColor"
                strokeWidth="1.8"
                strokeLinecap="round"
              />
            </svg>
            <span className="sr-only">Duration: </span>
            {formatCourseDuration(course.duration)}
          </span>
        </li>
        <li>{COURSE_MESSAGES.enrolledCount(course.enrolledCount)}</li>
        <li>
          <Rating course={course} />
        </li>
      </ul>
    </div>
  );
}
