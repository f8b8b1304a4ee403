import { useState, type ReactNode } from 'react';
import type { UseMutationResult } from '@tanstack/react-query';
import type { z } from 'zod';
import { MODERATION_REASON_MAX } from '@sokoni/contracts/moderation-rules';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { TextField } from '@/components/text-field';
import { errorMessage } from '@/lib/api-client';
import { apiFieldErrors } from '@/lib/field-errors';
import { runMutation } from '@/lib/run-mutation';

type ReasonDialogProps<Variables> = {
  title: string;
  description: ReactNode;
  keepLabel: string;
  confirmLabel: string;
  fieldId: string;
  label: string;
  /** Said when the call fails for another reason than the reason's own. */
  failed: string;
  /** The call's contract, checked with the server's own rule before anything is sent. */
  schema: z.ZodType<{ reason: string }>;
  /** What the contract is given besides the reason (a decision's action). */
  fields?: object;
  mutation: UseMutationResult<unknown, unknown, Variables>;
  /** The call for the reason as checked. */
  variables: (reason: string) => Variables;
  onClose: () => void;
};

/** A moderation decision that its subject is shown the reason for: asks for the reason, then decides. */
export function ReasonDialog<Variables>(props: ReasonDialogProps<Variables>) {
  const { mutation, onClose } = props;
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | undefined>();
  const confirm = () => {
    const checked = props.schema.safeParse({ ...props.fields, reason });
    if (!checked.success) {
      setReasonError(checked.error.issues[0]?.message);
      return;
    }
    runMutation(mutation, props.variables(checked.data.reason), {
      onSuccess: onClose,
      onError: (error) => setReasonError(apiFieldErrors(error, ['reason'] as const).reason),
    });
  };
  return (
    <ConfirmDialog
      title={props.title}
      description={props.description}
      keepLabel={props.keepLabel}
      confirmLabel={props.confirmLabel}
      onConfirm={confirm}
      onClose={onClose}
      pending={mutation.isPending}
      error={mutation.isError && !reasonError ? errorMessage(mutation.error, props.failed) : null}
    >
      <TextField
        id={props.fieldId}
        label={props.label}
        maxLength={MODERATION_REASON_MAX}
        value={reason}
        onChange={(change) => {
          setReason(change.target.value);
          setReasonError(undefined);
        }}
        error={reasonError}
        disabled={mutation.isPending}
      />
    </ConfirmDialog>
  );
}
