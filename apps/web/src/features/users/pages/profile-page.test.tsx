import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '@/stores/auth';
import { renderWithProviders } from '@/test/render-with-providers';
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
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    const { container, unmount } = renderWithProviders(<ProfilePage />, { url: '/profile' });

    expect(container.textContent).toContain('You must be logged in to view your profile.');
    expect(container.querySelector('[role="alert"]')).toBeNull();
    expect(fetchSpy).not.toHaveBeenCalled();
    unmount();
  });
});
