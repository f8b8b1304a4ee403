import type { CSSProperties } from 'react';
import { DayPicker } from 'react-day-picker';
import 'react-day-picker/style.css';
import { STAY_BOOKING_HORIZON_DAYS, addDays, formatStayDay } from '@sokoni/contracts/stays-rules';
import { useWideScreen } from '../hooks/use-wide-screen';
import { calendarDayOf, localDateOf } from '../lib/calendar-day';
import { isDayUnavailable, isNightTaken, selectDay } from '../lib/stay-booking';
import type { StayDates, TakenNights } from '../lib/stay-booking';

/**
 * The picker's own stylesheet, themed through its variables in our palette (emerald accents,
 * 44 px days). Set on its root: its stylesheet sets them there too, and an inline style wins.
 */
const THEME = {
  '--rdp-accent-color': 'var(--color-emerald-700)',
  '--rdp-accent-background-color': 'var(--color-emerald-100)',
  '--rdp-today-color': 'var(--color-emerald-800)',
  '--rdp-day-height': '44px',
  '--rdp-day-width': '44px',
  '--rdp-day_button-height': '42px',
  '--rdp-day_button-width': '42px',
  '--rdp-disabled-opacity': '0.35',
  '--rdp-months-gap': '2.5rem',
} as CSSProperties;

type StayDatePickerProps = {
  dates: StayDates;
  taken: TakenNights;
  /** Nairobi's today: earlier days cannot be chosen. */
  today: string;
  onChange: (dates: StayDates) => void;
};

function selectionText({ startDate, endDate }: StayDates): string {
  if (!startDate) return 'Choose your check-in date.';
  if (!endDate) return `Check-in ${formatStayDay(startDate)}. Now choose your check-out date.`;
  return `Check-in ${formatStayDay(startDate)}, check-out ${formatStayDay(endDate)}.`;
}

/**
 * Check-in, then check-out, on a calendar (one month on a phone, two from a tablet up). Past days
 * and taken nights are greyed out and cannot be chosen; taken nights are also struck through.
 */
export function StayDatePicker({ dates, taken, today, onChange }: StayDatePickerProps) {
  const wide = useWideScreen();
  const firstMonth = localDateOf(today);
  return (
    <DayPicker
      mode="range"
      selected={{
        from: dates.startDate ? localDateOf(dates.startDate) : undefined,
        to: dates.endDate ? localDateOf(dates.endDate) : undefined,
      }}
      onSelect={(_range, day) => onChange(selectDay(dates, calendarDayOf(day), taken))}
      disabled={(date) => isDayUnavailable(calendarDayOf(date), dates, taken, today)}
      modifiers={{ taken: (date) => isNightTaken(calendarDayOf(date), taken) }}
      modifiersClassNames={{ taken: '[&_button]:line-through' }}
      today={firstMonth}
      defaultMonth={dates.startDate ? localDateOf(dates.startDate) : firstMonth}
      startMonth={firstMonth}
      endMonth={localDateOf(addDays(today, STAY_BOOKING_HORIZON_DAYS))}
      numberOfMonths={wide ? 2 : 1}
      weekStartsOn={1}
      style={THEME}
      className="text-slate-900"
      footer={
        // The picker makes its footer a polite live region: each choice is read out.
        <p className="mt-2 text-sm text-slate-700" data-testid="date-picker-selection">
          {selectionText(dates)}
        </p>
      }
    />
  );
}
