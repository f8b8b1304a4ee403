import { MPESA_MESSAGES } from '@sokoni/contracts/mpesa';
import { Button } from './button';

/** 'Your last payment did not go through.' with Pay again, where the unpaid thing lives (#26). */
export function UnpaidNotice({ onPayAgain }: { onPayAgain: () => void }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-amber-200 bg-amber-50 px-4 py-3">
      <p className="text-sm font-medium text-amber-950">{MPESA_MESSAGES.lastPaymentUnpaid}</p>
      <Button variant="secondary" onClick={onPayAgain}>
        {MPESA_MESSAGES.payAgain}
      </Button>
    </div>
  );
}
