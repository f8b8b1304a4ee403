import { describe, expect, it } from 'vitest';
import { CreateEventInput } from './events.js';
import { formatNairobiTime, formatTicketPrice, splitName } from './events-rules.js';

describe('events contracts', () => {
  it('splits a name at the first space, as the verification response gives it', () => {
    expect(splitName('Amina Wanjiku Hassan')).toEqual({ firstName: 'Amina', lastName: 'Wanjiku Hassan' });
    expect(splitName('  Brian  ')).toEqual({ firstName: 'Brian', lastName: '' });
    expect(splitName('Otieno   Ouma')).toEqual({ firstName: 'Otieno', lastName: 'Ouma' });
  });

  it('writes a moment in Nairobi time (UTC+3), whatever the zone of the machine', () => {
    expect(formatNairobiTime('2026-11-20T15:05:00Z')).toBe('20 Nov 2026, 18:05 EAT');
    expect(formatNairobiTime('2026-12-31T22:30:00Z')).toBe('1 Jan 2027, 01:30 EAT');
  });

  it("shows a ticket's price in KES, and a free event's as Free", () => {
    expect(formatTicketPrice(1500)).toBe('KES 1,500');
    expect(formatTicketPrice(0)).toBe('Free');
  });

  it('makes an empty price or number of tickets 0, and keeps a number', () => {
    const base = {
      title: 'Safari Sevens',
      date: '2027-06-01T12:00:00Z',
      location: 'RFUEA Grounds',
      image: '/api/uploads/sample/0123456789abcdef0123456789abcdef.webp',
      description: 'Rugby sevens.',
      category: 'Sports',
    };
    for (const empty of ['', null, undefined]) {
      expect(CreateEventInput.parse({ ...base, price: empty, ticketsAvailable: empty })).toMatchObject({
        price: 0,
        ticketsAvailable: 0,
      });
    }
    expect(CreateEventInput.parse({ ...base, price: 999.5, ticketsAvailable: 40 })).toMatchObject({
      price: 999.5,
      ticketsAvailable: 40,
    });
  });
});
