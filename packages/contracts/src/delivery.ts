import { z } from 'zod';
import { line } from './text.js';
import {
  KENYA_COUNTIES,
  DELIVERY_METHODS,
  TOWN_MAX_LENGTH,
  ADDRESS_MAX_LENGTH,
  DELIVERY_MESSAGES,
  kenyanPhoneE164,
} from './delivery-rules.js';

// Where an order's goods go (#15): the requests and answers. The counties, messages and phone
// formats they check are in delivery-rules.ts.

/** A phone number field: any of the accepted ways of writing it, stored as E.164. */
export const KenyanPhone = line(DELIVERY_MESSAGES.phone)
  .max(30, DELIVERY_MESSAGES.phone)
  .transform((value, context) => {
    const e164 = kenyanPhoneE164(value);
    if (e164) return e164;
    context.addIssue({ code: 'custom', message: DELIVERY_MESSAGES.phone });
    return z.NEVER;
  });

const required = (message: string, max: number, tooLong: string) =>
  line(message).trim().min(1, message).max(max, tooLong);

/** What checkout asks: the buyer's phone, and delivery (county, town, street or landmark) or pickup. */
export const DeliveryInput = z.discriminatedUnion(
  'method',
  [
    z.object({
      method: z.literal('delivery'),
      phone: KenyanPhone,
      county: z.enum(KENYA_COUNTIES, DELIVERY_MESSAGES.county),
      town: required(DELIVERY_MESSAGES.townRequired, TOWN_MAX_LENGTH, DELIVERY_MESSAGES.townTooLong),
      address: required(
        DELIVERY_MESSAGES.addressRequired,
        ADDRESS_MAX_LENGTH,
        DELIVERY_MESSAGES.addressTooLong,
      ),
    }),
    z.object({ method: z.literal('pickup'), phone: KenyanPhone }),
  ],
  DELIVERY_MESSAGES.method,
);
export type DeliveryInput = z.input<typeof DeliveryInput>;
export type DeliveryData = z.output<typeof DeliveryInput>;

/** An order's delivery as the buyer and the order's sellers see it (phone in E.164). */
export const Delivery = z.object({
  method: z.enum(DELIVERY_METHODS),
  phone: z.string(),
  county: z.enum(KENYA_COUNTIES).nullable(),
  town: z.string().nullable(),
  address: z.string().nullable(),
});
export type Delivery = z.infer<typeof Delivery>;
