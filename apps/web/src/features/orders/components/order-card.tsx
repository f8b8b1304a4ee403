import type { Order } from '@sokoni/contracts/orders';
import { formatKES } from '@sokoni/contracts/money';
import { LineItem } from '@/components/line-item';
import { formatOrderNumber } from '@sokoni/contracts/checkout';
import { ORDER_STATUS_LABELS, formatOrderDate } from '../lib/order-display';

const STATUS_CLASSES: Record<Order['status'], string> = {
  paid: 'bg-emerald-100 text-emerald-800',
  pending: 'bg-amber-100 text-amber-900',
};

export function OrderCard({ order }: { order: Order }) {
  const headingId = `order-${order.id}-heading`;
  return (
    <article
      aria-labelledby={headingId}
      data-testid="order-card"
      className="rounded-2xl border border-slate-200 bg-white"
    >
      <header className="flex flex-wrap items-start justify-between gap-3 border-b border-slate-200 p-4 sm:p-5">
        <div>
          <h2 id={headingId} className="text-lg font-bold text-slate-900">
            {formatOrderNumber(order.id)}
          </h2>
          <p className="text-sm text-slate-600">
            Placed on <time dateTime={order.createdAt}>{formatOrderDate(order.createdAt)}</time>
          </p>
        </div>
        <div className="flex flex-col items-end gap-1">
          <span
            data-testid="order-status"
            className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${STATUS_CLASSES[order.status]}`}
          >
            {ORDER_STATUS_LABELS[order.status]}
          </span>
          <p className="text-lg font-extrabold text-slate-900 tabular-nums" data-testid="order-total">
            {formatKES(order.totalAmount)}
          </p>
        </div>
      </header>
      <ul
        aria-label={`Items in ${formatOrderNumber(order.id)}`}
        className="divide-y divide-slate-100 px-4 sm:px-5"
      >
        {order.items.map((item) => (
          <LineItem
            key={item.id}
            testId="order-item"
            image={item.product.image ?? undefined}
            name={item.product.name}
            quantity={item.quantity}
            price={item.price}
            quantityPrefix="Qty "
          />
        ))}
      </ul>
    </article>
  );
}
