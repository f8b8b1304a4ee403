import { act } from 'react';
import { createRoot } from 'react-dom/client';
import type { Root } from 'react-dom/client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '@/stores/auth';
import { ProfilePage } from './profile-page';

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean | undefined;
}

let container: HTMLElement;
let root: Root;

beforeEach(() => {
  globalThis.IS_REACT_ACT_ENVIRONMENT = true;
  localStorage.clear();
  useAuthStore.setState({ user: null });
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
});

afterEach(() => {
  act(() => root.unmount());
  container.remove();
  vi.restoreAllMocks();
});

describe('profile page', () => {
  it('tells a signed-out visitor to log in, without asking the server', () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });

    act(() =>
      root.render(
        <QueryClientProvider client={queryClient}>
          <MemoryRouter initialEntries={['/profile']}>
            <ProfilePage />
          </MemoryRouter>
        </QueryClientProvider>,
      ),
    );

    expect(container.textContent).toContain('You must be logged in to view your profile.');
    expect(container.querySelector('[role="alert"]')).toBeNull();
    expect(fetchSpy).not.toHaveBeenCalled();
  });
});
