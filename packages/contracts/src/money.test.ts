import { describe, expect, it } from 'vitest';
import {
  MONEY_MAX,
  centsToShillings,
  formatKES,
  formatKESExact,
  formatKsh,
  shillingsToCents,
} from './money.js';
import { priceFilter, shillings } from './money-schema.js';

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

  it('keeps the cents where they count (balances, statements), and none on a whole amount', () => {
    expect(formatKESExact(9499.5)).toBe('KES 9,499.50');
    expect(formatKESExact(0.05)).toBe('KES 0.05');
    expect(formatKESExact(9500)).toBe('KES 9,500');
  });
});

describe('cents', () => {
  it('round-trips shillings through integer cents', () => {
    expect(shillingsToCents(19.99)).toBe(1999);
    expect(centsToShillings(1999)).toBe(19.99);
    expect(Number.isInteger(shillingsToCents(0.1 + 0.2))).toBe(true);
  });
});

describe('shillings', () => {
  const price = shillings('Price', 'Please fill all required fields');
  const messageFor = (value: unknown) => price.safeParse(value).error?.issues[0]?.message;

  it('takes any amount the database holds to the cent, up to KES 100,000,000', () => {
    for (const amount of [0.01, 19.99, 6800.5, 1900, MONEY_MAX]) expect(price.parse(amount)).toBe(amount);
  });

  it('says what is wrong with an amount it cannot hold', () => {
    expect(messageFor(0)).toBe('Price must be greater than 0.');
    expect(messageFor(-5)).toBe('Price must be greater than 0.');
    for (const tiny of [0.001, 0.004, 1e-9, Number.MIN_VALUE]) {
      expect(messageFor(tiny)).toBe('Price can have at most 2 decimal places.');
    }
    expect(messageFor(19.999)).toBe('Price can have at most 2 decimal places.');
    expect(messageFor(MONEY_MAX + 0.01)).toBe('Price must be at most KES 100,000,000.');
    expect(messageFor(1e20)).toBe('Price must be at most KES 100,000,000.');
    for (const value of [Number.NaN, Infinity, '1900', null]) {
      expect(messageFor(value)).toBe('Please fill all required fields');
    }
  });

  it('bounds a price filter the same way', () => {
    expect(priceFilter.parse('250')).toBe(250);
    expect(priceFilter.safeParse('1e20').error?.issues[0]?.message).toBe(
      'A price filter must be at most KES 100,000,000.',
    );
    expect(priceFilter.safeParse('-1').error?.issues[0]?.message).toBe('Prices cannot be negative.');
  });
});
