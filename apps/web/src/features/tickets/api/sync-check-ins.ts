import type { CheckInSyncInput, CheckInSyncResult } from '@sokoni/contracts/events';
import { apiRequest } from '@/lib/api-client';

/** POST /events/{id}/check-ins: the door device's offline check-ins; each one's outcome, in order (#29). */
export function syncCheckIns(eventId: string, input: CheckInSyncInput): Promise<CheckInSyncResult> {
  return apiRequest<CheckInSyncResult>(`/events/${encodeURIComponent(eventId)}/check-ins`, {
    method: 'POST',
    body: input,
  });
}
