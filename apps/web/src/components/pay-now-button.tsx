import { useId, useState } from 'react';
import type { ComponentProps, ReactNode } from 'react';
import { ORDER_MESSAGES } from '@sokoni/contracts/checkout';
import { Button } from './button';
import { PayStep } from './pay-step';

type PayNowButtonProps = ComponentProps<typeof PayStep> & {
  /** 'Pay now' (an unpaid order), or 'Pay again' (after a payment that did not go through). */
  label?: string;
  /** The id of what names the thing to pay (its heading), so a list of these buttons tells them apart. */
  describedBy?: string;
  /** Buttons in the same row, after this one (the payment page's Go Home). */
  beside?: ReactNode;
  /** The row centred, as on the payment page. */
  centered?: boolean;
};

/**
 * Paying for something unpaid from where it lives (#15, #26): the button opens the pay step below it
 * (the M-Pesa number, prefilled, or a card), rather than leaving at once for the card page.
 */
export function PayNowButton({
  label = ORDER_MESSAGES.payNow,
  describedBy,
  beside,
  centered = false,
  ...payStep
}: PayNowButtonProps) {
  const [open, setOpen] = useState(false);
  const stepId = useId();
  return (
    <div className="space-y-4">
      <div className={`flex flex-wrap gap-3 ${centered ? 'justify-center' : ''}`}>
        <Button
          variant={open ? 'secondary' : 'primary'}
          aria-expanded={open}
          aria-controls={stepId}
          aria-describedby={describedBy}
          onClick={() => setOpen(!open)}
        >
          {label}
        </Button>
        {beside}
      </div>
      <div id={stepId} hidden={!open} className="text-left">
        {open ? <PayStep {...payStep} /> : null}
      </div>
    </div>
  );
}
