import { z } from 'zod';
import { DeliveryInput, type Delivery, type DeliveryData } from '@sokoni/contracts/delivery';
import { DELIVERY_METHODS, KENYA_COUNTIES, formatKenyanPhone } from '@sokoni/contracts/delivery-rules';
import { CheckoutEmailForm } from './checkout-email';

const typed = z.string();

/** The checkout form as typed: the receipt's e-mail, the phone, and delivery (county, town, street) or pickup. */
const CheckoutFormFields = z.object({
  email: typed,
  delivery: z.object({
    method: z.enum(DELIVERY_METHODS),
    phone: typed,
    county: typed,
    town: typed,
    address: typed,
  }),
});
export type CheckoutFormValues = z.input<typeof CheckoutFormFields>;

/** What checkout sends: the e-mail to initialize the payment with, the delivery to place the order with. */
export type CheckoutDetails = { email: string; delivery: DeliveryData };

/**
 * The form checked with the server's own rules (POST /orders' delivery, POST /payments/initialize's
 * e-mail), so every field shows the server's very message. A pickup sends the phone alone.
 */
export const CheckoutFormSchema = CheckoutFormFields.transform(({ email, delivery }) => ({
  email,
  delivery: delivery.method === 'pickup' ? { method: delivery.method, phone: delivery.phone } : delivery,
})).pipe(z.object({ email: CheckoutEmailForm.shape.email, delivery: DeliveryInput }));

/** Kenya's 47 counties A–Z, the way a buyer looks for theirs. */
export const COUNTIES_A_TO_Z = [...KENYA_COUNTIES].sort((a, b) => a.localeCompare(b, 'en'));

/** The form filled from the buyer's last delivery (GET /orders/last-delivery), or delivery and empty. */
export function checkoutFormValues(email: string, last: Delivery | null): CheckoutFormValues {
  return {
    email,
    delivery: {
      method: last?.method ?? 'delivery',
      phone: last ? formatKenyanPhone(last.phone) : '',
      county: last?.county ?? '',
      town: last?.town ?? '',
      address: last?.address ?? '',
    },
  };
}
