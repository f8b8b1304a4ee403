import { MutationObserver, onlineManager } from '@tanstack/react-query';
import { HttpResponse, http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiDownload, apiRequest, errorMessage } from '@/lib/api-client';
import { OFFLINE_MESSAGES } from '@sokoni/contracts/site';
import { uploadFile } from '@/lib/upload-file';
import { recordRequests, server } from '@/test/server';
import { createQueryClient } from './query-client';

/** The device without a network, as the browser says it and as TanStack Query hears it. */
beforeEach(() => {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
  onlineManager.setOnline(false);
});

afterEach(() => {
  vi.restoreAllMocks();
  onlineManager.setOnline(true);
});

describe('the query client offline (#29)', () => {
  it('runs a call that changes something and fails it at once, saying it needs the network, with nothing sent', async () => {
    const sent = recordRequests();
    const cancel = new MutationObserver(createQueryClient(), {
      mutationFn: () => apiRequest('/bookings/b1/cancel', { method: 'POST' }),
    });
    const failure = await cancel.mutate().catch((caught: unknown) => caught);
    expect(errorMessage(failure, 'Could not cancel the booking.')).toBe(OFFLINE_MESSAGES.needsNetwork);
    expect(sent).toEqual([]);

    // A download (fetch) or an upload (XMLHttpRequest) is told the same.
    server.use(http.get('/api/tickets/t1/calendar.ics', () => HttpResponse.error()));
    const download = await apiDownload('/tickets/t1/calendar.ics').catch((caught: unknown) => caught);
    const upload = await uploadFile('/uploads/product-image', new FormData()).catch(
      (caught: unknown) => caught,
    );
    expect([errorMessage(download, ''), errorMessage(upload, '')]).toEqual([
      OFFLINE_MESSAGES.needsNetwork,
      OFFLINE_MESSAGES.needsNetwork,
    ]);
  });

  it('still asks for what a page reads, for the service worker to answer with what was seen last', async () => {
    server.use(http.get('/api/tickets/mine', () => HttpResponse.json([{ id: 't1' }])));
    const tickets = await createQueryClient().fetchQuery({
      queryKey: ['tickets', 'mine'],
      queryFn: () => apiRequest('/tickets/mine'),
    });
    expect(tickets).toEqual([{ id: 't1' }]);
  });

  it('says at once that a read with no answer kept needs the network, instead of waiting to retry', async () => {
    server.use(http.get('/api/orders', () => HttpResponse.error()));
    const failure = await createQueryClient()
      .fetchQuery({ queryKey: ['orders'], queryFn: () => apiRequest('/orders') })
      .catch((caught: unknown) => caught);
    expect(errorMessage(failure, 'Failed to load your orders.')).toBe(OFFLINE_MESSAGES.needsNetwork);
  });
});
