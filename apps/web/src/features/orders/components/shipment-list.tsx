import { SHIPMENT_STATUS_LABELS, type Shipment, type ShipmentStatus } from '@sokoni/contracts/orders';
import { formatOrderDate, shipmentMovedAt } from '../lib/order-display';

const STATUS_CLASSES: Record<ShipmentStatus, string> = {
  awaiting: 'bg-slate-100 text-slate-800',
  shipped: 'bg-sky-100 text-sky-900',
  delivered: 'bg-emerald-100 text-emerald-800',
};

/** Each seller's part of a paid order: awaiting, shipped or delivered (and when), with the seller's note. */
export function ShipmentList({ shipments }: { shipments: Shipment[] }) {
  return (
    <ul className="space-y-3">
      {shipments.map((shipment) => {
        const movedAt = shipmentMovedAt(shipment);
        return (
          <li key={shipment.sellerId} data-testid="shipment" className="space-y-1">
            <p className="flex flex-wrap items-center justify-between gap-2">
              <span className="font-medium text-slate-900">{shipment.sellerName}</span>
              <span
                data-testid="shipment-status"
                className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${STATUS_CLASSES[shipment.status]}`}
              >
                {SHIPMENT_STATUS_LABELS[shipment.status]}
              </span>
            </p>
            {movedAt || shipment.note ? (
              <p className="text-sm text-slate-700">
                {movedAt ? <time dateTime={movedAt}>{formatOrderDate(movedAt)}</time> : null}
                {movedAt && shipment.note ? ' · ' : null}
                {shipment.note}
              </p>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}
