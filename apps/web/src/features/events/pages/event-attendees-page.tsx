import { Link, useParams } from 'react-router';
import toast from 'react-hot-toast';
import type { Attendee, Event } from '@sokoni/contracts/events';
import { EVENT_MESSAGES, attendeesCsvFileName, formatNairobiTime } from '@sokoni/contracts/events-rules';
import { Button } from '@/components/button';
import { FormAlert } from '@/components/form-alert';
import { PagedResults } from '@/components/paged-results';
import { QueryError } from '@/components/query-error';
import { LoadingState, Spinner } from '@/components/spinner';
import { errorMessage, hasCode } from '@/lib/api-client';
import { saveFile } from '@/lib/save-file';
import { useDownloadAttendees } from '../api/download-attendees';
import { useEventAttendees } from '../api/get-event-attendees';
import { OrganizerEvent } from '../components/organizer-event';
import { runMutation } from '@/lib/run-mutation';

/** What the attendee list says beyond the contract's event messages. */
const ATTENDEES_MESSAGES = {
  loadFailed: 'Failed to load the attendees. Please try again.',
  none: 'No tickets yet: attendees show here as tickets are sold or claimed.',
  downloadFailed: 'The attendee list could not be downloaded. Please try again.',
} as const;

function DownloadCsv({ event }: { event: Event }) {
  const download = useDownloadAttendees(event.id);
  const save = () =>
    runMutation(download, undefined, {
      onSuccess: (file) => saveFile(file, attendeesCsvFileName(event.title)),
      onError: (error) => {
        toast.error(errorMessage(error, ATTENDEES_MESSAGES.downloadFailed));
      },
    });
  return (
    <Button variant="secondary" onClick={save} disabled={download.isPending}>
      {download.isPending ? <Spinner className="size-4" /> : null}
      Download CSV
    </Button>
  );
}

function AttendeeRows({ attendees }: { attendees: Attendee[] }) {
  return (
    <div className="overflow-x-auto rounded-2xl border border-slate-200 bg-white">
      <table className="w-full text-left text-sm">
        <thead className="bg-slate-50 text-slate-700">
          <tr>
            <th scope="col" className="px-3 py-2 font-semibold sm:px-4">
              Name
            </th>
            <th scope="col" className="px-3 py-2 text-right font-semibold sm:px-4">
              Tickets
            </th>
            <th scope="col" className="px-3 py-2 font-semibold sm:px-4">
              Checked in
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {attendees.map((attendee, index) => (
            // Holders are named, not identified: a ticket's ID lets its holder in, so it stays off this list.
            <tr key={index} data-testid="attendee">
              <td className="px-3 py-2 break-words text-slate-900 sm:px-4">{attendee.name}</td>
              <td className="px-3 py-2 text-right text-slate-900 tabular-nums sm:px-4">
                {attendee.quantity}
              </td>
              <td className="px-3 py-2 text-slate-700 sm:px-4">
                {attendee.checkedInAt ? (
                  <time dateTime={attendee.checkedInAt}>{formatNairobiTime(attendee.checkedInAt)}</time>
                ) : (
                  'Not yet'
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function AttendeeList({ event }: { event: Event }) {
  const attendees = useEventAttendees(event.id);
  if (attendees.isPending) return <LoadingState label="Loading the attendees..." />;
  if (attendees.isError && !attendees.isFetchNextPageError) {
    if (hasCode(attendees.error, 'NOT_OWNER')) return <FormAlert message={EVENT_MESSAGES.notOwner} />;
    return (
      <QueryError
        message={ATTENDEES_MESSAGES.loadFailed}
        onRetry={() => void attendees.refetch()}
        retrying={attendees.isFetching}
      />
    );
  }
  const rows = attendees.data.pages.flatMap((page) => page.data);
  if (!rows.length) return <p className="text-slate-700">{ATTENDEES_MESSAGES.none}</p>;
  const total = Math.max(attendees.data.pages.at(-1)?.total ?? 0, rows.length);
  return (
    <div className="space-y-4">
      <div className="flex justify-end">
        <DownloadCsv event={event} />
      </div>
      <PagedResults query={attendees} shown={rows.length} total={total} noun="attendees">
        <AttendeeRows attendees={rows} />
      </PagedResults>
    </div>
  );
}

function EventAttendees({ id }: { id: string }) {
  return (
    <OrganizerEvent id={id}>
      {(event) => (
        <div className="space-y-4">
          <p className="text-slate-700">
            <Link to={`/tickets/${event.id}`} className="font-semibold text-slate-900 hover:underline">
              {event.title}
            </Link>{' '}
            · <time dateTime={event.date}>{formatNairobiTime(event.date)}</time>
          </p>
          <AttendeeList event={event} />
        </div>
      )}
    </OrganizerEvent>
  );
}

/** The organizer's list of who holds tickets to their event, by name, with check-ins; and as a CSV file. */
export function EventAttendeesPage() {
  const { id = '' } = useParams();
  return (
    <section className="mx-auto w-full max-w-3xl space-y-4 px-4 py-8 sm:py-10">
      <title>Attendees — Sokoni</title>
      <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">Attendees</h1>
      <EventAttendees key={id} id={id} />
    </section>
  );
}
