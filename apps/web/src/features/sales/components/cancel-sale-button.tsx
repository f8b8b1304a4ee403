import { useState } from 'react';
import toast from 'react-hot-toast';
import { formatOrderNumber } from '@sokoni/contracts/checkout';
import { formatKES } from '@sokoni/contracts/money';
import type { Sale } from '@sokoni/contracts/orders';
import { Button } from '@/components/button';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { errorMessage } from '@/lib/api-client';
import { useCancelSale } from '../api/cancel-sale';
import { runMutation } from '@/lib/run-mutation';

const CANCEL_FAILED = 'This sale could not be cancelled. Please try again.';

/** 'Cancel sale' for lines the seller cannot fill: asks first, then says what the server answered. */
export function CancelSaleButton({ sale }: { sale: Sale }) {
  const [asking, setAsking] = useState(false);
  const cancel = useCancelSale();
  const refund = sale.items
    .filter((item) => item.canCancel)
    .reduce((sum, item) => sum + item.price * item.quantity, 0);
  const confirm = () =>
    runMutation(cancel, sale.orderId, {
      onSuccess: ({ message }) => {
        toast.success(message);
        setAsking(false);
      },
    });
  return (
    <>
      <Button variant="ghost" onClick={() => setAsking(true)}>
        Cancel sale
      </Button>
      {asking ? (
        <ConfirmDialog
          title={`Cancel ${formatOrderNumber(sale.orderId)}?`}
          description={
            <p>
              {sale.buyer.name} gets {formatKES(refund)} back and is told by e-mail; the units go back in your
              stock.
            </p>
          }
          keepLabel="Keep sale"
          confirmLabel="Yes, cancel sale"
          onConfirm={confirm}
          onClose={() => {
            cancel.reset();
            setAsking(false);
          }}
          pending={cancel.isPending}
          error={cancel.isError ? errorMessage(cancel.error, CANCEL_FAILED) : null}
        />
      ) : null}
    </>
  );
}
