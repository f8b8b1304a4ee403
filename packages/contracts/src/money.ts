const wholeShillings = new Intl.NumberFormat('en-KE', { maximumFractionDigits: 0 });

/** 12500 → 'KES 12,500' (en-KE grouping, no decimals). */
export function formatKES(amount: number): string {
  return `KES ${wholeShillings.format(Math.round(amount))}`;
}

/** Seller pages write the currency as 'Ksh' (spec §9). */
export function formatKsh(amount: number): string {
  return `Ksh ${wholeShillings.format(Math.round(amount))}`;
}

/** Money crosses the wire in shillings and is stored in cents (integers, never floats). */
export function shillingsToCents(amount: number): number {
  return Math.round(amount * 100);
}

export function centsToShillings(cents: number): number {
  return cents / 100;
}
