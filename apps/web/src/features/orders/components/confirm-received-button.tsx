import { useState } from 'react';
import toast from 'react-hot-toast';
import { CANCEL_MESSAGES } from '@sokoni/contracts/cancellation-rules';
import { Button } from '@/components/button';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { errorMessage } from '@/lib/api-client';
import { useConfirmReceived } from '../api/confirm-received';
import { ORDER_ACTION_MESSAGES } from '../lib/order-display';
import { runMutation } from '@/lib/run-mutation';

/** 'Confirm received' on a paid order: asks first (the sellers are paid at once), then says so. */
export function ConfirmReceivedButton({ orderId, describedBy }: { orderId: string; describedBy: string }) {
  const [asking, setAsking] = useState(false);
  const received = useConfirmReceived();
  const confirm = () =>
    runMutation(received, orderId, {
      onSuccess: () => {
        toast.success(CANCEL_MESSAGES.orderReceived);
        setAsking(false);
      },
    });
  return (
    <>
      <Button onClick={() => setAsking(true)} aria-describedby={describedBy}>
        Confirm received
      </Button>
      {asking ? (
        <ConfirmDialog
          title={ORDER_ACTION_MESSAGES.receivedTitle}
          description={<p>{ORDER_ACTION_MESSAGES.received}</p>}
          keepLabel="Not yet"
          confirmLabel="Yes, it arrived"
          tone="primary"
          onConfirm={confirm}
          onClose={() => {
            received.reset();
            setAsking(false);
          }}
          pending={received.isPending}
          error={received.isError ? errorMessage(received.error, ORDER_ACTION_MESSAGES.receivedFailed) : null}
        />
      ) : null}
    </>
  );
}
