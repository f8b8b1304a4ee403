import type { TicketVerification, VerifyTicketInput } from '@sokoni/contracts/events';
import { apiRequest } from '@/lib/api-client';

/** POST /events/tickets/verify: checks the ticket in, once, for its event's organizer. */
export function verifyTicket(input: VerifyTicketInput): Promise<TicketVerification> {
  return apiRequest<TicketVerification>('/events/tickets/verify', { method: 'POST', body: input });
}
