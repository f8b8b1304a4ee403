import { EVENT_CATEGORIES } from '@sokoni/contracts/events-rules';
import type { EventCategory } from '@sokoni/contracts/events-rules';
import { ScrollRow } from '@/components/scroll-row';

type EventCategoryFilterProps = {
  value: EventCategory | null;
  onChange: (category: EventCategory | null) => void;
};

/** All, or one of the five categories (spec §9): one row of chips that scrolls on a phone. */
export function EventCategoryFilter({ value, onChange }: EventCategoryFilterProps) {
  return (
    <ScrollRow label="Category">
      {[null, ...EVENT_CATEGORIES].map((category) => {
        const active = value === category;
        return (
          <button
            key={category ?? 'all'}
            type="button"
            aria-pressed={active}
            onClick={() => onChange(category)}
            className={`flex min-h-10 shrink-0 snap-start items-center rounded-full border px-4 text-sm font-medium whitespace-nowrap ${
              active
                ? 'border-emerald-700 bg-emerald-700 text-white'
                : 'border-slate-300 bg-white text-slate-700 hover:bg-slate-50'
            }`}
          >
            {category ?? 'All'}
          </button>
        );
      })}
    </ScrollRow>
  );
}
