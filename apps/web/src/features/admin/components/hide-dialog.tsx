import { useState } from 'react';
import { MODERATION_REASON_MAX, ResolveReportInput, type ModerationCase } from '@sokoni/contracts/moderation';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { TextField } from '@/components/text-field';
import { errorMessage } from '@/lib/api-client';
import { apiFieldErrors } from '@/lib/field-errors';
import { useResolveReport } from '../api/resolve-report';

const HIDE_FAILED = 'It could not be hidden. Please try again.';

type HideDialogProps = { item: ModerationCase; onClose: () => void };

/** Hide: asks for the reason its owner is shown (checked with the server's own rule), then hides it. */
export function HideDialog({ item, onClose }: HideDialogProps) {
  const resolve = useResolveReport();
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | undefined>();
  const confirm = () => {
    const checked = ResolveReportInput.safeParse({ action: 'hide', reason });
    if (!checked.success) {
      setReasonError(checked.error.issues[0]?.message);
      return;
    }
    resolve.mutate(
      { caseId: item.id, ...checked.data },
      {
        onSuccess: onClose,
        onError: (error) => setReasonError(apiFieldErrors(error, ['reason'] as const).reason),
      },
    );
  };
  return (
    <ConfirmDialog
      title={`Hide ${item.title}?`}
      description={
        <p>No one else sees it until it is restored. Its owner, {item.owner.name}, sees your reason.</p>
      }
      keepLabel="Keep it shown"
      confirmLabel="Hide"
      onConfirm={confirm}
      onClose={onClose}
      pending={resolve.isPending}
      error={resolve.isError && !reasonError ? errorMessage(resolve.error, HIDE_FAILED) : null}
    >
      <TextField
        id={`hide-reason-${item.id}`}
        label="Reason its owner sees"
        maxLength={MODERATION_REASON_MAX}
        value={reason}
        onChange={(change) => {
          setReason(change.target.value);
          setReasonError(undefined);
        }}
        error={reasonError}
        disabled={resolve.isPending}
      />
    </ConfirmDialog>
  );
}
