/**
 * A price typed into a form as a decimal number ('1,900', '2500.50'); NaN when it is empty or
 * not a number, so the form's schema answers with its own message.
 */
export function parsePrice(value: string): number {
  const cleaned = value.trim().replace(/[,\s]/g, '');
  if (!/^-?(\d+\.?\d*|\.\d+)$/.test(cleaned)) return Number.NaN;
  return Number(cleaned);
}

/** An optional price: empty means "none" (null), anything else is parsed like a price. */
export function parseOptionalPrice(value: string): number | null {
  return value.trim() === '' ? null : parsePrice(value);
}

/** A quantity typed into a form ('12', '1,000'); NaN unless it is a whole number, so the schema explains. */
export function parseQuantity(value: string): number {
  const cleaned = value.trim().replace(/[,\s]/g, '');
  return /^\d+$/.test(cleaned) ? Number(cleaned) : Number.NaN;
}
