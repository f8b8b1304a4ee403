import { and, asc, count, eq, gt, inArray, isNotNull, isNull, sql, type AnyColumn } from 'drizzle-orm';
import type {
  ModerationAction,
  ModerationState,
  ReportReason,
  ReportSubject,
} from '@sokoni/contracts/moderation-rules';
import type { Db } from '../../db/client.js';
import { users } from '../../db/schema/accounts.js';
import { replies, threads } from '../../db/schema/community.js';
import { courses } from '../../db/schema/courses.js';
import { events } from '../../db/schema/events.js';
import { moderationCases, moderationDecisions, reports } from '../../db/schema/moderation.js';
import { productReviews, products } from '../../db/schema/shop.js';
import { stayReviews, stays } from '../../db/schema/stays.js';

/** A reported item as moderation needs it, whatever its kind. */
export type SubjectRecord = {
  id: string;
  /** Whose it is; null for a post whose author's account is gone. */
  ownerId: string | null;
  /** Its title, or its text (a reply's, a review's). */
  text: string;
  /** What a review is of (the product's or stay's title); null for the rest. */
  parentTitle: string | null;
  /** The id in the path of the page it is seen on: its own, or its product's, stay's or thread's. */
  pageId: string;
  hidden: boolean;
  hiddenReason: string | null;
  /** Shown to others now: not hidden, nor what it belongs to, nor (a course) a draft. */
  visible: boolean;
};

const isHidden = (column: AnyColumn) => sql<boolean>`(${column} is not null)`;
const shown = (...columns: AnyColumn[]) =>
  sql<boolean>`(${sql.join(
    columns.map((column) => sql`${column} is null`),
    sql` and `,
  )})`;

/** Each kind's items by id, as SubjectRecords. */
const SUBJECTS: Record<ReportSubject, (db: Db, ids: string[]) => Promise<SubjectRecord[]>> = {
  product: (db, ids) =>
    db
      .select({
        id: products.id,
        ownerId: products.sellerId,
        text: products.title,
        parentTitle: sql<string | null>`null`,
        pageId: products.id,
        hidden: isHidden(products.hiddenAt),
        hiddenReason: products.hiddenReason,
        visible: shown(products.hiddenAt),
      })
      .from(products)
      .where(inArray(products.id, ids)),
  stay: (db, ids) =>
    db
      .select({
        id: stays.id,
        ownerId: stays.hostId,
        text: stays.title,
        parentTitle: sql<string | null>`null`,
        pageId: stays.id,
        hidden: isHidden(stays.hiddenAt),
        hiddenReason: stays.hiddenReason,
        visible: shown(stays.hiddenAt),
      })
      .from(stays)
      .where(inArray(stays.id, ids)),
  event: (db, ids) =>
    db
      .select({
        id: events.id,
        ownerId: events.organizerId,
        text: events.title,
        parentTitle: sql<string | null>`null`,
        pageId: events.id,
        hidden: isHidden(events.hiddenAt),
        hiddenReason: events.hiddenReason,
        visible: shown(events.hiddenAt),
      })
      .from(events)
      .where(inArray(events.id, ids)),
  course: (db, ids) =>
    db
      .select({
        id: courses.id,
        ownerId: courses.instructorId,
        text: courses.title,
        parentTitle: sql<string | null>`null`,
        pageId: courses.id,
        hidden: isHidden(courses.hiddenAt),
        hiddenReason: courses.hiddenReason,
        // A draft is its instructor's alone: nobody else can have seen it to report it.
        visible: sql<boolean>`(${courses.hiddenAt} is null and ${courses.publishedAt} is not null)`,
      })
      .from(courses)
      .where(inArray(courses.id, ids)),
  thread: (db, ids) =>
    db
      .select({
        id: threads.id,
        ownerId: threads.authorId,
        text: sql<string>`case when ${threads.title} <> '' then ${threads.title} else ${threads.content} end`,
        parentTitle: sql<string | null>`null`,
        pageId: threads.id,
        hidden: isHidden(threads.hiddenAt),
        hiddenReason: threads.hiddenReason,
        visible: shown(threads.hiddenAt),
      })
      .from(threads)
      .where(inArray(threads.id, ids)),
  reply: (db, ids) =>
    db
      .select({
        id: replies.id,
        ownerId: replies.authorId,
        text: replies.content,
        parentTitle: sql<string | null>`null`,
        pageId: replies.threadId,
        hidden: isHidden(replies.hiddenAt),
        hiddenReason: replies.hiddenReason,
        visible: shown(replies.hiddenAt, threads.hiddenAt),
      })
      .from(replies)
      .innerJoin(threads, eq(threads.id, replies.threadId))
      .where(inArray(replies.id, ids)),
  product_review: (db, ids) =>
    db
      .select({
        id: productReviews.id,
        ownerId: productReviews.userId,
        text: productReviews.comment,
        parentTitle: products.title,
        pageId: productReviews.productId,
        hidden: isHidden(productReviews.hiddenAt),
        hiddenReason: productReviews.hiddenReason,
        visible: shown(productReviews.hiddenAt, products.hiddenAt),
      })
      .from(productReviews)
      .innerJoin(products, eq(products.id, productReviews.productId))
      .where(inArray(productReviews.id, ids)),
  stay_review: (db, ids) =>
    db
      .select({
        id: stayReviews.id,
        ownerId: stayReviews.userId,
        text: stayReviews.comment,
        parentTitle: stays.title,
        pageId: stayReviews.stayId,
        hidden: isHidden(stayReviews.hiddenAt),
        hiddenReason: stayReviews.hiddenReason,
        visible: shown(stayReviews.hiddenAt, stays.hiddenAt),
      })
      .from(stayReviews)
      .innerJoin(stays, eq(stays.id, stayReviews.stayId))
      .where(inArray(stayReviews.id, ids)),
};

/** These items of one kind (any order); an id with no item is left out. */
export async function findSubjects(db: Db, subject: ReportSubject, ids: string[]): Promise<SubjectRecord[]> {
  return ids.length === 0 ? [] : SUBJECTS[subject](db, ids);
}

/** The table each kind lives in; every one has `id`, `hidden_at` and `hidden_reason`. */
const TABLES = {
  product: products,
  stay: stays,
  event: events,
  course: courses,
  thread: threads,
  reply: replies,
  product_review: productReviews,
  stay_review: stayReviews,
} as const;

const rowCount = (result: unknown) => (result as { rows: unknown[] }).rows.length;

/**
 * Hides the item with `reason` (already hidden: its reason changes), or (reason null) shows it again.
 * True when it went from shown to hidden or back; false when it already was, or is gone.
 */
export async function setHidden(
  db: Db,
  subject: ReportSubject,
  id: string,
  change: { reason: string; at: Date } | null,
): Promise<boolean> {
  const table = TABLES[subject];
  if (!change) {
    return (
      rowCount(
        await db.execute(sql`update ${table} set hidden_at = null, hidden_reason = null
          where id = ${id} and hidden_at is not null returning id`),
      ) > 0
    );
  }
  const flipped =
    rowCount(
      await db.execute(sql`update ${table} set hidden_at = ${change.at.toISOString()}::timestamptz,
        hidden_reason = ${change.reason} where id = ${id} and hidden_at is null returning id`),
    ) > 0;
  if (!flipped) {
    await db.execute(sql`update ${table} set hidden_reason = ${change.reason}
      where id = ${id} and hidden_at is not null`);
  }
  return flipped;
}

/**
 * What an item's hiding moves beside it: a review's rating in its listing's totals, a reply in its
 * thread's count. `by` is -1 when it was hidden, 1 when shown again.
 */
export async function moveTotals(db: Db, subject: ReportSubject, id: string, by: 1 | -1): Promise<void> {
  if (subject === 'product_review') {
    await db.execute(sql`update ${products} set rating_sum = rating_sum + ${by} * r.rating,
      review_count = review_count + ${by} from ${productReviews} r
      where r.id = ${id} and ${products.id} = r.product_id`);
  } else if (subject === 'stay_review') {
    await db.execute(sql`update ${stays} set rating_sum = rating_sum + ${by} * r.rating,
      review_count = review_count + ${by} from ${stayReviews} r
      where r.id = ${id} and ${stays.id} = r.stay_id`);
  } else if (subject === 'reply') {
    await db.execute(sql`update ${threads} set reply_count = reply_count + ${by} from ${replies} r
      where r.id = ${id} and ${threads.id} = r.thread_id`);
  }
}

// ---- cases and reports ------------------------------------------------------------------------

export type CaseRecord = {
  id: string;
  subject: ReportSubject;
  subjectId: string;
  ownerId: string;
  ownerName: string;
  ownerSuspended: boolean;
  state: ModerationState;
  openedAt: Date;
  decidedAt: Date | null;
};

const caseColumns = {
  id: moderationCases.id,
  subject: moderationCases.subject,
  subjectId: moderationCases.subjectId,
  ownerId: moderationCases.ownerId,
  ownerName: users.name,
  ownerSuspended: sql<boolean>`(${users.suspendedAt} is not null)`,
  state: moderationCases.state,
  openedAt: moderationCases.openedAt,
  decidedAt: moderationCases.decidedAt,
};

/**
 * The item's case, made on its first report and locked until the transaction ends, so the reports
 * of one item are counted (and it is hidden) one at a time. Answers the case as it stands once
 * locked, whatever was committed before.
 */
export async function lockCaseOf(
  db: Db,
  item: { subject: ReportSubject; subjectId: string; ownerId: string },
): Promise<{ id: string; state: ModerationState; decidedAt: Date | null }> {
  const [row] = await db
    .insert(moderationCases)
    .values(item)
    .onConflictDoUpdate({
      target: [moderationCases.subject, moderationCases.subjectId],
      set: { subject: sql`excluded.subject` },
    })
    .returning({
      id: moderationCases.id,
      state: moderationCases.state,
      decidedAt: moderationCases.decidedAt,
    });
  if (!row) throw new Error('upsert into moderation_cases returned no row');
  return row;
}

/** The case locked until the transaction ends; undefined when there is none. */
export async function lockCase(
  db: Db,
  id: string,
): Promise<
  | { id: string; subject: ReportSubject; subjectId: string; ownerId: string; state: ModerationState }
  | undefined
> {
  const [row] = await db
    .select({
      id: moderationCases.id,
      subject: moderationCases.subject,
      subjectId: moderationCases.subjectId,
      ownerId: moderationCases.ownerId,
      state: moderationCases.state,
    })
    .from(moderationCases)
    .where(eq(moderationCases.id, id))
    .for('update');
  return row;
}

/** Puts a decided case back in the queue: its first report since the decision opens it now. */
export async function reopenCase(db: Db, id: string, at: Date): Promise<void> {
  await db
    .update(moderationCases)
    .set({ decidedAt: null, openedAt: at })
    .where(and(eq(moderationCases.id, id), isNotNull(moderationCases.decidedAt)));
}

export async function updateCase(
  db: Db,
  id: string,
  values: { state: ModerationState; decidedAt?: Date },
): Promise<void> {
  await db.update(moderationCases).set(values).where(eq(moderationCases.id, id));
}

/** The report's id; undefined when this reporter already reported the case (nothing is written then). */
export async function insertReport(
  db: Db,
  values: { caseId: string; reporterId: string; reason: ReportReason; note: string; createdAt: Date },
): Promise<string | undefined> {
  const [row] = await db.insert(reports).values(values).onConflictDoNothing().returning({ id: reports.id });
  return row?.id;
}

export async function countReportsOfCase(db: Db, caseId: string): Promise<number> {
  const [row] = await db.select({ total: count() }).from(reports).where(eq(reports.caseId, caseId));
  return row?.total ?? 0;
}

/** Reports the account has sent since `since` (on the reports_reporter index). */
export async function countReportsBy(db: Db, reporterId: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(reports)
    .where(and(eq(reports.reporterId, reporterId), gt(reports.createdAt, since)));
  return row?.total ?? 0;
}

// Two-key advisory locks: the first key names what is locked (lib/hold-bounds.ts uses 25_001-2).
const REPORTER_LOCKS = 28_001;

/** One account's reports are taken one after the other, so two at once never both pass the day's bound. */
export async function lockReporter(db: Db, reporterId: string): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(${REPORTER_LOCKS}, hashtext(${reporterId}))`);
}

export async function insertDecision(
  db: Db,
  values: {
    caseId?: string;
    userId?: string;
    action: ModerationAction;
    reason: string;
    decidedBy: string | null;
    decidedAt: Date;
  },
): Promise<void> {
  await db.insert(moderationDecisions).values(values);
}

/** Open cases (waiting for an admin), the longest waiting first. */
export async function findOpenCases(db: Db, limit: number): Promise<CaseRecord[]> {
  return db
    .select(caseColumns)
    .from(moderationCases)
    .innerJoin(users, eq(users.id, moderationCases.ownerId))
    .where(isNull(moderationCases.decidedAt))
    .orderBy(asc(moderationCases.openedAt), asc(moderationCases.id))
    .limit(limit);
}

export async function findCaseById(db: Db, id: string): Promise<CaseRecord | undefined> {
  const [row] = await db
    .select(caseColumns)
    .from(moderationCases)
    .innerJoin(users, eq(users.id, moderationCases.ownerId))
    .where(eq(moderationCases.id, id));
  return row;
}

/** The cases' reports, oldest first, with their reporters' names. */
export async function findReportsOfCases(db: Db, caseIds: string[]) {
  if (caseIds.length === 0) return [];
  return db
    .select({
      id: reports.id,
      caseId: reports.caseId,
      reporterName: users.name,
      reason: reports.reason,
      note: reports.note,
      createdAt: reports.createdAt,
    })
    .from(reports)
    .innerJoin(users, eq(users.id, reports.reporterId))
    .where(inArray(reports.caseId, caseIds))
    .orderBy(asc(reports.createdAt), asc(reports.id));
}

/** The cases' decisions, oldest first, with the deciding admin's name (null: the three-report rule). */
export async function findDecisionsOfCases(db: Db, caseIds: string[]) {
  if (caseIds.length === 0) return [];
  return db
    .select({
      caseId: moderationDecisions.caseId,
      action: moderationDecisions.action,
      reason: moderationDecisions.reason,
      decidedBy: users.name,
      decidedAt: moderationDecisions.decidedAt,
    })
    .from(moderationDecisions)
    .leftJoin(users, eq(users.id, moderationDecisions.decidedBy))
    .where(inArray(moderationDecisions.caseId, caseIds))
    .orderBy(asc(moderationDecisions.decidedAt), asc(moderationDecisions.id));
}

// ---- accounts ---------------------------------------------------------------------------------

/** The account locked until the transaction ends, so one suspension is written at a time. */
export async function lockUser(
  db: Db,
  id: string,
): Promise<{ id: string; role: 'user' | 'admin' } | undefined> {
  const [row] = await db
    .select({ id: users.id, role: users.role })
    .from(users)
    .where(eq(users.id, id))
    .for('no key update');
  return row;
}

export async function suspendUser(db: Db, id: string, reason: string, at: Date): Promise<void> {
  await db.update(users).set({ suspendedAt: at, suspendedReason: reason }).where(eq(users.id, id));
}

/** The listings a suspension hides: what the account lists or runs. */
export const LISTING_SUBJECTS = ['product', 'stay', 'event', 'course'] as const;
export type ListingSubject = (typeof LISTING_SUBJECTS)[number];

const OWNER_COLUMNS = {
  product: 'seller_id',
  stay: 'host_id',
  event: 'organizer_id',
  course: 'instructor_id',
} as const satisfies Record<ListingSubject, string>;

/** Whether the kind is a listing, which a suspension hides. */
export const isListing = (subject: ReportSubject): subject is ListingSubject => subject in OWNER_COLUMNS;

/** Hides the account's listings of one kind not hidden already, with `reason`; answers their ids. */
export async function hideListingsOf(
  db: Db,
  subject: ListingSubject,
  ownerId: string,
  reason: string,
  at: Date,
): Promise<string[]> {
  const result =
    await db.execute(sql`update ${TABLES[subject]} set hidden_at = ${at.toISOString()}::timestamptz,
      hidden_reason = ${reason}
      where ${sql.identifier(OWNER_COLUMNS[subject])} = ${ownerId} and hidden_at is null returning id`);
  return (result as unknown as { rows: Array<{ id: string }> }).rows.map((row) => row.id);
}
