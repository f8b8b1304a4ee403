import { FEATURED_COURSES_CARD } from '@sokoni/contracts/courses-rules';

/** Spec §2: the card leading to free courses elsewhere, always first in the catalogue, in a new tab. */
export function FeaturedCourseCard() {
  return (
    <article
      className="flex h-full flex-col gap-3 rounded-2xl bg-gradient-to-br from-emerald-800 to-emerald-950 p-5 text-white shadow-sm"
      data-testid="featured-course-card"
    >
      <span className="self-start rounded-full bg-amber-300 px-3 py-1 text-xs font-bold text-slate-900">
        {FEATURED_COURSES_CARD.badge}
      </span>
      <h3 className="text-xl leading-snug font-bold">{FEATURED_COURSES_CARD.title}</h3>
      <p className="text-emerald-50">{FEATURED_COURSES_CARD.description}</p>
      <a
        href={FEATURED_COURSES_CARD.href}
        target="_blank"
        rel="noopener noreferrer"
        className="mt-auto inline-flex min-h-11 items-center justify-center gap-2 self-start rounded-lg bg-white px-4 py-2 text-sm font-semibold text-emerald-900 hover:bg-emerald-50"
      >
        {FEATURED_COURSES_CARD.action}
        <span aria-hidden="true">↗</span>
        <span className="sr-only"> (opens in a new tab)</span>
      </a>
    </article>
  );
}
