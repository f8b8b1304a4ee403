import { screen, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildThread } from '@/test/api-fakes';
import { renderWithProviders } from '@/test/render-with-providers';
import { recordRequests, server } from '@/test/server';
import { CommunityHighlights } from './community-highlights';

afterEach(() => {
  vi.restoreAllMocks();
});

const highlights = () => screen.queryAllByTestId('community-highlight');

describe('home community highlights', () => {
  it('highlights the first 3 threads, asking the server for 3', async () => {
    const threads = [1, 2, 3, 4].map((n) => buildThread({ title: `Thread number ${n}` }));
    const requests = recordRequests();
    server.use(http.get('/api/community/threads', () => HttpResponse.json(threads)));
    renderWithProviders(<CommunityHighlights headingId="community-title" />);

    await waitFor(() => expect(highlights()).toHaveLength(3));
    expect(highlights().map((link) => link.getAttribute('href'))).toEqual(
      threads.slice(0, 3).map((thread) => `/community/${thread.id}`),
    );
    expect(highlights()[0]?.textContent).toContain('Thread number 1');
    const [url] = requests.map(({ url }) => url);
    expect(url?.pathname).toBe('/api/community/threads');
    expect(url?.searchParams.get('limit')).toBe('3');
  });

  it("names a thread without an author 'Anonymous'", async () => {
    server.use(http.get('/api/community/threads', () => HttpResponse.json([buildThread({ author: null })])));
    renderWithProviders(<CommunityHighlights headingId="community-title" />);

    await waitFor(() => expect(highlights()).toHaveLength(1));
    expect(highlights()[0]?.textContent).toContain('Anonymous ·');
  });
});
