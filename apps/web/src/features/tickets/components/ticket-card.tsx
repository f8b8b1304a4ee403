import { Link } from 'react-router';
import type { TicketWithEvent } from '@sokoni/contracts/events';
import { formatNairobiTime, formatTicketCode } from '@sokoni/contracts/events-rules';
import { MY_TICKETS_MESSAGES } from '../lib/ticket-messages';
import { AddToCalendarButton } from './add-to-calendar-button';
import { TicketQrCode } from './ticket-qr-code';

type TicketCardProps = {
  ticket: TicketWithEvent;
  /** Its event has taken place. */
  past: boolean;
};

/**
 * One ticket: its event, how many people it admits, the short code a person types at the gate, its
 * ID in text and as the QR code shown at the door; a refunded one (its event cancelled, #27) says
 * so, with no QR code to show.
 */
export function TicketCard({ ticket, past }: TicketCardProps) {
  const { event } = ticket;
  const refunded = ticket.status === 'refunded';
  const headingId = `ticket-${ticket.id}-heading`;
  return (
    <article
      aria-labelledby={headingId}
      data-testid="ticket-card"
      className="flex flex-col items-center gap-5 rounded-2xl border border-slate-200 bg-white p-4 sm:flex-row sm:items-start sm:p-5"
    >
      <div className="w-full min-w-0 flex-1 space-y-3">
        <div className="flex flex-wrap items-start gap-2">
          <h2 id={headingId} className="text-lg font-bold text-slate-900">
            <Link to={`/tickets/${encodeURIComponent(event.id)}`} className="hover:underline">
              {event.title}
            </Link>
          </h2>
          {refunded ? (
            <span
              data-testid="ticket-refunded"
              className="rounded-full bg-red-100 px-2.5 py-0.5 text-xs font-semibold text-red-800"
            >
              Refunded
            </span>
          ) : null}
          {past && !refunded ? (
            <span className="rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-semibold text-slate-700">
              Past event
            </span>
          ) : null}
        </div>
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          <dt className="text-slate-600">Date</dt>
          <dd className="text-slate-900">
            <time dateTime={event.date}>{formatNairobiTime(event.date)}</time>
          </dd>
          <dt className="text-slate-600">Location</dt>
          <dd className="text-slate-900">{event.location}</dd>
          <dt className="text-slate-600">Tickets</dt>
          <dd className="text-slate-900" data-testid="ticket-quantity">
            {ticket.quantity}
          </dd>
          <dt className="text-slate-600">Ticket code</dt>
          <dd>
            <code
              data-testid="ticket-code"
              className="font-mono text-lg font-bold tracking-widest text-slate-900 select-all"
            >
              {formatTicketCode(ticket.shortCode)}
            </code>
          </dd>
          <dt className="text-slate-600">Ticket ID</dt>
          <dd>
            <code data-testid="ticket-id" className="font-mono break-all text-slate-900 select-all">
              {ticket.id}
            </code>
          </dd>
        </dl>
        {ticket.checkedInAt ? (
          <p className="rounded-lg bg-emerald-50 px-3 py-2 text-sm text-emerald-900">
            Checked in on <time dateTime={ticket.checkedInAt}>{formatNairobiTime(ticket.checkedInAt)}</time>
          </p>
        ) : null}
        {refunded ? (
          <p className="rounded-lg bg-slate-100 px-3 py-2 text-sm text-slate-800">
            {MY_TICKETS_MESSAGES.refunded}
          </p>
        ) : (
          <AddToCalendarButton ticket={ticket} />
        )}
      </div>
      {refunded ? null : <TicketQrCode ticketId={ticket.id} />}
    </article>
  );
}
