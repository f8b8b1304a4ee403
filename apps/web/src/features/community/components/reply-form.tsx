import { useId, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { COMMUNITY_MESSAGES } from '@sokoni/contracts/community-rules';
import { Button } from '@/components/button';
import { Form } from '@/components/form';
import type { SubmitOf } from '@/components/form';
import { FormAlert } from '@/components/form-alert';
import { Spinner } from '@/components/spinner';
import { errorMessage } from '@/lib/api-client';
import { useAuthStore } from '@/stores/auth';
import { useCreateReply } from '../api/create-reply';
import { useAttachment } from '../hooks/use-attachment';
import { ReplyForm as ReplyFormSchema } from '../lib/reply-form';
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

  const post: SubmitOf<typeof ReplyFormSchema> = async ({ content }, form) => {
    try {
      setUploading(true);
      const media = await attachment.upload();
      setUploading(false);
      await createReply.mutateAsync({ threadId, content, parentReplyId, ...media });
      form.reset();
      attachment.clear();
      onPosted?.();
    } catch (error) {
      setUploading(false);
      console.error('Posting the reply failed', error);
      form.showServerErrors({}, errorMessage(error, REPLY_FAILED));
    }
  };

  const contentId = `${id}-content`;
  return (
    <Form schema={ReplyFormSchema} defaultValues={{ content: '' }} onSubmit={post} className="space-y-3">
      {({ register, clearErrors, formState: { errors } }) => (
        <>
          <div className="space-y-1.5">
            <label htmlFor={contentId} className="block text-sm font-medium text-slate-800">
              {label}
            </label>
            <textarea
              id={contentId}
              rows={3}
              autoFocus={Boolean(parentReplyId)}
              {...register('content', { onChange: () => clearErrors('content') })}
              aria-invalid={errors.content ? true : undefined}
              aria-describedby={errors.content ? fieldErrorId(contentId) : undefined}
              className="block min-h-24 w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-base text-slate-900 aria-invalid:border-red-600"
            />
            {errors.content ? (
              <p id={fieldErrorId(contentId)} className="text-sm text-red-700">
                {errors.content.message}
              </p>
            ) : null}
          </div>
          <AttachmentPicker id={`${id}-attachment`} attachment={attachment} disabled={busy} />
          <FormAlert message={errors.root?.message ?? null} />
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
        </>
      )}
    </Form>
  );
}
