import { COURSE_MESSAGES } from '@sokoni/contracts/courses-rules';

type CourseProgressBarProps = {
  /** round(done / total × 100), as the server counts it (spec §9). */
  percent: number;
  /** What the bar is of, for screen readers ('Your progress in Bookkeeping for Dukas'). */
  label: string;
};

/** A learner's way through a course: '40% complete' and a bar filled to it. */
export function CourseProgressBar({ percent, label }: CourseProgressBarProps) {
  const text = COURSE_MESSAGES.progressLabel(percent);
  return (
    <div className="space-y-1.5">
      <p className="text-sm font-semibold text-slate-800" aria-hidden="true" data-testid="course-progress">
        {text}
      </p>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={text}
        className="h-2.5 overflow-hidden rounded-full bg-slate-200"
      >
        <div
          className="h-full rounded-full bg-emerald-600 transition-[width]"
          style={{ width: `${percent}%` }}
        />
      </div>
    </div>
  );
}
