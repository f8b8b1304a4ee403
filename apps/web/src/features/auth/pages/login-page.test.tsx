import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MODERATION_TEXTS } from '@sokoni/contracts/moderation-rules';
import { useAuthStore } from '@/stores/auth';
import { useVisitorWishlistStore } from '@/stores/wishlist';
import { apiFailure } from '@/test/answers';
import { renderWithProviders } from '@/test/render-with-providers';
import { recordRequests, server } from '@/test/server';
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
    const requests = recordRequests();
    server.use(http.post('/api/auth/login', () => new Promise<Response>((resolve) => (answer = resolve))));
    renderWithProviders(<LoginPage />, { url: '/login' });
    const submit = screen.getByRole<HTMLButtonElement>('button', { name: 'Sign In' });
    expect(submit.textContent).toBe('Sign In');

    await user.type(screen.getByLabelText('Email'), 'amina@sokoni.co.ke');
    await user.type(screen.getByLabelText('Password'), 'Karibu2026!');
    await user.click(submit);

    await waitFor(() => expect(submit.textContent).toBe('Signing In...'));
    expect(submit.disabled).toBe(true);
    expect(requests.map((request) => request.path)).toEqual(['/api/auth/login']);

    answer(apiFailure(401, 'INVALID_CREDENTIALS', 'Invalid email or password'));
    await waitFor(() => expect(submit.textContent).toBe('Sign In'));
    expect(submit.disabled).toBe(false);
  });

  it("shows a suspended account the server's reason and where to appeal, and stays signed out", async () => {
    const user = userEvent.setup();
    const suspended = MODERATION_TEXTS.suspended('Repeated scams');
    server.use(http.post('/api/auth/login', () => apiFailure(403, 'ACCOUNT_SUSPENDED', suspended)));
    renderWithProviders(<LoginPage />, { url: '/login' });

    await user.type(screen.getByLabelText('Email'), 'juma@example.co.ke');
    await user.type(screen.getByLabelText('Password'), 'Karibu2026!');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    expect((await screen.findByRole('alert')).textContent).toBe(suspended);
    expect(useAuthStore.getState().user).toBeNull();
  });

  it('moves the hearts given as a visitor into the account on signing in', async () => {
    const user = userEvent.setup();
    const heartsMoved = serveSignInWithHearts('/api/auth/login', 200);
    renderWithProviders(<LoginPage />, { url: '/login' });

    await user.type(screen.getByLabelText('Email'), 'amina@sokoni.co.ke');
    await user.type(screen.getByLabelText('Password'), 'Karibu2026!');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    await heartsMoved();
  });
});
