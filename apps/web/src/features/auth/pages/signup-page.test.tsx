import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '@/stores/auth';
import { jsonResponse, requestUrl } from '@/test/api-fakes';
import { renderWithProviders, submitForm, typeInto, waitFor } from '@/test/render-with-providers';
import type { Rendered } from '@/test/render-with-providers';
import { SignupPage } from './signup-page';

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

describe('signup page', () => {
  it('links a visitor who already has an account to /login', () => {
    rendered = renderWithProviders(<SignupPage />, { url: '/signup' });
    const link = [...rendered.container.querySelectorAll('a')].find(
      (anchor) => anchor.textContent === 'Sign in',
    );
    expect(link?.getAttribute('href')).toBe('/login');
  });

  it("shows 'Creating Account...' on a disabled button while the sign-up request is in flight", async () => {
    let answer: (response: Response) => void = () => {};
    const fetchSpy = vi
      .spyOn(globalThis, 'fetch')
      .mockImplementation(() => new Promise<Response>((resolve) => (answer = resolve)));
    rendered = renderWithProviders(<SignupPage />, { url: '/signup' });
    const submit = find<HTMLButtonElement>('button[type="submit"]');
    expect(submit.textContent).toBe('Create Account');

    typeInto(find<HTMLInputElement>('#signup-name'), 'Wanjiku Kamau');
    typeInto(find<HTMLInputElement>('#signup-email'), 'wanjiku@example.co.ke');
    typeInto(find<HTMLInputElement>('#signup-password'), 'Karibu2026!');
    submitForm(find<HTMLFormElement>('form'));

    await waitFor(() => expect(submit.textContent).toBe('Creating Account...'));
    expect(submit.disabled).toBe(true);
    expect(fetchSpy).toHaveBeenCalledTimes(1);
    expect(requestUrl(fetchSpy.mock.calls[0]![0]).pathname).toBe('/api/auth/register');

    answer(jsonResponse({ statusCode: 409, message: 'Email already exists' }, { status: 409 }));
    await waitFor(() => expect(submit.textContent).toBe('Create Account'));
    expect(submit.disabled).toBe(false);
  });
});
