import type { TicketVerification } from '@sokoni/contracts/events';
import { Button } from '@/components/button';
import { AlertCircleIcon, CheckCircleIcon } from '@/components/icons';

type VerificationResultProps = {
  /** The server's answer when the ticket was checked in; null when the check failed. */
  verification: TicketVerification | null;
  /** Why the check failed (when it did). */
  error: string | null;
  /** A line under a green answer: checked in on this device, offline, to be sent later. */
  note?: string;
  onVerifyAnother: () => void;
};

function CheckedIn({ ticket }: { ticket: TicketVerification['ticket'] }) {
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-slate-900">
      <dt className="font-medium text-slate-700">User</dt>
      <dd>{`${ticket.user.firstName} ${ticket.user.lastName}`.trim()}</dd>
      <dt className="font-medium text-slate-700">Event</dt>
      <dd>{ticket.event.title}</dd>
      <dt className="font-medium text-slate-700">Tickets</dt>
      <dd>{ticket.quantity}</dd>
    </dl>
  );
}

/** The result panel: green with who and what was checked in, or red with why not. */
export function VerificationResult({ verification, error, note, onVerifyAnother }: VerificationResultProps) {
  const Icon = verification ? CheckCircleIcon : AlertCircleIcon;
  return (
    <div
      role={verification ? 'status' : 'alert'}
      data-testid="verification-result"
      className={`space-y-4 rounded-2xl border p-5 ${
        verification
          ? 'border-emerald-300 bg-emerald-50 text-emerald-900'
          : 'border-red-300 bg-red-50 text-red-900'
      }`}
    >
      <p className="flex items-start gap-3 text-lg font-semibold">
        <Icon className={`mt-0.5 shrink-0 text-2xl ${verification ? 'text-emerald-700' : 'text-red-700'}`} />
        <span>{verification ? verification.message : error}</span>
      </p>
      {verification ? <CheckedIn ticket={verification.ticket} /> : null}
      {verification && note ? <p className="text-sm font-medium">{note}</p> : null}
      <Button variant="secondary" onClick={onVerifyAnother}>
        Verify Another
      </Button>
    </div>
  );
}
