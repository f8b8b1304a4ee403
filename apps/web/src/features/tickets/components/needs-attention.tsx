import { Button } from '@/components/button';
import { AlertCircleIcon } from '@/components/icons';
import type { DoorFlag } from '../lib/door-store';
import { useDismissDoorFlag } from '../lib/use-door';

/**
 * 'Needs attention': check-ins made on this device that the server did not keep at sync (another
 * device let the ticket in earlier, or it was refunded since the list was saved), until dismissed.
 */
export function NeedsAttention({ flags }: { flags: DoorFlag[] }) {
  const dismiss = useDismissDoorFlag();
  if (!flags.length) return null;
  return (
    <section
      aria-labelledby="attention-heading"
      className="space-y-3 rounded-2xl border border-red-300 bg-red-50 p-4"
    >
      <h2 id="attention-heading" className="flex items-center gap-2 font-semibold text-red-900">
        <AlertCircleIcon className="text-xl text-red-700" />
        Needs attention
      </h2>
      <ul className="space-y-3">
        {flags.map((flag) => (
          <li
            key={`${flag.eventId}/${flag.ticketId}`}
            className="flex flex-wrap items-center justify-between gap-3 text-sm text-red-900"
          >
            <p>
              <span className="font-semibold">{flag.holderName}</span>: {flag.message}
            </p>
            <Button
              variant="secondary"
              onClick={() => dismiss.mutate(flag)}
              disabled={dismiss.isPending}
              aria-label={`Dismiss: ${flag.holderName}`}
            >
              Dismiss
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}
