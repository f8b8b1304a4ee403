import { describe, expect, it } from 'vitest';
import { ThreadQuery } from './community.js';
import { OrderQuery } from './orders.js';
import { pageMessages, pageQuery } from './paging.js';
import { ProductQuery } from './shop.js';

const messageOf = (result: { error?: { issues: Array<{ message: string }> } | undefined }) =>
  result.error?.issues[0]?.message;

describe('pageQuery', () => {
  const page = pageQuery({ defaultLimit: 20, maxLimit: 50, messages: pageMessages(50) });

  it('reads limit and offset from the query string, with the defaults when left out', () => {
    expect(page.parse({})).toEqual({ limit: 20, offset: 0 });
    expect(page.parse({ limit: '50', offset: '100' })).toEqual({ limit: 50, offset: 100 });
  });

  it('refuses a limit out of 1..max, a negative offset and fractions, in the words it was given', () => {
    expect(messageOf(page.safeParse({ limit: '0' }))).toBe('limit must be between 1 and 50.');
    expect(messageOf(page.safeParse({ limit: '51' }))).toBe('limit must be between 1 and 50.');
    expect(messageOf(page.safeParse({ offset: '-1' }))).toBe('offset cannot be negative.');
    expect(page.safeParse({ limit: '2.5' }).success).toBe(false);
    expect(page.safeParse({ offset: 'many' }).success).toBe(false);
  });

  it('is the paging of products, threads and orders, each with its own default, bound and words', () => {
    expect(ProductQuery.parse({})).toMatchObject({ limit: 24, offset: 0 });
    expect(messageOf(ProductQuery.safeParse({ limit: '101' }))).toBe('limit must be between 1 and 100.');
    expect(messageOf(ProductQuery.safeParse({ offset: '-1' }))).toBe('offset cannot be negative.');

    expect(ThreadQuery.parse({})).toEqual({ limit: 20, offset: 0 });
    expect(ThreadQuery.safeParse({ limit: '100' }).success).toBe(true);
    expect(ThreadQuery.safeParse({ limit: '101' }).success).toBe(false);

    expect(OrderQuery.parse({})).toEqual({ limit: 20, offset: 0 });
    expect(messageOf(OrderQuery.safeParse({ limit: '101' }))).toBe('limit must be between 1 and 100.');
    expect(messageOf(OrderQuery.safeParse({ offset: '-5' }))).toBe('offset cannot be negative.');
  });
});
