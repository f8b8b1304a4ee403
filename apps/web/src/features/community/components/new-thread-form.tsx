import { useState } from 'react';
import { useController, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import {
  COMMUNITY_MESSAGES,
  THREAD_CATEGORIES,
  THREAD_CONTENT_COUNTER,
} from '@sokoni/contracts/community-rules';
import { Button } from '@/components/button';
import { Form, useFormTools } from '@/components/form';
import type { SubmitOf } from '@/components/form';
import { FormAlert } from '@/components/form-alert';
import { SelectField } from '@/components/select-field';
import { Spinner } from '@/components/spinner';
import { TextField } from '@/components/text-field';
import { ApiError } from '@/lib/api-client';
import { toFieldErrors } from '@/lib/field-errors';
import type { FieldErrors } from '@/lib/field-errors';
import { useAuthStore } from '@/stores/auth';
import { useCreateThread } from '../api/create-thread';
import { useGroups } from '../api/get-groups';
import { useAttachment } from '../hooks/use-attachment';
import { categoryLabel } from '../lib/category-label';
import { ThreadForm } from '../lib/thread-form';
import type { ThreadFormValues } from '../lib/thread-form';
import { AttachmentPicker } from './attachment-picker';

const FIELDS = ['title', 'content', 'category', 'groupId', 'tags'] as const;
type Field = (typeof FIELDS)[number];

/** The server's own words for the failure, when it sent any (spec §8 adds the generic alert). */
function serverDetail(error: unknown): { fields: FieldErrors<Field>; message: string | null } {
  if (!(error instanceof ApiError) || !error.serverMessage) return { fields: {}, message: null };
  const fields = toFieldErrors(error.issues, FIELDS);
  return { fields, message: Object.keys(fields).length ? null : error.serverMessage };
}

export function NewThreadForm({ initialGroupId }: { initialGroupId: string | undefined }) {
  const navigate = useNavigate();
  const signedIn = useAuthStore((state) => state.user !== null);
  const createThread = useCreateThread();
  const attachment = useAttachment(COMMUNITY_MESSAGES.attachmentType);
  const [formError, setFormError] = useState<string | null>(null);
  const [serverMessage, setServerMessage] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const busy = uploading || createThread.isPending;

  const attempt = () => {
    setServerMessage(null);
    if (!signedIn) {
      setFormError(COMMUNITY_MESSAGES.loginToPost);
      return false;
    }
    setFormError(null);
    return true;
  };

  const post: SubmitOf<typeof ThreadForm> = async (thread, form) => {
    try {
      setUploading(true);
      const media = await attachment.upload();
      setUploading(false);
      const created = await createThread.mutateAsync({ ...thread, ...media });
      navigate(`/community/${created.id}`);
    } catch (error) {
      setUploading(false);
      console.error('Posting the thread failed', error);
      const detail = serverDetail(error);
      form.showServerErrors(detail.fields, '');
      setServerMessage(detail.message);
      setFormError(COMMUNITY_MESSAGES.threadPostFailed);
    }
  };

  return (
    <Form
      schema={ThreadForm}
      defaultValues={{ title: '', content: '', category: '', groupId: initialGroupId ?? '', tags: '' }}
      onAttempt={attempt}
      onSubmit={post}
      className="space-y-5"
    >
      {({ field }) => (
        <>
          <TextField id="thread-title" label="Title (optional)" {...field('title')} maxLength={200} />
          <ContentField />
          <div className="grid gap-5 sm:grid-cols-2">
            <SelectField id="thread-category" label="Category" {...field('category')}>
              <option value="">Choose a category</option>
              {THREAD_CATEGORIES.map((option) => (
                <option key={option} value={option}>
                  {categoryLabel(option)}
                </option>
              ))}
            </SelectField>
            <GroupField />
          </div>
          <TextField
            id="thread-tags"
            label="Tags (comma-separated, optional)"
            placeholder="e.g. phones, deals, nairobi"
            {...field('tags')}
          />
          <AttachmentPicker id="thread-attachment" attachment={attachment} disabled={busy} />
          <div aria-live="assertive" className="space-y-2">
            <FormAlert message={formError} />
            {serverMessage ? <p className="text-sm text-red-700">{serverMessage}</p> : null}
          </div>
          <Button type="submit" disabled={busy} className="w-full sm:w-auto">
            {busy ? <Spinner className="size-4" /> : null}
            {uploading ? 'Uploading...' : createThread.isPending ? 'Posting...' : 'Post Thread'}
          </Button>
        </>
      )}
    </Form>
  );
}

/** The thread's text, with how much of the suggested length it has used. */
function ContentField() {
  const {
    control,
    register,
    clearErrors,
    formState: { errors },
  } = useFormTools<ThreadFormValues>();
  const content = useWatch({ control, name: 'content' });
  return (
    <div className="space-y-1.5">
      <div className="flex items-baseline justify-between gap-2">
        <label htmlFor="thread-content" className="block text-sm font-medium text-slate-800">
          What would you like to share?
        </label>
        <span
          id="thread-content-counter"
          className={`text-xs tabular-nums ${content.length > THREAD_CONTENT_COUNTER ? 'text-amber-800' : 'text-slate-600'}`}
        >
          {content.length}/{THREAD_CONTENT_COUNTER}
        </span>
      </div>
      <textarea
        id="thread-content"
        {...register('content', { onChange: () => clearErrors('content') })}
        rows={6}
        aria-invalid={errors.content ? true : undefined}
        aria-describedby={`thread-content-counter${errors.content ? ' thread-content-error' : ''}`}
        className="block min-h-36 w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-base text-slate-900 aria-invalid:border-red-600"
      />
      {errors.content ? (
        <p id="thread-content-error" className="text-sm text-red-700">
          {errors.content.message}
        </p>
      ) : null}
    </div>
  );
}

/**
 * The group, if any. Controlled: its options change as the groups load, and the chosen one must
 * stay chosen.
 */
function GroupField() {
  const groups = useGroups();
  const {
    control,
    clearErrors,
    formState: { errors },
  } = useFormTools<ThreadFormValues>();
  const { field: groupField } = useController({ control, name: 'groupId' });
  const groupId = groupField.value;
  return (
    <SelectField
      id="thread-group"
      label="Group (optional)"
      {...groupField}
      onChange={(event) => {
        groupField.onChange(event);
        clearErrors('groupId');
      }}
      error={errors.groupId?.message}
    >
      <option value="">No group</option>
      {groupId && !groups.data?.some((group) => group.id === groupId) ? (
        <option value={groupId}>{groups.isPending ? 'Loading groups...' : 'Selected group'}</option>
      ) : null}
      {(groups.data ?? []).map((group) => (
        <option key={group.id} value={group.id}>
          {group.name}
        </option>
      ))}
    </SelectField>
  );
}
