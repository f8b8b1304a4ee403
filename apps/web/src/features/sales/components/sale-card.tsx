import { useState } from 'react';
import toast from 'react-hot-toast';
import { ORDER_MESSAGES, formatOrderNumber } from '@sokoni/contracts/checkout';
import { formatNairobiTime } from '@sokoni/contracts/events-rules';
import { SHIPMENT_STATUS_LABELS, type Sale, type ShipmentStatus } from '@sokoni/contracts/orders';
import { Button } from '@/components/button';
import { DeliveryDetails } from '@/components/delivery-details';
import { DetailRow } from '@/components/detail-row';
import { OrderFrame } from '@/components/order-frame';
import { Spinner } from '@/components/spinner';
import { errorMessage } from '@/lib/api-client';
import { useDeliverSale } from '../api/deliver-sale';
import { CancelSaleButton } from './cancel-sale-button';
import { ShipSaleDialog } from './ship-sale-dialog';
import { runMutation } from '@/lib/run-mutation';

const STATUS_CLASSES: Record<ShipmentStatus, string> = {
  awaiting: 'bg-amber-100 text-amber-900',
  shipped: 'bg-sky-100 text-sky-900',
  delivered: 'bg-emerald-100 text-emerald-800',
};

/** Who bought it, how to reach them and where the goods go (orders older than #15: only who). */
function BuyerDetails({ sale }: { sale: Sale }) {
  return (
    <div className="rounded-xl bg-slate-50 px-3 text-sm">
      <dl>
        <DetailRow term="Buyer">{sale.buyer.name}</DetailRow>
      </dl>
      {sale.delivery ? (
        <div className="border-t border-slate-100">
          <DeliveryDetails delivery={sale.delivery} />
        </div>
      ) : null}
    </div>
  );
}

/** When the seller's part was shipped (and the note they left) and delivered. */
function ShipmentDetails({ shipment }: { shipment: Sale['shipment'] }) {
  if (!shipment.shippedAt) return null;
  return (
    <div className="space-y-1 text-sm text-slate-700">
      <p>
        Shipped on <time dateTime={shipment.shippedAt}>{formatNairobiTime(shipment.shippedAt)}</time>
      </p>
      {shipment.note ? <p className="break-words">Note: {shipment.note}</p> : null}
      {shipment.deliveredAt ? (
        <p>
          Delivered on <time dateTime={shipment.deliveredAt}>{formatNairobiTime(shipment.deliveredAt)}</time>
        </p>
      ) : null}
    </div>
  );
}

/** One sale: the seller's lines of a paid order, the buyer's contact and delivery, and the next step. */
export function SaleCard({ sale }: { sale: Sale }) {
  const [shipping, setShipping] = useState(false);
  const deliver = useDeliverSale();
  const orderNumber = formatOrderNumber(sale.orderId);
  const headingId = `sale-${sale.orderId}-heading`;
  const { status } = sale.shipment;
  // Every line cancelled: nothing is left to ship.
  const cancelled = sale.items.every((item) => item.cancelledAt !== null);

  const markDelivered = () =>
    runMutation(deliver, sale.orderId, {
      onSuccess: () => toast.success(ORDER_MESSAGES.markedDelivered),
      onError: (error) => toast.error(errorMessage(error, ORDER_MESSAGES.saleUpdateFailed)),
    });

  return (
    <OrderFrame
      kind="sale"
      headingId={headingId}
      title={orderNumber}
      orderNumber={orderNumber}
      when={
        <>
          Paid on <time dateTime={sale.paidAt}>{formatNairobiTime(sale.paidAt)}</time>
        </>
      }
      status={
        cancelled
          ? { label: 'Cancelled', className: 'bg-slate-200 text-slate-800' }
          : { label: SHIPMENT_STATUS_LABELS[status], className: STATUS_CLASSES[status] }
      }
      total={sale.total}
      items={sale.items}
    >
      <div className="space-y-4 border-t border-slate-200 p-4 sm:p-5">
        <BuyerDetails sale={sale} />
        <ShipmentDetails shipment={sale.shipment} />
        {cancelled ? null : status === 'awaiting' ? (
          <div className="flex flex-wrap gap-2">
            <Button onClick={() => setShipping(true)}>Mark shipped</Button>
            {sale.items.some((item) => item.canCancel) ? <CancelSaleButton sale={sale} /> : null}
          </div>
        ) : status === 'shipped' ? (
          <Button variant="secondary" onClick={markDelivered} disabled={deliver.isPending}>
            {deliver.isPending ? <Spinner className="size-4" /> : null}
            Mark delivered
          </Button>
        ) : null}
      </div>
      {shipping ? <ShipSaleDialog sale={sale} onClose={() => setShipping(false)} /> : null}
    </OrderFrame>
  );
}
