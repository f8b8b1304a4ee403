import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useAuthStore } from '@/stores/auth';
import { useVotedRepliesStore } from '@/stores/voted-replies';
import { upvoteErrorMessage, useUpvoteReply } from '../api/upvote-reply';
import { runMutation } from '@/lib/run-mutation';

type UpvoteButtonProps = { threadId: string; replyId: string; upvotes: number; votedOnServer: boolean };

/**
 * Spec §4: one upvote per reply; afterwards the button reads Upvoted and is disabled. The vote
 * is remembered in local storage and confirmed by the server's votedReplyIds.
 */
export function UpvoteButton({ threadId, replyId, upvotes, votedOnServer }: UpvoteButtonProps) {
  const signedIn = useAuthStore((state) => state.user !== null);
  const votedHere = useVotedRepliesStore((state) => state.replyIds.includes(replyId));
  const navigate = useNavigate();
  const location = useLocation();
  const upvote = useUpvoteReply(threadId);
  const [message, setMessage] = useState<string | null>(null);
  const voted = votedOnServer || votedHere;

  const onClick = () => {
    if (!signedIn) {
      navigate('/login', { state: { from: location } });
      return;
    }
    setMessage(null);
    runMutation(upvote, replyId, { onError: (error) => setMessage(upvoteErrorMessage(error)) });
  };

  return (
    <div className="flex flex-wrap items-center gap-2">
      <button
        type="button"
        onClick={onClick}
        disabled={voted || upvote.isPending}
        className={`inline-flex min-h-9 items-center gap-1.5 rounded-full border px-3 text-sm font-semibold transition-colors disabled:cursor-not-allowed ${
          voted
            ? 'border-emerald-200 bg-emerald-50 text-emerald-900'
            : 'border-slate-300 bg-white text-slate-800 hover:border-emerald-600 hover:text-emerald-800'
        }`}
      >
        <svg
          viewBox="0 0 24 24"
          width="1em"
          height="1em"
          aria-hidden="true"
          focusable="false"
          fill="currentColor"
        >
          <path d="M12 5l7 9h-4.5v5h-5v-5H5z" />
        </svg>
        {voted ? 'Upvoted' : 'Upvote'}
        <span className="sr-only">, </span>
        <span className="tabular-nums">{upvotes}</span>
        <span className="sr-only"> {upvotes === 1 ? 'upvote' : 'upvotes'}</span>
      </button>
      {message ? (
        <p role="alert" className="text-sm text-red-700">
          {message}
        </p>
      ) : null}
    </div>
  );
}
