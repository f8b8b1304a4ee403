import { HttpResponse, http } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { PAGE_ANSWERS_ID } from '@sokoni/contracts/site';
import { recordRequests, server } from '@/test/server';
import { apiRequest, apiRequestWithTotal } from './api-client';
import { resetInlineAnswers } from './inline-answers';

function servePageWith(answers: unknown) {
  const script = document.createElement('script');
  script.type = 'application/json';
  script.id = PAGE_ANSWERS_ID;
  script.textContent = JSON.stringify(answers);
  document.head.append(script);
}

afterEach(() => {
  document.getElementById(PAGE_ANSWERS_ID)?.remove();
  resetInlineAnswers();
});

describe('answers inlined in the page', () => {
  it('answer the first request for exactly their URL, once; later ones and others go to the network', async () => {
    servePageWith([
      { url: '/api/events?limit=24&offset=0', body: [{ id: 'e1' }], total: 31 },
      { url: '/api/events/e1', body: { id: 'e1', title: 'Koroga Festival' } },
    ]);
    const requests = recordRequests();
    server.use(
      http.get('/api/events/e1', () => HttpResponse.json({ id: 'e1', title: 'from the network' })),
      http.get('/api/events', () => HttpResponse.json([])),
    );

    await expect(apiRequestWithTotal('/events?limit=24&offset=0')).resolves.toEqual({
      data: [{ id: 'e1' }],
      total: 31,
    });
    await expect(apiRequest('/events/e1')).resolves.toEqual({ id: 'e1', title: 'Koroga Festival' });
    expect(requests).toEqual([]);

    await expect(apiRequest('/events/e1')).resolves.toEqual({ id: 'e1', title: 'from the network' });
    await apiRequest('/events?limit=24&offset=24');
    expect(requests.map(({ url }) => url.pathname + url.search)).toEqual([
      '/api/events/e1',
      '/api/events?limit=24&offset=24',
    ]);
  });

  it('never answer a write, and a page without usable answers simply asks the network', async () => {
    servePageWith('not a list');
    const requests = recordRequests();
    server.use(http.all('/api/events/*', () => HttpResponse.json({ ok: true })));
    await apiRequest('/events/e1');
    document.getElementById(PAGE_ANSWERS_ID)?.remove();
    resetInlineAnswers();
    servePageWith([{ url: '/api/events/e1/tickets', body: { stale: true } }]);
    await expect(
      apiRequest('/events/e1/tickets', { method: 'POST', body: { quantity: 1 } }),
    ).resolves.toEqual({
      ok: true,
    });
    expect(requests.map(({ method, path }) => `${method} ${path}`)).toEqual([
      'GET /api/events/e1',
      'POST /api/events/e1/tickets',
    ]);
  });
});
