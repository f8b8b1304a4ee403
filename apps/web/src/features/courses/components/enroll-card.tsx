import { useState } from 'react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { COURSE_MESSAGES, formatCoursePrice } from '@sokoni/contracts/courses-rules';
import { formatNairobiTime } from '@sokoni/contracts/events-rules';
import type { Course, Enrollment } from '@sokoni/contracts/courses';
import { Button, buttonClasses } from '@/components/button';
import { CourseProgressBar } from '@/components/course-progress-bar';
import { PublishCourse } from '@/components/course-publishing';
import { CourseRefundButton } from '@/components/course-refund-button';
import { UnpaidNotice } from '@/components/unpaid-notice';
import { FormAlert } from '@/components/form-alert';
import { LazyPayStep } from '@/components/lazy-pay-step';
import { ProductImage } from '@/components/product-image';
import { QueryError } from '@/components/query-error';
import { SignInPrompt } from '@/components/sign-in-prompt';
import { Spinner } from '@/components/spinner';
import { errorMessage } from '@/lib/api-client';
import { useAuthStore } from '@/stores/auth';
import type { AuthUser } from '@/stores/auth';
import { useEnrollCourse, useRefreshCourseStanding } from '../api/enroll-course';
import { useEnrollment } from '../api/get-enrollment';
import { useLastCoursePayment } from '../api/get-last-course-payment';

const ENROL_FAILED = 'We could not enrol you. Please try again.';

const classroomPath = (course: Course) => `/courses/${course.id}/classroom`;

function EnterClassroom({ course }: { course: Course }) {
  return (
    <Link to={classroomPath(course)} className={buttonClasses('primary', 'w-full')}>
      Enter Classroom
    </Link>
  );
}

/** Spec §4: "You're In!", the learner's progress, and the way in (and to the certificate once done). */
function Enrolled({ course, enrollment }: { course: Course; enrollment: Enrollment }) {
  return (
    <div className="space-y-4">
      <p className="text-2xl font-bold text-emerald-800">{COURSE_MESSAGES.enrolled}</p>
      <CourseProgressBar percent={enrollment.progress} label={`Your progress in ${course.title}`} />
      <EnterClassroom course={course} />
      {enrollment.certificate ? (
        <Link to={`/courses/${course.id}/certificate`} className={buttonClasses('secondary', 'w-full')}>
          View Certificate
        </Link>
      ) : null}
      {enrollment.canAskRefund ? <CourseRefundButton course={course} /> : null}
    </div>
  );
}

/** The instructor's own links; a draft's Publish first (#28). */
function Teaching({ course }: { course: Course }) {
  return (
    <div className="space-y-3">
      <p className="font-semibold text-slate-900">You teach this course</p>
      {course.publishedAt === null ? <PublishCourse course={course} className="w-full" /> : null}
      <Link to={`/instructor/courses/${course.id}/edit`} className={buttonClasses('primary', 'w-full')}>
        Edit course
      </Link>
      <Link to={classroomPath(course)} className={buttonClasses('secondary', 'w-full')}>
        Open Classroom
      </Link>
    </div>
  );
}

/** A free course: Enroll Now → 'Enrolling...' while the server enrols → "You're In!". */
function FreeEnrol({ course, learner, onVisitor }: EnrolProps) {
  // Once enrolled, the learner's standing (set from the answer) turns this card into "You're In!".
  const enrol = useEnrollCourse();
  return (
    <div className="space-y-3">
      <FormAlert message={enrol.isError ? errorMessage(enrol.error, ENROL_FAILED) : null} />
      <Button
        className="w-full"
        disabled={enrol.isPending}
        onClick={() => (learner ? enrol.mutate(course.id) : onVisitor())}
      >
        {enrol.isPending ? <Spinner className="size-4" /> : null}
        {enrol.isPending ? COURSE_MESSAGES.enrolling : 'Enroll Now'}
      </Button>
    </div>
  );
}

/** Said when the learner's latest payment for the course ended unpaid, with Pay again (#26). */
function LastPaymentUnpaid({ courseId, onPayAgain }: { courseId: string; onPayAgain: () => void }) {
  const lastPayment = useLastCoursePayment(courseId);
  if (!lastPayment.data?.unpaid) return null;
  return <UnpaidNotice onPayAgain={onPayAgain} />;
}

/**
 * A paid course: Pay & Enrol opens the pay step at the course's price (M-Pesa first, card second);
 * the payment page then leads to the classroom.
 */
function PaidEnrol({ course, learner, onVisitor }: EnrolProps) {
  const [paying, setPaying] = useState(false);
  const refreshStanding = useRefreshCourseStanding(course.id);
  if (paying && learner) {
    return (
      <LazyPayStep
        subject={async () => {
          refreshStanding();
          return { paymentType: 'course', courseId: course.id };
        }}
        amount={course.price}
        callbackDetails={{ courseId: course.id }}
        failedMessage={COURSE_MESSAGES.paymentFailed}
      />
    );
  }
  return (
    <div className="space-y-3">
      {learner ? <LastPaymentUnpaid courseId={course.id} onPayAgain={() => setPaying(true)} /> : null}
      <Button className="w-full" onClick={() => (learner ? setPaying(true) : onVisitor())}>
        Pay &amp; Enrol
      </Button>
    </div>
  );
}

type EnrolProps = { course: Course; learner: AuthUser | null; onVisitor: () => void };

/**
 * The price and the way to join, for someone not (yet) enrolled (or refunded, #27); a visitor is
 * asked to log in.
 */
function Enrol({
  course,
  learner,
  refundedAt = null,
}: Omit<EnrolProps, 'onVisitor'> & { refundedAt?: string | null }) {
  const [askedToSignIn, setAskedToSignIn] = useState(false);
  const Join = course.price === 0 ? FreeEnrol : PaidEnrol;
  return (
    <div className="space-y-3">
      <p className="text-3xl font-extrabold text-slate-900" data-testid="course-price">
        {formatCoursePrice(course.price)}
      </p>
      <p className="text-sm text-slate-600">Learn at your own pace, with a certificate when you finish.</p>
      {refundedAt ? (
        <p className="rounded-lg bg-slate-100 px-3 py-2 text-sm text-slate-800">
          You were refunded for this course on{' '}
          <time dateTime={refundedAt}>{formatNairobiTime(refundedAt)}</time>.
        </p>
      ) : null}
      {askedToSignIn && !learner ? (
        <SignInPrompt message={COURSE_MESSAGES.enrolLoginRequired} tone="alert" />
      ) : null}
      <Join course={course} learner={learner} onVisitor={() => setAskedToSignIn(true)} />
    </div>
  );
}

/** A signed-in learner's card: their standing decides between joining and entering. */
function LearnerCard({ course, learner }: { course: Course; learner: AuthUser }) {
  const enrollment = useEnrollment(course.id);
  if (enrollment.isPending) {
    return (
      <p role="status" className="flex items-center gap-2 py-4 text-slate-600">
        <Spinner className="size-4 text-emerald-700" />
        Checking your enrolment...
      </p>
    );
  }
  if (enrollment.isError) {
    return (
      <QueryError
        message="We couldn't check your enrolment."
        onRetry={() => enrollment.refetch()}
        retrying={enrollment.isFetching}
      />
    );
  }
  if (enrollment.data.instructor) return <Teaching course={course} />;
  if (enrollment.data.enrolled) return <Enrolled course={course} enrollment={enrollment.data} />;
  return <Enrol course={course} learner={learner} refundedAt={enrollment.data.refundedAt} />;
}

function CardFrame({ course, children }: { course: Course; children: ReactNode }) {
  return (
    <section
      aria-labelledby="enrol-card"
      className="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm"
    >
      <ProductImage
        src={course.image}
        alt=""
        width={640}
        height={360}
        fetchPriority="high"
        className="aspect-video w-full object-cover"
      />
      <div className="space-y-3 p-5" aria-live="polite">
        <h2 id="enrol-card" className="sr-only">
          Enrolment
        </h2>
        {children}
      </div>
    </section>
  );
}

/**
 * Spec §4 Course enrollment card, made real: the price and Enroll Now (a free course) or Pay &
 * Enrol (a paid one, through the pay step); "You're In!" with the learner's progress and Enter Classroom once enrolled;
 * the instructor's own links for the instructor; a visitor is asked to log in and comes back here.
 */
export function EnrollCard({ course }: { course: Course }) {
  const user = useAuthStore((state) => state.user);
  let content: ReactNode;
  if (!user) content = <Enrol course={course} learner={null} />;
  else if (user.id === course.instructorId) content = <Teaching course={course} />;
  else content = <LearnerCard course={course} learner={user} />;
  return <CardFrame course={course}>{content}</CardFrame>;
}
