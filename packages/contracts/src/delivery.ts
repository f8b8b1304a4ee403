import { z } from 'zod';
import { line } from './text.js';

// Where an order's goods go and how to reach its buyer (#15): a Kenyan phone number, and delivery to
// a county, town and street or landmark, or pickup from each seller's shop.

/** Kenya's 47 counties, in their official order (Constitution, First Schedule). */
export const KENYA_COUNTIES = [
  'Mombasa',
  'Kwale',
  'Kilifi',
  'Tana River',
  'Lamu',
  'Taita-Taveta',
  'Garissa',
  'Wajir',
  'Mandera',
  'Marsabit',
  'Isiolo',
  'Meru',
  'Tharaka-Nithi',
  'Embu',
  'Kitui',
  'Machakos',
  'Makueni',
  'Nyandarua',
  'Nyeri',
  'Kirinyaga',
  "Murang'a",
  'Kiambu',
  'Turkana',
  'West Pokot',
  'Samburu',
  'Trans Nzoia',
  'Uasin Gishu',
  'Elgeyo-Marakwet',
  'Nandi',
  'Baringo',
  'Laikipia',
  'Nakuru',
  'Narok',
  'Kajiado',
  'Kericho',
  'Bomet',
  'Kakamega',
  'Vihiga',
  'Bungoma',
  'Busia',
  'Siaya',
  'Kisumu',
  'Homa Bay',
  'Migori',
  'Kisii',
  'Nyamira',
  'Nairobi',
] as const;
export type KenyaCounty = (typeof KENYA_COUNTIES)[number];

export const DELIVERY_METHODS = ['delivery', 'pickup'] as const;
export type DeliveryMethod = (typeof DELIVERY_METHODS)[number];
export const DELIVERY_METHOD_LABELS: Record<DeliveryMethod, string> = {
  delivery: 'Delivery',
  pickup: "Pickup from the seller's shop",
};

export const TOWN_MAX_LENGTH = 80;
export const ADDRESS_MAX_LENGTH = 200;

export const DELIVERY_MESSAGES = {
  phone: 'Enter a valid Kenyan phone number.',
  method: 'Choose delivery or pickup.',
  county: 'Choose your county.',
  townRequired: 'Enter your town.',
  townTooLong: `Towns can be at most ${TOWN_MAX_LENGTH} characters.`,
  addressRequired: 'Enter a street or landmark.',
  addressTooLong: `Addresses can be at most ${ADDRESS_MAX_LENGTH} characters.`,
} as const;

/**
 * A Kenyan mobile or landline-style mobile number as people write it — 0712 345 678, 0112345678,
 * +254 712 345 678, 254712345678, 712345678 — in E.164 (+254712345678); null if it is not one.
 * Kenyan subscriber numbers are nine digits starting 1 or 7 (Safaricom, Airtel, Telkom, …).
 */
export function kenyanPhoneE164(input: string): string | null {
  const digits = input.replace(/[\s\-().]/g, '');
  const match = /^(?:\+?254|0)?([17]\d{8})$/.exec(digits);
  return match ? `+254${match[1]}` : null;
}

/** +254712345678 → '0712 345 678', as Kenyans read a number. */
export function formatKenyanPhone(e164: string): string {
  const local = `0${e164.slice(4)}`;
  return `${local.slice(0, 4)} ${local.slice(4, 7)} ${local.slice(7)}`;
}

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

/** Where a delivery goes, as one line: 'Oginga Odinga Street, Kisumu, Kisumu County'. */
export const formatDeliveryAddress = (delivery: Pick<Delivery, 'address' | 'town' | 'county'>): string =>
  [delivery.address, delivery.town, delivery.county && `${delivery.county} County`]
    .filter(Boolean)
    .join(', ');
