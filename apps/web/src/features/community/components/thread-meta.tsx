import type { ThreadSummary } from '@sokoni/contracts/community';
import { COMMUNITY_MESSAGES } from '@sokoni/contracts/community-rules';
import { ChatIcon } from '@/components/icons';
import { RelativeTime } from '@/components/relative-time';
import { categoryLabel } from '../lib/category-label';

/** Author, time, category, group and tags of a thread, on its card and on its page. */
type ThreadMetaProps = { thread: ThreadSummary; showReplyCount?: boolean };

export function ThreadMeta({ thread, showReplyCount = false }: ThreadMetaProps) {
  return (
    <div className="space-y-2">
      <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-slate-600">
        <span className="font-medium text-slate-800">
          {thread.author?.name ?? COMMUNITY_MESSAGES.anonymous}
        </span>
        <span aria-hidden="true">·</span>
        <RelativeTime iso={thread.createdAt} />
        {showReplyCount ? (
          <>
            <span aria-hidden="true">·</span>
            <span className="inline-flex items-center gap-1">
              <ChatIcon className="size-4" />
              {thread.replyCount} {thread.replyCount === 1 ? 'reply' : 'replies'}
            </span>
          </>
        ) : null}
      </p>
      <ul aria-label="Topics" className="flex flex-wrap gap-1.5 text-xs font-medium">
        <li className="rounded-full bg-emerald-50 px-2.5 py-1 text-emerald-900">
          <span className="sr-only">Category: </span>
          {categoryLabel(thread.category)}
        </li>
        {thread.group ? (
          <li className="rounded-full bg-sky-50 px-2.5 py-1 text-sky-900">
            <span className="sr-only">Group: </span>
            {thread.group.name}
          </li>
        ) : null}
        {thread.tags.map((tag) => (
          <li key={tag} className="rounded-full bg-slate-100 px-2.5 py-1 text-slate-700">
            #{tag}
          </li>
        ))}
      </ul>
    </div>
  );
}
