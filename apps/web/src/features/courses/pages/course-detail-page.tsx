import { useParams } from 'react-router';
import { COURSE_MESSAGES } from '@sokoni/contracts/courses-rules';
import type { Course } from '@sokoni/contracts/courses';
import { Button } from '@/components/button';
import { DetailPage } from '@/components/detail-page';
import { DraftBadge } from '@/components/course-publishing';
import { DetailRow } from '@/components/detail-row';
import { HiddenNotice } from '@/components/hidden-notice';
import { LessonContent } from '@/components/lesson-content';
import { ReportButton } from '@/components/report-button';
import { ShareActions } from '@/components/share-actions';
import { useGoBack } from '@/lib/use-go-back';
import { useMetaDescription } from '@/lib/use-meta-description';
import { useCourse } from '../api/get-course';
import { CourseDetailSkeleton } from '../components/course-detail-skeleton';
import { CourseHeader } from '../components/course-header';
import { CourseOutline } from '../components/course-outline';
import { EnrollCard } from '../components/enroll-card';
import { InstructorCard } from '../components/instructor-card';
import { courseBlurb, courseShare } from '../lib/course-display';

function CourseNotFound() {
  const goBack = useGoBack('/courses');
  return (
    <div className="mx-auto flex max-w-md flex-col items-center py-16 text-center">
      <title>Course not found — Sokoni</title>
      <h1 className="text-2xl font-bold text-slate-900">{COURSE_MESSAGES.notFound}</h1>
      <p className="mt-2 text-slate-600">{COURSE_MESSAGES.notFoundText}</p>
      <Button className="mt-6" onClick={goBack}>
        Go Back
      </Button>
    </div>
  );
}

/** Spec §2 course details: how many lessons, the level, the language. */
function CourseDetails({ course }: { course: Course }) {
  return (
    <section aria-labelledby="course-details" className="rounded-2xl border border-slate-200 bg-white p-5">
      <h2 id="course-details" className="text-lg font-bold text-slate-900">
        Course details
      </h2>
      <dl className="mt-2 divide-y divide-slate-100" data-testid="course-details">
        <DetailRow term="Lessons">{COURSE_MESSAGES.lessons(course.lessonCount)}</DetailRow>
        <DetailRow term="Level">{course.level}</DetailRow>
        <DetailRow term="Language">{course.language}</DetailRow>
      </dl>
    </section>
  );
}

function Preview({ course }: { course: Course }) {
  const lesson = course.lessons.find((candidate) => candidate.preview);
  if (!lesson || lesson.contentUrl === null) return null;
  return (
    <section aria-labelledby="course-preview" className="space-y-3">
      <h2 id="course-preview" className="text-xl font-bold text-slate-900">
        Preview: {lesson.title}
      </h2>
      {/* The first lesson, open to everyone (spec §2). */}
      <LessonContent
        title={lesson.title}
        contentType={lesson.contentType}
        content={lesson.contentUrl}
        bytes={lesson.contentBytes}
        variant="preview"
      />
    </section>
  );
}

function Objectives({ objectives }: { objectives: string[] }) {
  if (!objectives.length) return null;
  return (
    <section aria-labelledby="course-objectives" className="space-y-3">
      <h2 id="course-objectives" className="text-xl font-bold text-slate-900">
        What You&apos;ll Master
      </h2>
      <ul
        className="grid gap-2 rounded-2xl border border-slate-200 bg-white p-4 sm:grid-cols-2 sm:p-5"
        data-testid="course-objectives"
      >
        {objectives.map((objective, index) => (
          <li key={index} className="flex items-start gap-2 text-slate-800">
            <span aria-hidden="true" className="text-emerald-700">
              ✓
            </span>
            <span className="min-w-0 break-words">{objective}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** A draft's page, which only its instructor sees (#28): what it is, and what to do. */
function DraftNotice() {
  return (
    <p
      data-testid="draft-notice"
      className="flex flex-wrap items-center gap-2 rounded-xl border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900"
    >
      <DraftBadge />
      {COURSE_MESSAGES.draftNotice}
    </p>
  );
}

function CourseDetail({ course }: { course: Course }) {
  useMetaDescription(courseBlurb(course));
  // One column on a phone (the header, then the enrolment card, then the rest); on a desktop the
  // card and details stay beside the content as it scrolls.
  return (
    <article className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_22rem] lg:gap-x-10">
      <title>{`${course.title} — Sokoni`}</title>
      <div className="space-y-4 lg:col-start-1 lg:row-start-1">
        <HiddenNotice moderation={course.moderation} />
        {course.publishedAt === null ? <DraftNotice /> : null}
        <CourseHeader course={course} />
      </div>
      <div className="space-y-4 self-start lg:sticky lg:top-20 lg:col-start-2 lg:row-span-2 lg:row-start-1">
        <EnrollCard course={course} />
        <CourseDetails course={course} />
        {/* A draft's link opens for its instructor alone: nothing to share yet (#28). */}
        {course.publishedAt === null ? null : (
          <div className="flex flex-wrap gap-2">
            <ShareActions share={courseShare(course)} />
          </div>
        )}
        <ReportButton subject="course" subjectId={course.id} ownerId={course.instructorId} />
      </div>
      <div className="space-y-10 lg:col-start-1 lg:row-start-2">
        <Preview course={course} />
        <Objectives objectives={course.objectives} />
        <CourseOutline lessons={course.lessons} duration={course.duration} />
        <InstructorCard instructor={course.instructor} />
      </div>
    </article>
  );
}

export function CourseDetailPage() {
  const { courseId = '' } = useParams();
  const courseQuery = useCourse(courseId);

  return (
    <DetailPage
      query={courseQuery}
      skeleton={<CourseDetailSkeleton />}
      notFound={<CourseNotFound />}
      notFoundCode="COURSE_NOT_FOUND"
      loadError={{
        title: 'Course — Sokoni',
        message: "We couldn't load this course. Please check your connection.",
      }}
    >
      {(course) => <CourseDetail course={course} />}
    </DetailPage>
  );
}
