import { and, asc, count, desc, eq, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { ThreadCategory } from '@sokoni/contracts/community-rules';
import type { Db } from '../../db/client.js';
import { users } from '../../db/schema/accounts.js';
import { communityGroups, replies, replyUpvotes, threads } from '../../db/schema/community.js';

export type GroupRecord = { id: string; name: string; description: string };

export async function findGroups(db: Db): Promise<GroupRecord[]> {
  return db
    .select({ id: communityGroups.id, name: communityGroups.name, description: communityGroups.description })
    .from(communityGroups)
    .orderBy(asc(communityGroups.name));
}

export async function insertGroup(
  db: Db,
  values: { name: string; description: string; createdBy: string },
): Promise<GroupRecord> {
  const [row] = await db.insert(communityGroups).values(values).returning({
    id: communityGroups.id,
    name: communityGroups.name,
    description: communityGroups.description,
  });
  if (!row) throw new Error('insert into community_groups returned no row');
  return row;
}

export async function groupExists(db: Db, id: string): Promise<boolean> {
  const [row] = await db
    .select({ id: communityGroups.id })
    .from(communityGroups)
    .where(eq(communityGroups.id, id));
  return row !== undefined;
}

const threadColumns = {
  id: threads.id,
  title: threads.title,
  content: threads.content,
  image: threads.image,
  video: threads.video,
  category: threads.category,
  tags: threads.tags,
  replyCount: threads.replyCount,
  createdAt: threads.createdAt,
  groupId: threads.groupId,
  groupName: sql<
    string | null
  >`(select ${communityGroups.name} from ${communityGroups} where ${communityGroups.id} = ${threads.groupId})`,
  authorId: threads.authorId,
  authorName: sql<
    string | null
  >`(select ${users.name} from ${users} where ${users.id} = ${threads.authorId})`,
  hiddenAt: threads.hiddenAt,
  hiddenReason: threads.hiddenReason,
};
export type ThreadRecord = {
  id: string;
  title: string;
  content: string;
  image: string | null;
  video: string | null;
  category: ThreadCategory;
  tags: string[];
  replyCount: number;
  createdAt: Date;
  groupId: string | null;
  groupName: string | null;
  authorId: string | null;
  authorName: string | null;
  /** #28: when moderators hid it (shown to its author only), and why; null while it is shown. */
  hiddenAt: Date | null;
  hiddenReason: string | null;
};

/** Threads shown (#28: not those moderators hid) under the filters. */
const threadFilter = (filters: { groupId?: string; category?: ThreadCategory }): SQL | undefined =>
  and(
    isNull(threads.hiddenAt),
    filters.groupId ? eq(threads.groupId, filters.groupId) : undefined,
    filters.category ? eq(threads.category, filters.category) : undefined,
  );

export async function findThreads(
  db: Db,
  filters: { groupId?: string; category?: ThreadCategory; limit: number; offset: number },
): Promise<ThreadRecord[]> {
  return db
    .select(threadColumns)
    .from(threads)
    .where(threadFilter(filters))
    .orderBy(desc(threads.createdAt), desc(threads.id))
    .limit(filters.limit)
    .offset(filters.offset);
}

export async function countThreads(
  db: Db,
  filters: { groupId?: string; category?: ThreadCategory },
): Promise<number> {
  const [row] = await db.select({ total: count() }).from(threads).where(threadFilter(filters));
  return row?.total ?? 0;
}

export async function findThreadById(db: Db, id: string): Promise<ThreadRecord | undefined> {
  const [row] = await db.select(threadColumns).from(threads).where(eq(threads.id, id));
  return row;
}

export async function insertThread(db: Db, values: typeof threads.$inferInsert): Promise<string> {
  const [row] = await db.insert(threads).values(values).returning({ id: threads.id });
  if (!row) throw new Error('insert into threads returned no row');
  return row.id;
}

const replyColumns = {
  id: replies.id,
  threadId: replies.threadId,
  parentReplyId: replies.parentReplyId,
  content: replies.content,
  image: replies.image,
  video: replies.video,
  authorId: replies.authorId,
  authorName: sql<
    string | null
  >`(select ${users.name} from ${users} where ${users.id} = ${replies.authorId})`,
  upvotes: replies.upvotes,
  createdAt: replies.createdAt,
  hiddenAt: replies.hiddenAt,
  hiddenReason: replies.hiddenReason,
};
export type ReplyRecord = {
  id: string;
  threadId: string;
  parentReplyId: string | null;
  content: string;
  image: string | null;
  video: string | null;
  authorId: string;
  authorName: string | null;
  upvotes: number;
  createdAt: Date;
  /** #28: when moderators hid it (shown to its author only), and why; null while it is shown. */
  hiddenAt: Date | null;
  hiddenReason: string | null;
};

/** The thread's replies, oldest first: those moderators hid only for their author (`viewerId`). */
export async function findRepliesOfThread(
  db: Db,
  threadId: string,
  viewerId?: string,
): Promise<ReplyRecord[]> {
  return db
    .select(replyColumns)
    .from(replies)
    .where(
      and(
        eq(replies.threadId, threadId),
        or(isNull(replies.hiddenAt), viewerId ? eq(replies.authorId, viewerId) : undefined),
      ),
    )
    .orderBy(asc(replies.createdAt), asc(replies.id));
}

export async function findReplyById(db: Db, id: string): Promise<ReplyRecord | undefined> {
  const [row] = await db.select(replyColumns).from(replies).where(eq(replies.id, id));
  return row;
}

/**
 * Adds a reply and moves the thread's reply count in the same statement batch; null if the thread is
 * gone or hidden by moderators.
 */
export async function insertReply(db: Db, values: typeof replies.$inferInsert): Promise<string | null> {
  const bumped = await db
    .update(threads)
    .set({ replyCount: sql`${threads.replyCount} + 1` })
    .where(and(eq(threads.id, values.threadId), isNull(threads.hiddenAt)))
    .returning({ id: threads.id });
  if (bumped.length === 0) return null;
  const [row] = await db.insert(replies).values(values).returning({ id: replies.id });
  if (!row) throw new Error('insert into replies returned no row');
  return row.id;
}

export async function findVotedReplyIds(db: Db, threadId: string, userId: string): Promise<string[]> {
  const rows = await db
    .select({ replyId: replyUpvotes.replyId })
    .from(replyUpvotes)
    .innerJoin(replies, eq(replies.id, replyUpvotes.replyId))
    .where(and(eq(replies.threadId, threadId), eq(replyUpvotes.userId, userId)));
  return rows.map((row) => row.replyId);
}

/** Records the vote (the unique key refuses a second one) and answers the new count. */
export async function addUpvote(db: Db, replyId: string, userId: string): Promise<number> {
  await db.insert(replyUpvotes).values({ replyId, userId });
  const [row] = await db
    .update(replies)
    .set({ upvotes: sql`${replies.upvotes} + 1` })
    .where(eq(replies.id, replyId))
    .returning({ upvotes: replies.upvotes });
  return row?.upvotes ?? 0;
}
