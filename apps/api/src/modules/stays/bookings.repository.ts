import { and, asc, count, desc, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { CancellationPolicy } from '@sokoni/contracts/cancellations';
import type { BookingStatus } from '@sokoni/contracts/stays-rules';
import type { Db } from '../../db/client.js';
import { users } from '../../db/schema/accounts.js';
import { payments } from '../../db/schema/payments.js';
import { stayBookings, stays } from '../../db/schema/stays.js';
import { isExclusionViolation } from '../../lib/errors.js';
import { heldOf, holderSums, type Holder } from '../../lib/hold-bounds.js';
import type { NightRange } from './stays.repository.js';

/** A guest's booking as stored (a host's blocked dates are never one: they have no guest). */
export type BookingRecord = {
  id: string;
  stayId: string;
  guestId: string;
  status: BookingStatus;
  startDate: string;
  endDate: string;
  nights: number;
  pricePerNightCents: number;
  amountCents: number;
  holdExpiresAt: Date | null;
  paymentReference: string | null;
  /** A confirmed stay its guest cancelled (#27), and what of its price went back to them. */
  cancelledAt: Date | null;
  refundCents: number | null;
  createdAt: Date;
};

/** The rows the exclusion constraint refused: their nights overlap nights another row holds. */
export const NIGHTS_TAKEN = 'taken';
type Taken = typeof NIGHTS_TAKEN;

const bookingColumns = {
  id: stayBookings.id,
  stayId: stayBookings.stayId,
  // Every row with a guest is a booking (check stay_bookings_guest), never a block.
  guestId: sql<string>`${stayBookings.guestId}`,
  status: sql<BookingStatus>`${stayBookings.status}`,
  startDate: stayBookings.startDate,
  endDate: stayBookings.endDate,
  nights: stayBookings.nights,
  pricePerNightCents: stayBookings.pricePerNightCents,
  amountCents: stayBookings.amountCents,
  holdExpiresAt: stayBookings.holdExpiresAt,
  paymentReference: stayBookings.paymentReference,
  cancelledAt: stayBookings.cancelledAt,
  refundCents: stayBookings.refundCents,
  createdAt: stayBookings.createdAt,
};

const isBooking = sql`${stayBookings.guestId} is not null`;

/**
 * A write that takes nights, in a savepoint of `db`'s transaction: when the exclusion constraint
 * refuses it, only the savepoint rolls back and the transaction goes on (a settling payment must
 * still record that it bought nothing).
 */
async function takingNights<T>(db: Db, write: (savepoint: Db) => Promise<T>): Promise<T | Taken> {
  try {
    return await db.transaction(write);
  } catch (error) {
    if (isExclusionViolation(error)) return NIGHTS_TAKEN;
    throw error;
  }
}

// ---- locks: the guest, then the stay, then its bookings, in that order everywhere ---------------

/**
 * The stay locked while its nights are written: its price is the one the booking is made at. `hidden`:
 * moderators hid it (#28), so it takes no new booking.
 */
export async function lockStay(
  db: Db,
  stayId: string,
): Promise<
  | {
      id: string;
      title: string;
      hostId: string;
      pricePerNightCents: number;
      cancellationPolicy: CancellationPolicy;
      hidden: boolean;
    }
  | undefined
> {
  const [row] = await db
    .select({
      id: stays.id,
      title: stays.title,
      hostId: stays.hostId,
      pricePerNightCents: stays.pricePerNightCents,
      cancellationPolicy: stays.cancellationPolicy,
      hidden: sql<boolean>`(${stays.hiddenAt} is not null)`,
    })
    .from(stays)
    .where(eq(stays.id, stayId))
    .for('no key update');
  return row;
}

export async function findBookingById(db: Db, id: string): Promise<BookingRecord | undefined> {
  const [row] = await db
    .select(bookingColumns)
    .from(stayBookings)
    .where(and(eq(stayBookings.id, id), isBooking));
  return row;
}

export async function lockBooking(db: Db, id: string): Promise<BookingRecord | undefined> {
  const [row] = await db
    .select(bookingColumns)
    .from(stayBookings)
    .where(and(eq(stayBookings.id, id), isBooking))
    .for('update');
  return row;
}

/** The guest's bookings held and not lapsed at `at` (but `except`). */
export async function countLiveHolds(db: Db, guestId: string, at: Date, except?: string): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(stayBookings)
    .where(
      and(
        eq(stayBookings.guestId, guestId),
        eq(stayBookings.status, 'held'),
        gt(stayBookings.holdExpiresAt, at),
        except ? ne(stayBookings.id, except) : undefined,
      ),
    );
  return row?.total ?? 0;
}

/** The day after a booking's last night: its check-out day, as a date. */
const checkOut = sql`(${stayBookings.startDate} + ${stayBookings.nights})`;
/** A booking's nights as the exclusion constraint compares them. */
const occupied = sql`daterange(${stayBookings.startDate}, ${checkOut}, '[)')`;

/**
 * The guest's bookings of the stay held and not lapsed at `at` whose nights overlap `nights` (but
 * `except`): the holds a guest's new hold of those nights ends, as their own hold never blocks them.
 */
export async function findOwnHoldsOverlapping(
  db: Db,
  hold: { guestId: string; stayId: string; nights: NightRange; at: Date; except?: string },
): Promise<string[]> {
  const rows = await db
    .select({ id: stayBookings.id })
    .from(stayBookings)
    .where(
      and(
        eq(stayBookings.guestId, hold.guestId),
        eq(stayBookings.stayId, hold.stayId),
        eq(stayBookings.status, 'held'),
        gt(stayBookings.holdExpiresAt, hold.at),
        sql`${occupied} && daterange(${hold.nights.from}::date, ${hold.nights.until}::date, '[)')`,
        hold.except ? ne(stayBookings.id, hold.except) : undefined,
      ),
    )
    .orderBy(asc(stayBookings.id));
  return rows.map((row) => row.id);
}

// ---- writes that take or free nights -------------------------------------------------------------

export async function insertHeldBooking(
  db: Db,
  values: {
    stayId: string;
    guestId: string;
    startDate: string;
    endDate: string;
    nights: number;
    pricePerNightCents: number;
    holdExpiresAt: Date;
    network: string;
    at: Date;
  },
): Promise<BookingRecord | Taken> {
  return takingNights(db, async (savepoint) => {
    const [row] = await savepoint
      .insert(stayBookings)
      .values({
        stayId: values.stayId,
        guestId: values.guestId,
        status: 'held',
        startDate: values.startDate,
        endDate: values.endDate,
        nights: values.nights,
        pricePerNightCents: values.pricePerNightCents,
        amountCents: values.nights * values.pricePerNightCents,
        holdExpiresAt: values.holdExpiresAt,
        network: values.network,
        createdAt: values.at,
        updatedAt: values.at,
      })
      .returning(bookingColumns);
    if (!row) throw new Error('insert into stay_bookings returned no row');
    return row;
  });
}

/**
 * Holds the booking's nights (again) until `until`, for a payer on `network`: refused when another
 * row took them meanwhile.
 */
export async function holdBooking(
  db: Db,
  id: string,
  hold: { until: Date; network: string; at: Date },
): Promise<void | Taken> {
  return takingNights(db, async (savepoint) => {
    await savepoint
      .update(stayBookings)
      .set({ status: 'held', holdExpiresAt: hold.until, network: hold.network, updatedAt: hold.at })
      .where(eq(stayBookings.id, id));
  });
}

/** Confirms a held or expired booking as paid by `reference`; an expired one only if its nights are free. */
export async function confirmBooking(
  db: Db,
  id: string,
  reference: string,
  at: Date,
): Promise<boolean | Taken> {
  return takingNights(db, async (savepoint) => {
    const rows = await savepoint
      .update(stayBookings)
      .set({
        status: 'confirmed',
        paymentReference: reference,
        confirmedAt: at,
        holdExpiresAt: null,
        updatedAt: at,
      })
      .where(and(eq(stayBookings.id, id), sql`${stayBookings.status} in ('held', 'expired')`))
      .returning({ id: stayBookings.id });
    return rows.length > 0;
  });
}

/** Ends the booking's hold if it is still held: the stay whose nights it frees, or undefined. */
export async function expireHeldBooking(db: Db, id: string, at: Date): Promise<string | undefined> {
  const [row] = await db
    .update(stayBookings)
    .set({ status: 'expired', holdExpiresAt: null, updatedAt: at })
    .where(and(eq(stayBookings.id, id), eq(stayBookings.status, 'held')))
    .returning({ stayId: stayBookings.stayId });
  return row?.stayId;
}

export async function cancelBooking(db: Db, id: string, at: Date): Promise<void> {
  await db
    .update(stayBookings)
    .set({ status: 'cancelled', holdExpiresAt: null, updatedAt: at })
    .where(eq(stayBookings.id, id));
}

/** A confirmed stay cancelled by its guest (#27): its nights free at once, `refundCents` given back. */
export async function cancelConfirmedBooking(
  db: Db,
  id: string,
  cancellation: { at: Date; refundCents: number },
): Promise<void> {
  await db
    .update(stayBookings)
    .set({
      status: 'cancelled',
      cancelledAt: cancellation.at,
      refundCents: cancellation.refundCents,
      updatedAt: cancellation.at,
    })
    .where(and(eq(stayBookings.id, id), eq(stayBookings.status, 'confirmed')));
}

/**
 * Nights held unpaid now, at one stay and in all: by the holder, and (for a young holder) by young
 * accounts of their network; `except` leaves a booking out (the one being held again).
 */
export async function nightsHeld(db: Db, stayId: string, holder: Holder, except?: string) {
  const sums = holderSums(
    holder,
    { userId: stayBookings.guestId, network: stayBookings.network, accountCreatedAt: users.createdAt },
    stayBookings.nights,
  );
  const here = sql`${stayBookings.stayId} = ${stayId}`;
  const [row] = await db
    .select(sums.hereAndAll(here))
    .from(stayBookings)
    .innerJoin(users, eq(users.id, stayBookings.guestId))
    .where(
      and(
        eq(stayBookings.status, 'held'),
        gt(stayBookings.holdExpiresAt, holder.at),
        except ? ne(stayBookings.id, except) : undefined,
        sums.whose,
      ),
    );
  return heldOf(row);
}

/** Is a payment of the booking under way: pending, with its hold still open at `at`? */
export async function hasOpenPayment(db: Db, bookingId: string, at: Date): Promise<boolean> {
  const [row] = await db
    .select({ id: payments.id })
    .from(payments)
    .where(
      and(
        eq(payments.paymentType, 'booking'),
        eq(payments.subjectId, bookingId),
        eq(payments.status, 'pending'),
        isNull(payments.holdEndedAt),
        gt(payments.holdExpiresAt, at),
      ),
    )
    .limit(1);
  return row !== undefined;
}

// ---- what guests see ----------------------------------------------------------------------------

/** The stay's host: a second look at users beside the guest's. */
const host = alias(users, 'host');

/** Rows of the booking's stay (the outer query's) other than itself whose nights overlap its own. */
const overlappingRows = sql`select 1 from stay_bookings other
  where other.stay_id = ${stayBookings.stayId} and other.id <> ${stayBookings.id}
    and daterange(other.start_date, other.start_date + other.nights, '[)') && ${occupied}`;

const tripColumns = (at: Date) => ({
  ...bookingColumns,
  stayTitle: stays.title,
  stayLocation: stays.location,
  stayImage: sql<string | null>`${stays.images}[1]`,
  hostName: host.name,
  hostEmail: host.email,
  cancellationPolicy: stays.cancellationPolicy,
  /** The refund of the latest payment of the booking that has one (a payment that came too late). */
  refund: sql<'pending' | 'refunded' | null>`(select ${payments.refundStatus} from ${payments}
    where ${payments.paymentType} = 'booking' and ${payments.subjectId} = ${stayBookings.id}::text
      and ${payments.refundStatus} is not null
    order by ${payments.createdAt} desc limit 1)`,
  /** No other row takes any of its nights at `at`: a booking that ended unpaid could be held again. */
  nightsFree: sql<boolean>`not exists (${overlappingRows}
    and other.status in ('held', 'confirmed', 'blocked')
    and (other.status <> 'held' or other.hold_expires_at > ${at.toISOString()}::timestamptz))`,
});

export type TripRecord = BookingRecord & {
  stayTitle: string;
  stayLocation: string;
  stayImage: string | null;
  hostName: string;
  hostEmail: string;
  cancellationPolicy: CancellationPolicy;
  refund: 'pending' | 'refunded' | null;
  nightsFree: boolean;
};

const trips = (db: Db, at: Date) =>
  db
    .select(tripColumns(at))
    .from(stayBookings)
    .innerJoin(stays, eq(stays.id, stayBookings.stayId))
    .innerJoin(host, eq(host.id, stays.hostId));

/**
 * An attempt that ended unpaid (expired or cancelled) which the guest has booked again since: another
 * booking of theirs of some of its nights is live at `at` (held or confirmed) or was made after it
 * (of two made at the same moment, the one with the greater id counts as the later).
 */
const bookedAgain = (
  at: Date,
) => sql`${stayBookings.status} in ('expired', 'cancelled') and exists (${overlappingRows}
    and other.guest_id = ${stayBookings.guestId}
    and (other.status = 'confirmed'
      or (other.status = 'held' and other.hold_expires_at > ${at.toISOString()}::timestamptz)
      or (other.created_at, other.id) > (${stayBookings.createdAt}, ${stayBookings.id})))`;

/**
 * The guest's bookings: those not over by `today` first, soonest first; then past ones, latest first.
 * An attempt booked again since is left out: the later booking of those nights stands for it.
 */
export async function findTripsOfGuest(
  db: Db,
  guestId: string,
  today: string,
  at: Date,
): Promise<TripRecord[]> {
  const upcoming = sql`${checkOut} >= ${today}::date`;
  return trips(db, at)
    .where(and(eq(stayBookings.guestId, guestId), sql`not (${bookedAgain(at)})`))
    .orderBy(
      sql`(not ${upcoming})`,
      sql`case when ${upcoming} then ${stayBookings.startDate} end asc`,
      desc(stayBookings.startDate),
      desc(stayBookings.createdAt),
      asc(stayBookings.id),
    );
}

export async function findTripById(db: Db, id: string, at: Date): Promise<TripRecord | undefined> {
  const [row] = await trips(db, at).where(and(eq(stayBookings.id, id), isBooking));
  return row;
}

/** What the confirmation e-mails of a booking say: its stay, its guest and its host. */
export async function findBookingParties(db: Db, id: string) {
  const [row] = await db
    .select({
      id: stayBookings.id,
      startDate: stayBookings.startDate,
      endDate: stayBookings.endDate,
      nights: stayBookings.nights,
      amountCents: stayBookings.amountCents,
      stay: { title: stays.title, location: stays.location },
      guest: { name: users.name, email: users.email },
      host: { id: host.id, name: host.name, email: host.email },
    })
    .from(stayBookings)
    .innerJoin(stays, eq(stays.id, stayBookings.stayId))
    .innerJoin(users, eq(users.id, stayBookings.guestId))
    .innerJoin(host, eq(host.id, stays.hostId))
    .where(eq(stayBookings.id, id));
  return row;
}

export type BookingParties = NonNullable<Awaited<ReturnType<typeof findBookingParties>>>;

/** What the sandbox checkout shows a booking's payment as. */
export async function findBookingSummary(
  db: Db,
  id: string,
): Promise<{ nights: number; title: string } | undefined> {
  const [row] = await db
    .select({ nights: stayBookings.nights, title: stays.title })
    .from(stayBookings)
    .innerJoin(stays, eq(stays.id, stayBookings.stayId))
    .where(eq(stayBookings.id, id));
  return row;
}
