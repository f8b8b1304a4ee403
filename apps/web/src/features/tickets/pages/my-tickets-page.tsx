import { EmptyState } from '@/components/empty-state';
import { TicketIcon } from '@/components/icons';
import { QueryError } from '@/components/query-error';
import { useMyTickets } from '../api/get-my-tickets';
import { TicketCard } from '../components/ticket-card';
import { TicketsSkeleton } from '../components/tickets-skeleton';
import { MY_TICKETS_MESSAGES } from '../lib/ticket-messages';

function TicketsContent() {
  const ticketsQuery = useMyTickets();
  if (ticketsQuery.isPending) return <TicketsSkeleton />;
  if (ticketsQuery.isError) {
    return (
      <QueryError
        message={MY_TICKETS_MESSAGES.loadFailed}
        onRetry={() => void ticketsQuery.refetch()}
        retrying={ticketsQuery.isFetching}
      />
    );
  }
  if (ticketsQuery.data.length === 0)
    return (
      <EmptyState
        icon={TicketIcon}
        message={MY_TICKETS_MESSAGES.empty}
        action={{ to: '/events', label: 'Browse Events' }}
      />
    );
  // The server put upcoming events first as of its answer; the same moment marks the past ones.
  const answeredAt = ticketsQuery.dataUpdatedAt;
  return (
    <div className="space-y-4">
      {ticketsQuery.data.map((ticket) => (
        <TicketCard key={ticket.id} ticket={ticket} past={Date.parse(ticket.event.date) < answeredAt} />
      ))}
    </div>
  );
}

/** Every ticket the signed-in user holds, with the QR code to show at the door (DESIGN §7). */
export function MyTicketsPage() {
  return (
    <section className="mx-auto w-full max-w-3xl px-4 py-6 sm:py-10">
      <title>My Tickets — Sokoni</title>
      <h1 className="mb-6 text-2xl font-bold text-slate-900 sm:text-3xl">My Tickets</h1>
      <TicketsContent />
    </section>
  );
}
