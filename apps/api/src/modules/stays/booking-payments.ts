import { MY_TRIPS_PATH, RECEIPT_MAIL } from '@sokoni/contracts/mail';
import { centsToShillings } from '@sokoni/contracts/money';
import { STAY_MESSAGES, formatStayDay, occupiedNights } from '@sokoni/contracts/stays-rules';
import { checkInMoment, RELEASE_RULES } from '@sokoni/contracts/cancellations';
import type { Db } from '../../db/client.js';
import type { PaymentHandler } from '../payments/payment-handlers.js';
import * as repo from './bookings.repository.js';
import type { BookingsService } from './bookings.service.js';

/**
 * How a stay booking is paid for: priced from the booking (nights × the price per night when it was
 * made); its nights are held while the guest pays (15 minutes), the booking is confirmed once when
 * the payment succeeds (both e-mails queued in the same transaction), and its nights go free when
 * the payment fails, is abandoned or lapses. A payment that succeeds after its nights went to someone
 * else confirms nothing: the engine refunds it, and the guest is told why in the stay's own words.
 */
async function partiesOf(tx: Db, bookingId: string) {
  const booking = await repo.findBookingParties(tx, bookingId);
  if (!booking) throw new Error(`booking ${bookingId} vanished while it was being paid`);
  return booking;
}

export function bookingPaymentHandler({
  bookings,
}: {
  bookings: BookingsService;
}): PaymentHandler<'booking'> {
  return {
    subjectKey: (_caller, input) => input.bookingId,

    async prepare(tx, caller, input, hold) {
      const { bookingId, amountCents, description } = await bookings.holdForPayment(
        tx,
        caller,
        input.bookingId,
        hold,
      );
      return { subjectId: bookingId, amountCents, description };
    },

    describe: (bookingId) => bookings.describe(bookingId),

    fulfil: (tx, { subjectId, reference }) => bookings.confirmPaid(tx, subjectId, reference),

    async release(tx, { subjectId }) {
      await bookings.releaseHold(tx, subjectId);
    },

    vertical: 'stays',

    // The host's 24 hours after check-in.
    async shares(tx, { subjectId: bookingId, amountCents }) {
      const booking = await partiesOf(tx, bookingId);
      const releaseAt = checkInMoment(booking.startDate) + RELEASE_RULES.afterCheckInHours * 60 * 60 * 1000;
      return [
        {
          earnerId: booking.host.id,
          part: `booking:${bookingId}`,
          grossCents: amountCents,
          releaseAt: new Date(releaseAt),
        },
      ];
    },

    async receipt(tx, { subjectId: bookingId }) {
      const booking = await partiesOf(tx, bookingId);
      return {
        items: [
          {
            description: RECEIPT_MAIL.stay(
              STAY_MESSAGES.nights(booking.nights),
              booking.stay.title,
              formatStayDay(booking.startDate),
              formatStayDay(occupiedNights(booking).until),
            ),
            amount: centsToShillings(booking.amountCents),
          },
        ],
        sellers: [{ role: 'Host', name: booking.host.name, email: booking.host.email, phone: null }],
        delivery: null,
        path: MY_TRIPS_PATH,
      };
    },

    refundNotice: STAY_MESSAGES.refundNotice,
  };
}
