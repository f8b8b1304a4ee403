import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '@/stores/auth';
import { buildThread, jsonResponse, requestUrl } from '@/test/api-fakes';
import { renderWithProviders, settle, submitForm, typeInto, waitFor } from '@/test/render-with-providers';
import type { Rendered } from '@/test/render-with-providers';
import { NewThreadForm } from './new-thread-form';

const MEMBER = { id: 'u1', name: 'Wambui Kariuki', email: 'wambui@example.co.ke', role: 'user', token: 't' };

let rendered: Rendered | undefined;

beforeEach(() => {
  useAuthStore.setState({ user: MEMBER });
});

afterEach(() => {
  rendered?.unmount();
  rendered = undefined;
  useAuthStore.setState({ user: null });
  vi.restoreAllMocks();
});

function find<T extends Element>(selector: string): T {
  const element = rendered?.container.querySelector<T>(selector);
  if (!element) throw new Error(`nothing matches ${selector}`);
  return element;
}

function choose(select: HTMLSelectElement, value: string) {
  act(() => {
    select.value = value;
    select.dispatchEvent(new Event('change', { bubbles: true }));
  });
}

/** The API for the form: no groups, and POST /community/threads answered by `postThread`. */
function fakeCommunity(postThread: () => Response) {
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = requestUrl(input);
    if (url.pathname === '/api/community/threads' && init?.method === 'POST') return postThread();
    if (url.pathname === '/api/community/groups') return jsonResponse([]);
    return jsonResponse({ statusCode: 404, message: 'Not found' }, { status: 404 });
  });
}

const threadPosts = (fetchSpy: ReturnType<typeof fakeCommunity>) =>
  fetchSpy.mock.calls.filter(([, init]) => init?.method === 'POST');

function fillAndPost(content: string) {
  typeInto(find<HTMLTextAreaElement>('#thread-content'), content);
  choose(find<HTMLSelectElement>('#thread-category'), 'agriculture');
  submitForm(find<HTMLFormElement>('form'));
}

describe('new thread form', () => {
  it("shows 'Something went wrong. Please check the console.' when the post fails, and logs the failure", async () => {
    const fetchSpy = fakeCommunity(() =>
      jsonResponse({ statusCode: 500, error: 'Internal Server Error' }, { status: 500 }),
    );
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    rendered = renderWithProviders(<NewThreadForm initialGroupId={undefined} />, { url: '/community/new' });

    fillAndPost('Who sells drip kits in Thika?');

    await waitFor(() =>
      expect(find('[role="alert"]').textContent).toBe('Something went wrong. Please check the console.'),
    );
    expect(logged).toHaveBeenCalledWith('Posting the thread failed', expect.any(Error));
    expect(threadPosts(fetchSpy)).toHaveLength(1);
    expect(find<HTMLTextAreaElement>('#thread-content').value).toBe('Who sells drip kits in Thika?');
  });

  it('posts content longer than the 300 its counter shows: the counter is no limit', async () => {
    const fetchSpy = fakeCommunity(() => jsonResponse(buildThread(), { status: 201 }));
    rendered = renderWithProviders(<NewThreadForm initialGroupId={undefined} />, { url: '/community/new' });
    const content = `Drip irrigation notes. ${'Maji ni uhai. '.repeat(25)}`.trim();
    expect(content.length).toBeGreaterThan(300);

    fillAndPost(content);

    expect(find('#thread-content-counter').textContent).toBe(`${content.length}/300`);
    await waitFor(() => expect(threadPosts(fetchSpy)).toHaveLength(1));
    const [, init] = threadPosts(fetchSpy)[0]!;
    expect(JSON.parse(String(init?.body))).toMatchObject({ content, category: 'agriculture' });
    expect(rendered.container.querySelector('[role="alert"]')).toBeNull();
  });

  it("tells a signed-out visitor 'You must be logged in to post.' and sends nothing", async () => {
    useAuthStore.setState({ user: null });
    const fetchSpy = fakeCommunity(() => jsonResponse(buildThread(), { status: 201 }));
    rendered = renderWithProviders(<NewThreadForm initialGroupId={undefined} />, { url: '/community/new' });

    fillAndPost('Who sells drip kits in Thika?');

    await waitFor(() => expect(find('[role="alert"]').textContent).toBe('You must be logged in to post.'));
    await settle();
    expect(threadPosts(fetchSpy)).toHaveLength(0);
  });
});
