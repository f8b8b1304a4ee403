import { afterEach, describe, expect, it, vi } from 'vitest';
import { PAGE_ANSWERS_ID } from '@sokoni/contracts/site';
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
  vi.unstubAllGlobals();
});

describe('answers inlined in the page', () => {
  it('answer the first request for exactly their URL, once; later ones and others go to the network', async () => {
    servePageWith([
      { url: '/api/events?limit=24&offset=0', body: [{ id: 'e1' }], total: 31 },
      { url: '/api/events/e1', body: { id: 'e1', title: 'Koroga Festival' } },
    ]);
    const fetchMock = vi.fn(async (_url: string) => Response.json({ id: 'e1', title: 'from the network' }));
    vi.stubGlobal('fetch', fetchMock);

    await expect(apiRequestWithTotal('/events?limit=24&offset=0')).resolves.toEqual({
      data: [{ id: 'e1' }],
      total: 31,
    });
    await expect(apiRequest('/events/e1')).resolves.toEqual({ id: 'e1', title: 'Koroga Festival' });
    expect(fetchMock).not.toHaveBeenCalled();

    await expect(apiRequest('/events/e1')).resolves.toEqual({ id: 'e1', title: 'from the network' });
    await apiRequest('/events?limit=24&offset=24');
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual([
      '/api/events/e1',
      '/api/events?limit=24&offset=24',
    ]);
  });

  it('never answer a write, and a page without usable answers simply asks the network', async () => {
    servePageWith('not a list');
    const fetchMock = vi.fn(async (_url: string) => Response.json({ ok: true }));
    vi.stubGlobal('fetch', fetchMock);
    await apiRequest('/events/e1');
    document.getElementById(PAGE_ANSWERS_ID)?.remove();
    resetInlineAnswers();
    servePageWith([{ url: '/api/events/e1/tickets', body: { stale: true } }]);
    await expect(
      apiRequest('/events/e1/tickets', { method: 'POST', body: { quantity: 1 } }),
    ).resolves.toEqual({
      ok: true,
    });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});
