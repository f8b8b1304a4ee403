import { act } from 'react';
import { createRoot } from 'react-dom/client';
import type { Root } from 'react-dom/client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HomeSearch } from './home-search';

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean | undefined;
}

let container: HTMLElement;
let root: Root;

beforeEach(() => {
  globalThis.IS_REACT_ACT_ENVIRONMENT = true;
  vi.useFakeTimers();
  localStorage.clear();
  vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response('[]', { status: 200 }));
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  act(() =>
    root.render(
      <QueryClientProvider client={queryClient}>
        <MemoryRouter>
          <HomeSearch />
        </MemoryRouter>
      </QueryClientProvider>,
    ),
  );
});

afterEach(() => {
  act(() => root.unmount());
  container.remove();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const dropdown = () => container.querySelector('[data-testid="search-dropdown"]');

describe('home search dropdown', () => {
  it('opens on focus and closes 150 ms after the box loses focus', () => {
    const input = container.querySelector<HTMLInputElement>('input[type="search"]');
    if (!input) throw new Error('no search box');

    act(() => input.focus());
    expect(dropdown()).not.toBeNull();
    expect(dropdown()?.textContent).toContain('Recent Searches');

    act(() => input.blur());
    act(() => {
      vi.advanceTimersByTime(149);
    });
    expect(dropdown()).not.toBeNull();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(dropdown()).toBeNull();
  });

  it("says 'No trending products' in the dropdown when nothing is trending", async () => {
    const input = container.querySelector<HTMLInputElement>('input[type="search"]');
    if (!input) throw new Error('no search box');

    act(() => input.focus());
    // Let the trending request, answered with an empty list, settle.
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(dropdown()?.textContent).toContain('No trending products');
    expect(dropdown()?.textContent).not.toContain('Loading...');
    expect(fetch).toHaveBeenCalledWith(expect.stringContaining('trending=true'), expect.anything());
  });
});
