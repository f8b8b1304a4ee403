// Where an order's goods go and how to reach its buyer (#15): a Kenyan phone number, and delivery to
// a county, town and street or landmark, or pickup from each seller's shop. No zod here: pages that
// only show an order or a seller read these; the schemas are in delivery.ts.

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
/** Where a delivery goes, as one line: 'Oginga Odinga Street, Kisumu, Kisumu County'. */
export const formatDeliveryAddress = (delivery: {
  address: string | null;
  town: string | null;
  county: string | null;
}): string =>
  [delivery.address, delivery.town, delivery.county && `${delivery.county} County`]
    .filter(Boolean)
    .join(', ');
