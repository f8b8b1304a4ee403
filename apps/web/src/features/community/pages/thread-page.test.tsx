import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { COMMUNITY_MESSAGES } from '@sokoni/contracts/community-rules';
import { useAuthStore } from '@/stores/auth';
import { apiFailure } from '@/test/answers';
import { buildReply, buildThreadDetail } from '@/test/api-fakes';
import { renderWithProviders } from '@/test/render-with-providers';
import { recordRequests, server } from '@/test/server';
import { ThreadPage } from './thread-page';

beforeEach(() => {
  localStorage.clear();
  useAuthStore.setState({ user: null });
});

afterEach(() => {
  vi.restoreAllMocks();
});

function renderThreadPage(threadId: string) {
  return renderWithProviders(
    <Routes>
      <Route path="/community/:threadId" element={<ThreadPage />} />
    </Routes>,
    { url: `/community/${threadId}` },
  );
}

const heading = () => screen.queryByRole('heading', { level: 1 });

describe('thread page', () => {
  it("says 'Thread not found.' at once when the server answers THREAD_NOT_FOUND", async () => {
    const requests = recordRequests();
    server.use(
      http.get('/api/community/threads/gone', () =>
        apiFailure(404, 'THREAD_NOT_FOUND', COMMUNITY_MESSAGES.threadNotFound),
      ),
    );
    renderThreadPage('gone');

    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe(
      COMMUNITY_MESSAGES.threadNotFound,
    );
    expect(screen.getByRole('link', { name: 'Browse the community' }).getAttribute('href')).toBe(
      '/community',
    );
    expect(requests).toHaveLength(1); // an unknown thread stays unknown: not asked again
  });

  it("shows 'Failed to load the thread.' with Try Again when the thread cannot be loaded", async () => {
    const user = userEvent.setup();
    const thread = buildThreadDetail({ title: 'Boda boda spare parts in Eldoret' });
    let failing = true;
    const requests = recordRequests();
    server.use(
      http.get(`/api/community/threads/${thread.id}`, () =>
        failing
          ? HttpResponse.json({ statusCode: 503, message: 'Down' }, { status: 503 })
          : HttpResponse.json(thread),
      ),
    );
    renderThreadPage(thread.id);

    // A failure other than 404 is tried once more (a second later) before the page gives up.
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Failed to load the thread.'), {
      timeout: 3000,
    });
    expect(heading()).toBeNull();
    expect(requests).toHaveLength(2);

    failing = false;
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    await waitFor(() => expect(heading()?.textContent).toBe(thread.title));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("names a thread and a reply without an author 'Anonymous'", async () => {
    const detail = buildThreadDetail({ author: null });
    const thread = { ...detail, replies: [buildReply(detail.id, { author: null, content: 'Try Gikomba.' })] };
    server.use(http.get(`/api/community/threads/${thread.id}`, () => HttpResponse.json(thread)));
    const { container } = renderThreadPage(thread.id);

    await waitFor(() => expect(heading()?.textContent).toBe(thread.title));
    expect(container.querySelector('article')?.textContent).toContain('Anonymous');
    const reply = within(screen.getByTestId('reply')).getByRole('article');
    expect(reply.getAttribute('aria-label')).toBe('Reply by Anonymous');
    expect(reply.textContent).toContain('Try Gikomba.');
  });
});
