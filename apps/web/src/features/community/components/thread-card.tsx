import { Link } from 'react-router';
import type { ThreadSummary } from '@sokoni/contracts/community';
import { threadHeadline, threadPreview } from '@/lib/thread-preview';
import { ThreadMeta } from './thread-meta';

export function ThreadCard({ thread }: { thread: ThreadSummary }) {
  return (
    <article
      data-testid="thread-card"
      className="relative rounded-2xl border border-slate-200 bg-white p-4 shadow-sm focus-within:ring-2 focus-within:ring-emerald-600 hover:border-emerald-300 sm:p-5"
    >
      <h3 className="text-lg font-semibold text-slate-900">
        <Link to={`/community/${thread.id}`} className="outline-none after:absolute after:inset-0">
          {threadHeadline(thread)}
        </Link>
      </h3>
      <p className="mt-1 text-sm break-words whitespace-pre-line text-slate-700">
        {threadPreview(thread.content)}
      </p>
      <div className="mt-3">
        <ThreadMeta thread={thread} showReplyCount />
      </div>
    </article>
  );
}
