import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { COMMUNITY_MESSAGES } from '@sokoni/contracts/community-rules';
import { HiddenNotice } from '@/components/hidden-notice';
import { RelativeTime } from '@/components/relative-time';
import { ReportButton } from '@/components/report-button';
import { useAuthStore } from '@/stores/auth';
import type { ReplyNode } from '../lib/build-reply-tree';
import { LinkifiedText } from './linkified-text';
import { PostMedia } from './post-media';
import { ReplyForm } from './reply-form';
import { UpvoteButton } from './upvote-button';

/** Deeper replies stop moving right, so a long conversation stays readable on a phone. */
const MAX_INDENTED_DEPTH = 5;

type ReplyContext = { threadId: string; votedReplyIds: ReadonlySet<string> };

function ReplyItem({
  node,
  depth,
  isTop,
  context,
}: {
  node: ReplyNode;
  depth: number;
  isTop: boolean;
  context: ReplyContext;
}) {
  const signedIn = useAuthStore((state) => state.user !== null);
  const navigate = useNavigate();
  const location = useLocation();
  const [replying, setReplying] = useState(false);
  const author = node.author?.name ?? COMMUNITY_MESSAGES.anonymous;

  const toggleReply = () => {
    if (!signedIn) {
      navigate('/login', { state: { from: location } });
      return;
    }
    setReplying((open) => !open);
  };

  return (
    <li data-testid="reply" data-reply-id={node.id}>
      <article
        aria-label={`Reply by ${author}`}
        className={`rounded-xl border bg-white p-4 ${isTop ? 'border-amber-300 ring-1 ring-amber-200' : 'border-slate-200'}`}
      >
        <header className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-slate-600">
          <span className="font-semibold text-slate-900">{author}</span>
          <span aria-hidden="true">·</span>
          <RelativeTime iso={node.createdAt} />
          {isTop ? (
            <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">
              {COMMUNITY_MESSAGES.topReply}
            </span>
          ) : null}
        </header>
        {node.moderation ? (
          <div className="mt-2">
            <HiddenNotice moderation={node.moderation} />
          </div>
        ) : null}
        <LinkifiedText text={node.content} className="mt-2 text-slate-800" />
        <PostMedia image={node.image} video={node.video} label={`Attachment from ${author}`} />
        <div className="mt-3 flex flex-wrap items-center gap-2">
          <UpvoteButton
            threadId={context.threadId}
            replyId={node.id}
            upvotes={node.upvotes}
            votedOnServer={context.votedReplyIds.has(node.id)}
          />
          <button
            type="button"
            onClick={toggleReply}
            aria-expanded={signedIn ? replying : undefined}
            className="inline-flex min-h-9 items-center rounded-full px-3 text-sm font-semibold text-emerald-800 hover:bg-emerald-50"
          >
            Reply<span className="sr-only"> to {author}</span>
          </button>
          <ReportButton
            subject="reply"
            subjectId={node.id}
            ownerId={node.authorId}
            itemName={`reply by ${author}`}
            look="inline"
          />
        </div>
        {replying ? (
          <div className="mt-3 border-t border-slate-100 pt-3">
            <ReplyForm
              threadId={context.threadId}
              parentReplyId={node.id}
              label={`Your reply to ${author}`}
              onPosted={() => setReplying(false)}
              onCancel={() => setReplying(false)}
            />
          </div>
        ) : null}
      </article>
      {node.children.length ? <ReplyList nodes={node.children} depth={depth + 1} context={context} /> : null}
    </li>
  );
}

function ReplyList({ nodes, depth, context }: { nodes: ReplyNode[]; depth: number; context: ReplyContext }) {
  const indent =
    depth > 0 && depth <= MAX_INDENTED_DEPTH
      ? 'mt-3 ml-2 border-l-2 border-slate-200 pl-3 sm:ml-4 sm:pl-5'
      : '';
  return (
    <ul className={`space-y-3 ${depth > MAX_INDENTED_DEPTH ? 'mt-3' : indent}`}>
      {nodes.map((node, index) => (
        <ReplyItem
          key={node.id}
          node={node}
          depth={depth}
          isTop={depth === 0 && index === 0}
          context={context}
        />
      ))}
    </ul>
  );
}

/** Spec §4: replies as a tree, 'Top Reply' on the first top-level reply. */
export function ReplyTree({
  threadId,
  tree,
  votedReplyIds,
}: {
  threadId: string;
  tree: ReplyNode[];
  votedReplyIds: string[];
}) {
  return <ReplyList nodes={tree} depth={0} context={{ threadId, votedReplyIds: new Set(votedReplyIds) }} />;
}
