import { useEffect, useRef } from 'react';
import type { ReactNode } from 'react';
import type { UseInfiniteQueryResult } from '@tanstack/react-query';
import { Button } from './button';

type PagedQuery = Pick<
  UseInfiniteQueryResult,
  'isPlaceholderData' | 'isFetchNextPageError' | 'hasNextPage' | 'isFetchingNextPage' | 'fetchNextPage'
>;

type PagedResultsProps = {
  query: PagedQuery;
  /** How many are on screen, and how many match in all. */
  shown: number;
  total: number;
  /** What the list holds, for 'Failed to load more {noun}.' */
  noun: string;
  /** The list of what is shown: one <li> per item (a grid of cards is a <ul> too). */
  children: ReactNode;
};

const CONTROLS = 'button:not([disabled]), input, select, textarea, [tabindex]:not([tabindex="-1"])';

/** Where focus goes in a newly loaded item: its link (a card's title), a control, else the item itself. */
function focusItem(item: HTMLElement) {
  const target = item.querySelector<HTMLElement>('a[href]') ?? item.querySelector<HTMLElement>(CONTROLS);
  if (target) return target.focus();
  item.tabIndex = -1;
  item.focus();
}

/**
 * A list loaded a page at a time: the grid, 'Showing n of total' and Load more; dimmed while new
 * filters load with the previous results still on screen.
 *
 * Load more keeps the keyboard's place: the button stays focusable while the page loads (it is
 * aria-disabled, not disabled, which would drop focus), and once the page is in, focus moves to the
 * first new item — also when the button goes because nothing more is left. Focus the user moved
 * elsewhere meanwhile is left where it is.
 */
export function PagedResults({ query, shown, total, noun, children }: PagedResultsProps) {
  const listRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  // The items on screen when Load more was pressed, until the next page has come (or failed).
  const itemsBefore = useRef<Set<Element> | null>(null);
  const loading = query.isFetchingNextPage;

  useEffect(() => {
    const before = itemsBefore.current;
    if (!before || loading) return;
    itemsBefore.current = null;
    const focused = document.activeElement;
    if (focused && focused !== document.body && focused !== buttonRef.current) return;
    const items = listRef.current?.querySelectorAll<HTMLElement>('li') ?? [];
    const firstNew = Array.from(items).find((item) => !before.has(item));
    if (firstNew) focusItem(firstNew);
  }, [loading, shown]);

  const loadMore = () => {
    if (loading) return;
    itemsBefore.current = new Set(listRef.current?.querySelectorAll('li'));
    void query.fetchNextPage();
  };

  return (
    <div
      aria-busy={query.isPlaceholderData}
      className={`space-y-6 transition-opacity ${query.isPlaceholderData ? 'opacity-60' : ''}`}
    >
      <div ref={listRef}>{children}</div>
      <div className="flex flex-col items-center gap-3 text-sm text-slate-600">
        <p>
          Showing {shown} of {total}
        </p>
        {query.isFetchNextPageError ? (
          <p role="alert" className="text-red-700">
            Failed to load more {noun}.
          </p>
        ) : null}
        {query.hasNextPage ? (
          <Button
            ref={buttonRef}
            variant="secondary"
            onClick={loadMore}
            aria-disabled={loading}
            className={loading ? 'cursor-wait opacity-70' : ''}
          >
            {loading ? 'Loading...' : 'Load more'}
          </Button>
        ) : null}
      </div>
    </div>
  );
}
