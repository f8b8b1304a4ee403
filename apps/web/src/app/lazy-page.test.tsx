import { act, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { lazyPage, loadPages } from './lazy-page';
import { RouteErrorBoundary } from './route-error-page';

const Greeting = () => <h1>Karibu</h1>;

function renderInSuspense(Page: React.ComponentType) {
  return render(
    <Suspense fallback={<p>Loading…</p>}>
      <Page />
    </Suspense>,
  );
}

/** As the router shows a page: under the route's error boundary and a loading state. */
function renderInRoute(Page: React.ComponentType) {
  return render(
    <MemoryRouter>
      <RouteErrorBoundary>
        <Suspense fallback={<p>Loading…</p>}>
          <Page />
        </Suspense>
      </RouteErrorBoundary>
    </MemoryRouter>,
  );
}

/** A chunk whose first download fails (a lost connection), and whose second arrives. */
const failingOnce = () =>
  vi
    .fn<() => Promise<{ Greeting: typeof Greeting }>>()
    .mockRejectedValueOnce(new Error('Failed to fetch dynamically imported module'))
    .mockResolvedValueOnce({ Greeting });

describe('lazyPage', () => {
  afterEach(() => vi.restoreAllMocks());

  it('renders at once, with no loading state, a page whose chunk was loaded before', async () => {
    const importPage = vi.fn(() => Promise.resolve({ Greeting }));
    const Page = lazyPage(importPage, (m) => m.Greeting);
    await loadPages([<Page key="page" />, <p key="other">not a page</p>]);

    renderInSuspense(Page);

    expect(screen.queryByText('Loading…')).toBeNull();
    expect(screen.getByRole('heading').textContent).toBe('Karibu');
    expect(importPage).toHaveBeenCalledTimes(1);
  });

  it('shows the loading state while a page not yet loaded downloads, then the page, fetched once', async () => {
    let arrive: (module: { Greeting: typeof Greeting }) => void = () => {};
    const importPage = vi.fn(
      () => new Promise<{ Greeting: typeof Greeting }>((resolve) => (arrive = resolve)),
    );
    const Page = lazyPage(importPage, (m) => m.Greeting);

    renderInSuspense(Page);
    expect(screen.getByText('Loading…')).toBeTruthy();
    await act(async () => arrive({ Greeting }));

    expect(await screen.findByRole('heading')).toBeTruthy();
    await Page.load();
    expect(importPage).toHaveBeenCalledTimes(1);
  });

  it('downloads a page again when it is rendered again after a failed download, rather than keeping the failure', async () => {
    const importPage = failingOnce();
    const Page = lazyPage(importPage, (m) => m.Greeting);
    vi.spyOn(console, 'error').mockImplementation(() => {});

    renderInRoute(Page);

    expect((await screen.findByRole('heading')).textContent).toBe('Karibu');
    expect(screen.queryByText('Something went wrong')).toBeNull();
    expect(importPage).toHaveBeenCalledTimes(2);
  });

  it('shows the error page after a second failed download in a row, instead of downloading again and again', async () => {
    const importPage = vi.fn(() => Promise.reject(new Error('Failed to fetch dynamically imported module')));
    const Page = lazyPage(importPage, (m: { Greeting: typeof Greeting }) => m.Greeting);
    vi.spyOn(console, 'error').mockImplementation(() => {});

    renderInRoute(Page);

    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeTruthy();
    expect(importPage).toHaveBeenCalledTimes(2);
  });

  it('downloads a page again after a failed download', async () => {
    const importPage = failingOnce();
    const Page = lazyPage(importPage, (m) => m.Greeting);

    await expect(Page.load()).rejects.toThrow('Failed to fetch');
    await expect(Page.load()).resolves.toBe(Greeting);
    expect(importPage).toHaveBeenCalledTimes(2);
  });
});
