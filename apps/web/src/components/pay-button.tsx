import { formatKES } from '@sokoni/contracts/money';
import { Button } from './button';
import { Spinner } from './spinner';

type PayButtonProps = {
  amount: number;
  /** Who takes the payment ('Paystack', or the sandbox offline); null until known. */
  providerLabel: string | null;
  /** True from the click until the browser has left for the provider. */
  busy: boolean;
  /** What the button says instead of 'Pay {amount} with {provider}' (a course's 'Pay & Enrol'). */
  label?: string;
};

/** A form's pay button naming the amount and who takes it, and the 'Redirecting to …' line under it. */
export function PayButton({ amount, providerLabel, busy, label }: PayButtonProps) {
  return (
    <>
      <Button type="submit" className="w-full" disabled={busy}>
        {busy ? <Spinner className="size-4" /> : null}
        {label ?? `Pay ${formatKES(amount)}${providerLabel ? ` with ${providerLabel}` : ''}`}
      </Button>
      <p role="status" className="min-h-5 text-center text-sm text-slate-700">
        {busy ? `Redirecting to ${providerLabel ?? 'the payment page'}...` : ''}
      </p>
    </>
  );
}
