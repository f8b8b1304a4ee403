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
};

/** One line of a basket or an order: photo, name, quantity × unit price, and the line's total. */
export function LineItem({ image, name, quantity, price, quantityPrefix = '', testId }: LineItemProps) {
  return (
    <li data-testid={testId} className="flex items-center gap-3 py-3">
      <ProductImage
        src={image}
        alt=""
        width={56}
        height={56}
        className="size-14 shrink-0 rounded-lg object-cover"
      />
      <div className="min-w-0 flex-1">
        <p className="font-medium break-words text-slate-900">{name}</p>
        <p className="text-sm text-slate-600">
          {quantityPrefix}
          {quantity} × {formatKES(price)}
        </p>
      </div>
      <p className="font-semibold whitespace-nowrap text-slate-900 tabular-nums">
        {formatKES(price * quantity)}
      </p>
    </li>
  );
}
