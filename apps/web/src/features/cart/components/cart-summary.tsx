import { Link } from 'react-router';
import { formatKES } from '@sokoni/contracts/money';
import { buttonClasses } from '@/components/button';

type CartSummaryProps = { subtotal: number; unitCount: number };

/** The order summary: subtotal of what can be bought, then checkout (when there is any) and a way back to the shop. */
export function CartSummary({ subtotal, unitCount }: CartSummaryProps) {
  return (
    <section
      aria-labelledby="cart-summary-heading"
      className="space-y-4 rounded-2xl border border-slate-200 bg-white p-5 lg:sticky lg:top-20"
    >
      <h2 id="cart-summary-heading" className="text-lg font-bold text-slate-900">
        Order Summary
      </h2>
      <dl className="flex items-baseline justify-between gap-4">
        <dt className="text-slate-700">Subtotal ({unitCount === 1 ? '1 item' : `${unitCount} items`})</dt>
        <dd
          className="text-xl font-extrabold whitespace-nowrap text-slate-900 tabular-nums"
          data-testid="cart-subtotal"
        >
          {formatKES(subtotal)}
        </dd>
      </dl>
      <div className="flex flex-col gap-2">
        {unitCount > 0 ? (
          <Link to="/checkout" className={buttonClasses('primary', 'w-full')}>
            Proceed to Checkout
          </Link>
        ) : null}
        <Link to="/shop" className={buttonClasses('secondary', 'w-full')}>
          Continue Shopping
        </Link>
      </div>
    </section>
  );
}
