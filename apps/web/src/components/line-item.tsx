import type { ReactNode } from 'react';
import { formatKES } from '@sokoni/contracts/money';
import { ProductImage } from './product-image';

type LineItemProps = {
  image: string | undefined;
  name: string;
  quantity: number;
  /** The unit price in shillings. */
  price: number;
  /** Words before the quantity, e.g. 'Qty '. */
  quantityPrefix?: string;
  testId: string;
  /** The line was cancelled (#27): marked so, its total struck through. */
  cancelled?: boolean;
  /** What can be done with the line (Cancel), under it. */
  children?: ReactNode;
};

/** One line of a basket or an order: photo, name, quantity × unit price, and the line's total. */
export function LineItem({
  image,
  name,
  quantity,
  price,
  quantityPrefix = '',
  testId,
  cancelled = false,
  children,
}: LineItemProps) {
  return (
    <li data-testid={testId} className="space-y-2 py-3">
      <div className="flex items-center gap-3">
        <ProductImage
          src={image}
          alt=""
          width={56}
          height={56}
          className={`size-14 shrink-0 rounded-lg object-cover ${cancelled ? 'opacity-60' : ''}`}
        />
        <div className="min-w-0 flex-1">
          <p className="font-medium break-words text-slate-900">{name}</p>
          <p className="text-sm text-slate-600">
            {quantityPrefix}
            {quantity} × {formatKES(price)}
          </p>
          {cancelled ? (
            <p
              data-testid={`${testId}-cancelled`}
              className="mt-1 inline-block rounded-full bg-slate-200 px-2.5 py-0.5 text-xs font-semibold text-slate-800"
            >
              Cancelled
            </p>
          ) : null}
        </div>
        <p
          className={`font-semibold whitespace-nowrap tabular-nums ${cancelled ? 'text-slate-500 line-through' : 'text-slate-900'}`}
        >
          {formatKES(price * quantity)}
        </p>
      </div>
      {children}
    </li>
  );
}
