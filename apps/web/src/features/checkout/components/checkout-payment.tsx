import { useEffect, useRef } from 'react';
import { formatOrderNumber } from '@sokoni/contracts/checkout';
import { formatKES } from '@sokoni/contracts/money';
import { CHECKOUT_PAY_TEXTS } from '@sokoni/contracts/mpesa';
import type { Order } from '@sokoni/contracts/orders';
import { PayStep } from '@/components/pay-step';
import { useOrderPayment } from '@/lib/pay-order';

type CheckoutPaymentProps = {
  order: Order;
  /** The receipt's e-mail the buyer gave with the order. */
  email: string;
};

/** The placed order paid with the pay step, its delivery phone offered as the M-Pesa number. */
export function CheckoutPayment({ order, email }: CheckoutPaymentProps) {
  const payment = useOrderPayment(order);
  const headingRef = useRef<HTMLHeadingElement>(null);
  // The form the buyer pressed Continue in is gone: the focus goes on with them to the payment.
  useEffect(() => headingRef.current?.focus(), []);
  return (
    <section
      aria-labelledby="checkout-pay-heading"
      className="space-y-4 rounded-2xl border border-slate-200 bg-white p-5"
    >
      <h2
        id="checkout-pay-heading"
        ref={headingRef}
        tabIndex={-1}
        className="text-lg font-bold text-slate-900"
      >
        {CHECKOUT_PAY_TEXTS.payHeading}
      </h2>
      <p className="text-sm text-slate-700" data-testid="placed-order">
        {CHECKOUT_PAY_TEXTS.placed(formatOrderNumber(order.id), formatKES(order.totalAmount))}
      </p>
      <PayStep {...payment} email={email} />
    </section>
  );
}
