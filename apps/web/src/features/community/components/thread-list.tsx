import { useEffect } from 'react';
import { COMMUNITY_MESSAGES } from '@sokoni/contracts/community-rules';
import { Button } from '@/components/button';
import { Spinner } from '@/components/spinner';
import { useThreads } from '../api/get-threads';
import type { ThreadFilters } from '../api/get-threads';
import { ThreadCard } from './thread-card';

function ThreadListSkeleton() {
  return (
    <ul role="status" aria-label="Loading threads" className="space-y-3">
      {Array.from({ length: 4 }, (_, index) => (
        <li
          key={index}
          aria-hidden="true"
          className="space-y-3 rounded-2xl border border-slate-200 bg-white p-5 motion-safe:animate-pulse"
        >
          <span className="block h-5 w-2/3 rounded bg-slate-200" />
          <span className="block h-3.5 w-full rounded bg-slate-200" />
          <span className="block h-3.5 w-5/6 rounded bg-slate-200" />
          <span className="block h-3 w-1/3 rounded bg-slate-200" />
        </li>
      ))}
    </ul>
  );
}

function EmptyThreads({ onRetry, retrying }: { onRetry?: () => void; retrying?: boolean }) {
  return (
    <div className="flex flex-col items-center gap-4 rounded-2xl border border-dashed border-slate-300 bg-white px-4 py-12 text-center">
      <p className="max-w-md text-slate-700">{COMMUNITY_MESSAGES.emptyThreads}</p>
      {onRetry ? (
        <Button variant="secondary" onClick={onRetry} disabled={retrying}>
          Try again
        </Button>
      ) : null}
    </div>
  );
}

/** Spec §8: a failed load is logged and the empty text shown (with a way to try again). */
export function ThreadList({ filters }: { filters: ThreadFilters }) {
  const threads = useThreads(filters);
  const { error } = threads;

  useEffect(() => {
    if (error) console.error('Loading threads failed', error);
  }, [error]);

  if (threads.isPending) return <ThreadListSkeleton />;
  if (threads.isError && !threads.data) {
    return <EmptyThreads onRetry={() => threads.refetch()} retrying={threads.isFetching} />;
  }
  const items = threads.data.pages.flatMap((page) => page.data);
  if (!items.length) return <EmptyThreads />;
  const total = threads.data.pages.at(-1)?.total ?? items.length;

  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-600" aria-live="polite">
        Showing {items.length} of {total} {total === 1 ? 'thread' : 'threads'}
      </p>
      <ul className="space-y-3">
        {items.map((thread) => (
          <li key={thread.id}>
            <ThreadCard thread={thread} />
          </li>
        ))}
      </ul>
      {threads.hasNextPage ? (
        <div className="flex flex-col items-center gap-2">
          {threads.isFetchNextPageError ? (
            <p role="alert" className="text-sm text-red-700">
              More threads could not be loaded.
            </p>
          ) : null}
          <Button
            variant="secondary"
            onClick={() => threads.fetchNextPage()}
            disabled={threads.isFetchingNextPage}
          >
            {threads.isFetchingNextPage ? <Spinner className="size-4" /> : null}
            Load more
          </Button>
        </div>
      ) : null}
    </div>
  );
}
