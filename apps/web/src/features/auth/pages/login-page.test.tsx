import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '@/stores/auth';
import { jsonResponse, requestUrl } from '@/test/api-fakes';
import { renderWithProviders, submitForm, typeInto, waitFor } from '@/test/render-with-providers';
import type { Rendered } from '@/test/render-with-providers';
import { LoginPage } from './login-page';

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

function find<T extends Element>(selector: string): T {
  const element = rendered?.container.querySelector<T>(selector);
  if (!element) throw new Error(`nothing matches ${selector}`);
  return element;
}

describe('login page', () => {
  it('links a visitor without an account to /signup', () => {
    rendered = renderWithProviders(<LoginPage />, { url: '/login' });
    const link = [...rendered.container.querySelectorAll('a')].find(
      (anchor) => anchor.textContent === 'Create an account',
    );
    expect(link?.getAttribute('href')).toBe('/signup');
  });

  it("shows 'Signing In...' on a disabled button while the sign-in request is in flight", async () => {
    let answer: (response: Response) => void = () => {};
    const fetchSpy = vi
      .spyOn(globalThis, 'fetch')
      .mockImplementation(() => new Promise<Response>((resolve) => (answer = resolve)));
    rendered = renderWithProviders(<LoginPage />, { url: '/login' });
    const submit = find<HTMLButtonElement>('button[type="submit"]');
    expect(submit.textContent).toBe('Sign In');

    typeInto(find<HTMLInputElement>('#login-email'), 'amina@sokoni.co.ke');
    typeInto(find<HTMLInputElement>('#login-password'), 'Karibu2026!');
    submitForm(find<HTMLFormElement>('form'));

    await waitFor(() => expect(submit.textContent).toBe('Signing In...'));
    expect(submit.disabled).toBe(true);
    expect(fetchSpy).toHaveBeenCalledTimes(1);
    expect(requestUrl(fetchSpy.mock.calls[0]![0]).pathname).toBe('/api/auth/login');

    answer(jsonResponse({ statusCode: 401, message: 'Invalid email or password' }, { status: 401 }));
    await waitFor(() => expect(submit.textContent).toBe('Sign In'));
    expect(submit.disabled).toBe(false);
  });
});
