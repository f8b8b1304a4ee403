import { Link } from 'react-router';
import type { Order } from '@sokoni/contracts/orders';
import { DeliveryDetails } from '@/components/delivery-details';
import { OrderFrame } from '@/components/order-frame';
import { PayNowButton } from '@/components/pay-now-button';
import { useOrderPayment } from '@/lib/pay-order';
import { formatOrderNumber } from '@sokoni/contracts/checkout';
import { ORDER_STATUS_LABELS, formatOrderDate } from '../lib/order-display';
import { ShipmentList } from './shipment-list';

const STATUS_CLASSES: Record<Order['status'], string> = {
  paid: 'bg-emerald-100 text-emerald-800',
  pending: 'bg-amber-100 text-amber-900',
};

const partHeading = 'text-sm font-semibold text-slate-700';

/**
 * One order: its number (a link to its own page), when it was placed, its status and total, its
 * lines, where it goes; then each seller's shipment once it is paid, or Pay now while it is pending
 * (its payment declined, abandoned or never finished), which opens the pay step.
 */
export function OrderCard({ order }: { order: Order }) {
  const headingId = `order-${order.id}-heading`;
  const orderNumber = formatOrderNumber(order.id);
  return (
    <OrderFrame
      kind="order"
      headingId={headingId}
      title={
        <Link
          to={`/orders/${encodeURIComponent(order.id)}`}
          className="underline-offset-2 hover:text-emerald-800 hover:underline"
        >
          {orderNumber}
        </Link>
      }
      orderNumber={orderNumber}
      when={
        <>
          Placed on <time dateTime={order.createdAt}>{formatOrderDate(order.createdAt)}</time>
        </>
      }
      status={{ label: ORDER_STATUS_LABELS[order.status], className: STATUS_CLASSES[order.status] }}
      total={order.totalAmount}
      items={order.items}
    >
      {order.delivery ? (
        <div className="border-t border-slate-200 px-4 py-3 sm:px-5">
          <DeliveryDetails delivery={order.delivery} />
        </div>
      ) : null}
      {order.shipments.length > 0 ? (
        <section
          aria-labelledby={`${headingId}-shipping`}
          className="space-y-2 border-t border-slate-200 p-4 sm:p-5"
        >
          <h3 id={`${headingId}-shipping`} className={partHeading}>
            Shipping
          </h3>
          <ShipmentList shipments={order.shipments} />
        </section>
      ) : null}
      {order.status === 'pending' ? (
        <div className="border-t border-slate-200 p-4 sm:p-5">
          <PayOrderNow order={order} describedBy={headingId} />
        </div>
      ) : null}
    </OrderFrame>
  );
}

/** Pay now: the pay step for the order, its delivery phone offered as the M-Pesa number. */
function PayOrderNow({ order, describedBy }: { order: Order; describedBy: string }) {
  return <PayNowButton {...useOrderPayment(order)} describedBy={describedBy} />;
}
