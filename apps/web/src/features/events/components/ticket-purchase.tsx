import { useState } from 'react';
import type { FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import toast from 'react-hot-toast';
import { CANCEL_MESSAGES } from '@sokoni/contracts/cancellation-rules';
import { PAYMENT_MESSAGES } from '@sokoni/contracts/checkout';
import { EVENT_MESSAGES, formatTicketPrice } from '@sokoni/contracts/events-rules';
import type { Event } from '@sokoni/contracts/events';
import { Button } from '@/components/button';
import { FormAlert } from '@/components/form-alert';
import { LazyPayStep } from '@/components/lazy-pay-step';
import { SignInPrompt } from '@/components/sign-in-prompt';
import { Spinner } from '@/components/spinner';
import { TextField } from '@/components/text-field';
import { UnpaidNotice } from '@/components/unpaid-notice';
import { errorMessage } from '@/lib/api-client';
import { parseQuantity } from '@/lib/parse-price';
import { useAuthStore } from '@/stores/auth';
import { useClaimTickets } from '../api/claim-tickets';
import { useLastTicketPayment } from '../api/get-last-ticket-payment';
import { hasTakenPlace, isSoldOut } from '../lib/event-display';
import { maxTicketsFor, quantityProblem, ticketTotal } from '../lib/ticket-purchase';
import { runMutation } from '@/lib/run-mutation';

const CLAIM_FAILED = 'Your tickets could not be issued. Please try again.';

const buyLabel = (event: Event) => (event.price === 0 ? 'Get Free Tickets' : 'Buy Tickets');

const claimedMessage = (quantity: number) =>
  quantity === 1 ? 'Your ticket is ready!' : `Your ${quantity} tickets are ready!`;

/**
 * Quantity, total and Buy Tickets. A paid event then offers the pay step (M-Pesa first, card
 * second) for that quantity, the seats held while the buyer pays; a free one issues its tickets at
 * once and opens My Tickets. A visitor is asked to log in first and comes back here.
 */
function TicketPurchaseForm({ event }: { event: Event }) {
  const user = useAuthStore((state) => state.user);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const claim = useClaimTickets();
  const lastPayment = useLastTicketPayment(event.id, user && event.price > 0 ? user.id : null);
  const unpaid = lastPayment.data?.unpaid ?? null;
  const [quantityText, setQuantityText] = useState('1');
  const [attempted, setAttempted] = useState(false);
  const [askedToSignIn, setAskedToSignIn] = useState(false);
  const [paying, setPaying] = useState(false);

  const quantity = parseQuantity(quantityText);
  const problem = quantityProblem(quantity, event);
  const busy = claim.isPending;
  const failure = claim.isError ? errorMessage(claim.error, CLAIM_FAILED) : null;

  const submit = (formEvent: FormEvent<HTMLFormElement>) => {
    formEvent.preventDefault();
    setAttempted(true);
    if (busy || problem) return;
    if (!user) {
      setAskedToSignIn(true);
      return;
    }
    if (event.price > 0) {
      setPaying(true);
      return;
    }
    runMutation(
      claim,
      { eventId: event.id, quantity },
      {
        onSuccess: () => {
          toast.success(claimedMessage(quantity));
          navigate('/tickets/mine');
        },
      },
    );
  };

  /** Pay again for as many tickets as the payment that did not go through. */
  const payAgain = (again: NonNullable<typeof unpaid>) => {
    const wanted = again.quantity ?? quantity;
    setQuantityText(String(wanted));
    setAttempted(true);
    if (!quantityProblem(wanted, event)) setPaying(true);
  };

  return (
    <div className="space-y-4">
      {unpaid && !paying ? <UnpaidNotice onPayAgain={() => payAgain(unpaid)} /> : null}
      <form noValidate onSubmit={submit} className="space-y-4" aria-busy={busy}>
        <TextField
          id="ticket-quantity"
          label="Quantity"
          type="number"
          inputMode="numeric"
          min={1}
          max={maxTicketsFor(event)}
          step={1}
          value={quantityText}
          onChange={(changeEvent) => {
            setQuantityText(changeEvent.target.value);
            setPaying(false);
          }}
          error={problem && (attempted || quantityText !== '') ? problem : undefined}
          disabled={busy}
          className="max-w-32"
        />
        <p className="flex items-baseline justify-between gap-3 border-t border-slate-200 pt-3">
          <span className="text-slate-700">Total</span>
          <output
            htmlFor="ticket-quantity"
            className="text-xl font-bold text-slate-900"
            data-testid="ticket-total"
          >
            {problem ? '—' : formatTicketPrice(ticketTotal(event.price, quantity))}
          </output>
        </p>
        <FormAlert message={failure} />
        {askedToSignIn && !user ? (
          <SignInPrompt message={EVENT_MESSAGES.purchaseLoginRequired} tone="alert" />
        ) : null}
        {paying ? null : (
          <Button type="submit" className="w-full" disabled={busy}>
            {busy ? <Spinner className="size-4" /> : null}
            {buyLabel(event)}
          </Button>
        )}
      </form>
      {paying && user && !problem ? (
        <LazyPayStep
          subject={{ paymentType: 'event', eventId: event.id, quantity }}
          amount={ticketTotal(event.price, quantity)}
          // Spec §2: the payment page is told the event, the buyer and how many tickets.
          callbackDetails={{ eventId: event.id, userId: user.id, quantity: String(quantity) }}
          failedMessage={PAYMENT_MESSAGES.initiationFailed}
          // Seats are held while the buyer pays: the seats shown are stale.
          onStarted={() => void queryClient.invalidateQueries({ queryKey: ['events'] })}
        />
      ) : null}
    </div>
  );
}

/** How to get in: buy or claim tickets, or why that is no longer possible. */
export function TicketPurchase({ event }: { event: Event }) {
  if (event.cancelled) {
    return (
      <p className="rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-red-900">
        {CANCEL_MESSAGES.eventClosed}
      </p>
    );
  }
  if (hasTakenPlace(event)) {
    return (
      <p className="rounded-xl border border-slate-200 bg-slate-100 px-4 py-3 text-slate-800">
        {EVENT_MESSAGES.eventPast}
      </p>
    );
  }
  if (isSoldOut(event)) {
    return (
      <div className="space-y-3">
        <p className="text-lg font-bold text-red-700">Sold out</p>
        <Button className="w-full" disabled>
          {buyLabel(event)}
        </Button>
      </div>
    );
  }
  return <TicketPurchaseForm event={event} />;
}
