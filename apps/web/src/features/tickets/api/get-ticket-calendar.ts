import { useMutation } from '@tanstack/react-query';
import { apiDownload } from '@/lib/api-client';

/** GET /tickets/{id}/calendar.ics: the ticket's event as an iCalendar file, for its holder only. */
export function getTicketCalendar(ticketId: string): Promise<Blob> {
  return apiDownload(`/tickets/${encodeURIComponent(ticketId)}/calendar.ics`);
}

export function useTicketCalendar() {
  return useMutation({ mutationFn: getTicketCalendar });
}
