import type { Delivery } from '@sokoni/contracts/delivery';
import {
  DELIVERY_METHOD_LABELS,
  formatDeliveryAddress,
  formatKenyanPhone,
} from '@sokoni/contracts/delivery-rules';
import { DetailRow } from './detail-row';

/** Where an order goes and how to reach its buyer: the method, the address of a delivery, the phone. */
export function DeliveryDetails({ delivery }: { delivery: Delivery }) {
  return (
    <dl className="divide-y divide-slate-100" data-testid="delivery-details">
      <DetailRow term="Delivery">{DELIVERY_METHOD_LABELS[delivery.method]}</DetailRow>
      {delivery.method === 'delivery' ? (
        <DetailRow term="Address">{formatDeliveryAddress(delivery)}</DetailRow>
      ) : null}
      <DetailRow term="Phone">
        <a
          href={`tel:${delivery.phone}`}
          className="font-medium text-emerald-800 underline underline-offset-2 hover:text-emerald-900"
        >
          {formatKenyanPhone(delivery.phone)}
        </a>
      </DetailRow>
    </dl>
  );
}
