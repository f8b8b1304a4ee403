import { describe, expect, it } from 'vitest';
import { paidSubject } from './paid-subject';

const paid = { subjectId: 'a1b2c3d4-0000-4000-8000-000000000000', amount: 12_500 };

describe('paidSubject', () => {
  it('names an order by its number and sends the buyer to the order', () => {
    expect(paidSubject({ ...paid, paymentType: 'order' }, new URLSearchParams())).toEqual({
      summary: 'Order #a1b2c3 · KES 12,500',
      next: { to: `/orders/${paid.subjectId}`, label: 'View your order', name: 'your order' },
    });
  });

  it('gives a stay its dates from the callback address, and leaves out dates it cannot read', () => {
    const stay = { ...paid, paymentType: 'booking' as const };
    expect(paidSubject(stay, new URLSearchParams('start=2026-12-20&end=2026-12-23')).summary).toBe(
      'Your stay, 20 Dec 2026 to 23 Dec 2026 · KES 12,500',
    );
    expect(paidSubject(stay, new URLSearchParams('start=<b>&end=2026-12-23')).summary).toBe(
      'Your stay · KES 12,500',
    );
    expect(paidSubject(stay, new URLSearchParams()).next).toEqual({
      to: '/trips',
      label: 'View My Trips',
      name: 'My Trips',
    });
  });

  it('counts tickets, one or many, and ignores a count that is not one', () => {
    const event = { ...paid, paymentType: 'event' as const };
    expect(paidSubject({ ...event, quantity: 4 }, new URLSearchParams('quantity=3')).summary).toBe(
      '4 tickets · KES 12,500',
    );
    expect(paidSubject(event, new URLSearchParams()).next).toEqual({
      to: '/tickets/mine',
      label: 'View My Tickets',
      name: 'My Tickets',
    });
    expect(paidSubject(event, new URLSearchParams('quantity=1')).summary).toBe('1 ticket · KES 12,500');
    expect(paidSubject(event, new URLSearchParams('quantity=3')).summary).toBe('3 tickets · KES 12,500');
    expect(paidSubject(event, new URLSearchParams('quantity=-2')).summary).toBe('Your tickets · KES 12,500');
  });

  it('sends a learner to the classroom of the course they paid for', () => {
    expect(paidSubject({ ...paid, paymentType: 'course' }, new URLSearchParams()).next).toEqual({
      to: `/courses/${paid.subjectId}/classroom`,
      label: 'Go to the classroom',
      name: 'the classroom',
    });
  });
});
