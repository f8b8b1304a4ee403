import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { ApiError } from '@/lib/api-client';
import { QueryError } from './query-error';

type DetailPageProps<Data> = {
  /** The one record the page is about, loaded by the id in its address. */
  query: UseQueryResult<Data>;
  skeleton: ReactNode;
  /** Shown when the server answers 404. */
  notFound: ReactNode;
  /** The tab's title and the message when it could not load: 'Event — Sokoni', 'We couldn't load this event…'. */
  loadError: { title: string; message: string };
  children: (data: Data) => ReactNode;
};

/** A page about one record: its skeleton while it loads, its not-found state, a failed load with Try Again, or the record. */
export function DetailPage<Data>({ query, skeleton, notFound, loadError, children }: DetailPageProps<Data>) {
  let content;
  if (query.isPending) content = skeleton;
  else if (query.isError) {
    content =
      query.error instanceof ApiError && query.error.status === 404 ? (
        notFound
      ) : (
        <>
          <title>{loadError.title}</title>
          <QueryError
            message={loadError.message}
            onRetry={() => query.refetch()}
            retrying={query.isFetching}
          />
        </>
      );
  } else content = children(query.data);

  return <div className="mx-auto w-full max-w-6xl px-4 py-6 sm:py-10">{content}</div>;
}
