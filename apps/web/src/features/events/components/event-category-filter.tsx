import { EVENT_CATEGORIES } from '@sokoni/contracts/events-rules';
import type { EventCategory } from '@sokoni/contracts/events-rules';

type EventCategoryFilterProps = {
  value: EventCategory | null;
  onChange: (category: EventCategory | null) => void;
};

/** All, or one of the five categories (spec §9): one scrolling row of chips on a phone. */
export function EventCategoryFilter({ value, onChange }: EventCategoryFilterProps) {
  return (
    <div
      role="group"
      aria-label="Category"
      className="-mx-4 flex gap-2 overflow-x-auto px-4 pb-1 sm:mx-0 sm:flex-wrap sm:overflow-visible sm:px-0"
    >
      {[null, ...EVENT_CATEGORIES].map((category) => {
        const active = value === category;
        return (
          <button
            key={category ?? 'all'}
            type="button"
            aria-pressed={active}
            onClick={() => onChange(category)}
            className={`flex min-h-10 shrink-0 items-center rounded-full border px-4 text-sm font-medium whitespace-nowrap ${
              active
                ? 'border-emerald-700 bg-emerald-700 text-white'
                : 'border-slate-300 bg-white text-slate-700 hover:bg-slate-50'
            }`}
          >
            {category ?? 'All'}
          </button>
        );
      })}
    </div>
  );
}
