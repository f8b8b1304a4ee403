import { useMemo } from 'react';
import { Link, useParams } from 'react-router';
import { COMMUNITY_MESSAGES } from '@sokoni/contracts/community-rules';
import { buttonClasses } from '@/components/button';
import { HiddenNotice } from '@/components/hidden-notice';
import { QueryError } from '@/components/query-error';
import { ReportButton } from '@/components/report-button';
import { hasCode } from '@/lib/api-client';
import { threadHeadline } from '@/lib/thread-preview';
import { useThread } from '../api/get-thread';
import { LinkifiedText } from '../components/linkified-text';
import { PostMedia } from '../components/post-media';
import { ReplyForm } from '../components/reply-form';
import { ReplyTree } from '../components/reply-tree';
import { ThreadDetailSkeleton } from '../components/thread-detail-skeleton';
import { ThreadMeta } from '../components/thread-meta';
import { buildReplyTree } from '../lib/build-reply-tree';

function BackLink() {
  return (
    <Link to="/community" className="rounded text-sm font-semibold text-emerald-800 hover:underline">
      ← Back to the community
    </Link>
  );
}

function ThreadNotFound() {
  return (
    <div className="rounded-2xl border border-slate-200 bg-white px-4 py-12 text-center">
      <title>Thread not found — Sokoni Community</title>
      <h1 className="text-2xl font-bold text-slate-900">{COMMUNITY_MESSAGES.threadNotFound}</h1>
      <p className="mt-2 text-slate-600">It may have been removed, or the link is mistyped.</p>
      <Link to="/community" className={buttonClasses('primary', 'mt-6')}>
        Browse the community
      </Link>
    </div>
  );
}

export function ThreadPage() {
  const { threadId = '' } = useParams();
  const thread = useThread(threadId);
  const tree = useMemo(() => buildReplyTree(thread.data?.replies ?? []), [thread.data?.replies]);

  let body;
  if (thread.isPending) {
    body = <ThreadDetailSkeleton />;
  } else if (thread.isError) {
    body = hasCode(thread.error, 'THREAD_NOT_FOUND') ? (
      <ThreadNotFound />
    ) : (
      <QueryError
        message="Failed to load the thread."
        onRetry={() => thread.refetch()}
        retrying={thread.isFetching}
      />
    );
  } else {
    const data = thread.data;
    const headline = threadHeadline(data);
    const replyCount = data.replies.length;
    body = (
      <>
        <title>{`${headline} — Sokoni Community`}</title>
        <article className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
          <h1 className="text-2xl font-extrabold tracking-tight break-words text-slate-900 sm:text-3xl">
            {headline}
          </h1>
          <div className="mt-3 space-y-3">
            <HiddenNotice moderation={data.moderation} />
            <ThreadMeta thread={data} />
          </div>
          <LinkifiedText text={data.content} className="mt-4 text-base leading-relaxed text-slate-800" />
          <PostMedia
            image={data.image}
            video={data.video}
            label={`Attachment from ${data.author?.name ?? COMMUNITY_MESSAGES.anonymous}`}
          />
          <div className="mt-4 flex justify-end">
            <ReportButton
              subject="thread"
              subjectId={data.id}
              ownerId={data.author?.id}
              itemName="this thread"
              look="inline"
            />
          </div>
        </article>
        <section aria-labelledby="replies-heading" className="space-y-4">
          <h2 id="replies-heading" className="text-xl font-bold text-slate-900">
            {replyCount} {replyCount === 1 ? 'Reply' : 'Replies'}
          </h2>
          {replyCount ? (
            <ReplyTree threadId={data.id} tree={tree} votedReplyIds={data.votedReplyIds} />
          ) : (
            <p className="text-slate-600">No replies yet. Start the conversation.</p>
          )}
        </section>
        <section
          aria-labelledby="reply-box-heading"
          className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
        >
          <h2 id="reply-box-heading" className="mb-3 text-lg font-bold text-slate-900">
            Join the discussion
          </h2>
          <ReplyForm threadId={data.id} label="Your reply" />
        </section>
      </>
    );
  }

  return (
    <div className="mx-auto w-full max-w-3xl space-y-6 px-4 py-8">
      <BackLink />
      {body}
    </div>
  );
}
