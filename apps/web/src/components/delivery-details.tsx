import type { Delivery } from '@sokoni/contracts/delivery';
import {
  DELIVERY_METHOD_LABELS,
  formatDeliveryAddress,
  formatKenyanPhone,
} from '@sokoni/contracts/delivery-rules';
import { DetailRow } from './detail-row';

/**
 * Where an order goes and how to reach its buyer: the address it is delivered to (or that it is picked
 * up from the shop), and the phone. Each row names what its value is, never the value again.
 */
export function DeliveryDetails({ delivery }: { delivery: Delivery }) {
  return (
    <dl className="divide-y divide-slate-100" data-testid="delivery-details">
      {delivery.method === 'delivery' ? (
        <DetailRow term="Deliver to">{formatDeliveryAddress(delivery)}</DetailRow>
      ) : (
        <DetailRow term="Delivery">{DELIVERY_METHOD_LABELS.pickup}</DetailRow>
      )}
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
