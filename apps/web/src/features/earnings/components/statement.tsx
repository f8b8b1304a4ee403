import toast from 'react-hot-toast';
import {
  EARNER_ACCOUNT_LABELS,
  STATEMENT_CSV_FILENAME,
  type StatementLine,
} from '@sokoni/contracts/earnings';
import { formatNairobiTime } from '@sokoni/contracts/events-rules';
import { Button } from '@/components/button';
import { PagedResults } from '@/components/paged-results';
import { QueryError } from '@/components/query-error';
import { LoadingState, Spinner } from '@/components/spinner';
import { errorMessage } from '@/lib/api-client';
import { saveFile } from '@/lib/save-file';
import { useDownloadStatement } from '../api/download-statement';
import type { useStatement } from '../api/get-statement';
import { signedKES } from '../lib/earnings-display';
import { EARNINGS_PAGE_MESSAGES } from '../lib/earnings-messages';
import { runMutation } from '@/lib/run-mutation';

/** The loaded pages as one list; a line written while paging shifts the pages, so each shows once. */
function uniqueLines(pages: Array<{ data: StatementLine[] }>): StatementLine[] {
  const seen = new Set<string>();
  return pages.flatMap((page) => page.data).filter((line) => !seen.has(line.id) && seen.add(line.id));
}

function DownloadCsv() {
  const download = useDownloadStatement();
  const save = () =>
    runMutation(download, undefined, {
      onSuccess: (file) => saveFile(file, STATEMENT_CSV_FILENAME),
      onError: (error) => {
        toast.error(errorMessage(error, EARNINGS_PAGE_MESSAGES.downloadFailed));
      },
    });
  return (
    <Button variant="secondary" onClick={save} disabled={download.isPending}>
      {download.isPending ? <Spinner className="size-4" /> : null}
      Download CSV
    </Button>
  );
}

function StatementLines({ statement }: { statement: ReturnType<typeof useStatement> }) {
  if (statement.isPending) return <LoadingState label="Loading your statement..." />;
  if (statement.isError && !statement.isFetchNextPageError) {
    return (
      <QueryError
        message={EARNINGS_PAGE_MESSAGES.statementLoadFailed}
        onRetry={() => void statement.refetch()}
        retrying={statement.isFetching}
      />
    );
  }
  const lines = uniqueLines(statement.data.pages);
  if (!lines.length) return <p className="text-slate-700">{EARNINGS_PAGE_MESSAGES.noStatementLines}</p>;
  const total = Math.max(statement.data.pages.at(-1)?.total ?? 0, lines.length);
  return (
    <PagedResults query={statement} shown={lines.length} total={total} noun="statement lines">
      <ul className="divide-y divide-slate-100 rounded-2xl border border-slate-200 bg-white px-4">
        {lines.map((line) => (
          <li
            key={line.id}
            data-testid="statement-line"
            className="flex items-start justify-between gap-3 py-3"
          >
            <div className="min-w-0">
              <p className="font-medium break-words text-slate-900">{line.description}</p>
              <p className="text-sm text-slate-600">
                <time dateTime={line.occurredAt}>{formatNairobiTime(line.occurredAt)}</time> ·{' '}
                {EARNER_ACCOUNT_LABELS[line.account]}
              </p>
            </div>
            <p
              className={`font-semibold whitespace-nowrap tabular-nums ${line.amount < 0 ? 'text-slate-900' : 'text-emerald-800'}`}
            >
              {signedKES(line.amount)}
            </p>
          </li>
        ))}
      </ul>
    </PagedResults>
  );
}

/**
 * Every movement of the earner's money, newest first, a page at a time: what it was, when (EAT),
 * which balance it moved and by how much (+ in, − out); and the whole of it as a CSV file.
 */
export function Statement({ statement }: { statement: ReturnType<typeof useStatement> }) {
  return (
    <section aria-labelledby="statement-heading" className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="statement-heading" className="text-lg font-bold text-slate-900">
          Statement
        </h2>
        <DownloadCsv />
      </div>
      <StatementLines statement={statement} />
    </section>
  );
}
