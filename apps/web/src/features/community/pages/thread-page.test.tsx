import { act } from 'react';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '@/stores/auth';
import { buildReply, buildThreadDetail, jsonResponse } from '@/test/api-fakes';
import { renderWithProviders, settle, waitFor } from '@/test/render-with-providers';
import type { Rendered } from '@/test/render-with-providers';
import { ThreadPage } from './thread-page';

let rendered: Rendered | undefined;

beforeEach(() => {
  localStorage.clear();
  useAuthStore.setState({ user: null });
});

afterEach(() => {
  rendered?.unmount();
  rendered = undefined;
  vi.restoreAllMocks();
});

function renderThreadPage(threadId: string) {
  rendered = renderWithProviders(
    <Routes>
      <Route path="/community/:threadId" element={<ThreadPage />} />
    </Routes>,
    { url: `/community/${threadId}` },
  );
  return rendered.container;
}

const tryAgainButton = (container: HTMLElement) =>
  [...container.querySelectorAll('button')].find((button) => button.textContent === 'Try Again');

describe('thread page', () => {
  it("shows 'Failed to load the thread.' with Try Again when the thread cannot be loaded", async () => {
    const thread = buildThreadDetail({ title: 'Boda boda spare parts in Eldoret' });
    let failing = true;
    const fetchSpy = vi
      .spyOn(globalThis, 'fetch')
      .mockImplementation(async () =>
        failing ? jsonResponse({ statusCode: 503, message: 'Down' }, { status: 503 }) : jsonResponse(thread),
      );
    const container = renderThreadPage(thread.id);

    // A failure other than 404 is tried once more before the page gives up.
    await settle(1100);
    await waitFor(() =>
      expect(container.querySelector('[role="alert"]')?.textContent).toBe('Failed to load the thread.'),
    );
    expect(container.querySelector('h1')).toBeNull();
    expect(fetchSpy).toHaveBeenCalledTimes(2);

    failing = false;
    act(() => tryAgainButton(container)?.click());
    await waitFor(() => expect(container.querySelector('h1')?.textContent).toBe(thread.title));
    expect(container.querySelector('[role="alert"]')).toBeNull();
  });

  it("names a thread and a reply without an author 'Anonymous'", async () => {
    const detail = buildThreadDetail({ author: null });
    const thread = { ...detail, replies: [buildReply(detail.id, { author: null, content: 'Try Gikomba.' })] };
    vi.spyOn(globalThis, 'fetch').mockImplementation(async () => jsonResponse(thread));
    const container = renderThreadPage(thread.id);

    await waitFor(() => expect(container.querySelector('h1')?.textContent).toBe(thread.title));
    expect(container.querySelector('article')?.textContent).toContain('Anonymous');
    const reply = container.querySelector('[data-testid="reply"] article');
    expect(reply?.getAttribute('aria-label')).toBe('Reply by Anonymous');
    expect(reply?.textContent).toContain('Try Gikomba.');
  });
});
