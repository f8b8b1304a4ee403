import { act, cleanup, screen } from '@testing-library/react';
import type { RenderResult } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { UserEvent } from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render-with-providers';
import { recordRequests, server } from '@/test/server';
import type { SentRequest } from '@/test/server';
import { rememberSearch } from '../lib/recent-searches';
import { HomeSearch } from './home-search';

let rendered: RenderResult;
let user: UserEvent;
let requests: SentRequest[];

beforeEach(() => {
  vi.useFakeTimers();
  user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
  localStorage.clear();
  requests = recordRequests();
  server.use(http.get('/api/products', () => HttpResponse.json([])));
  rendered = renderWithProviders(<HomeSearch />);
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const searchBox = () => screen.getByRole('searchbox', { name: 'Search products' });
const dropdown = () => screen.queryByTestId('search-dropdown');

describe('home search dropdown', () => {
  it('opens on focus and closes 150 ms after the box loses focus', async () => {
    await user.click(searchBox());
    expect(dropdown()).not.toBeNull();
    expect(dropdown()?.textContent).toContain('Recent Searches');

    // A click elsewhere on the page takes the focus away.
    await user.click(document.body);
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
    await user.click(searchBox());
    // Let the trending request, answered with an empty list, settle.
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(dropdown()?.textContent).toContain('No trending products');
    expect(dropdown()?.textContent).not.toContain('Loading...');
    expect(requests.map(({ url }) => url.searchParams.get('trending'))).toEqual(['true']);
  });

  it('suggests the sample searches until the first search, then the recent ones', async () => {
    const suggestions = () =>
      [...(dropdown()?.querySelectorAll('button') ?? [])].map((button) => button.textContent);

    await user.click(searchBox());
    expect(suggestions()).toEqual(['Samsung Galaxy', 'Kitenge', 'Solar lighting', 'Maasai shuka']);

    rendered.unmount();
    rememberSearch('sofa');
    rendered = renderWithProviders(<HomeSearch />);
    await user.click(searchBox());
    expect(suggestions()).toEqual(['sofa']);
  });
});
