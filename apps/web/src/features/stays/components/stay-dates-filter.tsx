import { useId, useState } from 'react';
import { STAY_BOOKING_HORIZON_DAYS, addDays, stayDatesProblem } from '@sokoni/contracts/stays-rules';
import { inputClasses } from '@/components/text-field';
import { useNairobiToday } from '../hooks/use-nairobi-today';

type SearchDates = { from: string | null; to: string | null };

type StayDatesFilterProps = {
  value: SearchDates;
  onChange: (dates: SearchDates) => void;
};

/**
 * Check-in and check-out of the search: only stays free for every night between are listed. A pair
 * is searched once both are chosen and the stay dates' rules allow it; until then the rule broken
 * is shown and the list is left as it is.
 */
export function StayDatesFilter({ value, onChange }: StayDatesFilterProps) {
  const id = useId();
  const today = useNairobiToday();
  const [draft, setDraft] = useState<SearchDates>(value);
  const [shownValue, setShownValue] = useState(value);
  // Back/forward, a shared link or Clear All changes the URL's dates: show them.
  if (shownValue.from !== value.from || shownValue.to !== value.to) {
    setShownValue(value);
    setDraft(value);
  }

  const change = (next: SearchDates) => {
    setDraft(next);
    if (!next.from && !next.to) onChange({ from: null, to: null });
    else if (stayDatesProblem(next.from, next.to, today) === null) onChange(next);
  };
  const problem = draft.from || draft.to ? stayDatesProblem(draft.from, draft.to, today) : null;
  const lastDay = addDays(today, STAY_BOOKING_HORIZON_DAYS);

  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-semibold text-slate-900">Dates</legend>
      {/* Side by side on a phone; stacked in the narrow sidebar of a wide screen, where a full date fits. */}
      <div className="grid grid-cols-2 gap-2 lg:grid-cols-1">
        <div>
          <label htmlFor={`${id}-from`} className="block text-xs font-medium text-slate-700">
            Check-in
          </label>
          <input
            id={`${id}-from`}
            type="date"
            min={today}
            max={lastDay}
            value={draft.from ?? ''}
            onChange={(event) => change({ ...draft, from: event.target.value || null })}
            aria-invalid={problem ? true : undefined}
            className={`${inputClasses} mt-1 min-h-11 px-2 py-2 text-sm`}
          />
        </div>
        <div>
          <label htmlFor={`${id}-to`} className="block text-xs font-medium text-slate-700">
            Check-out
          </label>
          <input
            id={`${id}-to`}
            type="date"
            min={draft.from ?? today}
            max={lastDay}
            value={draft.to ?? ''}
            onChange={(event) => change({ ...draft, to: event.target.value || null })}
            aria-invalid={problem ? true : undefined}
            className={`${inputClasses} mt-1 min-h-11 px-2 py-2 text-sm`}
          />
        </div>
      </div>
      <p aria-live="polite" className="text-sm text-red-700" data-testid="search-dates-problem">
        {problem ?? ''}
      </p>
      {draft.from || draft.to ? (
        <button
          type="button"
          onClick={() => change({ from: null, to: null })}
          className="min-h-11 rounded-lg px-2 text-sm font-semibold text-emerald-800 hover:bg-emerald-50"
        >
          Clear dates
        </button>
      ) : null}
    </fieldset>
  );
}
