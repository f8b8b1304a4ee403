/**
 * A price typed by a seller as a decimal number ('1,900', '2500.50'); NaN when it is empty
 * or not a number, so the schema answers 'Please fill all required fields'.
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

/** A quantity typed by a seller ('12', '1,000'); NaN unless it is a whole number, so the schema explains. */
export function parseQuantity(value: string): number {
  const cleaned = value.trim().replace(/[,\s]/g, '');
  return /^\d+$/.test(cleaned) ? Number(cleaned) : Number.NaN;
}
