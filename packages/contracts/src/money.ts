const wholeShillings = new Intl.NumberFormat('en-KE', { maximumFractionDigits: 0 });

/** 12500 → 'KES 12,500' (en-KE grouping, no decimals). */
export function formatKES(amount: number): string {
  return `KES ${wholeShillings.format(Math.round(amount))}`;
}

const exactShillings = new Intl.NumberFormat('en-KE', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/**
 * Where a cent counts (balances, statements): 9499.5 → 'KES 9,499.50'; a whole amount as formatKES
 * writes it ('KES 9,500').
 */
export function formatKESExact(amount: number): string {
  return Number.isInteger(amount) ? formatKES(amount) : `KES ${exactShillings.format(amount)}`;
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

/**
 * The largest amount anything costs on Sokoni, in shillings. Far inside what a bigint of cents
 * holds, and small enough that shillings × 100 is an exact integer in a double.
 */
export const MONEY_MAX = 100_000_000;

/** What is wrong with an amount, worded for the field it was typed into ('Price', 'Amount'). */
export const moneyMessages = (label: string) => ({
  tooSmall: `${label} must be greater than 0.`,
  tooLarge: `${label} must be at most ${formatKES(MONEY_MAX)}.`,
  fraction: `${label} can have at most 2 decimal places.`,
});

/**
 * True when the amount is exactly a whole number of cents as JSON or a form writes it (19.99 is;
 * 0.001 and 1e-9 are not). `n / 100` is the double nearest to the decimal n/100, the same double
 * parsing '19.99' gives, so an exact comparison holds every two-decimal amount and no other.
 */
export const isWholeCents = (amount: number): boolean => Math.round(amount * 100) / 100 === amount;
