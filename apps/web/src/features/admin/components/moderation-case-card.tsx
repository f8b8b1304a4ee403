import { useId, useState } from 'react';
import { Link } from 'react-router';
import {
  REPORT_REASON_LABELS,
  REPORT_SUBJECT_LABELS,
  REPORTS_TO_HIDE,
  type ModerationAction,
  type ModerationCase,
  type ModerationState,
} from '@sokoni/contracts/moderation';
import { Button } from '@/components/button';
import { FormAlert } from '@/components/form-alert';
import { RelativeTime } from '@/components/relative-time';
import { Spinner } from '@/components/spinner';
import { errorMessage } from '@/lib/api-client';
import { useResolveReport } from '../api/resolve-report';
import { HideDialog } from './hide-dialog';
import { SuspendDialog } from './suspend-dialog';

const RESTORE_FAILED = 'It could not be restored. Please try again.';

const STATE_LABELS: Record<ModerationState, { label: string; classes: string }> = {
  open: { label: 'Open', classes: 'bg-amber-100 text-amber-900' },
  hidden: { label: 'Hidden', classes: 'bg-red-100 text-red-900' },
  restored: { label: 'Restored', classes: 'bg-emerald-100 text-emerald-900' },
};

const ACTION_LABELS: Record<ModerationAction, string> = {
  auto_hide: `Hidden after ${REPORTS_TO_HIDE} reports`,
  hide: 'Hidden',
  restore: 'Restored',
  suspend: 'Owner suspended',
};

const subheading = 'text-sm font-bold text-slate-900';

function Reports({ reports }: { reports: ModerationCase['reports'] }) {
  return (
    <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200">
      {reports.map((report) => (
        <li key={report.id} className="space-y-1 px-3 py-2 text-sm">
          <p className="flex flex-wrap gap-x-2 text-slate-700">
            <span className="font-semibold text-slate-900">{report.reporterName}</span>
            <span aria-hidden="true">·</span>
            <span>{REPORT_REASON_LABELS[report.reason]}</span>
            <span aria-hidden="true">·</span>
            <RelativeTime iso={report.createdAt} />
          </p>
          {report.note ? (
            <p className="whitespace-pre-line break-words text-slate-800">{report.note}</p>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

function Decisions({ decisions }: { decisions: ModerationCase['decisions'] }) {
  return (
    <ul className="space-y-1 text-sm text-slate-700">
      {decisions.map((decision, index) => (
        <li key={index} className="break-words">
          <span className="font-semibold text-slate-900">{ACTION_LABELS[decision.action]}</span>
          {/* The three-report rule's reason is its label already. */}
          {decision.reason && decision.action !== 'auto_hide' ? `: ${decision.reason}` : null}
          {' · '}
          {decision.decidedBy ? `by ${decision.decidedBy}, ` : null}
          <RelativeTime iso={decision.decidedAt} />
        </li>
      ))}
    </ul>
  );
}

/**
 * One reported item in the queue: what and whose it is, its state, every report and every decision
 * so far, and the admin's ways to decide (Hide with a reason, Restore, Suspend owner).
 */
export function ModerationCaseCard({ item }: { item: ModerationCase }) {
  const titleId = useId();
  const [asking, setAsking] = useState<'hide' | 'suspend' | null>(null);
  const resolve = useResolveReport();
  const state = STATE_LABELS[item.state];
  const hiddenByAdmin = item.decisions.at(-1)?.action === 'hide';
  const restore = () => resolve.mutate({ caseId: item.id, action: 'restore', reason: '' });

  return (
    <article
      aria-labelledby={titleId}
      data-testid="moderation-case"
      className="space-y-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
    >
      <div className="space-y-2">
        <p className="flex flex-wrap gap-2 text-xs font-bold">
          <span className="rounded-full bg-slate-200 px-2.5 py-0.5 text-slate-800">
            {REPORT_SUBJECT_LABELS[item.subject]}
          </span>
          <span className={`rounded-full px-2.5 py-0.5 ${state.classes}`} data-testid="case-state">
            <span className="sr-only">State: </span>
            {state.label}
          </span>
        </p>
        <h2 id={titleId} className="text-lg leading-snug font-semibold break-words text-slate-900">
          {item.path ? (
            <Link to={item.path} className="rounded text-emerald-800 underline-offset-2 hover:underline">
              {item.title}
            </Link>
          ) : (
            item.title
          )}
        </h2>
        <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-slate-700">
          <span>
            Owner:{' '}
            <span className="font-semibold text-slate-900" data-testid="case-owner">
              {item.owner.name}
            </span>
          </span>
          {item.owner.suspended ? (
            <span className="rounded-full bg-red-700 px-2 py-0.5 text-xs font-bold text-white">
              Suspended
            </span>
          ) : null}
          <span aria-hidden="true">·</span>
          <span>
            First reported <RelativeTime iso={item.openedAt} />
          </span>
        </p>
        {item.hiddenReason ? (
          <p className="text-sm break-words text-slate-700">
            Reason its owner sees: <span className="text-slate-900">{item.hiddenReason}</span>
          </p>
        ) : null}
      </div>

      <section className="space-y-2">
        <h3 className={subheading}>Reports ({item.reports.length})</h3>
        <Reports reports={item.reports} />
      </section>

      {item.decisions.length ? (
        <section className="space-y-2">
          <h3 className={subheading}>Decisions</h3>
          <Decisions decisions={item.decisions} />
        </section>
      ) : null}

      <FormAlert message={resolve.isError ? errorMessage(resolve.error, RESTORE_FAILED) : null} />
      <div className="flex flex-wrap gap-2">
        {hiddenByAdmin ? null : (
          <Button variant="danger" onClick={() => setAsking('hide')} disabled={resolve.isPending}>
            Hide<span className="sr-only"> {item.title}</span>
          </Button>
        )}
        {item.state === 'restored' ? null : (
          <Button variant="secondary" onClick={restore} disabled={resolve.isPending}>
            {resolve.isPending ? <Spinner className="size-4" /> : null}
            Restore<span className="sr-only"> {item.title}</span>
          </Button>
        )}
        {item.owner.suspended ? null : (
          <Button variant="ghost" onClick={() => setAsking('suspend')}>
            Suspend owner<span className="sr-only"> {item.owner.name}</span>
          </Button>
        )}
      </div>

      {asking === 'hide' ? <HideDialog item={item} onClose={() => setAsking(null)} /> : null}
      {asking === 'suspend' ? <SuspendDialog owner={item.owner} onClose={() => setAsking(null)} /> : null}
    </article>
  );
}
