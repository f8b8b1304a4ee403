import { describe, expect, it } from 'vitest';
import { buildEvent } from '@/test/api-fakes';
import { maxTicketsFor, quantityProblem, ticketTotal } from './ticket-purchase';

describe('ticket purchase', () => {
  it('allows 1 to 10 tickets a purchase, never more than the seats left', () => {
    expect(maxTicketsFor(buildEvent({ ticketsAvailable: 80 }))).toBe(10);
    expect(maxTicketsFor(buildEvent({ ticketsAvailable: 3 }))).toBe(3);
    expect(maxTicketsFor(buildEvent({ ticketsAvailable: 0 }))).toBe(0);

    const event = buildEvent({ title: 'Poetry Night', ticketsAvailable: 3 });
    expect(quantityProblem(1, event)).toBeNull();
    expect(quantityProblem(3, event)).toBeNull();
    expect(quantityProblem(4, event)).toBe('Only 3 tickets left for Poetry Night.');
    for (const quantity of [0, -1, 11, 2.5, Number.NaN])
      expect(quantityProblem(quantity, event)).toBe('You can buy 1 to 10 tickets at a time.');
  });

  it('totals in cents, so no float error reaches the payment', () => {
    expect(ticketTotal(1500, 3)).toBe(4500);
    expect(ticketTotal(0.1, 3)).toBe(0.3);
    expect(ticketTotal(199.99, 10)).toBe(1999.9);
  });
});
