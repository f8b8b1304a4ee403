import { and, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { uploads } from '../../db/schema/uploads.js';

export type NewUpload = {
  ownerId: string;
  url: string;
  thumbnailUrl: string | null;
  kind: (typeof uploads.kind.enumValues)[number];
  bytes: number;
  createdAt: Date;
};

/** Holds the owner's uploads still until the transaction ends: quota checks of one owner run one at a time. */
export async function lockOwner(db: Db, ownerId: string): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`uploads:${ownerId}`}, 0))`);
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
