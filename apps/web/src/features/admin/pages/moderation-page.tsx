import { AUTH_MESSAGES } from '@sokoni/contracts/auth-messages';
import { MODERATION_TEXTS } from '@sokoni/contracts/moderation-rules';
import { NotAllowed } from '@/components/not-allowed';
import { QueryError } from '@/components/query-error';
import { LoadingState } from '@/components/spinner';
import { hasCode } from '@/lib/api-client';
import { useAuthStore } from '@/stores/auth';
import { useModerationQueue } from '../api/get-moderation-queue';
import { ModerationCaseCard } from '../components/moderation-case-card';

const LOAD_FAILED = 'Failed to load the reports. Please try again.';

function Queue({ queue }: { queue: ReturnType<typeof useModerationQueue> }) {
  if (queue.isPending) return <LoadingState label="Loading the reports..." />;
  if (queue.isError) {
    return (
      <QueryError message={LOAD_FAILED} onRetry={() => void queue.refetch()} retrying={queue.isFetching} />
    );
  }
  if (!queue.data.items.length) {
    return (
      <p
        role="status"
        className="rounded-2xl border border-slate-200 bg-white px-4 py-12 text-center text-slate-700"
      >
        {MODERATION_TEXTS.queueEmpty}
      </p>
    );
  }
  return (
    <ol className="space-y-4" aria-label="Reported items, oldest first">
      {queue.data.items.map((item) => (
        <li key={item.id}>
          <ModerationCaseCard item={item} />
        </li>
      ))}
    </ol>
  );
}

function AdminModeration() {
  const queue = useModerationQueue();
  // The token said admin, the server no longer does (the role was taken away).
  if (hasCode(queue.error, 'ADMIN_ONLY')) return <NotAllowed message={AUTH_MESSAGES.adminOnly} />;
  return (
    <section className="mx-auto w-full max-w-4xl px-4 py-6 sm:py-10">
      <title>Moderation — Sokoni</title>
      <h1 className="mb-6 text-2xl font-bold text-slate-900 sm:text-3xl">Moderation</h1>
      <Queue queue={queue} />
    </section>
  );
}

/**
 * What people reported, for Sokoni's admins (#28): the queue oldest first, each item with its reports
 * and decisions, and Hide, Restore and Suspend owner. Anyone else is not allowed in.
 */
export function ModerationPage() {
  const admin = useAuthStore((state) => state.user?.role === 'admin');
  return admin ? <AdminModeration /> : <NotAllowed message={AUTH_MESSAGES.adminOnly} />;
}
