import { useState } from 'react';
import toast from 'react-hot-toast';
import { formatKES } from '@sokoni/contracts/money';
import type { OrderItem } from '@sokoni/contracts/orders';
import { Button } from '@/components/button';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { errorMessage } from '@/lib/api-client';
import { useCancelOrderItem } from '../api/cancel-order-item';
import { ORDER_ACTION_MESSAGES } from '../lib/order-display';
import { runMutation } from '@/lib/run-mutation';

/** 'Cancel' under a paid line its seller has not shipped: asks first, then says what the server answered. */
export function CancelItemButton({ orderId, item }: { orderId: string; item: OrderItem }) {
  const [asking, setAsking] = useState(false);
  const cancel = useCancelOrderItem();
  const name = item.product.name;
  const confirm = () =>
    runMutation(
      cancel,
      { orderId, itemId: item.id },
      {
        onSuccess: ({ message }) => {
          toast.success(message);
          setAsking(false);
        },
      },
    );
  return (
    <>
      {/* Named with the item in an attribute, not a hidden text: the line's name stays its only text. */}
      <Button
        variant="secondary"
        className="min-h-10 py-1.5"
        aria-label={`Cancel ${name}`}
        onClick={() => setAsking(true)}
      >
        Cancel
      </Button>
      {asking ? (
        <ConfirmDialog
          title={ORDER_ACTION_MESSAGES.cancelItemTitle}
          description={
            <p>
              {ORDER_ACTION_MESSAGES.cancelItem(item.quantity, name, formatKES(item.price * item.quantity))}
            </p>
          }
          keepLabel="Keep item"
          confirmLabel="Yes, cancel item"
          onConfirm={confirm}
          onClose={() => {
            cancel.reset();
            setAsking(false);
          }}
          pending={cancel.isPending}
          error={cancel.isError ? errorMessage(cancel.error, ORDER_ACTION_MESSAGES.cancelFailed) : null}
        />
      ) : null}
    </>
  );
}
