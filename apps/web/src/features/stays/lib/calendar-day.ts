/**
 * The date picker works in the device's local dates; a stay's days are 'YYYY-MM-DD' strings. These
 * convert between the two by the calendar day alone, so the device's time zone never shifts a day.
 */

const pad = (value: number) => String(value).padStart(2, '0');

/** A local date → its calendar day, 'YYYY-MM-DD'. */
export const calendarDayOf = (date: Date): string =>
  `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;

/** 'YYYY-MM-DD' → that day at local midnight. */
export function localDateOf(day: string): Date {
  const [year = 0, month = 1, date = 1] = day.split('-').map(Number);
  return new Date(year, month - 1, date);
}
