import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '@/stores/auth';
import { useVisitorWishlistStore } from '@/stores/wishlist';
import { apiFailure } from '@/test/answers';
import { renderWithProviders } from '@/test/render-with-providers';
import { recordRequests, server } from '@/test/server';
import { serveSignInWithHearts } from '@/test/visitor-hearts';
import { SignupPage } from './signup-page';

beforeEach(() => {
  localStorage.clear();
  useAuthStore.setState({ user: null });
});

afterEach(() => {
  useVisitorWishlistStore.setState({ productIds: [] });
  vi.restoreAllMocks();
});

describe('signup page', () => {
  it('links a visitor who already has an account to /login', () => {
    renderWithProviders(<SignupPage />, { url: '/signup' });
    const link = screen.getByRole('link', { name: 'Sign in' });
    expect(link.getAttribute('href')).toBe('/login');
  });

  it("shows 'Creating Account...' on a disabled button while the sign-up request is in flight", async () => {
    const user = userEvent.setup();
    let answer: (response: Response) => void = () => {};
    const requests = recordRequests();
    server.use(http.post('/api/auth/register', () => new Promise<Response>((resolve) => (answer = resolve))));
    renderWithProviders(<SignupPage />, { url: '/signup' });
    const submit = screen.getByRole<HTMLButtonElement>('button', { name: 'Create Account' });
    expect(submit.textContent).toBe('Create Account');

    await user.type(screen.getByLabelText('Full name'), 'Wanjiku Kamau');
    await user.type(screen.getByLabelText('Email'), 'wanjiku@example.co.ke');
    await user.type(screen.getByLabelText('Password'), 'Karibu2026!');
    await user.click(submit);

    await waitFor(() => expect(submit.textContent).toBe('Creating Account...'));
    expect(submit.disabled).toBe(true);
    expect(requests.map((request) => request.path)).toEqual(['/api/auth/register']);

    answer(apiFailure(409, 'EMAIL_TAKEN', 'Email already exists'));
    await waitFor(() => expect(submit.textContent).toBe('Create Account'));
    expect(submit.disabled).toBe(false);
  });

  it('moves the hearts given as a visitor into the account on signing up', async () => {
    const user = userEvent.setup();
    const heartsMoved = serveSignInWithHearts('/api/auth/register', 201);
    renderWithProviders(<SignupPage />, { url: '/signup' });

    await user.type(screen.getByLabelText('Full name'), 'Amina Wanjiru');
    await user.type(screen.getByLabelText('Email'), 'amina@sokoni.co.ke');
    await user.type(screen.getByLabelText('Password'), 'Karibu2026!');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));

    await heartsMoved();
  });
});
