import { and, asc, count, desc, eq, gte, inArray, isNull, lte, sql, type SQL } from 'drizzle-orm';
import type { CancellationPolicy } from '@sokoni/contracts/cancellations';
import type { StayFilters } from '@sokoni/contracts/stays';
import type { Db } from '../../db/client.js';
import { epochMicros } from '../../lib/memory-index.js';
import { users } from '../../db/schema/accounts.js';
import { stayBookings, stayReviews, stays } from '../../db/schema/stays.js';

export type StayRecord = {
  id: string;
  title: string;
  description: string;
  location: string;
  pricePerNightCents: number;
  bedrooms: number;
  bathrooms: number;
  guests: number;
  images: string[];
  amenities: string[];
  hostId: string;
  hostName: string;
  ratingSum: number;
  reviewCount: number;
  cancellationPolicy: CancellationPolicy;
  createdAt: Date;
  /** #28: when moderators hid it (shown to its host only), and why; null while it is shown. */
  hiddenAt: Date | null;
  hiddenReason: string | null;
};

export type NewStay = typeof stays.$inferInsert;

/** Nights as a half-open range of days, [from, until): what the exclusion constraint compares. */
export type NightRange = { from: string; until: string };

const stayColumns = {
  id: stays.id,
  title: stays.title,
  description: stays.description,
  location: stays.location,
  pricePerNightCents: stays.pricePerNightCents,
  bedrooms: stays.bedrooms,
  bathrooms: stays.bathrooms,
  guests: stays.guests,
  images: stays.images,
  amenities: stays.amenities,
  hostId: stays.hostId,
  // A scalar subquery, not a join: the page is cut by its index first, then its names are looked up.
  hostName: sql<string>`(select ${users.name} from ${users} where ${users.id} = ${stays.hostId})`,
  ratingSum: stays.ratingSum,
  reviewCount: stays.reviewCount,
  cancellationPolicy: stays.cancellationPolicy,
  createdAt: stays.createdAt,
  hiddenAt: stays.hiddenAt,
  hiddenReason: stays.hiddenReason,
};

// ---- nights taken -------------------------------------------------------------------------------

/** A row's nights, written exactly as the exclusion constraint (and so its gist index) has them. */
const occupied = sql`daterange(${stayBookings.startDate}, ${stayBookings.startDate} + ${stayBookings.nights}, '[)')`;
const nightsOf = (range: NightRange) => sql`daterange(${range.from}::date, ${range.until}::date, '[)')`;
/** The day after a row's last night: the check-out day, as a date. */
const checkOut = sql`(${stayBookings.startDate} + ${stayBookings.nights})`;

/**
 * Rows that take nights at `at`: confirmed bookings, blocked dates, and holds not yet lapsed. A held
 * row past its time still sits in the constraint, but frees its dates for every reader at once. The
 * status list is the constraint's own predicate, so its partial index answers.
 */
const takesNights = (at: Date) =>
  sql`${stayBookings.status} in ('held', 'confirmed', 'blocked')
    and (${stayBookings.status} <> 'held' or ${stayBookings.holdExpiresAt} > ${at.toISOString()}::timestamptz)`;

// ---- the list ---------------------------------------------------------------------------------

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

/** The text searched, as the stays_text_trgm index holds it. */
const searchedText = sql`lower(${stays.title} || E'\\n' || ${stays.location})`;

/** The WHERE of a list query (stays shown only); `nights` are the ones a stay must have free. */
function whereOf(filters: StayFilters, nights: NightRange | undefined, at: Date): SQL | undefined {
  const conditions: Array<SQL | undefined> = [isNull(stays.hiddenAt)];
  if (filters.q) conditions.push(sql`${searchedText} like ${`%${escapeLike(filters.q.toLowerCase())}%`}`);
  if (filters.minPrice !== undefined)
    conditions.push(gte(stays.pricePerNightCents, Math.round(filters.minPrice * 100)));
  if (filters.maxPrice !== undefined)
    conditions.push(lte(stays.pricePerNightCents, Math.round(filters.maxPrice * 100)));
  if (filters.amenities?.length) {
    const wanted = sql.join(
      [...new Set(filters.amenities)].map((amenity) => sql`${amenity}`),
      sql`, `,
    );
    conditions.push(sql`${stays.amenities} @> array[${wanted}]::text[]`);
  }
  if (filters.guests !== undefined) conditions.push(gte(stays.guests, filters.guests));
  if (filters.host) conditions.push(eq(stays.hostId, filters.host));
  if (nights) {
    conditions.push(sql`not exists (select 1 from ${stayBookings}
      where ${stayBookings.stayId} = ${stays.id} and ${occupied} && ${nightsOf(nights)} and ${takesNights(at)})`);
  }
  return and(...conditions);
}

/** Best rated first (by the mean, then by how many reviews), unrated stays last. */
const bestRated: SQL[] = [
  sql`(${stays.reviewCount} = 0)`,
  sql`${stays.ratingSum}::numeric / nullif(${stays.reviewCount}, 0) desc nulls last`,
  desc(stays.reviewCount),
  asc(stays.id),
];

function orderOf(filters: StayFilters): SQL[] {
  if (filters.sort === 'priceLowHigh') return [asc(stays.pricePerNightCents), asc(stays.id)];
  if (filters.sort === 'priceHighLow') return [desc(stays.pricePerNightCents), desc(stays.id)];
  if (filters.sort === 'rating') return bestRated;
  return [desc(stays.createdAt), desc(stays.id)];
}

export async function findStays(
  db: Db,
  filters: StayFilters,
  nights: NightRange | undefined,
  at: Date,
): Promise<StayRecord[]> {
  return db
    .select(stayColumns)
    .from(stays)
    .where(whereOf(filters, nights, at))
    .orderBy(...orderOf(filters))
    .limit(filters.limit)
    .offset(filters.offset);
}

export async function countStays(
  db: Db,
  filters: StayFilters,
  nights: NightRange | undefined,
  at: Date,
): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(stays)
    .where(whereOf(filters, nights, at));
  return row?.total ?? 0;
}

/** These stays (any order); an id with no stay shown (#28: or one moderators hid) is left out. */
export async function findStaysByIds(db: Db, ids: string[]): Promise<StayRecord[]> {
  if (ids.length === 0) return [];
  return db
    .select(stayColumns)
    .from(stays)
    .where(and(isNull(stays.hiddenAt), sql`${stays.id} = any(${sql.param(ids)}::uuid[])`));
}

/**
 * What the stays list is filtered and ordered by, for each stay (or these stays only), with every
 * claim that may take its nights: confirmed bookings, blocked dates and holds (until their time).
 */
export type StayListingRow = {
  id: string;
  priceCents: number;
  amenities: string[];
  guests: number;
  hostId: string;
  /** Microseconds since the epoch, the database's own precision. */
  createdMicros: number;
  ratingSum: number;
  reviewCount: number;
  /**
   * Its claims by first night, as three arrays: each one's first night as a day number (days since
   * 1970-01-01), its nights, and until when it holds them (µs since the epoch; null: for good).
   * Numbers, read per stay: 200,000 claims as rows of strings and objects took some 190 MB of heap
   * for a moment while the list's index was built.
   */
  taken: { from: number[]; nights: number[]; heldUntil: Array<number | null> };
};

const byFirstNight = sql`order by ${stayBookings.startDate}`;
const NO_CLAIMS: StayListingRow['taken'] = { from: [], nights: [], heldUntil: [] };

/** The rows of the stays shown (moderators' hidden ones are not listed: #28). */
export async function findStayListingRows(db: Db, ids?: string[]): Promise<StayListingRow[]> {
  const only = and(
    isNull(stays.hiddenAt),
    ids ? sql`${stays.id} = any(${sql.param(ids)}::uuid[])` : undefined,
  );
  const [rows, claims] = await Promise.all([
    db
      .select({
        id: stays.id,
        priceCents: stays.pricePerNightCents,
        amenities: stays.amenities,
        guests: stays.guests,
        hostId: stays.hostId,
        createdMicros: epochMicros(stays.createdAt),
        ratingSum: stays.ratingSum,
        reviewCount: stays.reviewCount,
      })
      .from(stays)
      .where(only),
    db
      .select({
        stayId: stayBookings.stayId,
        from: sql<number[]>`array_agg(${stayBookings.startDate} - date '1970-01-01' ${byFirstNight})`,
        nights: sql<number[]>`array_agg(${stayBookings.nights} ${byFirstNight})`,
        heldUntil: sql<Array<number | null>>`array_agg(case when ${stayBookings.status} = 'held'
          then ${epochMicros(stayBookings.holdExpiresAt)} end ${byFirstNight})`,
      })
      .from(stayBookings)
      .where(
        and(
          sql`${stayBookings.status} in ('held', 'confirmed', 'blocked')`,
          ids ? sql`${stayBookings.stayId} = any(${sql.param(ids)}::uuid[])` : undefined,
        ),
      )
      .groupBy(stayBookings.stayId),
  ]);
  const taken = new Map(claims.map(({ stayId, ...claimed }) => [stayId, claimed]));
  return rows.map((row) => ({ ...row, taken: taken.get(row.id) ?? NO_CLAIMS }));
}

// ---- one stay ---------------------------------------------------------------------------------

export async function findStayById(db: Db, id: string): Promise<StayRecord | undefined> {
  const [row] = await db.select(stayColumns).from(stays).where(eq(stays.id, id));
  return row;
}

/**
 * Nights taken at `at` whose check-out is after `today`, soonest first: dates only, never who. The
 * holds of `heldBy` (a guest asking for themself) are not counted.
 */
export async function findTakenNights(
  db: Db,
  stayId: string,
  today: string,
  at: Date,
  heldBy?: string,
): Promise<Array<{ startDate: string; nights: number }>> {
  return db
    .select({ startDate: stayBookings.startDate, nights: stayBookings.nights })
    .from(stayBookings)
    .where(
      and(
        eq(stayBookings.stayId, stayId),
        sql`${checkOut} > ${today}::date`,
        takesNights(at),
        heldBy
          ? sql`not (${stayBookings.status} = 'held' and ${stayBookings.guestId} = ${heldBy})`
          : undefined,
      ),
    )
    .orderBy(asc(stayBookings.startDate), asc(stayBookings.id));
}

export type StayReviewRecord = {
  id: string;
  rating: number;
  comment: string;
  createdAt: Date;
  userId: string;
  userName: string;
  /** #28: when moderators hid it (shown to its author only), and why; null while it is shown. */
  hiddenAt: Date | null;
  hiddenReason: string | null;
};

const reviewColumns = {
  id: stayReviews.id,
  rating: stayReviews.rating,
  comment: stayReviews.comment,
  createdAt: stayReviews.createdAt,
  userId: stayReviews.userId,
  userName: users.name,
  hiddenAt: stayReviews.hiddenAt,
  hiddenReason: stayReviews.hiddenReason,
};

/** A stay's reviews, newest first, those moderators hid among them (the service shows each to its author alone). */
export async function findReviewsOfStay(db: Db, stayId: string): Promise<StayReviewRecord[]> {
  return db
    .select(reviewColumns)
    .from(stayReviews)
    .innerJoin(users, eq(users.id, stayReviews.userId))
    .where(eq(stayReviews.stayId, stayId))
    .orderBy(desc(stayReviews.createdAt), desc(stayReviews.id));
}

export async function findReviewById(db: Db, id: string): Promise<StayReviewRecord | undefined> {
  const [row] = await db
    .select(reviewColumns)
    .from(stayReviews)
    .innerJoin(users, eq(users.id, stayReviews.userId))
    .where(eq(stayReviews.id, id));
  return row;
}

export async function insertStay(db: Db, values: NewStay): Promise<string> {
  const [row] = await db.insert(stays).values(values).returning({ id: stays.id });
  if (!row) throw new Error('insert into stays returned no row');
  return row.id;
}

export async function updateStay(db: Db, id: string, values: Partial<NewStay>): Promise<void> {
  await db
    .update(stays)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(stays.id, id));
}

// ---- hosts ------------------------------------------------------------------------------------

/** A host's stays, newest first, with what their confirmed bookings have earned. */
export async function findStaysOfHost(db: Db, hostId: string) {
  return db
    .select({
      ...stayColumns,
      calendarToken: stays.calendarToken,
      earningsCents: sql<number>`coalesce((select sum(b.amount_cents) from stay_bookings b
        where b.stay_id = "stays"."id" and b.status = 'confirmed'), 0)`.mapWith(Number),
    })
    .from(stays)
    .where(eq(stays.hostId, hostId))
    .orderBy(desc(stays.createdAt), desc(stays.id));
}

/**
 * The stays' bookings held (not lapsed at `at`) or confirmed whose check-out is `today` or later, and
 * their blocked dates not yet over, each stay's soonest first, with the guest's name.
 */
export async function findCalendarsOfStays(db: Db, stayIds: string[], today: string, at: Date) {
  if (stayIds.length === 0) return [];
  return db
    .select({
      id: stayBookings.id,
      stayId: stayBookings.stayId,
      status: stayBookings.status,
      startDate: stayBookings.startDate,
      endDate: stayBookings.endDate,
      nights: stayBookings.nights,
      amountCents: stayBookings.amountCents,
      note: stayBookings.note,
      guestName: users.name,
    })
    .from(stayBookings)
    .leftJoin(users, eq(users.id, stayBookings.guestId))
    .where(
      and(
        inArray(stayBookings.stayId, stayIds),
        takesNights(at),
        sql`(${checkOut} > ${today}::date or (${checkOut} = ${today}::date and ${stayBookings.status} <> 'blocked'))`,
      ),
    )
    .orderBy(asc(stayBookings.startDate), asc(stayBookings.id));
}

/** Who hosts the stay, its feed's secret and whether moderators hid it; undefined for an unknown stay. */
export async function findStayKeys(
  db: Db,
  id: string,
): Promise<{ hostId: string; title: string; calendarToken: string; hidden: boolean } | undefined> {
  const [row] = await db
    .select({
      hostId: stays.hostId,
      title: stays.title,
      calendarToken: stays.calendarToken,
      hidden: sql<boolean>`(${stays.hiddenAt} is not null)`,
    })
    .from(stays)
    .where(eq(stays.id, id));
  return row;
}

/** Every row that takes nights at `at` and ends after `since`, for the stay's calendar feed. */
export async function findFeedRows(db: Db, stayId: string, since: string, at: Date) {
  return db
    .select({
      id: stayBookings.id,
      status: stayBookings.status,
      startDate: stayBookings.startDate,
      nights: stayBookings.nights,
      note: stayBookings.note,
      updatedAt: stayBookings.updatedAt,
    })
    .from(stayBookings)
    .where(and(eq(stayBookings.stayId, stayId), sql`${checkOut} > ${since}::date`, takesNights(at)))
    .orderBy(asc(stayBookings.startDate), asc(stayBookings.id));
}

export type FeedRow = Awaited<ReturnType<typeof findFeedRows>>[number];

/**
 * Marks the holds on the stay's `nights` that lapsed by `at` expired, so a new row for those nights
 * passes the exclusion constraint. Runs in the writing transaction.
 */
export async function expireLapsedHolds(db: Db, stayId: string, nights: NightRange, at: Date): Promise<void> {
  await db
    .update(stayBookings)
    .set({ status: 'expired', holdExpiresAt: null, updatedAt: at })
    .where(
      and(
        eq(stayBookings.stayId, stayId),
        eq(stayBookings.status, 'held'),
        sql`${stayBookings.holdExpiresAt} <= ${at.toISOString()}::timestamptz`,
        sql`${occupied} && ${nightsOf(nights)}`,
      ),
    );
}

export async function insertBlock(
  db: Db,
  block: { stayId: string; startDate: string; endDate: string; nights: number; note: string; at: Date },
) {
  const [row] = await db
    .insert(stayBookings)
    .values({
      stayId: block.stayId,
      status: 'blocked',
      startDate: block.startDate,
      endDate: block.endDate,
      nights: block.nights,
      note: block.note,
      createdAt: block.at,
      updatedAt: block.at,
    })
    .returning({
      id: stayBookings.id,
      startDate: stayBookings.startDate,
      endDate: stayBookings.endDate,
      note: stayBookings.note,
    });
  if (!row) throw new Error('insert into stay_bookings returned no row');
  return row;
}

/** Removes a block of the stay; false when it has no such block. */
export async function deleteBlock(db: Db, stayId: string, blockId: string): Promise<boolean> {
  const rows = await db
    .delete(stayBookings)
    .where(
      and(eq(stayBookings.id, blockId), eq(stayBookings.stayId, stayId), eq(stayBookings.status, 'blocked')),
    )
    .returning({ id: stayBookings.id });
  return rows.length > 0;
}

// ---- reviews ----------------------------------------------------------------------------------

/**
 * The guest's confirmed bookings of the stay, earliest first, each with its check-out day
 * ('YYYY-MM-DD') and whether it has its review.
 */
export async function findConfirmedStaysOf(
  db: Db,
  stayId: string,
  guestId: string,
): Promise<Array<{ id: string; checkOut: string; reviewed: boolean }>> {
  return db
    .select({
      id: stayBookings.id,
      checkOut: sql<string>`to_char(${checkOut}, 'YYYY-MM-DD')`,
      // Written out with the tables named: inside a subquery of stay_reviews, a bare "id" would be the review's.
      reviewed: sql<boolean>`exists (select 1 from stay_reviews r where r.booking_id = "stay_bookings"."id")`,
    })
    .from(stayBookings)
    .where(
      and(
        eq(stayBookings.stayId, stayId),
        eq(stayBookings.guestId, guestId),
        eq(stayBookings.status, 'confirmed'),
      ),
    )
    .orderBy(asc(stayBookings.startDate), asc(stayBookings.id));
}

export async function insertReview(db: Db, values: typeof stayReviews.$inferInsert): Promise<string> {
  const [row] = await db.insert(stayReviews).values(values).returning({ id: stayReviews.id });
  if (!row) throw new Error('insert into stay_reviews returned no row');
  return row.id;
}

/** Adds a rating to the stay's running totals. */
export async function addRating(db: Db, stayId: string, rating: number): Promise<void> {
  await db
    .update(stays)
    .set({ ratingSum: sql`${stays.ratingSum} + ${rating}`, reviewCount: sql`${stays.reviewCount} + 1` })
    .where(eq(stays.id, stayId));
}
