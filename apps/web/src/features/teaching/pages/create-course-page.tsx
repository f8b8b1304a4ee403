import { useNavigate } from 'react-router';
import { COURSE_MESSAGES } from '@sokoni/contracts/courses-rules';
import { useAuthStore } from '@/stores/auth';
import { useCreateCourse } from '../api/create-course';
import { CourseForm } from '../components/course-form';
import { CreateCourseFormSchema, emptyCourseValues } from '../lib/course-form';
import { runMutation } from '@/lib/run-mutation';

/**
 * Spec §5 Create Course form. A new course has no lessons yet, so it opens in the lesson editor (as
 * Udemy does) rather than on the dashboard, which the editor links back to.
 */
export function CreateCoursePage() {
  const userName = useAuthStore((state) => state.user?.name ?? '');
  const createCourse = useCreateCourse();
  const navigate = useNavigate();
  return (
    <section className="mx-auto w-full max-w-3xl px-4 py-8 sm:py-10">
      <title>Create New Course — Sokoni</title>
      <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">Create New Course</h1>
      <p className="mt-2 text-slate-600">
        Describe your course first; you add its lessons (videos, PDFs or text) on the next page.
      </p>
      <div className="mt-6 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
        <CourseForm
          schema={CreateCourseFormSchema}
          defaultValues={emptyCourseValues(userName)}
          save={(body, callbacks) => runMutation(createCourse, body, callbacks)}
          saving={createCourse.isPending || createCourse.isSuccess}
          submitLabel="Create Course"
          successMessage={COURSE_MESSAGES.courseCreated}
          onSaved={(course) => navigate(`/instructor/courses/${encodeURIComponent(course.id)}/edit`)}
        />
      </div>
    </section>
  );
}
