import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render-with-providers';
import { rememberSearch } from '../lib/recent-searches';
import type { Rendered } from '@/test/render-with-providers';
import { HomeSearch } from './home-search';

let rendered: Rendered;
let container: HTMLElement;

beforeEach(() => {
  vi.useFakeTimers();
  localStorage.clear();
  vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response('[]', { status: 200 }));
  rendered = renderWithProviders(<HomeSearch />);
  container = rendered.container;
});

afterEach(() => {
  rendered.unmount();
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

  it('suggests the sample searches until the first search, then the recent ones', () => {
    const input = container.querySelector<HTMLInputElement>('input[type="search"]');
    if (!input) throw new Error('no search box');
    const suggestions = () =>
      [...(dropdown()?.querySelectorAll('button') ?? [])].map((button) => button.textContent);

    act(() => input.focus());
    expect(suggestions()).toEqual(['Samsung Galaxy', 'Kitenge', 'Solar lighting', 'Maasai shuka']);

    rendered.unmount();
    rememberSearch('sofa');
    rendered = renderWithProviders(<HomeSearch />);
    container = rendered.container;
    const again = container.querySelector<HTMLInputElement>('input[type="search"]');
    act(() => again?.focus());
    expect(suggestions()).toEqual(['sofa']);
  });
});
