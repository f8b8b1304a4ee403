import { z } from 'zod';

/** How a paged list words a bad `limit` or `offset`. */
export const pageMessages = (maxLimit: number) => ({
  limit: `limit must be between 1 and ${maxLimit}.`,
  offset: 'offset cannot be negative.',
});

export type PageQueryOptions = {
  /** Rows a page holds when the caller does not say. */
  defaultLimit: number;
  /** The most rows one page may ask for. */
  maxLimit: number;
  /** What a bad limit or offset is told; zod's own wording when left out. */
  messages?: { limit: string; offset: string };
};

/**
 * `?limit=&offset=` of every paged list (the list's X-Total-Count carries the total): limit from 1
 * to `maxLimit`, `defaultLimit` when left out; offset from 0, 0 when left out. Spread its `shape`
 * into a list's own query, or use it as the query when the list has no filters.
 */
export function pageQuery({ defaultLimit, maxLimit, messages }: PageQueryOptions) {
  return z.object({
    limit: z.coerce
      .number()
      .int()
      .min(1, messages?.limit)
      .max(maxLimit, messages?.limit)
      .default(defaultLimit),
    offset: z.coerce.number().int().min(0, messages?.offset).default(0),
  });
}
export type PageQuery = z.output<ReturnType<typeof pageQuery>>;
