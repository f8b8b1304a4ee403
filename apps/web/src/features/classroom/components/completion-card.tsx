import { Link } from 'react-router';
import { COURSE_MESSAGES } from '@sokoni/contracts/courses-rules';
import { buttonClasses } from '@/components/button';
import { CheckCircleIcon } from '@/components/icons';

/** Spec §4 Course completion: every lesson done, the certificate is theirs to open. */
export function CompletionCard({ courseId }: { courseId: string }) {
  return (
    <section
      aria-labelledby="course-completed"
      className="flex flex-col items-start gap-3 rounded-2xl border border-emerald-200 bg-emerald-50 p-4 sm:flex-row sm:items-center sm:p-5"
    >
      <CheckCircleIcon className="shrink-0 text-4xl text-emerald-700" />
      <div className="flex-1">
        <h2 id="course-completed" className="text-lg font-bold text-emerald-900">
          {COURSE_MESSAGES.certificateIssued}
        </h2>
        <p className="text-emerald-900">Your certificate carries your name and a link anyone can check.</p>
      </div>
      <Link to={`/courses/${encodeURIComponent(courseId)}/certificate`} className={buttonClasses('primary')}>
        View Certificate
      </Link>
    </section>
  );
}
