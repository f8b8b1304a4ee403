import { Link } from 'react-router';
import type { MyCourse } from '@sokoni/contracts/courses';
import { buttonClasses } from '@/components/button';
import { CourseProgressBar } from '@/components/course-progress-bar';
import { ProductImage } from '@/components/product-image';

/** A course the learner is in: where they are in it, the way back in, and their certificate once done. */
export function MyCourseCard({ course }: { course: MyCourse }) {
  const { enrollment } = course;
  return (
    <article
      className="flex flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm sm:flex-row"
      data-testid="my-course-card"
    >
      <div className="aspect-video shrink-0 bg-slate-100 sm:w-60">
        <ProductImage
          src={course.image}
          alt=""
          width={640}
          height={360}
          loading="lazy"
          className="size-full object-cover"
        />
      </div>
      <div className="flex min-w-0 flex-1 flex-col gap-3 p-4 sm:p-5">
        <div>
          <h2 className="text-lg leading-snug font-semibold break-words text-slate-900">
            <Link to={`/courses/${course.id}`} className="rounded hover:text-emerald-800">
              {course.title}
            </Link>
          </h2>
          <p className="text-sm text-slate-700">
            <span className="sr-only">Instructor: </span>
            {course.instructor.name}
          </p>
        </div>
        <CourseProgressBar percent={enrollment.progress} label={`Your progress in ${course.title}`} />
        <div className="mt-auto flex flex-wrap gap-2">
          <Link to={`/courses/${course.id}/classroom`} className={buttonClasses('primary')}>
            Go to Classroom<span className="sr-only">: {course.title}</span>
          </Link>
          {enrollment.certificate ? (
            <Link to={`/courses/${course.id}/certificate`} className={buttonClasses('secondary')}>
              View Certificate<span className="sr-only">: {course.title}</span>
            </Link>
          ) : null}
        </div>
      </div>
    </article>
  );
}
