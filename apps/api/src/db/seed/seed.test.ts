import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVENT_CATEGORIES, type Event, type TicketWithEvent } from '@sokoni/contracts/events';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { bearer } from '../../../test/factories.js';
import { DEMO_PASSWORD, DEMO_USERS } from './accounts.js';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ seed: 'sample' });
});
afterAll(async () => t?.close());

const total = async (url: string) => Number((await t.app.inject(url)).headers['x-total-count']);

describe('the sample data', () => {
  it('lists at least 60 products across the categories, some featured, some trending, some reviewed', async () => {
    expect(await total('/api/products?limit=1')).toBeGreaterThanOrEqual(60);
    expect(await total('/api/products?limit=1&featured=true')).toBeGreaterThan(8);
    expect(await total('/api/products?limit=1&trending=true')).toBeGreaterThanOrEqual(5);
    const facets = (await t.app.inject('/api/products/facets')).json();
    expect(facets.categories.length).toBe(22);
    const reviewed = (await t.app.inject('/api/products?limit=100'))
      .json()
      .filter((p: { reviewCount: number }) => p.reviewCount > 0);
    expect(reviewed.length).toBeGreaterThan(10);
  });

  it("includes the 'E-book1' product with its discount, and serves every product's generated image", async () => {
    const [ebook] = (await t.app.inject('/api/products?q=E-book1')).json();
    expect(ebook).toMatchObject({ title: 'E-book1', price: 450, originalPrice: 900, discount: 50 });
    const image = await t.app.inject(ebook.image[0]);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');
    expect(image.rawPayload.length).toBeLessThan(20_000);
  });

  it('has three groups and a dozen threads across the categories, with nested, upvoted replies', async () => {
    expect((await t.app.inject('/api/community/groups')).json()).toHaveLength(3);
    const threads = (await t.app.inject('/api/community/threads?limit=100')).json();
    expect(threads).toHaveLength(12);
    expect(new Set(threads.map((thread: { category: string }) => thread.category)).size).toBe(4);
    const withReplies = threads.find((thread: { title: string }) =>
      thread.title.startsWith('Best maize seed'),
    );
    const detail = (await t.app.inject(`/api/community/threads/${withReplies.id}`)).json();
    expect(
      detail.replies.some((reply: { parentReplyId: string | null }) => reply.parentReplyId !== null),
    ).toBe(true);
    expect(Math.max(...detail.replies.map((reply: { upvotes: number }) => reply.upvotes))).toBe(3);
  });

  it('has a dozen events across the five categories: some free, one sold out, one past', async () => {
    const upcoming = (await t.app.inject('/api/events?limit=100')).json<Event[]>();
    const all = await t.app.inject('/api/events?limit=100&past=true');
    expect(all.headers['x-total-count']).toBe('12');
    const events = all.json<Event[]>();
    expect(new Set(events.map((event) => event.category))).toEqual(new Set(EVENT_CATEGORIES));
    expect(events.filter((event) => event.price === 0).length).toBeGreaterThanOrEqual(2);
    expect(new Set(events.map((event) => event.location.split(', ').at(-1))).size).toBeGreaterThanOrEqual(8);

    const past = events.filter((event) => Date.parse(event.date) < Date.now());
    expect(past).toHaveLength(1);
    expect(upcoming).toHaveLength(11);
    expect(upcoming.map((event) => event.id)).not.toContain(past[0]?.id);

    const soldOut = events.filter((event) => event.ticketsAvailable === 0);
    expect(soldOut).toHaveLength(1);
    const detail = (await t.app.inject(`/api/events/${soldOut[0]?.id}`)).json<Event>();
    expect(detail).toMatchObject({ ticketsAvailable: 0, capacity: soldOut[0]?.capacity });

    const image = await t.app.inject(detail.image);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');
  });

  it("gives every demo account tickets, with real ticket IDs; the past event's were checked in", async () => {
    const tickets: TicketWithEvent[] = [];
    for (const demo of DEMO_USERS) {
      const login = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: demo.email, password: DEMO_PASSWORD },
      });
      const mine = (
        await t.app.inject({ url: '/api/tickets/mine', headers: bearer(login.json().access_token) })
      ).json<TicketWithEvent[]>();
      expect(mine.length, demo.key).toBeGreaterThan(0);
      tickets.push(...mine);
    }
    for (const ticket of tickets) expect(ticket.id).toMatch(/^tkt_[a-f0-9]{32}$/);
    const atThePastEvent = tickets.filter((ticket) => Date.parse(ticket.event.date) < Date.now());
    expect(atThePastEvent.some((ticket) => ticket.checkedInAt !== null)).toBe(true);
  });
});
