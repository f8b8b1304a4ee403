import { Link, useParams } from 'react-router';
import { COURSE_MESSAGES } from '@sokoni/contracts/courses-rules';
import type { Course } from '@sokoni/contracts/courses';
import { buttonClasses } from '@/components/button';
import { FormAlert } from '@/components/form-alert';
import { QueryError } from '@/components/query-error';
import { LoadingState } from '@/components/spinner';
import { hasCode } from '@/lib/api-client';
import { useCourseForEditing } from '../api/get-course-for-editing';
import { useUpdateCourse } from '../api/update-course';
import { CourseForm } from '../components/course-form';
import { LessonEditor } from '../components/lesson-editor';
import { UpdateCourseFormSchema, courseFormValues } from '../lib/course-form';
import { runMutation } from '@/lib/run-mutation';

const LOAD_FAILED = 'Failed to load your course. Please try again.';
const linkClasses =
  'inline-flex min-h-11 items-center text-sm font-semibold text-emerald-800 underline-offset-2 hover:underline';

function EditCourseForm({ course }: { course: Course }) {
  const updateCourse = useUpdateCourse(course.id);
  return (
    <CourseForm
      schema={UpdateCourseFormSchema}
      defaultValues={courseFormValues(course)}
      save={(body, callbacks) => runMutation(updateCourse, body, callbacks)}
      saving={updateCourse.isPending}
      submitLabel="Save changes"
      successMessage={COURSE_MESSAGES.courseUpdated}
    />
  );
}

function EditCourseContent({ courseId }: { courseId: string }) {
  const courseQuery = useCourseForEditing(courseId);
  if (courseQuery.isPending) return <LoadingState label="Loading your course..." />;
  if (courseQuery.isError) {
    const { error } = courseQuery;
    if (hasCode(error, 'COURSE_NOT_FOUND')) return <FormAlert message={COURSE_MESSAGES.classroomNotFound} />;
    // The editor reads the classroom, which refuses anyone who neither teaches nor takes the course.
    if (hasCode(error, 'NOT_ENROLLED')) return <FormAlert message={COURSE_MESSAGES.notInstructor} />;
    return (
      <QueryError
        message={LOAD_FAILED}
        onRetry={() => void courseQuery.refetch()}
        retrying={courseQuery.isFetching}
      />
    );
  }
  const { course, enrollment } = courseQuery.data;
  // An enrolled learner may open the classroom, but only the instructor changes the course.
  if (!enrollment.instructor) return <FormAlert message={COURSE_MESSAGES.notInstructor} />;
  const path = encodeURIComponent(course.id);
  return (
    <div className="space-y-10">
      <div className="flex flex-wrap gap-2">
        <Link to={`/courses/${path}`} className={buttonClasses('secondary')}>
          View course page
        </Link>
        <Link to={`/courses/${path}/classroom`} className={buttonClasses('secondary')}>
          Open classroom
        </Link>
      </div>
      <LessonEditor courseId={course.id} lessons={course.lessons} />
      <section aria-labelledby="course-details-heading" className="space-y-4">
        <h2 id="course-details-heading" className="text-xl font-bold text-slate-900">
          Course details
        </h2>
        <div className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
          <EditCourseForm course={course} />
        </div>
      </section>
    </div>
  );
}

/** The instructor changes a course and its lessons (another user is told only the instructor may). */
export function EditCoursePage() {
  const { courseId = '' } = useParams();
  return (
    <section className="mx-auto w-full max-w-4xl space-y-6 px-4 py-8 sm:py-10">
      <title>Edit course — Sokoni</title>
      <div className="space-y-2">
        <Link to="/instructor/courses" className={linkClasses}>
          ← Back to dashboard
        </Link>
        <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">Edit course</h1>
      </div>
      {/* Keyed: another course's address starts over from that course. */}
      <EditCourseContent key={courseId} courseId={courseId} />
    </section>
  );
}
