import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ErrorCode } from '@sokoni/contracts/error-codes';
import { hasCode } from '@/lib/api-client';
import { QueryError } from './query-error';

type DetailPageProps<Data> = {
  /** The one record the page is about, loaded by the id in its address. */
  query: UseQueryResult<Data>;
  skeleton: ReactNode;
  /** Shown when the server answers `notFoundCode` (the record is unknown), e.g. STAY_NOT_FOUND. */
  notFound: ReactNode;
  notFoundCode: ErrorCode;
  /** The tab's title and the message when it could not load: 'Event — Sokoni', 'We couldn't load this event…'. */
  loadError: { title: string; message: string };
  children: (data: Data) => ReactNode;
};

/** A page about one record: its skeleton while it loads, its not-found state, a failed load with Try Again, or the record. */
export function DetailPage<Data>({
  query,
  skeleton,
  notFound,
  notFoundCode,
  loadError,
  children,
}: DetailPageProps<Data>) {
  let content;
  if (query.isPending) content = skeleton;
  else if (query.isError) {
    content = hasCode(query.error, notFoundCode) ? (
      notFound
    ) : (
      <>
        <title>{loadError.title}</title>
        <QueryError message={loadError.message} onRetry={() => query.refetch()} retrying={query.isFetching} />
      </>
    );
  } else content = children(query.data);

  return <div className="mx-auto w-full max-w-6xl px-4 py-6 sm:py-10">{content}</div>;
}
