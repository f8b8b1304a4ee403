import { Link } from 'react-router';
import type { Order } from '@sokoni/contracts/orders';
import { DeliveryDetails } from '@/components/delivery-details';
import { OrderFrame } from '@/components/order-frame';
import { PayNowButton } from '@/components/pay-now-button';
import { useOrderPayment } from '@/lib/pay-order';
import { formatOrderNumber } from '@sokoni/contracts/checkout';
import { ORDER_STATUS_LABELS, formatOrderDate } from '../lib/order-display';
import { CancelItemButton } from './cancel-item-button';
import { ConfirmReceivedButton } from './confirm-received-button';
import { ShipmentList } from './shipment-list';

const STATUS_CLASSES: Record<Order['status'], string> = {
  paid: 'bg-emerald-100 text-emerald-800',
  pending: 'bg-amber-100 text-amber-900',
};

const partHeading = 'text-sm font-semibold text-slate-700';

/**
 * One order: its number (a link to its own page), when it was placed, its status and total, its
 * lines, where it goes; then each seller's shipment once it is paid, or Pay now while it is pending
 * (its payment declined, abandoned or never finished), which opens the pay step. A paid line its
 * seller has not shipped can be cancelled; a paid order can be confirmed received (#27).
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
      status={
        order.items.every((item) => item.cancelledAt !== null)
          ? { label: 'Cancelled', className: 'bg-slate-200 text-slate-800' }
          : { label: ORDER_STATUS_LABELS[order.status], className: STATUS_CLASSES[order.status] }
      }
      total={order.totalAmount}
      items={order.items}
      lineAction={(item) => (item.canCancel ? <CancelItemButton orderId={order.id} item={item} /> : null)}
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
      {order.receivedAt ? (
        <p className="border-t border-slate-200 px-4 py-3 text-sm text-slate-700 sm:px-5">
          You confirmed it arrived on{' '}
          <time dateTime={order.receivedAt}>{formatOrderDate(order.receivedAt)}</time>.
        </p>
      ) : null}
      {order.canConfirmReceived ? (
        <div className="border-t border-slate-200 p-4 sm:p-5">
          <ConfirmReceivedButton orderId={order.id} describedBy={headingId} />
        </div>
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
