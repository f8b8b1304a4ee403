import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render-with-providers';
import { PagedResults } from './paged-results';

const ITEMS = ['Kiondo basket', 'Maasai shuka', 'Jiko stove', 'Sisal mat', 'Lamu chest'];
const PAGE_SIZE = 2;

/** A list of ITEMS two at a time; each page waits for the test to let it through. */
function PagedList({ next, linked }: { next: () => Promise<void>; linked: boolean }) {
  const query = useInfiniteQuery({
    queryKey: ['paged-list', linked],
    queryFn: async ({ pageParam }) => {
      if (pageParam > 0) await next();
      return ITEMS.slice(pageParam, pageParam + PAGE_SIZE);
    },
    initialPageParam: 0,
    getNextPageParam: (_last, pages) =>
      pages.length * PAGE_SIZE < ITEMS.length ? pages.length * PAGE_SIZE : undefined,
  });
  if (!query.data) return null;
  const items = query.data.pages.flat();
  return (
    <PagedResults query={query} shown={items.length} total={ITEMS.length} noun="items">
      <ul>
        {items.map((item) => (
          <li key={item}>{linked ? <Link to={`/items/${item}`}>{item}</Link> : item}</li>
        ))}
      </ul>
    </PagedResults>
  );
}

/** Pages held until `release` is called. */
function heldPages() {
  let release = () => {};
  const next = () =>
    new Promise<void>((resolve) => {
      release = resolve;
    });
  return { next, release: () => release() };
}

describe('PagedResults', () => {
  it('keeps keyboard focus on Load more while it loads, then moves it to the first new item', async () => {
    const user = userEvent.setup();
    const pages = heldPages();
    renderWithProviders(<PagedList next={pages.next} linked />);
    const loadMore = await screen.findByRole('button', { name: 'Load more' });

    loadMore.focus();
    await user.keyboard('{Enter}');
    const loading = await screen.findByRole('button', { name: 'Loading...' });
    expect(document.activeElement).toBe(loading);
    expect(loading.getAttribute('aria-disabled')).toBe('true');
    pages.release();
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('link', { name: 'Jiko stove' })),
    );

    // The last page: Load more goes away, and focus still lands on the first item it brought.
    screen.getByRole('button', { name: 'Load more' }).focus();
    await user.keyboard('{Enter}');
    pages.release();
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('link', { name: 'Lamu chest' })),
    );
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('focuses a new item with nothing to press in it, such as a statement line', async () => {
    const user = userEvent.setup();
    const pages = heldPages();
    renderWithProviders(<PagedList next={pages.next} linked={false} />);

    (await screen.findByRole('button', { name: 'Load more' })).focus();
    await user.keyboard('{Enter}');
    pages.release();
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Jiko stove'));
    expect(document.activeElement?.tagName).toBe('LI');
  });
});
