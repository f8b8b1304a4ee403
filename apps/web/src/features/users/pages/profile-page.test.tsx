import { screen, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { UserProfile } from '@sokoni/contracts/auth';
import { useAuthStore } from '@/stores/auth';
import { renderWithProviders } from '@/test/render-with-providers';
import { recordRequests, server } from '@/test/server';
import { ProfilePage } from './profile-page';

beforeEach(() => {
  localStorage.clear();
  useAuthStore.setState({ user: null });
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('profile page', () => {
  it('tells a signed-out visitor to log in, without asking the server', () => {
    const requests = recordRequests();
    const { container } = renderWithProviders(<ProfilePage />, { url: '/profile' });

    expect(container.textContent).toContain('You must be logged in to view your profile.');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(requests).toEqual([]);
  });

  it('shows the name, e-mail, join date and member-since year that GET /users/{id} answers', async () => {
    const user = {
      id: '6f1c2d4e-0000-4000-8000-000000000001',
      name: 'Amina Wanjiru',
      email: 'amina@sokoni.co.ke',
      role: 'user',
      token: 'amina-token',
    };
    useAuthStore.setState({ user });
    const profile: UserProfile = {
      id: user.id,
      name: 'Amina Wanjiru',
      email: 'amina.w@sokoni.co.ke',
      createdAt: '2024-03-05T08:00:00.000Z',
    };
    let authorization: string | null = null;
    const requests = recordRequests();
    server.use(
      http.get(`/api/users/${user.id}`, ({ request }) => {
        authorization = request.headers.get('Authorization');
        return HttpResponse.json(profile);
      }),
    );
    const { container } = renderWithProviders(<ProfilePage />, { url: '/profile' });

    await waitFor(() => expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Amina Wanjiru'));
    const details = Object.fromEntries(
      [...container.querySelectorAll('dl > div')].map((row) => [
        row.querySelector('dt')?.textContent,
        row.querySelector('dd')?.textContent,
      ]),
    );
    expect(details).toEqual({ Name: 'Amina Wanjiru', Email: 'amina.w@sokoni.co.ke', Joined: '5 March 2024' });
    expect(container.textContent).toContain('Member since 2024');
    expect(requests.map((request) => request.path)).toEqual([`/api/users/${user.id}`]);
    expect(authorization).toBe('Bearer amina-token');
  });
});
