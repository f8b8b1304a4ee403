import { useState } from 'react';
import type { FormEvent } from 'react';
import { useNavigate } from 'react-router';
import toast from 'react-hot-toast';
import { PAYMENT_MESSAGES } from '@sokoni/contracts/checkout';
import { EVENT_MESSAGES, formatTicketPrice } from '@sokoni/contracts/events-rules';
import type { Event } from '@sokoni/contracts/events';
import { Button } from '@/components/button';
import { FormAlert } from '@/components/form-alert';
import { SignInPrompt } from '@/components/sign-in-prompt';
import { Spinner } from '@/components/spinner';
import { TextField } from '@/components/text-field';
import { errorMessage } from '@/lib/api-client';
import { parseQuantity } from '@/lib/parse-price';
import { goToProvider } from '@/lib/payment-flow';
import { useAuthStore } from '@/stores/auth';
import { useBuyTickets } from '../api/buy-tickets';
import { useClaimTickets } from '../api/claim-tickets';
import { hasTakenPlace, isSoldOut } from '../lib/event-display';
import { maxTicketsFor, quantityProblem, ticketTotal } from '../lib/ticket-purchase';

const CLAIM_FAILED = 'Your tickets could not be issued. Please try again.';

const buyLabel = (event: Event) => (event.price === 0 ? 'Get Free Tickets' : 'Buy Tickets');

const claimedMessage = (quantity: number) =>
  quantity === 1 ? 'Your ticket is ready!' : `Your ${quantity} tickets are ready!`;

/**
 * Quantity, total and Buy Tickets. A paid event goes to the payment provider (the seats are held
 * meanwhile); a free one issues its tickets at once and opens My Tickets. A visitor is asked to
 * log in first and comes back here.
 */
function TicketPurchaseForm({ event }: { event: Event }) {
  const user = useAuthStore((state) => state.user);
  const navigate = useNavigate();
  const buy = useBuyTickets();
  const claim = useClaimTickets();
  const [quantityText, setQuantityText] = useState('1');
  const [attempted, setAttempted] = useState(false);
  const [askedToSignIn, setAskedToSignIn] = useState(false);

  const quantity = parseQuantity(quantityText);
  const problem = quantityProblem(quantity, event);
  // From the click until the browser has left for the provider.
  const busy = buy.isPending || buy.isSuccess || claim.isPending;
  let failure: string | null = null;
  if (buy.isError) failure = errorMessage(buy.error, PAYMENT_MESSAGES.initiationFailed);
  else if (claim.isError) failure = errorMessage(claim.error, CLAIM_FAILED);

  const submit = (formEvent: FormEvent<HTMLFormElement>) => {
    formEvent.preventDefault();
    setAttempted(true);
    if (busy || problem) return;
    if (!user) {
      setAskedToSignIn(true);
      return;
    }
    if (event.price === 0) {
      claim.mutate(
        { eventId: event.id, quantity },
        {
          onSuccess: () => {
            toast.success(claimedMessage(quantity));
            navigate('/tickets/mine');
          },
        },
      );
    } else {
      buy.mutate({ event, quantity, buyer: user }, { onSuccess: (url) => goToProvider(url) });
    }
  };

  return (
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
        onChange={(changeEvent) => setQuantityText(changeEvent.target.value)}
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
      <Button type="submit" className="w-full" disabled={busy}>
        {busy ? <Spinner className="size-4" /> : null}
        {buyLabel(event)}
      </Button>
      <p role="status" className="min-h-5 text-center text-sm text-slate-700">
        {buy.isPending || buy.isSuccess ? 'Redirecting to the payment page...' : ''}
      </p>
    </form>
  );
}

/** How to get in: buy or claim tickets, or why that is no longer possible. */
export function TicketPurchase({ event }: { event: Event }) {
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
