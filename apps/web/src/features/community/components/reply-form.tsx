import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { Link, useLocation } from 'react-router';
import { COMMUNITY_MESSAGES } from '@sokoni/contracts/community-rules';
import { Button } from '@/components/button';
import { FormAlert } from '@/components/form-alert';
import { Spinner } from '@/components/spinner';
import { errorMessage } from '@/lib/api-client';
import { useAuthStore } from '@/stores/auth';
import { useCreateReply } from '../api/create-reply';
import { useAttachment } from '../hooks/use-attachment';
import { AttachmentPicker } from './attachment-picker';
import { fieldErrorId } from '@/components/field-frame';

const REPLY_FAILED = 'Your reply could not be posted. Please try again.';

type ReplyFormProps = {
  threadId: string;
  /** Set for a reply to a reply. */
  parentReplyId?: string;
  label: string;
  onPosted?: () => void;
  onCancel?: () => void;
};

export function ReplyForm({ threadId, parentReplyId, label, onPosted, onCancel }: ReplyFormProps) {
  const signedIn = useAuthStore((state) => state.user !== null);
  const location = useLocation();
  const id = useId();
  const createReply = useCreateReply();
  const attachment = useAttachment(COMMUNITY_MESSAGES.replyAttachmentType);
  const [content, setContent] = useState('');
  const [contentError, setContentError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const busy = uploading || createReply.isPending;

  if (!signedIn) {
    return (
      <p className="rounded-xl border border-slate-200 bg-white px-4 py-3 text-slate-700">
        <Link
          to="/login"
          state={{ from: location }}
          className="font-semibold text-emerald-800 underline underline-offset-2"
        >
          Log in to reply
        </Link>{' '}
        and join the discussion.
      </p>
    );
  }

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    setFormError(null);
    if (!content.trim()) {
      setContentError(COMMUNITY_MESSAGES.replyRequired);
      return;
    }
    try {
      setUploading(true);
      const media = await attachment.upload();
      setUploading(false);
      await createReply.mutateAsync({ threadId, content, parentReplyId, ...media });
      setContent('');
      attachment.clear();
      onPosted?.();
    } catch (error) {
      setUploading(false);
      console.error('Posting the reply failed', error);
      setFormError(errorMessage(error, REPLY_FAILED));
    }
  };

  const contentId = `${id}-content`;
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-3">
      <div className="space-y-1.5">
        <label htmlFor={contentId} className="block text-sm font-medium text-slate-800">
          {label}
        </label>
        <textarea
          id={contentId}
          value={content}
          rows={3}
          autoFocus={Boolean(parentReplyId)}
          onChange={(event) => {
            setContent(event.target.value);
            setContentError(null);
          }}
          aria-invalid={contentError ? true : undefined}
          aria-describedby={contentError ? fieldErrorId(contentId) : undefined}
          className="block min-h-24 w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-base text-slate-900 aria-invalid:border-red-600"
        />
        {contentError ? (
          <p id={fieldErrorId(contentId)} className="text-sm text-red-700">
            {contentError}
          </p>
        ) : null}
      </div>
      <AttachmentPicker id={`${id}-attachment`} attachment={attachment} disabled={busy} />
      <FormAlert message={formError} />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={busy}>
          {busy ? <Spinner className="size-4" /> : null}
          {uploading ? 'Uploading...' : createReply.isPending ? 'Posting...' : 'Post Reply'}
        </Button>
        {onCancel ? (
          <Button variant="ghost" onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
        ) : null}
      </div>
    </form>
  );
}
