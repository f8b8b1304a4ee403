import { render } from '@testing-library/react';
import type { RenderResult } from '@testing-library/react';
import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';

const queryClients = new Set<QueryClient>();

/**
 * Renders a component with Testing Library the way the app mounts it: its own query client (no
 * retries) and a router at `url`. `rerender` keeps both.
 */
export function renderWithProviders(ui: ReactNode, { url = '/' }: { url?: string } = {}): RenderResult {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClients.add(queryClient);
  return render(ui, {
    wrapper: ({ children }) => (
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={[url]}>{children}</MemoryRouter>
      </QueryClientProvider>
    ),
  });
}

/** Drops what every query client rendered so far holds, and its timers (setup.ts, after cleanup). */
export function clearQueryClients() {
  for (const queryClient of queryClients) queryClient.clear();
  queryClients.clear();
}
