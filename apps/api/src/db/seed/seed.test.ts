import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.js';

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
});
