import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '@/stores/auth';
import { useVisitorWishlistStore } from '@/stores/wishlist';
import { jsonResponse, requestUrl } from '@/test/api-fakes';
import { renderWithProviders } from '@/test/render-with-providers';
import { serveSignInWithHearts } from '@/test/visitor-hearts';
import { LoginPage } from './login-page';

beforeEach(() => {
  localStorage.clear();
  useAuthStore.setState({ user: null });
});

afterEach(() => {
  useVisitorWishlistStore.setState({ productIds: [] });
  vi.restoreAllMocks();
});

describe('login page', () => {
  it('links a visitor without an account to /signup', () => {
    renderWithProviders(<LoginPage />, { url: '/login' });
    const link = screen.getByRole('link', { name: 'Create an account' });
    expect(link.getAttribute('href')).toBe('/signup');
  });

  it("shows 'Signing In...' on a disabled button while the sign-in request is in flight", async () => {
    const user = userEvent.setup();
    let answer: (response: Response) => void = () => {};
    const fetchSpy = vi
      .spyOn(globalThis, 'fetch')
      .mockImplementation(() => new Promise<Response>((resolve) => (answer = resolve)));
    renderWithProviders(<LoginPage />, { url: '/login' });
    const submit = screen.getByRole<HTMLButtonElement>('button', { name: 'Sign In' });
    expect(submit.textContent).toBe('Sign In');

    await user.type(screen.getByLabelText('Email'), 'amina@sokoni.co.ke');
    await user.type(screen.getByLabelText('Password'), 'Karibu2026!');
    await user.click(submit);

    await waitFor(() => expect(submit.textContent).toBe('Signing In...'));
    expect(submit.disabled).toBe(true);
    expect(fetchSpy).toHaveBeenCalledTimes(1);
    expect(requestUrl(fetchSpy.mock.calls[0]![0]).pathname).toBe('/api/auth/login');

    answer(jsonResponse({ statusCode: 401, message: 'Invalid email or password' }, { status: 401 }));
    await waitFor(() => expect(submit.textContent).toBe('Sign In'));
    expect(submit.disabled).toBe(false);
  });

  it('moves the hearts given as a visitor into the account on signing in', async () => {
    const user = userEvent.setup();
    const heartsMoved = serveSignInWithHearts('POST /api/auth/login', 200);
    renderWithProviders(<LoginPage />, { url: '/login' });

    await user.type(screen.getByLabelText('Email'), 'amina@sokoni.co.ke');
    await user.type(screen.getByLabelText('Password'), 'Karibu2026!');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    await heartsMoved();
  });
});
