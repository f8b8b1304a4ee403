import { act, cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '@/stores/auth';
import { buildThread } from '@/test/api-fakes';
import { renderWithProviders } from '@/test/render-with-providers';
import { recordRequests, server } from '@/test/server';
import type { SentRequest } from '@/test/server';
import { NewThreadForm } from './new-thread-form';

const MEMBER = { id: 'u1', name: 'Wambui Kariuki', email: 'wambui@example.co.ke', role: 'user', token: 't' };

beforeEach(() => {
  useAuthStore.setState({ user: MEMBER });
});

afterEach(() => {
  cleanup(); // unmount first: a store change would re-render what is still mounted
  useAuthStore.setState({ user: null });
  vi.restoreAllMocks();
});

/** The API for the form: no groups, and POST /community/threads answered by `postThread`. */
function fakeCommunity(postThread: () => Response) {
  const requests = recordRequests();
  server.use(
    http.post('/api/community/threads', () => postThread()),
    http.get('/api/community/groups', () => HttpResponse.json([])),
  );
  return requests;
}

const threadPosts = (requests: SentRequest[]) => requests.filter((request) => request.method === 'POST');

const contentBox = () => screen.getByLabelText<HTMLTextAreaElement>('What would you like to share?');

async function fillAndPost(content: string) {
  const user = userEvent.setup();
  await user.click(contentBox());
  await user.paste(content);
  await user.selectOptions(screen.getByLabelText('Category'), 'agriculture');
  await user.click(screen.getByRole('button', { name: 'Post Thread' }));
}

describe('new thread form', () => {
  it("shows 'Something went wrong. Please check the console.' when the post fails, and logs the failure", async () => {
    const requests = fakeCommunity(() =>
      HttpResponse.json({ statusCode: 500, error: 'Internal Server Error' }, { status: 500 }),
    );
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    renderWithProviders(<NewThreadForm initialGroupId={undefined} />, { url: '/community/new' });

    await fillAndPost('Who sells drip kits in Thika?');

    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe('Something went wrong. Please check the console.'),
    );
    expect(logged).toHaveBeenCalledWith('Posting the thread failed', expect.any(Error));
    expect(threadPosts(requests)).toHaveLength(1);
    expect(contentBox().value).toBe('Who sells drip kits in Thika?');
  });

  it('posts content longer than the 300 its counter shows: the counter is no limit', async () => {
    const requests = fakeCommunity(() => HttpResponse.json(buildThread(), { status: 201 }));
    const { container } = renderWithProviders(<NewThreadForm initialGroupId={undefined} />, {
      url: '/community/new',
    });
    const content = `Drip irrigation notes. ${'Maji ni uhai. '.repeat(25)}`.trim();
    expect(content.length).toBeGreaterThan(300);

    await fillAndPost(content);

    expect(container.querySelector('#thread-content-counter')?.textContent).toBe(`${content.length}/300`);
    await waitFor(() => expect(threadPosts(requests)).toHaveLength(1));
    expect(threadPosts(requests)[0]!.body).toMatchObject({ content, category: 'agriculture' });
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("tells a signed-out visitor 'You must be logged in to post.' and sends nothing", async () => {
    useAuthStore.setState({ user: null });
    const requests = fakeCommunity(() => HttpResponse.json(buildThread(), { status: 201 }));
    renderWithProviders(<NewThreadForm initialGroupId={undefined} />, { url: '/community/new' });

    await fillAndPost('Who sells drip kits in Thika?');

    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('You must be logged in to post.'));
    // Give a post that should not be sent the time to go out.
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(threadPosts(requests)).toHaveLength(0);
  });
});
