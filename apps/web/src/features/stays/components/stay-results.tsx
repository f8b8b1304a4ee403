import { STAY_MESSAGES } from '@sokoni/contracts/stays-rules';
import { PagedResults } from '@/components/paged-results';
import { QueryError } from '@/components/query-error';
import type { useStays } from '../api/get-stays';
import { StayGrid, StayGridSkeleton } from './stay-grid';

/**
 * The first card, the page's largest paint, is fetched at once at high priority (its photo is preloaded
 * with the page). The rest load as they are laid out: on a phone they are below the fold, and fetched
 * at once they would share the slow link with the first.
 */
const IN_VIEW_AT_LOAD = 1;

type StayResultsProps = {
  query: ReturnType<typeof useStays>;
  /** A search or filter is chosen: the empty state suggests loosening it. */
  filtered: boolean;
};

function NoStays({ filtered }: { filtered: boolean }) {
  return (
    <div className="rounded-2xl border border-dashed border-slate-300 bg-white px-4 py-14 text-center">
      <p className="font-semibold text-slate-900">{STAY_MESSAGES.noStays}</p>
      {filtered ? (
        <p className="mt-1 text-slate-600">Try other dates, fewer amenities or a wider price range.</p>
      ) : null}
    </div>
  );
}

/** The grid of stays, 24 at a time with Load more, or the page's loading, empty or error state. */
export function StayResults({ query, filtered }: StayResultsProps) {
  if (query.isPending) return <StayGridSkeleton />;
  if (query.isError && !query.data) {
    return (
      <QueryError
        message={STAY_MESSAGES.loadFailed}
        onRetry={() => query.refetch()}
        retrying={query.isFetching}
      />
    );
  }

  const stays = query.data.pages.flatMap((page) => page.stays);
  const total = query.data.pages.at(-1)?.total ?? stays.length;
  if (!stays.length) return <NoStays filtered={filtered} />;

  return (
    <PagedResults query={query} shown={stays.length} total={total} noun="stays">
      <StayGrid stays={stays} priorityCount={IN_VIEW_AT_LOAD} />
    </PagedResults>
  );
}
