import { describe, expect, it } from 'vitest';
import { formatOrderNumber } from '@sokoni/contracts/checkout';
import { ORDER_STATUS_LABELS, formatOrderDate } from './order-display';

describe('order display', () => {
  it('numbers an order by the first 6 characters of its id', () => {
    expect(formatOrderNumber('3f9c2a7e-1b4d-4c8e-9f00-123456789abc')).toBe('Order #3f9c2a');
    expect(formatOrderNumber('abc')).toBe('Order #abc');
  });

  it('writes the date in en-KE day-month-year order', () => {
    expect(formatOrderDate('2026-03-05T10:00:00.000Z')).toMatch(/^5 Mar 2026$/);
  });

  it('labels both statuses', () => {
    expect(ORDER_STATUS_LABELS).toEqual({ paid: 'Paid', pending: 'Pending payment' });
  });
});
