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
  /** The grid of what is shown. */
  children: ReactNode;
};

/**
 * A list loaded a page at a time: the grid, 'Showing n of total' and Load more; dimmed while new
 * filters load with the previous results still on screen.
 */
export function PagedResults({ query, shown, total, noun, children }: PagedResultsProps) {
  return (
    <div
      aria-busy={query.isPlaceholderData}
      className={`space-y-6 transition-opacity ${query.isPlaceholderData ? 'opacity-60' : ''}`}
    >
      {children}
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
            variant="secondary"
            onClick={() => query.fetchNextPage()}
            disabled={query.isFetchingNextPage}
          >
            {query.isFetchingNextPage ? 'Loading...' : 'Load more'}
          </Button>
        ) : null}
      </div>
    </div>
  );
}
