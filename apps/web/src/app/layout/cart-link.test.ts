import { describe, expect, it } from 'vitest';
import { formatBadgeCount } from './cart-link';

describe('cart badge count', () => {
  it('caps at 9+ on mobile', () => {
    expect(formatBadgeCount(9, 9)).toBe('9');
    expect(formatBadgeCount(10, 9)).toBe('9+');
  });

  it('caps at 99+ on desktop', () => {
    expect(formatBadgeCount(99, 99)).toBe('99');
    expect(formatBadgeCount(100, 99)).toBe('99+');
  });
});
