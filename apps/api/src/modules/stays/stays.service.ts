import { randomBytes, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { splitName } from '@sokoni/contracts/events-rules';
import { centsToShillings, shillingsToCents } from '@sokoni/contracts/money';
import {
  Stay,
  StaySummary,
  type CreateStayData,
  type HostBooking,
  type HostListing,
  type StayBlock,
  type StayFilters,
  type StayAvailability,
  type StayReview,
  type TakenRange,
  type UpdateStayData,
} from '@sokoni/contracts/stays';
import {
  STAY_MESSAGES,
  addDays,
  nightsOf,
  occupiedNights,
  stayBlockProblem,
  type StayAmenity,
} from '@sokoni/contracts/stays-rules';
import type { ReviewStanding } from '@sokoni/contracts/reviews';
import type { Db } from '../../db/client.js';
import { systemClock, type Clock } from '../../lib/clock.js';
import {
  badRequest,
  conflict,
  forbidden,
  isExclusionViolation,
  isUniqueViolation,
  notFound,
  type AppError,
} from '../../lib/errors.js';
import { isUuid } from '../../lib/ids.js';
import { requireAccess, type Access } from '../../lib/access.js';
import { localCacheBus, type CacheBus } from '../../lib/cache-bus.js';
import { encodeJsonBody, jsonArrayOf, type JsonBody } from '../../lib/json-body.js';
import { createTtlCache } from '../../lib/ttl-cache.js';
import type { AuthUser } from '../../lib/tokens.js';
import type { UploadsService } from '../uploads/uploads.service.js';
import * as repo from './stays.repository.js';
import { createStaysIndex, isIndexed } from './stays-index.js';
import { stayCalendar } from './stay-calendar.js';

/** How long a page of the stays list is served from memory. */
const LIST_TTL_MS = 5_000;
const StayList = z.array(StaySummary);
/** A page of the stays list as its encoded answer, and how many stays its filters keep in all. */
type StayPage = { json: JsonBody; total: number };
/** A review with who wrote it: one moderators hid is its author's alone to see. */
type AuthoredReview = { authorId: string; review: StayReview };
/**
 * A stay's page kept with its encoded answer, the same for whoever may see it (one moderators hid is
 * its host's alone, with the reason), and with every review and the authors of those hidden, from
 * which such an author's own answer is made.
 */
type StayDetail = {
  stay: Stay;
  json: JsonBody;
  reviews: AuthoredReview[];
  hiddenReviewAuthors: Set<string>;
};
/** How far back the calendar feed reaches: recent stays stay in the host's other calendars a while. */
const FEED_PAST_DAYS = 90;

const stayNotFound = () => notFound(STAY_MESSAGES.notFound, 'STAY_NOT_FOUND');

/** The calendar key as given against the stay's, in constant time (a wrong key tells nothing). */
function sameSecret(given: string | undefined, secret: string): boolean {
  if (!given) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(secret);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Mean of the ratings to one decimal; 0 with none. */
const ratingOf = (record: { ratingSum: number; reviewCount: number }) =>
  record.reviewCount === 0 ? 0 : Math.round((record.ratingSum / record.reviewCount) * 10) / 10;

function toSummary(record: repo.StayRecord): StaySummary {
  return {
    id: record.id,
    title: record.title,
    description: record.description,
    location: record.location,
    pricePerNight: centsToShillings(record.pricePerNightCents),
    bedrooms: record.bedrooms,
    bathrooms: record.bathrooms,
    guests: record.guests,
    images: record.images,
    // The table's check keeps them to the contract's list.
    amenities: record.amenities as StayAmenity[],
    hostId: record.hostId,
    host: { id: record.hostId, name: record.hostName },
    rating: ratingOf(record),
    reviewCount: record.reviewCount,
    cancellationPolicy: record.cancellationPolicy,
    ...(record.hiddenAt ? { moderation: { hiddenReason: record.hiddenReason ?? '' } } : {}),
  };
}

const toReview = (record: repo.StayReviewRecord): StayReview => ({
  id: record.id,
  rating: record.rating,
  comment: record.comment,
  createdAt: record.createdAt.toISOString(),
  user: { name: record.userName },
  ...(record.hiddenAt ? { moderation: { hiddenReason: record.hiddenReason ?? '' } } : {}),
});

/** A row's nights as the calendar shows them: [first night, check-out day). */
const toTakenRange = (range: { startDate: string; nights: number }): TakenRange => ({
  startDate: range.startDate,
  endDate: addDays(range.startDate, range.nights),
});

type CalendarRow = Awaited<ReturnType<typeof repo.findCalendarsOfStays>>[number];

const toBlock = (row: Pick<CalendarRow, 'id' | 'startDate' | 'endDate' | 'note'>): StayBlock => ({
  id: row.id,
  startDate: row.startDate,
  endDate: row.endDate,
  note: row.note,
});

type BookingRow = CalendarRow & { status: HostBooking['status'] };
const isBooking = (row: CalendarRow): row is BookingRow => row.status !== 'blocked';

/** A booking as its host sees it: the guest's first name, never more. */
const toHostBooking = (row: BookingRow): HostBooking => ({
  id: row.id,
  startDate: row.startDate,
  endDate: row.endDate,
  nights: row.nights,
  amount: centsToShillings(row.amountCents),
  status: row.status,
  guest: { firstName: splitName(row.guestName ?? '').firstName },
});

/** The booking a guest's review would be of, or why they may not review the stay now. */
type ReviewTurn = { id: string } | { refusal: AppError };

/**
 * The earliest stay that is over and not reviewed yet. Without one: a stay still to come says when
 * its review opens; every stay over reviewed already says so; no confirmed stay, only guests may.
 */
function reviewTurn(
  stays: Array<{ id: string; checkOut: string; reviewed: boolean }>,
  today: string,
): ReviewTurn {
  const open = stays.find((stay) => stay.checkOut <= today && !stay.reviewed);
  if (open) return { id: open.id };
  const nextCheckOut = stays
    .map((stay) => stay.checkOut)
    .filter((day) => day > today)
    .sort()[0];
  if (nextCheckOut)
    return { refusal: forbidden(STAY_MESSAGES.reviewAfterCheckOut(nextCheckOut), 'REVIEW_NOT_YET') };
  if (stays.length > 0) return { refusal: conflict(STAY_MESSAGES.reviewAlreadyWritten, 'ALREADY_REVIEWED') };
  return { refusal: forbidden(STAY_MESSAGES.reviewNotEligible, 'REVIEW_NOT_ELIGIBLE') };
}

const reviewStanding = (turn: ReviewTurn): ReviewStanding =>
  'refusal' in turn
    ? { canReview: false, code: turn.refusal.code, message: turn.refusal.message }
    : { canReview: true, code: null, message: null };

export type StaysService = ReturnType<typeof createStaysService>;

/** Anyone sees a stay; only its host changes it. */
const hostAccess: Access<{ hostId: string }> = {
  ownerOf: (stay) => stay.hostId,
  notFound: stayNotFound,
  notOwner: () => forbidden(STAY_MESSAGES.notHost, 'NOT_HOST'),
};

/**
 * Stays: listings, their availability, hosts' blocked dates and calendar feeds, and reviews. Which
 * nights are free is decided by the database (stay_bookings' exclusion constraint); the bookings
 * themselves belong to the bookings service, which tells this one when nights change.
 */
export function createStaysService(deps: {
  db: Db;
  uploads: Pick<UploadsService, 'claim'>;
  /** Sokoni's own origin, for the listing's calendar feed address (read when one is made). */
  siteUrl: () => string;
  clock?: Clock;
  /** How the other server processes on the database hear of changes (alone: none). */
  caches?: CacheBus;
}) {
  const { db } = deps;
  const clock = deps.clock ?? systemClock;
  const at = () => new Date(clock.now());
  /**
   * Pages of the stays list (kept from their second asking), stays' answers and stays' pages, for a
   * few seconds. Which stays a page holds is chosen in memory, from nights as the database has them
   * at the moment of asking (docs/decisions/0014), but for a search; a booking is decided by the
   * database. Every write clears them, here and in every other process on the database
   * (docs/decisions/0013); the time to live bounds what no write announces, a hold lapsing.
   */
  const listPages = createTtlCache<StayPage>({
    ttlMs: LIST_TTL_MS,
    maxEntries: 500,
    now: clock.now,
    fromSecondAsking: true,
  });
  const answers = createTtlCache<JsonBody | undefined>({
    ttlMs: LIST_TTL_MS,
    maxEntries: 5000,
    now: clock.now,
  });
  const details = createTtlCache<StayDetail | undefined>({
    ttlMs: LIST_TTL_MS,
    maxEntries: 1000,
    now: clock.now,
  });
  const caches = deps.caches ?? localCacheBus;
  const listChanged = caches.topic('stays', () => {
    listPages.clear();
    answers.clear();
    details.clear();
  });
  const index = createStaysIndex(db, clock.now);
  /** A stay's listing, rating or nights changed (or, without an id, many). */
  const listingChanged = caches.topic('stay-listing', index.forget);
  /**
   * The stay's answer, the pages it is on and its place in the index, here and in every other
   * process; in a transaction, the others hear of it when it commits.
   */
  const stayChanged = async (id: string, tx?: Db) => {
    await listingChanged(tx, id);
    await listChanged(tx);
  };

  /** A page chosen by the index: its stays' kept answers, one after the other. */
  async function indexedPage(filters: StayFilters): Promise<StayPage> {
    const nights =
      filters.from && filters.to
        ? occupiedNights({ startDate: filters.from, endDate: filters.to })
        : undefined;
    const { ids, total } = await index.page(filters, nights, at());
    const found = await answers.getMany(
      ids,
      async (missing) => {
        const records = await repo.findStaysByIds(db, missing);
        return new Map(records.map((record) => [record.id, encodeJsonBody(StaySummary, toSummary(record))]));
      },
      undefined,
    );
    // A stay gone after its page was chosen is left out.
    return { json: jsonArrayOf(found.filter((stay) => stay !== undefined)), total };
  }

  /** A page of a search, from the database with its total. */
  async function searchedPage(filters: StayFilters): Promise<StayPage> {
    const moment = at();
    const nights =
      filters.from && filters.to
        ? occupiedNights({ startDate: filters.from, endDate: filters.to })
        : undefined;
    const [records, total] = await Promise.all([
      repo.findStays(db, filters, nights, moment),
      repo.countStays(db, filters, nights, moment),
    ]);
    return { json: encodeJsonBody(StayList, records.map(toSummary)), total };
  }

  /** A stay's page as of `today`, from the database: the nights it shows are those from then on. */
  async function readDetail(id: string, today: string): Promise<StayDetail | undefined> {
    const [record, taken, records] = await Promise.all([
      repo.findStayById(db, id),
      repo.findTakenNights(db, id, today, at()),
      repo.findReviewsOfStay(db, id),
    ]);
    if (!record) return undefined;
    const reviews = records.map((review) => ({ authorId: review.userId, review: toReview(review) }));
    const hidden = reviews.filter((entry) => entry.review.moderation);
    const stay: Stay = {
      ...toSummary(record),
      bookings: taken.map(toTakenRange),
      reviews: reviews.filter((entry) => !entry.review.moderation).map((entry) => entry.review),
    };
    return {
      stay,
      json: encodeJsonBody(Stay, stay),
      reviews,
      hiddenReviewAuthors: new Set(hidden.map((entry) => entry.authorId)),
    };
  }

  async function findOrThrow(id: string): Promise<repo.StayRecord> {
    const record = isUuid(id) ? await repo.findStayById(db, id) : undefined;
    if (!record) throw stayNotFound();
    return record;
  }

  /** The stay as `callerId` may see it: one moderators hid is its host's alone (#28). */
  async function findShownOrThrow(id: string, callerId: string | undefined): Promise<repo.StayRecord> {
    const record = await findOrThrow(id);
    if (record.hiddenAt && record.hostId !== callerId) throw stayNotFound();
    return record;
  }

  /** Refused unless the stay exists and the caller hosts it. */
  async function refuseUnlessHost(caller: AuthUser, id: string): Promise<void> {
    requireAccess(caller, isUuid(id) ? await repo.findStayKeys(db, id) : undefined, hostAccess);
  }

  /** A listing's photos must be the host's own uploads (or sample images). */
  async function claimImages(tx: Db, caller: AuthUser, images: string[]): Promise<void> {
    if (!(await deps.uploads.claim(tx, caller, images)))
      throw badRequest(STAY_MESSAGES.foreignImage, 'FOREIGN_IMAGE');
  }

  /**
   * One stay and its encoded answer, with the nights taken from today on (dates only, never who) and
   * its reviews, newest first; kept per day, as the nights shown start today. What moderators hid is
   * shown to its owner (`callerId`) alone, with the reason: a hidden review's author gets an answer
   * of their own.
   */
  async function get(id: string, callerId?: string): Promise<{ stay: Stay; json: JsonBody }> {
    const today = clock.today();
    const detail = isUuid(id) ? await details.get(`${today}|${id}`, () => readDetail(id, today)) : undefined;
    if (!detail || (detail.stay.moderation && detail.stay.hostId !== callerId)) throw stayNotFound();
    if (callerId === undefined || !detail.hiddenReviewAuthors.has(callerId)) return detail;
    const stay: Stay = {
      ...detail.stay,
      reviews: detail.reviews
        .filter((entry) => !entry.review.moderation || entry.authorId === callerId)
        .map((entry) => entry.review),
    };
    return { stay, json: encodeJsonBody(Stay, stay) };
  }

  return {
    get,

    /**
     * The stay's nights taken from today on as the caller sees them: their own bookings awaiting
     * payment are not counted, as booking those nights again supersedes them (#26). With it, whether
     * they may review the stay now, or why not (#28).
     */
    async availabilityFor(caller: AuthUser, id: string): Promise<StayAvailability> {
      const stay = isUuid(id) ? await repo.findStayKeys(db, id) : undefined;
      if (!stay || (stay.hidden && stay.hostId !== caller.sub)) throw stayNotFound();
      const [taken, stays] = await Promise.all([
        repo.findTakenNights(db, id, clock.today(), at(), caller.sub),
        repo.findConfirmedStaysOf(db, id, caller.sub),
      ]);
      return { bookings: taken.map(toTakenRange), review: reviewStanding(reviewTurn(stays, clock.today())) };
    },

    /** One page of stays under the filters as its encoded answer, and how many there are under them. */
    list(filters: StayFilters): Promise<StayPage> {
      return listPages.get(JSON.stringify(filters), () =>
        isIndexed(filters) ? indexedPage(filters) : searchedPage(filters),
      );
    },

    /** Lists a place for the caller: the host is whoever is signed in, whatever the body says. */
    async create(caller: AuthUser, input: CreateStayData): Promise<Stay> {
      const moment = at();
      const id = await db.transaction(async (tx) => {
        await claimImages(tx, caller, input.images);
        return repo.insertStay(tx, {
          title: input.title,
          description: input.description,
          location: input.location,
          pricePerNightCents: shillingsToCents(input.pricePerNight),
          bedrooms: input.bedrooms,
          bathrooms: input.bathrooms,
          guests: input.guests,
          images: input.images,
          amenities: input.amenities,
          cancellationPolicy: input.cancellationPolicy,
          hostId: caller.sub,
          calendarToken: randomBytes(16).toString('hex'),
          createdAt: moment,
          updatedAt: moment,
        });
      });
      await stayChanged(id);
      return (await get(id, caller.sub)).stay;
    },

    /** Changes a listing, for its host only; new photos must be their own uploads. */
    async update(caller: AuthUser, id: string, input: UpdateStayData): Promise<Stay> {
      const current = requireAccess(caller, await findOrThrow(id), hostAccess);
      await db.transaction(async (tx) => {
        if (input.images) {
          const added = input.images.filter((image) => !current.images.includes(image));
          await claimImages(tx, caller, added);
        }
        await repo.updateStay(tx, current.id, {
          title: input.title,
          description: input.description,
          location: input.location,
          pricePerNightCents:
            input.pricePerNight === undefined ? undefined : shillingsToCents(input.pricePerNight),
          bedrooms: input.bedrooms,
          bathrooms: input.bathrooms,
          guests: input.guests,
          images: input.images,
          amenities: input.amenities,
          cancellationPolicy: input.cancellationPolicy,
          updatedAt: at(),
        });
      });
      await stayChanged(current.id);
      return (await get(current.id, caller.sub)).stay;
    },

    /**
     * The caller's listings, newest first, each with its bookings to come (held or confirmed, until
     * their check-out day), its blocked dates, what it has earned and its calendar feed's address.
     */
    async listOfHost(caller: AuthUser): Promise<HostListing[]> {
      const records = await repo.findStaysOfHost(db, caller.sub);
      const rows = await repo.findCalendarsOfStays(
        db,
        records.map((record) => record.id),
        clock.today(),
        at(),
      );
      return records.map((record) => {
        const own = rows.filter((row) => row.stayId === record.id);
        return {
          ...toSummary(record),
          upcomingBookings: own.filter(isBooking).map(toHostBooking),
          blocks: own.filter((row) => row.status === 'blocked').map(toBlock),
          earnings: centsToShillings(record.earningsCents),
          calendarUrl: `${deps.siteUrl()}/api/stays/${record.id}/calendar.ics?key=${record.calendarToken}`,
        };
      });
    },

    /**
     * Closes nights of the host's stay (maintenance, booked elsewhere). The database refuses nights
     * a booking or another block holds; holds that lapsed are ended first, as they free their nights.
     */
    async block(
      caller: AuthUser,
      id: string,
      input: { startDate: string; endDate: string; note: string },
    ): Promise<StayBlock> {
      await refuseUnlessHost(caller, id);
      const problem = stayBlockProblem(input.startDate, input.endDate, clock.today());
      if (problem) throw badRequest(problem, 'STAY_DATES_INVALID');
      const range = { startDate: input.startDate, endDate: input.endDate };
      const nights = occupiedNights(range);
      try {
        const block = await db.transaction(async (tx) => {
          await repo.expireLapsedHolds(tx, id, nights, at());
          return repo.insertBlock(tx, {
            stayId: id,
            ...range,
            nights: nightsOf(range.startDate, range.endDate),
            note: input.note,
            at: at(),
          });
        });
        await stayChanged(id);
        return toBlock(block);
      } catch (error) {
        if (isExclusionViolation(error)) throw conflict(STAY_MESSAGES.datesBooked, 'DATES_TAKEN');
        throw error;
      }
    },

    /** Opens blocked nights of the host's stay again. */
    async unblock(caller: AuthUser, id: string, blockId: string): Promise<void> {
      await refuseUnlessHost(caller, id);
      if (!isUuid(blockId) || !(await repo.deleteBlock(db, id, blockId)))
        throw notFound(STAY_MESSAGES.blockNotFound, 'BLOCK_NOT_FOUND');
      await stayChanged(id);
    },

    /**
     * The stay's calendar feed, for whoever holds its key (the host put it in their other
     * calendars). A wrong key is answered like an unknown stay.
     */
    async calendarFeed(id: string, key: string | undefined): Promise<string> {
      const stay = isUuid(id) ? await repo.findStayKeys(db, id) : undefined;
      if (!stay || !sameSecret(key, stay.calendarToken)) throw stayNotFound();
      const rows = await repo.findFeedRows(db, id, addDays(clock.today(), -FEED_PAST_DAYS), at());
      return stayCalendar(stay, rows);
    },

    /**
     * A guest's review: one per confirmed booking whose check-out day has come, the earliest such
     * booking not yet reviewed; the stay's rating moves in the same transaction. Two reviews of one
     * booking at once: its unique key lets one in.
     */
    async review(
      caller: AuthUser,
      id: string,
      input: { rating: number; comment: string },
    ): Promise<StayReview> {
      const stay = await findShownOrThrow(id, caller.sub);
      try {
        const reviewId = await db.transaction(async (tx) => {
          const turn = reviewTurn(await repo.findConfirmedStaysOf(tx, stay.id, caller.sub), clock.today());
          if ('refusal' in turn) throw turn.refusal;
          const inserted = await repo.insertReview(tx, {
            stayId: stay.id,
            userId: caller.sub,
            bookingId: turn.id,
            rating: input.rating,
            comment: input.comment,
            createdAt: at(),
          });
          await repo.addRating(tx, stay.id, input.rating);
          return inserted;
        });
        await stayChanged(stay.id);
        const review = await repo.findReviewById(db, reviewId);
        if (!review) throw new Error(`review ${reviewId} vanished after insert`);
        return toReview(review);
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict(STAY_MESSAGES.reviewAlreadyWritten, 'ALREADY_REVIEWED');
        throw error;
      }
    },

    /** Something outside this service changed which nights of the stay are taken (a booking, a lapse). */
    nightsChanged: (stayId: string, tx?: Db) => stayChanged(stayId, tx),

    /**
     * Moderators hid these stays or showed them again, or moved their ratings (#28), in `tx`:
     * forgotten by the index and the kept answers here and in every process once it commits.
     */
    async moderated(tx: Db, ids: string[]): Promise<void> {
      for (const id of ids) await listingChanged(tx, id);
      await listChanged(tx);
    },
  };
}
