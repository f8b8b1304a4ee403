import { useState } from 'react';
import { MODERATION_REASON_MAX, SuspendUserInput, type ModerationCase } from '@sokoni/contracts/moderation';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { TextField } from '@/components/text-field';
import { errorMessage } from '@/lib/api-client';
import { apiFieldErrors } from '@/lib/field-errors';
import { useSuspendUser } from '../api/suspend-user';

const SUSPEND_FAILED = 'The account could not be suspended. Please try again.';

type SuspendDialogProps = { owner: ModerationCase['owner']; onClose: () => void };

/** Suspend owner: asks for the reason they are shown when they try to sign in, and to confirm. */
export function SuspendDialog({ owner, onClose }: SuspendDialogProps) {
  const suspend = useSuspendUser();
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | undefined>();
  const confirm = () => {
    const checked = SuspendUserInput.safeParse({ reason });
    if (!checked.success) {
      setReasonError(checked.error.issues[0]?.message);
      return;
    }
    suspend.mutate(
      { userId: owner.id, ...checked.data },
      {
        onSuccess: onClose,
        onError: (error) => setReasonError(apiFieldErrors(error, ['reason'] as const).reason),
      },
    );
  };
  return (
    <ConfirmDialog
      title={`Suspend ${owner.name}?`}
      description={
        <p>
          They can no longer sign in, and their listings are hidden. They are shown your reason and where to
          write to appeal.
        </p>
      }
      keepLabel="Keep the account"
      confirmLabel="Yes, suspend"
      onConfirm={confirm}
      onClose={onClose}
      pending={suspend.isPending}
      error={suspend.isError && !reasonError ? errorMessage(suspend.error, SUSPEND_FAILED) : null}
    >
      <TextField
        id={`suspend-reason-${owner.id}`}
        label="Reason the owner sees"
        maxLength={MODERATION_REASON_MAX}
        value={reason}
        onChange={(change) => {
          setReason(change.target.value);
          setReasonError(undefined);
        }}
        error={reasonError}
        disabled={suspend.isPending}
      />
    </ConfirmDialog>
  );
}
