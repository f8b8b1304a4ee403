import { formatKES } from '@sokoni/contracts/money';
import { ProductImage } from '@/components/product-image';
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
          <li key={item.id} data-testid="checkout-line" className="flex items-center gap-3 py-3">
            <ProductImage
              src={item.image}
              alt=""
              width={56}
              height={56}
              className="size-14 shrink-0 rounded-lg object-cover"
            />
            <div className="min-w-0 flex-1">
              <p className="font-medium break-words text-slate-900">{item.name}</p>
              <p className="text-sm text-slate-600">
                {item.quantity} × {formatKES(item.price)}
              </p>
            </div>
            <p className="font-semibold whitespace-nowrap text-slate-900 tabular-nums">
              {formatKES(item.price * item.quantity)}
            </p>
          </li>
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
