import { Link } from 'react-router';
import { stockLabel } from '@sokoni/contracts/checkout';
import { formatKES } from '@sokoni/contracts/money';
import { ProductImage } from '@/components/product-image';
import { keptOutReason, type CartLineState } from '@/lib/cart-refresh';
import { useCartStore } from '@/stores/cart';
import type { CartItem } from '@/stores/cart';

const stepperButton =
  'flex size-11 items-center justify-center text-xl font-semibold text-slate-700 hover:bg-slate-100 disabled:text-slate-300';

/**
 * One cart line: photo, name, unit price, quantity stepper (up to what is available), line total and
 * Remove. A line that cannot be bought now says why and is left out of the total.
 */
export function CartLine({ item, state }: { item: CartItem; state: CartLineState }) {
  const increase = useCartStore((store) => store.increaseQuantity);
  const decrease = useCartStore((store) => store.decreaseQuantity);
  const remove = useCartStore((store) => store.removeItem);
  const productPath = `/products/${encodeURIComponent(item.id)}`;
  const keptOut = keptOutReason(item, state);
  const fewLeft = state.product && !keptOut ? stockLabel(state.product.available) : null;

  return (
    <li className="flex gap-3 p-4 sm:gap-4" data-testid="cart-line" data-status={state.status}>
      <Link to={productPath} tabIndex={-1} aria-hidden="true" className="shrink-0">
        <ProductImage
          src={item.image}
          alt=""
          width={96}
          height={96}
          className={`size-20 rounded-lg border border-slate-200 bg-white object-cover sm:size-24 ${keptOut ? 'opacity-60' : ''}`}
        />
      </Link>
      <div className="flex min-w-0 flex-1 flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0 space-y-1">
          <Link
            to={productPath}
            className="line-clamp-2 font-semibold text-slate-900 underline-offset-2 hover:text-emerald-800 hover:underline"
          >
            {item.name}
          </Link>
          <p className="text-sm text-slate-600">{formatKES(item.price)} each</p>
          {keptOut ? (
            <p className="text-sm font-medium text-red-700" data-testid="cart-line-kept-out">
              {keptOut}
            </p>
          ) : null}
          {fewLeft ? <p className="text-sm font-medium text-amber-800">{fewLeft}</p> : null}
        </div>
        <div className="flex flex-wrap items-center justify-between gap-3 sm:flex-col sm:items-end">
          {keptOut ? null : (
            <div
              role="group"
              aria-label={`Quantity of ${item.name}`}
              className="flex items-center overflow-hidden rounded-lg border border-slate-300 bg-white"
            >
              <button
                type="button"
                aria-label={`Decrease quantity of ${item.name}`}
                onClick={() => decrease(item.id)}
                className={stepperButton}
              >
                <span aria-hidden="true">−</span>
              </button>
              <span
                aria-live="polite"
                data-testid="cart-line-quantity"
                className="min-w-10 text-center font-semibold text-slate-900 tabular-nums"
              >
                {item.quantity}
              </span>
              <button
                type="button"
                aria-label={`Increase quantity of ${item.name}`}
                onClick={() => increase(item.id, state.limit)}
                disabled={item.quantity >= state.limit}
                className={stepperButton}
              >
                <span aria-hidden="true">+</span>
              </button>
            </div>
          )}
          {keptOut ? null : (
            <p
              className="font-bold whitespace-nowrap text-slate-900 tabular-nums"
              data-testid="cart-line-total"
            >
              <span className="sr-only">Line total </span>
              {formatKES(item.price * item.quantity)}
            </p>
          )}
          <button
            type="button"
            aria-label={`Remove ${item.name}`}
            onClick={() => remove(item.id)}
            className="rounded-lg px-2 py-1 text-sm font-medium text-red-700 underline-offset-2 hover:underline"
          >
            Remove
          </button>
        </div>
      </div>
    </li>
  );
}
