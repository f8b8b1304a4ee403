import type { DoorList } from '@sokoni/contracts/events';
import { apiRequest } from '@/lib/api-client';

/** GET /events/{id}/door-list: every ticket of the event, for its organizer's door device (#29). */
export function getDoorList(eventId: string): Promise<DoorList> {
  return apiRequest<DoorList>(`/events/${encodeURIComponent(eventId)}/door-list`);
}
