import { checkInMoment } from '@sokoni/contracts/cancellation-rules';
import { BOOKING_MAIL as TEXT, MY_TRIPS_PATH } from '@sokoni/contracts/mail';
import { checkOutMoment, occupiedNights } from '@sokoni/contracts/stays-rules';
import { sokoniCalendar } from '../../lib/calendar-file.js';
import type { BookingParties } from './bookings.repository.js';

/** How long each entry lasts in the calendar: long enough to be seen, ending no one's day. */
const ENTRY_MS = 60 * 60 * 1000;

/**
 * A confirmed stay as an iCalendar file for its guest: check-in from 14:00 on the first day and
 * check-out by 10:00 on the day after the last night, in Kenya's time written in UTC. The check-in
 * entry starts at its time and the check-out entry ends at its time. Each carries the address, the
 * host to write to and My Trips; their UIDs are the booking's, so a file imported again updates them.
 */
export function bookingCalendar(booking: BookingParties, siteUrl: string, stamp: Date): string {
  const calendar = sokoniCalendar('Stays');
  const checkIn = checkInMoment(booking.startDate);
  const checkOut = checkOutMoment(occupiedNights(booking).until);
  const entry = {
    stamp,
    location: booking.stay.location,
    description: [
      TEXT.host(booking.host.name, booking.host.email),
      TEXT.myTrips(`${siteUrl}${MY_TRIPS_PATH}`),
    ].join('\n'),
  };
  calendar.createEvent({
    ...entry,
    id: `${booking.id}-check-in@sokoni`,
    start: new Date(checkIn),
    end: new Date(checkIn + ENTRY_MS),
    summary: TEXT.calendarCheckIn(booking.stay.title),
  });
  calendar.createEvent({
    ...entry,
    id: `${booking.id}-check-out@sokoni`,
    start: new Date(checkOut - ENTRY_MS),
    end: new Date(checkOut),
    summary: TEXT.calendarCheckOut(booking.stay.title),
  });
  return calendar.toString();
}
