import { formatStatementTime } from '@sokoni/contracts/earnings';
import type { Attendee } from '@sokoni/contracts/events';
import { ATTENDEES_CSV_COLUMNS } from '@sokoni/contracts/events-rules';
import { csvField, csvFile } from '../../lib/csv.js';

/**
 * An event's attendee list as CSV: a header row, then each ticket's holder (their name as they wrote
 * it, kept as text should it look like a formula), its seats, and when it was checked in (EAT,
 * 'YYYY-MM-DD HH:MM'; empty while it has not been).
 */
export function attendeesCsv(attendees: Attendee[]): string {
  return csvFile(
    ATTENDEES_CSV_COLUMNS,
    attendees.map((attendee) => [
      csvField(attendee.name, true),
      String(attendee.quantity),
      attendee.checkedInAt ? formatStatementTime(attendee.checkedInAt) : '',
    ]),
  );
}
