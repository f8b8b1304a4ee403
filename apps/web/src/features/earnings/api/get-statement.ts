import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { StatementLine } from '@sokoni/contracts/earnings';
import { apiRequestWithTotal } from '@/lib/api-client';
import { EARNINGS_QUERY_KEY } from './get-earnings';

type StatementPage = { data: StatementLine[]; total: number; offset: number };

/**
 * GET /earnings/statement: a page of the earner's statement, newest first, and how many lines it
 * has in all (X-Total-Count). Pages are the server's default size; each next one says where it starts.
 */
export async function getStatement(offset: number, signal?: AbortSignal): Promise<StatementPage> {
  const query = offset > 0 ? `?${new URLSearchParams({ offset: String(offset) })}` : '';
  const page = await apiRequestWithTotal<StatementLine[]>(`/earnings/statement${query}`, { signal });
  return { ...page, offset };
}

export function useStatement() {
  return useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: [...EARNINGS_QUERY_KEY, 'statement'],
      queryFn: ({ pageParam, signal }) => getStatement(pageParam, signal),
      initialPageParam: 0,
      getNextPageParam: (last) => {
        const next = last.offset + last.data.length;
        return last.data.length > 0 && next < last.total ? next : undefined;
      },
      staleTime: 0,
    }),
  );
}
