import { describe, expect, it } from 'vitest';
import { centsToShillings, formatKES, formatKsh, shillingsToCents } from './money.js';

describe('formatKES', () => {
  it('groups thousands the en-KE way and shows no decimals', () => {
    expect(formatKES(12500)).toBe('KES 12,500');
    expect(formatKES(1_250_000)).toBe('KES 1,250,000');
    expect(formatKES(0)).toBe('KES 0');
  });

  it('rounds fractions of a shilling', () => {
    expect(formatKES(999.5)).toBe('KES 1,000');
    expect(formatKES(12499.49)).toBe('KES 12,499');
  });

  it('writes seller prices as Ksh', () => {
    expect(formatKsh(3450)).toBe('Ksh 3,450');
  });
});

describe('cents', () => {
  it('round-trips shillings through integer cents', () => {
    expect(shillingsToCents(19.99)).toBe(1999);
    expect(centsToShillings(1999)).toBe(19.99);
    expect(Number.isInteger(shillingsToCents(0.1 + 0.2))).toBe(true);
  });
});
