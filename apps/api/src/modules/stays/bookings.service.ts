import {
  CANCEL_MESSAGES,
  checkInMoment,
  stayRefundPercent,
  type BookingCancellation,
  type CancellationPolicy,
} from '@sokoni/contracts/cancellations';
import { PAYMENT_HOLD_MINUTES } from '@sokoni/contracts/checkout';
import { centsToShillings, formatKESExact } from '@sokoni/contracts/money';
import type { Booking, BookStayInput, CancelledTrip, Trip } from '@sokoni/contracts/stays';
import {
  STAY_HELD_BOOKINGS_MAX,
  STAY_MESSAGES,
  nairobiToday,
  nightsOf,
  occupiedNights,
  stayDatesProblem,
} from '@sokoni/contracts/stays-rules';
import type { Db } from '../../db/client.js';
import { systemClock, type Clock } from '../../lib/clock.js';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.js';
import { holderOf, lockHolder, refuseBeyondHoldBounds } from '../../lib/hold-bounds.js';
import { isUuid } from '../../lib/ids.js';
import { openKeyOf, supersedeOpenPayment } from '../../lib/open-payments.js';
import { refuseOwn, requireAccess, type Access } from '../../lib/access.js';
import type { Standing } from '../../lib/standing.js';
import type { AuthUser } from '../../lib/tokens.js';
import type { Ledger } from '../ledger/ledger.service.js';
import type { MailService } from '../mail/mail.service.js';
import type { FulfilOutcome, PaymentHold } from '../payments/payment-handlers.js';
import { bookingCancelledMails, bookingConfirmationMail, newBookingMail } from './booking-mail.js';
import * as repo from './bookings.repository.js';
import { expireLapsedHolds, type NightRange } from './stays.repository.js';

const HOLD_MS = PAYMENT_HOLD_MINUTES * 60 * 1000;

const stayNotFound = () => notFound(STAY_MESSAGES.notFound, 'STAY_NOT_FOUND');
const bookingNotFound = () => notFound(STAY_MESSAGES.bookingNotFound, 'BOOKING_NOT_FOUND');
const datesTaken = () => conflict(STAY_MESSAGES.datesBooked, 'DATES_TAKEN');
const tooManyHeld = () => conflict(STAY_MESSAGES.tooManyHeld, 'TOO_MANY_HELD_BOOKINGS');
/** What a booking's payment is for, as the provider's checkout shows it: '3 nights at Lakeside Cottage'. */
const paymentDescription = (nights: number, title: string) => `${STAY_MESSAGES.nights(nights)} at ${title}`;

/** What a stay's cancellation gives back at `percent` of its price: cents, rounded half up. */
const refundOf = (amountCents: number, percent: number) => Math.floor((amountCents * percent + 50) / 100);

/** Another guest's booking is answered exactly like a missing one. */
const bookingAccess: Access<{ guestId: string }> = {
  ownerOf: (booking) => booking.guestId,
  notFound: bookingNotFound,
};

/** A held booking whose time ran out is expired for everyone at once, whether or not a job has marked it. */
const isLapsed = (booking: repo.BookingRecord, at: number) =>
  booking.status === 'held' && (booking.holdExpiresAt?.getTime() ?? 0) <= at;

function toBooking(record: repo.BookingRecord, refund: Booking['refund'], at: number): Booking {
  const status = isLapsed(record, at) ? 'expired' : record.status;
  return {
    id: record.id,
    stayId: record.stayId,
    userId: record.guestId,
    startDate: record.startDate,
    endDate: record.endDate,
    nights: record.nights,
    pricePerNight: centsToShillings(record.pricePerNightCents),
    amount: centsToShillings(record.amountCents),
    status,
    holdExpiresAt: status === 'held' ? (record.holdExpiresAt?.toISOString() ?? null) : null,
    refund,
    createdAt: record.createdAt.toISOString(),
  };
}

/**
 * Pay again is offered for a booking awaiting payment, and for one that ended unpaid (not cancelled)
 * while its nights are free and its check-in has not passed: paying holds it again (holdForPayment).
 */
const canPayAgain = (booking: Booking, nightsFree: boolean, at: number) =>
  booking.status === 'held' ||
  (booking.status === 'expired' && nightsFree && booking.startDate >= nairobiToday(at));

/** A confirmed stay may be cancelled by its guest until check-in (#27). */
const canCancel = (booking: repo.BookingRecord, at: number) =>
  booking.status === 'confirmed' && at < checkInMoment(booking.startDate);

/** A booking as its guest sees it; the host's e-mail only once the booking is confirmed. */
function toTrip(record: repo.TripRecord, at: number): Trip {
  const booking = toBooking(record, record.refund, at);
  return {
    ...booking,
    canPayAgain: canPayAgain(booking, record.nightsFree, at),
    cancelledAt: record.cancelledAt?.toISOString() ?? null,
    refundAmount: record.refundCents === null ? null : centsToShillings(record.refundCents),
    canCancel: canCancel(record, at),
    stay: {
      id: record.stayId,
      title: record.stayTitle,
      location: record.stayLocation,
      image: record.stayImage,
    },
    host: { name: record.hostName, email: booking.status === 'confirmed' ? record.hostEmail : null },
  };
}

export type BookingsService = ReturnType<typeof createBookingsService>;

/**
 * Guests' bookings of stays and their payment. No night is ever sold twice: every held, confirmed
 * or blocked row of a stay is kept apart from the others by the database's exclusion constraint
 * (stay_bookings_no_overlap), whatever runs at once in however many server processes; the second
 * writer is refused (23P01) and told the dates are booked. A booking holds its nights while its
 * guest pays; a hold that lapsed frees them at once for every reader, and the next writer of those
 * nights marks it expired in its own transaction, so no worker need have run.
 *
 * Locks are taken in one order everywhere (docs/decisions/0015): the payment engine's (the
 * subject, the payer, the payment), the guest's holds (lib/hold-bounds.ts: lockHolder), the stay,
 * then its bookings.
 */
export function createBookingsService(deps: {
  db: Db;
  mail: Pick<MailService, 'queue'>;
  /** A confirmed stay cancelled gives its refund back out of the host's earning of it (#27). */
  ledger: Pick<Ledger, 'lockEarningsOfParts' | 'refund'>;
  /** Sokoni's own origin, for the links in booking e-mails (read when one is made). */
  siteUrl: () => string;
  /**
   * Told whenever nights of a stay were taken or freed, so what the stays list knows of them is read
   * again; in a transaction, other processes hear of it when it commits.
   */
  onNightsChanged?: (stayId: string, tx?: Db) => Promise<void>;
  clock?: Clock;
}) {
  const { db } = deps;
  const { now } = deps.clock ?? systemClock;
  const at = () => new Date(now());
  const nightsChanged = async (stayId: string, tx?: Db) => deps.onNightsChanged?.(stayId, tx);

  async function findTrip(caller: AuthUser, id: string): Promise<Trip> {
    const trip = requireAccess(
      caller,
      isUuid(id) ? await repo.findTripById(db, id, at()) : undefined,
      bookingAccess,
    );
    return toTrip(trip, now());
  }

  /**
   * Refused when the guest already has as many unpaid bookings held as anyone may, or would hold more
   * nights unpaid (at this stay, or in all) than they may; `except` is the booking being held again.
   */
  async function refuseBeyondHeld(
    tx: Db,
    guest: { userId: string; standing: Standing },
    stayId: string,
    nights: number,
    except?: string,
  ): Promise<void> {
    const moment = at();
    if ((await repo.countLiveHolds(tx, guest.userId, moment, except)) >= STAY_HELD_BOOKINGS_MAX)
      throw tooManyHeld();
    const held = await repo.nightsHeld(tx, stayId, holderOf(guest.userId, guest.standing, moment), except);
    refuseBeyondHoldBounds('nights', guest.standing, {
      subjects: [{ wanted: nights, ...held.subject }],
      total: { wanted: nights, ...held.total },
    });
  }

  /**
   * A guest's own hold never blocks them (#26): before they hold nights of a stay, their other holds
   * there overlapping those nights (not lapsed; but `except`, the booking held again) end. Each
   * one's open payment is superseded here, its row locked before the stay's as every writer takes
   * them (docs/decisions/0015); a payment that settled meanwhile is left as it is. Answers the
   * bookings whose nights `releaseOwnHolds` then gives back, once the stay is locked.
   */
  async function supersedeOwnHolds(
    tx: Db,
    hold: { guestId: string; stayId: string; nights: NightRange; at: Date; except?: string },
  ): Promise<string[]> {
    const own = await repo.findOwnHoldsOverlapping(tx, hold);
    for (const id of own) await supersedeOpenPayment(tx, openKeyOf('booking', id), hold.at);
    return own;
  }

  /** The superseded holds let their nights go: a booking paid for meanwhile stays confirmed. */
  async function releaseOwnHolds(tx: Db, own: string[], at: Date): Promise<void> {
    for (const id of own) await repo.expireHeldBooking(tx, id, at);
  }

  /**
   * A confirmed stay cancelled by its guest before check-in, under the host's policy, in `tx` with
   * the stay and then the booking locked: marked cancelled (its nights free), what the policy gives
   * back refunded out of the host's earning of it, both sides e-mailed.
   */
  async function cancelConfirmed(
    tx: Db,
    stay: { id: string; title: string; cancellationPolicy: CancellationPolicy },
    booking: repo.BookingRecord,
  ): Promise<{ stayId: string; message: string }> {
    const moment = now();
    if (!canCancel(booking, moment)) throw conflict(CANCEL_MESSAGES.bookingStarted, 'BOOKING_STARTED');
    const percent = stayRefundPercent(stay.cancellationPolicy, checkInMoment(booking.startDate), moment);
    const refundCents = refundOf(booking.amountCents, percent);
    await repo.cancelConfirmedBooking(tx, booking.id, { at: new Date(moment), refundCents });
    if (refundCents > 0) {
      const [earning] = await deps.ledger.lockEarningsOfParts(tx, [`booking:${booking.id}`]);
      // A stay paid before the ledger began was handed to its host whole: it is not refunded here.
      if (!earning) throw conflict(CANCEL_MESSAGES.earningsSpent, 'EARNINGS_PAID_OUT');
      await deps.ledger.refund(tx, earning, refundCents, {
        reason: 'stay_cancelled',
        description: `Cancelled: ${paymentDescription(booking.nights, stay.title)}`.slice(0, 200),
      });
    }
    const parties = await repo.findBookingParties(tx, booking.id);
    if (!parties) throw new Error(`booking ${booking.id} vanished while it was cancelled`);
    const refund = refundCents > 0 ? formatKESExact(centsToShillings(refundCents)) : null;
    for (const letter of bookingCancelledMails(parties, refund, deps.siteUrl()))
      await deps.mail.queue(tx, letter);
    await nightsChanged(stay.id, tx);
    return {
      stayId: stay.id,
      message: refund ? CANCEL_MESSAGES.bookingCancelled(refund) : CANCEL_MESSAGES.bookingCancelledNoRefund,
    };
  }

  /**
   * Both e-mails of a paid booking, written into the outbox in the transaction that confirms it: they
   * go once that commits, never if it rolls back, and never twice, as a booking is confirmed once.
   */
  async function queueConfirmationMails(tx: Db, bookingId: string): Promise<void> {
    const parties = await repo.findBookingParties(tx, bookingId);
    if (!parties) throw new Error(`booking ${bookingId} vanished while it was being confirmed`);
    await deps.mail.queue(tx, bookingConfirmationMail(parties, deps.siteUrl(), new Date(now())));
    await deps.mail.queue(tx, newBookingMail(parties, deps.siteUrl()));
  }

  return {
    /**
     * Books the stay's nights for the caller (the guest, whatever the body says), held for payment
     * for PAYMENT_HOLD_MINUTES and priced from the database: nights × the stay's price per night now.
     */
    async book(caller: AuthUser, stayId: string, input: BookStayInput, standing: Standing): Promise<Booking> {
      const problem = stayDatesProblem(input.startDate, input.endDate, nairobiToday(now()));
      if (problem) throw badRequest(problem, 'STAY_DATES_INVALID');
      // Checked above: both are calendar days.
      const range = { startDate: input.startDate as string, endDate: input.endDate as string };
      if (!isUuid(stayId)) throw stayNotFound();
      const moment = at();
      const nights = nightsOf(range.startDate, range.endDate);
      const occupied = occupiedNights(range);
      const booking = await db.transaction(async (tx) => {
        await lockHolder(tx, caller.sub, standing);
        const own = await supersedeOwnHolds(tx, {
          guestId: caller.sub,
          stayId,
          nights: occupied,
          at: moment,
        });
        const stay = await repo.lockStay(tx, stayId);
        if (!stay || stay.hidden) throw stayNotFound();
        refuseOwn(caller, stay.hostId, () => forbidden(STAY_MESSAGES.ownStay, 'OWN_STAY'));
        await releaseOwnHolds(tx, own, moment);
        await refuseBeyondHeld(tx, { userId: caller.sub, standing }, stay.id, nights);
        await expireLapsedHolds(tx, stay.id, occupied, moment);
        const inserted = await repo.insertHeldBooking(tx, {
          stayId: stay.id,
          guestId: caller.sub,
          ...range,
          nights,
          pricePerNightCents: stay.pricePerNightCents,
          holdExpiresAt: new Date(moment.getTime() + HOLD_MS),
          network: standing.network,
          at: moment,
        });
        if (inserted === repo.NIGHTS_TAKEN) throw datesTaken();
        return inserted;
      });
      await nightsChanged(stayId);
      return toBooking(booking, null, now());
    },

    /** The caller's bookings, upcoming first (soonest first), then past ones (latest first). */
    async listMine(caller: AuthUser): Promise<Trip[]> {
      const moment = now();
      const trips = await repo.findTripsOfGuest(db, caller.sub, nairobiToday(moment), new Date(moment));
      return trips.map((trip) => toTrip(trip, moment));
    },

    /** One of the caller's bookings; anyone else's is answered like an unknown one. */
    getMine: findTrip,

    /**
     * The guest calls off a booking, its nights free at once. One not paid for simply ends (again:
     * nothing changes), but not while a payment of it is under way (it could still succeed). A
     * confirmed one is cancelled until check-in under the host's policy (#27): what it gives back
     * is refunded out of the host's earning, and guest and host are told by e-mail.
     */
    async cancel(caller: AuthUser, id: string): Promise<CancelledTrip> {
      const cancelled = await db.transaction(async (tx) => {
        const found = requireAccess(
          caller,
          isUuid(id) ? await repo.findBookingById(tx, id) : undefined,
          bookingAccess,
        );
        const stay = await repo.lockStay(tx, found.stayId);
        const booking = await repo.lockBooking(tx, found.id);
        if (!stay || !booking) throw bookingNotFound();
        if (booking.status === 'cancelled') {
          if (booking.cancelledAt) throw conflict(CANCEL_MESSAGES.alreadyCancelled, 'ALREADY_CANCELLED');
          return { stayId: undefined, message: CANCEL_MESSAGES.bookingReleased };
        }
        if (booking.status === 'confirmed') return cancelConfirmed(tx, stay, booking);
        if (await repo.hasOpenPayment(tx, booking.id, at()))
          throw conflict(STAY_MESSAGES.cancelWhilePaying, 'PAYMENT_IN_PROGRESS');
        await repo.cancelBooking(tx, booking.id, at());
        return { stayId: booking.stayId, message: CANCEL_MESSAGES.bookingReleased };
      });
      // The stay whose nights it freed (none when it was cancelled already).
      if (cancelled.stayId) await nightsChanged(cancelled.stayId);
      return { ...(await findTrip(caller, id)), message: cancelled.message };
    },

    /** What cancelling a confirmed stay would give its guest back now (#27: the stay page's preview). */
    async cancellation(caller: AuthUser, id: string): Promise<BookingCancellation> {
      const trip = requireAccess(
        caller,
        isUuid(id) ? await repo.findTripById(db, id, at()) : undefined,
        bookingAccess,
      );
      if (trip.status !== 'confirmed')
        throw conflict(CANCEL_MESSAGES.bookingNotConfirmed, 'BOOKING_NOT_CONFIRMED');
      const moment = now();
      const refundPercent = stayRefundPercent(trip.cancellationPolicy, checkInMoment(trip.startDate), moment);
      return {
        policy: trip.cancellationPolicy,
        refundPercent,
        refund: centsToShillings(refundOf(trip.amountCents, refundPercent)),
        canCancel: canCancel(trip, moment),
      };
    },

    // ---- the payment engine's side (booking-payments.ts) -----------------------------------------

    /**
     * Holds the booking's nights for a payment until `hold.until`, in the paying transaction (the
     * engine has ended an earlier payment of it and taken the guest's lock): only its guest pays for
     * it, once. A booking that ended unpaid (its hold lapsed, its payment failed) is held again while
     * its nights are still free, its check-in has not passed and the guest may hold them; the guest's
     * own other holds of those nights end first (paying again supersedes them). Answers its price,
     * as it was made.
     */
    async holdForPayment(
      tx: Db,
      caller: AuthUser,
      bookingId: string,
      hold: PaymentHold,
    ): Promise<{ bookingId: string; amountCents: number; description: string }> {
      const found = requireAccess(
        caller,
        isUuid(bookingId) ? await repo.findBookingById(tx, bookingId) : undefined,
        bookingAccess,
      );
      const moment = at();
      const own = await supersedeOwnHolds(tx, {
        guestId: found.guestId,
        stayId: found.stayId,
        nights: occupiedNights(found),
        at: moment,
        except: found.id,
      });
      const stay = await repo.lockStay(tx, found.stayId);
      const booking = await repo.lockBooking(tx, found.id);
      if (!stay || !booking) throw bookingNotFound();
      if (booking.status === 'confirmed')
        throw conflict(STAY_MESSAGES.bookingAlreadyConfirmed, 'BOOKING_CONFIRMED');
      if (booking.status === 'cancelled') throw conflict(STAY_MESSAGES.bookingNotHeld, 'BOOKING_NOT_HELD');
      // A stay moderators hid since it was booked takes no payment (#28).
      if (stay.hidden) throw stayNotFound();
      await releaseOwnHolds(tx, own, moment);
      if (booking.status !== 'held' || isLapsed(booking, moment.getTime())) {
        if (booking.startDate < nairobiToday(moment.getTime()))
          throw conflict(STAY_MESSAGES.checkInPast, 'STAY_DATES_INVALID');
        await refuseBeyondHeld(
          tx,
          { userId: caller.sub, standing: hold.standing },
          stay.id,
          booking.nights,
          booking.id,
        );
      }
      if (booking.status === 'expired') await expireLapsedHolds(tx, stay.id, occupiedNights(booking), moment);
      const held = await repo.holdBooking(tx, booking.id, {
        until: hold.until,
        network: hold.standing.network,
        at: moment,
      });
      if (held === repo.NIGHTS_TAKEN) throw datesTaken();
      await nightsChanged(stay.id, tx);
      return {
        bookingId: booking.id,
        amountCents: booking.amountCents,
        description: paymentDescription(booking.nights, stay.title),
      };
    },

    /**
     * Confirms the booking paid by `reference`, once, and queues its e-mails. A booking still held
     * (even past its time: nobody took its nights) is confirmed; an expired one only if its nights
     * are still free. 'already_fulfilled' when another payment confirmed it, 'unavailable' when it
     * was cancelled or its nights are taken: both are charges to refund.
     */
    async confirmPaid(tx: Db, bookingId: string, reference: string): Promise<FulfilOutcome> {
      const found = isUuid(bookingId) ? await repo.findBookingById(tx, bookingId) : undefined;
      if (!found) return 'unavailable';
      await repo.lockStay(tx, found.stayId);
      const booking = await repo.lockBooking(tx, found.id);
      if (!booking) return 'unavailable';
      // The engine fulfils a reference once; a booking confirmed by this very payment is done, not a refund.
      if (booking.status === 'confirmed')
        return booking.paymentReference === reference ? 'fulfilled' : 'already_fulfilled';
      if (booking.status === 'cancelled') return 'unavailable';
      const moment = at();
      if (booking.status === 'expired')
        await expireLapsedHolds(tx, booking.stayId, occupiedNights(booking), moment);
      const confirmed = await repo.confirmBooking(tx, booking.id, reference, moment);
      if (confirmed !== true) return 'unavailable';
      await queueConfirmationMails(tx, booking.id);
      await nightsChanged(booking.stayId, tx);
      return 'fulfilled';
    },

    /**
     * A payment failed, was abandoned or lapsed: its booking, if still held, lets its nights go. The
     * stay is locked before the booking, as everywhere.
     */
    async releaseHold(tx: Db, bookingId: string): Promise<void> {
      const found = isUuid(bookingId) ? await repo.findBookingById(tx, bookingId) : undefined;
      if (!found) return;
      await repo.lockStay(tx, found.stayId);
      const stayId = await repo.expireHeldBooking(tx, found.id, at());
      if (stayId) await nightsChanged(stayId, tx);
    },

    /** What the sandbox checkout shows a booking's payment as. */
    async describe(bookingId: string): Promise<string> {
      const booking = isUuid(bookingId) ? await repo.findBookingSummary(db, bookingId) : undefined;
      return booking ? paymentDescription(booking.nights, booking.title) : 'A stay';
    },
  };
}
