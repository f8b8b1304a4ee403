import { and, eq, gt, inArray, isNull, lt, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { users } from '../../db/schema/accounts.js';
import { uploads } from '../../db/schema/uploads.js';

export type NewUpload = {
  ownerId: string;
  url: string;
  thumbnailUrl: string | null;
  kind: (typeof uploads.kind.enumValues)[number];
  bytes: number;
  createdAt: Date;
};

/**
 * Holds these bounds still until the transaction ends, in the order given (the caller always gives
 * the owner's, then a network's, then the site's, so two uploads never wait on each other in a
 * circle): checks of one bound run one at a time.
 */
export async function lockBounds(db: Db, keys: string[]): Promise<void> {
  await db.execute(sql`
    select pg_advisory_xact_lock(hashtextextended(key, 0))
    from unnest(array[${sql.join(
      keys.map((key) => sql`${key}`),
      sql`, `,
    )}]::text[]) with ordinality as bound(key, position)
    order by position`);
}

/** When the uploader's account was made, and on which network (null for accounts older than #25). */
export async function findUploader(
  db: Db,
  ownerId: string,
): Promise<{ createdAt: Date; signupNetwork: string | null } | undefined> {
  const [row] = await db
    .select({ createdAt: users.createdAt, signupNetwork: users.signupNetwork })
    .from(users)
    .where(eq(users.id, ownerId));
  return row;
}

export type DailyUsage = { account: number; youngNetwork: number; youngSite: number; site: number };

/**
 * Bytes uploaded since `since`: by the owner, by the accounts made after `youngSince` on `network`
 * (none when null), by all accounts made after `youngSince`, and by everyone.
 */
export async function findDailyUsage(
  db: Db,
  query: { ownerId: string; network: string | null; since: Date; youngSince: Date },
): Promise<DailyUsage> {
  const young = sql`${users.createdAt} > ${query.youngSince.toISOString()}::timestamptz`;
  const total = (filter: SQL) =>
    sql<number>`coalesce(sum(${uploads.bytes}) filter (where ${filter}), 0)`.mapWith(Number);
  const [row] = await db
    .select({
      account: total(sql`${uploads.ownerId} = ${query.ownerId}`),
      youngNetwork: total(sql`${young} and ${users.signupNetwork} = ${query.network}`),
      youngSite: total(young),
      site: total(sql`true`),
    })
    .from(uploads)
    .leftJoin(users, eq(users.id, uploads.ownerId))
    .where(gt(uploads.createdAt, query.since));
  return {
    account: row?.account ?? 0,
    youngNetwork: row?.youngNetwork ?? 0,
    youngSite: row?.youngSite ?? 0,
    site: row?.site ?? 0,
  };
}

/** Bytes the owner keeps in uploads of these kinds, and of those the bytes nothing uses yet. */
export async function findUsage(
  db: Db,
  ownerId: string,
  kinds: NewUpload['kind'][],
): Promise<{ total: number; unused: number }> {
  const [row] = await db
    .select({
      total: sql<number>`coalesce(sum(${uploads.bytes}), 0)`.mapWith(Number),
      unused:
        sql<number>`coalesce(sum(${uploads.bytes}) filter (where ${uploads.usedAt} is null), 0)`.mapWith(
          Number,
        ),
    })
    .from(uploads)
    .where(and(eq(uploads.ownerId, ownerId), inArray(uploads.kind, kinds)));
  return { total: row?.total ?? 0, unused: row?.unused ?? 0 };
}

export async function insertUpload(db: Db, upload: NewUpload): Promise<void> {
  await db.insert(uploads).values(upload);
}

/** The thumbnail kept with the image at `url`, if it is an upload that has one. */
export async function findThumbnailOf(db: Db, url: string): Promise<string | null> {
  const [found] = await db
    .select({ thumbnailUrl: uploads.thumbnailUrl })
    .from(uploads)
    .where(eq(uploads.url, url))
    .limit(1);
  return found?.thumbnailUrl ?? null;
}

export async function deleteUpload(db: Db, url: string): Promise<void> {
  await db.delete(uploads).where(eq(uploads.url, url));
}

/** A reserved upload becomes the file received for it: its address and its size as kept. */
export async function settleUpload(db: Db, reservedUrl: string, kept: { url: string; bytes: number }) {
  await db.update(uploads).set(kept).where(eq(uploads.url, reservedUrl));
}

/** The owner's uploads among `urls` are marked used; answers the urls that are not the owner's uploads. */
export async function markUsed(db: Db, ownerId: string, urls: string[], at: Date): Promise<string[]> {
  const owned = await db
    .update(uploads)
    .set({ usedAt: sql`coalesce(${uploads.usedAt}, ${at.toISOString()}::timestamptz)` })
    .where(and(eq(uploads.ownerId, ownerId), inArray(uploads.url, urls)))
    .returning({ url: uploads.url });
  const found = new Set(owned.map((row) => row.url));
  return urls.filter((url) => !found.has(url));
}

/** Removes up to `limit` uploads nothing used before `cutoff`, answering their files. */
export async function deleteUnusedBefore(
  db: Db,
  cutoff: Date,
  limit: number,
): Promise<Array<{ url: string; thumbnailUrl: string | null }>> {
  const stale = db
    .select({ id: uploads.id })
    .from(uploads)
    .where(and(isNull(uploads.usedAt), lt(uploads.createdAt, cutoff)))
    .limit(limit);
  return db
    .delete(uploads)
    .where(and(inArray(uploads.id, stale), isNull(uploads.usedAt)))
    .returning({ url: uploads.url, thumbnailUrl: uploads.thumbnailUrl });
}
