import type { Course } from '@sokoni/contracts/courses';

/** Spec §2: the instructor's avatar (or their initial in a circle), name, title and bio. */
export function InstructorCard({ instructor }: { instructor: Course['instructor'] }) {
  return (
    <section aria-labelledby="course-instructor" className="space-y-3">
      <h2 id="course-instructor" className="text-xl font-bold text-slate-900">
        Your instructor
      </h2>
      <div className="rounded-2xl border border-slate-200 bg-white p-4 sm:p-5" data-testid="instructor-card">
        <div className="flex items-center gap-4">
          {instructor.avatar ? (
            <img
              src={instructor.avatar}
              alt=""
              width={64}
              height={64}
              loading="lazy"
              className="size-16 shrink-0 rounded-full bg-slate-100 object-cover"
            />
          ) : (
            <span
              aria-hidden="true"
              className="flex size-16 shrink-0 items-center justify-center rounded-full bg-emerald-700 text-2xl font-bold text-white"
              data-testid="instructor-initial"
            >
              {Array.from(instructor.name.trim())[0]?.toUpperCase()}
            </span>
          )}
          <div className="min-w-0">
            <h3 className="text-lg font-semibold break-words text-slate-900">{instructor.name}</h3>
            {instructor.title ? <p className="text-slate-700">{instructor.title}</p> : null}
          </div>
        </div>
        {instructor.bio ? <p className="mt-4 whitespace-pre-line text-slate-700">{instructor.bio}</p> : null}
      </div>
    </section>
  );
}
