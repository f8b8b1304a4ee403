import { ORDER_MESSAGES, PAYMENT_MESSAGES } from '@sokoni/contracts/checkout';
import { errorMessage } from '@/lib/api-client';
import { usePayOrder } from '@/lib/pay-order';
import { Button } from './button';
import { FormAlert } from './form-alert';
import { Spinner } from './spinner';

type PayNowButtonProps = {
  order: { id: string; totalAmount: number };
  /** The id of what names the order (its heading), so a list of Pay now buttons tells them apart. */
  describedBy?: string;
};

/** 'Pay now' for a pending order, and why paying could not start (a product sold out meanwhile…). */
export function PayNowButton({ order, describedBy }: PayNowButtonProps) {
  const pay = usePayOrder();
  // Busy until the browser has left for the provider.
  const busy = pay.isPending || pay.isSuccess;
  return (
    <div className="space-y-2">
      <Button onClick={() => pay.mutate(order)} disabled={busy} aria-describedby={describedBy}>
        {busy ? <Spinner className="size-4" /> : null}
        {ORDER_MESSAGES.payNow}
      </Button>
      <FormAlert message={pay.isError ? errorMessage(pay.error, PAYMENT_MESSAGES.initiationFailed) : null} />
    </div>
  );
}
