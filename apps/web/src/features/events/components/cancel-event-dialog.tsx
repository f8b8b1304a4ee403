import { useState } from 'react';
import toast from 'react-hot-toast';
import { CancelEventInput } from '@sokoni/contracts/cancellations';
import type { OrganizerEvent } from '@sokoni/contracts/events';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { TextAreaField } from '@/components/text-area-field';
import { errorMessage } from '@/lib/api-client';
import { useCancelEvent } from '../api/cancel-event';
import { runMutation } from '@/lib/run-mutation';

const CANCEL_FAILED = 'This event could not be cancelled. Please try again.';

type CancelEventDialogProps = { event: OrganizerEvent; onClose: () => void };

/**
 * 'Cancel event' on Your Events: asks first, with an optional reason told to every ticket holder
 * (checked with the server's own rule), then says what the server answered.
 */
export function CancelEventDialog({ event, onClose }: CancelEventDialogProps) {
  const cancel = useCancelEvent();
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | undefined>();
  const confirm = () => {
    const checked = CancelEventInput.safeParse({ reason });
    if (!checked.success) {
      setReasonError(checked.error.issues[0]?.message);
      return;
    }
    runMutation(
      cancel,
      { eventId: event.id, reason: checked.data.reason },
      {
        onSuccess: ({ message }) => {
          toast.success(message);
          onClose();
        },
      },
    );
  };
  return (
    <ConfirmDialog
      title={`Cancel ${event.title}?`}
      description={
        <p>
          {event.ticketsSold > 0
            ? `The holders of its ${event.ticketsSold.toLocaleString('en-KE')} tickets are refunded and told by e-mail.`
            : 'No tickets are sold yet.'}{' '}
          Tickets are no longer sold, and none can be checked in.
        </p>
      }
      keepLabel="Keep event"
      confirmLabel="Yes, cancel event"
      onConfirm={confirm}
      onClose={onClose}
      pending={cancel.isPending}
      error={cancel.isError ? errorMessage(cancel.error, CANCEL_FAILED) : null}
    >
      <TextAreaField
        id={`cancel-reason-${event.id}`}
        label="Reason for ticket holders (optional)"
        rows={3}
        value={reason}
        onChange={(change) => {
          setReason(change.target.value);
          setReasonError(undefined);
        }}
        error={reasonError}
        disabled={cancel.isPending}
      />
    </ConfirmDialog>
  );
}
