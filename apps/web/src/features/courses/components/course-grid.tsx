import type { CourseSummary } from '@sokoni/contracts/courses';
import { SkeletonCard } from '@/components/skeleton-card';
import { CourseCard } from './course-card';
import { FeaturedCourseCard } from './featured-course-card';

const GRID_CLASSES = 'grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3';

type CourseGridProps = {
  courses: CourseSummary[];
  /** How many of the first cards are in view when the page opens: their images load at once. */
  priorityCount?: number;
};

/** The catalogue's cards, the featured external card always first (spec §2). */
export function CourseGrid({ courses, priorityCount = 0 }: CourseGridProps) {
  return (
    <ul className={GRID_CLASSES}>
      <li>
        <FeaturedCourseCard />
      </li>
      {courses.map((course, index) => (
        <li key={course.id}>
          <CourseCard course={course} priority={index < priorityCount} />
        </li>
      ))}
    </ul>
  );
}

/** Grey cards in the grid's shape while courses load (the featured card needs no loading). */
export function CourseGridSkeleton({ count = 5 }: { count?: number }) {
  return (
    <div>
      <p role="status" className="sr-only">
        Loading courses...
      </p>
      <div className={GRID_CLASSES}>
        <FeaturedCourseCard />
        {Array.from({ length: count }, (_, index) => (
          <SkeletonCard
            key={index}
            image="aspect-video"
            lines={['h-4 w-4/5', 'h-3 w-2/5', 'h-3 w-3/5', 'h-5 w-1/4']}
            testId="course-card-skeleton"
          />
        ))}
      </div>
    </div>
  );
}
