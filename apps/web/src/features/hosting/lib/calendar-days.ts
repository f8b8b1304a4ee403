import type { DateRange } from 'react-day-picker';
import { addDays, nightsOf } from '@sokoni/contracts/stays-rules';

type Nights = { startDate: string; endDate: string };

const twoDigits = (value: number) => String(value).padStart(2, '0');

/** A calendar day ('2026-12-24') as the local midnight a day picker shows it on. */
export function dayToDate(day: string): Date {
  const [year = 0, month = 1, date = 1] = day.split('-').map(Number);
  return new Date(year, month - 1, date);
}

/** The calendar day a day picker's date stands for. */
export const dateToDay = (date: Date): string =>
  `${date.getFullYear()}-${twoDigits(date.getMonth() + 1)}-${twoDigits(date.getDate())}`;

/** The last night a booking or block takes: the night before check-out (a same-day stay's only night). */
export const lastNightOf = (nights: Nights): string =>
  addDays(nights.startDate, nightsOf(nights.startDate, nights.endDate) - 1);

/** The nights a booking or block takes, first to last, as a day picker's range. */
export const nightsRange = (nights: Nights): DateRange => ({
  from: dayToDate(nights.startDate),
  to: dayToDate(lastNightOf(nights)),
});
