import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { pageAnswer } from '@/test/answers';
import { buildThread } from '@/test/api-fakes';
import { renderWithProviders } from '@/test/render-with-providers';
import { server } from '@/test/server';
import { ThreadList } from './thread-list';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('thread list', () => {
  it('logs a failed load and shows the empty text with Try again, which loads the threads', async () => {
    const user = userEvent.setup();
    const thread = buildThread({ title: 'Cheap solar panels in Machakos' });
    let failing = true;
    server.use(
      http.get('/api/community/threads', () =>
        failing
          ? HttpResponse.json({ statusCode: 503, message: 'Down' }, { status: 503 })
          : pageAnswer([thread]),
      ),
    );
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { container } = renderWithProviders(<ThreadList filters={{}} />, { url: '/community' });

    await waitFor(() =>
      expect(container.textContent).toContain('No active posts yet. Be the first to ask, share, or promote!'),
    );
    expect(logged).toHaveBeenCalledWith('Loading threads failed', expect.any(Error));
    const retry = screen.getByRole('button', { name: 'Try again' });

    failing = false;
    await user.click(retry);
    await waitFor(() => expect(container.textContent).toContain(thread.title));
    expect(container.textContent).not.toContain('No active posts yet.');
  });
});
