import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildThread, jsonResponse } from '@/test/api-fakes';
import { renderWithProviders, waitFor } from '@/test/render-with-providers';
import type { Rendered } from '@/test/render-with-providers';
import { ThreadList } from './thread-list';

let rendered: Rendered | undefined;

afterEach(() => {
  rendered?.unmount();
  rendered = undefined;
  vi.restoreAllMocks();
});

describe('thread list', () => {
  it('logs a failed load and shows the empty text with Try again, which loads the threads', async () => {
    const thread = buildThread({ title: 'Cheap solar panels in Machakos' });
    let failing = true;
    vi.spyOn(globalThis, 'fetch').mockImplementation(async () =>
      failing
        ? jsonResponse({ statusCode: 503, message: 'Down' }, { status: 503 })
        : jsonResponse([thread], { headers: { 'X-Total-Count': '1' } }),
    );
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    rendered = renderWithProviders(<ThreadList filters={{}} />, { url: '/community' });
    const { container } = rendered;

    await waitFor(() =>
      expect(container.textContent).toContain('No active posts yet. Be the first to ask, share, or promote!'),
    );
    expect(logged).toHaveBeenCalledWith('Loading threads failed', expect.any(Error));
    const retry = [...container.querySelectorAll('button')].find(
      (button) => button.textContent === 'Try again',
    );
    expect(retry).toBeDefined();

    failing = false;
    act(() => retry?.click());
    await waitFor(() => expect(container.textContent).toContain(thread.title));
    expect(container.textContent).not.toContain('No active posts yet.');
  });
});
