import { useMutation } from '@tanstack/react-query';
import { API_BASE, failedResponseError, parseJsonBody } from '@/lib/api-client';
import { useAuthStore } from '@/stores/auth';

/**
 * GET /tickets/{id}/calendar.ics: the ticket's event as an iCalendar file, for its holder only.
 * A link cannot carry the bearer token, so the file is fetched here and saved from a blob;
 * errors are the API client's (ApiError, 401 → sign-out).
 */
export async function getTicketCalendar(ticketId: string): Promise<Blob> {
  const token = useAuthStore.getState().user?.token;
  const response = await fetch(`${API_BASE}/tickets/${encodeURIComponent(ticketId)}/calendar.ics`, {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
  if (!response.ok) {
    throw failedResponseError(response.status, parseJsonBody(await response.text()), Boolean(token));
  }
  return response.blob();
}

export function useTicketCalendar() {
  return useMutation({ mutationFn: getTicketCalendar });
}
