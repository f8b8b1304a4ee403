import { HOME_THREADS_COUNT } from '@sokoni/contracts/site';
import { Link } from 'react-router';
import { COMMUNITY_MESSAGES } from '@sokoni/contracts/community-rules';
import { buttonClasses } from '@/components/button';
import { ChatIcon } from '@/components/icons';
import { RelativeTime } from '@/components/relative-time';
import { threadHeadline } from '@/lib/thread-preview';
import { useRecentThreads } from '../api/get-recent-threads';

/** The newest threads; while loading a skeleton, after a failure nothing (the links remain). */
function RecentThreads() {
  const threads = useRecentThreads();
  if (threads.isPending) {
    return (
      <ul role="status" aria-label="Loading community threads" className="mt-3 space-y-3">
        {Array.from({ length: HOME_THREADS_COUNT }, (_, index) => (
          <li key={index} aria-hidden="true" className="space-y-1.5 motion-safe:animate-pulse">
            <span className="block h-3.5 w-5/6 rounded bg-slate-200" />
            <span className="block h-3 w-1/3 rounded bg-slate-200" />
          </li>
        ))}
      </ul>
    );
  }
  if (threads.isError || !threads.data.length) return null;
  return (
    <ul className="mt-3 space-y-1">
      {threads.data.slice(0, HOME_THREADS_COUNT).map((thread) => (
        <li key={thread.id}>
          <Link
            to={`/community/${thread.id}`}
            data-testid="community-highlight"
            className="block rounded-xl p-2 hover:bg-slate-50"
          >
            <span className="line-clamp-2 text-sm font-medium break-words text-slate-900">
              {threadHeadline(thread)}
            </span>
            <span className="mt-0.5 block text-xs text-slate-600">
              {thread.author?.name ?? COMMUNITY_MESSAGES.anonymous} · <RelativeTime iso={thread.createdAt} />
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** The way into the forum from home: the newest threads, the hub and a new discussion. */
export function CommunityHighlights({ headingId }: { headingId: string }) {
  return (
    <section
      aria-labelledby={headingId}
      className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      <h2 id={headingId} className="flex items-center gap-2 text-lg font-bold text-slate-900">
        <ChatIcon className="text-sky-600" />
        Community Highlights
      </h2>
      <p className="mt-2 text-sm text-slate-600">
        Ask questions, share deals and meet buyers and sellers from across Kenya.
      </p>
      <RecentThreads />
      <div className="mt-4 flex flex-wrap gap-2">
        <Link to="/community" className={buttonClasses('primary', 'min-h-10')}>
          Enter the Community
        </Link>
        <Link to="/community/new" className={buttonClasses('secondary', 'min-h-10')}>
          Start a Discussion
        </Link>
      </div>
    </section>
  );
}
