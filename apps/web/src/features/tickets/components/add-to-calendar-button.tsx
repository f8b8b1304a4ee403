import toast from 'react-hot-toast';
import type { TicketWithEvent } from '@sokoni/contracts/events';
import { Button } from '@/components/button';
import { CalendarIcon } from '@/components/icons';
import { Spinner } from '@/components/spinner';
import { errorMessage } from '@/lib/api-client';
import { saveFile } from '@/lib/save-file';
import { useTicketCalendar } from '../api/get-ticket-calendar';
import { MY_TICKETS_MESSAGES } from '../lib/ticket-messages';
import { runMutation } from '@/lib/run-mutation';

/** Downloads the ticket's event as an .ics file, which phones open in their calendar app. */
export function AddToCalendarButton({ ticket }: { ticket: TicketWithEvent }) {
  const calendar = useTicketCalendar();
  const download = () =>
    runMutation(calendar, ticket.id, {
      onSuccess: (file) => saveFile(file, `${ticket.event.title}.ics`),
      onError: (error) => {
        toast.error(errorMessage(error, MY_TICKETS_MESSAGES.calendarFailed));
      },
    });
  return (
    <Button variant="secondary" onClick={download} disabled={calendar.isPending}>
      {calendar.isPending ? <Spinner className="size-4" /> : <CalendarIcon className="text-lg" />}
      Add to calendar
    </Button>
  );
}
