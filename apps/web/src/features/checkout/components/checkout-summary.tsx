import { formatKES } from '@sokoni/contracts/money';
import { LineItem } from '@/components/line-item';
import type { CartItem } from '@/stores/cart';

type CheckoutSummaryProps = { items: CartItem[]; total: number };

/** What is being paid for: each cart line and the total. */
export function CheckoutSummary({ items, total }: CheckoutSummaryProps) {
  return (
    <section
      aria-labelledby="checkout-summary-heading"
      className="rounded-2xl border border-slate-200 bg-white p-5"
    >
      <h2 id="checkout-summary-heading" className="text-lg font-bold text-slate-900">
        Order Summary
      </h2>
      <ul className="mt-4 divide-y divide-slate-200" aria-label="Items to pay for">
        {items.map((item) => (
          <LineItem
            key={item.id}
            testId="checkout-line"
            image={item.image}
            name={item.name}
            quantity={item.quantity}
            price={item.price}
          />
        ))}
      </ul>
      <dl className="mt-2 flex items-baseline justify-between gap-4 border-t border-slate-200 pt-4">
        <dt className="font-semibold text-slate-800">Total</dt>
        <dd
          data-testid="checkout-total"
          className="text-xl font-extrabold whitespace-nowrap text-slate-900 tabular-nums"
        >
          {formatKES(total)}
        </dd>
      </dl>
    </section>
  );
}
