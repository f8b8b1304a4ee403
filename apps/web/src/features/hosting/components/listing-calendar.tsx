import { DayPicker, labelDayButton } from 'react-day-picker';
import type { DateRange } from 'react-day-picker';
import { enGB } from 'react-day-picker/locale';

type ListingCalendarProps = {
  /** The listing's title: its calendar's month navigation is told apart from other listings'. */
  title: string;
  /** Nights guests hold or have paid for. */
  booked: DateRange[];
  /** Nights the host closed. */
  blocked: DateRange[];
  /** Today in Nairobi: earlier nights cannot be blocked. */
  today: Date;
  /** The last month the calendar goes to: as far ahead as stays can be booked. */
  endMonth: Date;
  /** The month shown. */
  month: Date;
  onMonthChange: (month: Date) => void;
  /** The nights picked to block. */
  selected: DateRange | undefined;
  onSelect: (range: DateRange | undefined) => void;
};

const BOOKED = 'bg-emerald-700 text-white';
const BLOCKED =
  'bg-slate-300 bg-[repeating-linear-gradient(135deg,rgb(71_85_105/0.45)_0_2px,transparent_2px_6px)] text-slate-900';
const PICKED = 'bg-sky-700 text-white';

const LEGEND = [
  { label: 'Booked', swatch: BOOKED },
  { label: 'Blocked', swatch: BLOCKED },
  { label: 'Picked to block', swatch: PICKED },
];

/**
 * A month of the listing's nights: booked ones and blocked ones in two colours (and said so to
 * screen readers), past ones dimmed. Picking a first and a last free night selects nights to block;
 * a range that runs into a booked or blocked night starts over from the night picked.
 */
export function ListingCalendar({
  title,
  booked,
  blocked,
  today,
  endMonth,
  month,
  onMonthChange,
  selected,
  onSelect,
}: ListingCalendarProps) {
  const past = { before: today };
  return (
    <div className="space-y-3">
      <DayPicker
        mode="range"
        locale={enGB}
        today={today}
        month={month}
        onMonthChange={onMonthChange}
        startMonth={today}
        endMonth={endMonth}
        selected={selected}
        onSelect={onSelect}
        showOutsideDays
        resetOnSelect
        excludeDisabled
        disabled={[past, ...booked, ...blocked]}
        modifiers={{ booked, blocked, past }}
        labels={{
          labelNav: () => `Months of ${title}`,
          labelDayButton: (date, modifiers, options, dateLib) => {
            const label = labelDayButton(date, modifiers, options, dateLib);
            if (modifiers.booked) return `${label}, booked`;
            if (modifiers.blocked) return `${label}, blocked`;
            return label;
          },
        }}
        classNames={{
          root: 'relative w-fit max-w-full',
          months: 'relative',
          month_caption: 'flex h-11 items-center justify-center px-12 font-semibold text-slate-900',
          nav: 'absolute inset-x-0 top-0 z-10 flex justify-between',
          button_previous:
            'flex size-11 items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100 disabled:opacity-30',
          button_next:
            'flex size-11 items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100 disabled:opacity-30',
          chevron: 'size-4 fill-current',
          month_grid: 'mt-1 border-collapse',
          weekday: 'h-8 text-xs font-medium text-slate-600',
          day: 'rounded-lg p-0 text-center text-sm text-slate-900',
          day_button:
            'flex size-11 items-center justify-center rounded-lg tabular-nums enabled:hover:bg-black/10 disabled:cursor-default',
          today: 'font-extrabold underline underline-offset-2',
          outside: 'opacity-60',
          disabled: '',
          selected: '',
          range_start: PICKED,
          range_end: PICKED,
          range_middle: 'bg-sky-100 text-sky-950',
        }}
        modifiersClassNames={{
          booked: `${BOOKED} font-semibold`,
          blocked: `${BLOCKED} line-through`,
          past: 'opacity-50',
        }}
      />
      <ul className="flex flex-wrap gap-x-5 gap-y-2 text-sm text-slate-700" aria-label="Calendar legend">
        {LEGEND.map(({ label, swatch }) => (
          <li key={label} className="flex items-center gap-2">
            <span aria-hidden="true" className={`size-4 rounded ${swatch}`} />
            {label}
          </li>
        ))}
      </ul>
    </div>
  );
}
