import { useMutation } from '@tanstack/react-query';
import { apiDownload } from '@/lib/api-client';
import { eventPath } from './get-event';

/** GET /events/{id}/attendees.csv: every attendee of the event, check-in times in EAT, as a CSV file. */
export function downloadAttendees(id: string): Promise<Blob> {
  return apiDownload(`${eventPath(id)}/attendees.csv`);
}

export function useDownloadAttendees(id: string) {
  return useMutation({ mutationFn: () => downloadAttendees(id) });
}
