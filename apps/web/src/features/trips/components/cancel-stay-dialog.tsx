import { CANCEL_MESSAGES, CANCELLATION_POLICY_TEXTS } from '@sokoni/contracts/cancellation-rules';
import type { BookingCancellation } from '@sokoni/contracts/cancellations';
import { formatKESExact } from '@sokoni/contracts/money';
import { formatStayDay } from '@sokoni/contracts/stays-rules';
import type { Trip } from '@sokoni/contracts/stays';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { QueryError } from '@/components/query-error';
import { LoadingState } from '@/components/spinner';
import { errorMessage } from '@/lib/api-client';
import { useCancelBooking } from '../api/cancel-booking';
import { useBookingCancellation } from '../api/get-booking-cancellation';
import { TRIP_MESSAGES } from '../lib/trip-messages';
import { runMutation } from '@/lib/run-mutation';

type CancelStayDialogProps = { trip: Trip; onClose: () => void };

function previewText({ refund, refundPercent, canCancel }: BookingCancellation): string {
  if (!canCancel) return CANCEL_MESSAGES.bookingStarted;
  if (refund > 0) return TRIP_MESSAGES.refundIfCancelled(formatKESExact(refund), refundPercent);
  return TRIP_MESSAGES.noRefundIfCancelled;
}

/** What the policy gives back if the guest cancels now, as the server counts it. */
function RefundPreview({ trip }: { trip: Trip }) {
  const preview = useBookingCancellation(trip.id);
  if (preview.isPending) return <LoadingState label="Checking what you get back..." />;
  if (preview.isError) {
    return (
      <QueryError
        message={errorMessage(preview.error, TRIP_MESSAGES.previewFailed)}
        onRetry={() => void preview.refetch()}
        retrying={preview.isFetching}
      />
    );
  }
  const { label, rule } = CANCELLATION_POLICY_TEXTS[preview.data.policy];
  return (
    <div
      data-testid="refund-preview"
      className="space-y-2 rounded-xl bg-slate-50 px-3 py-2 text-sm text-slate-800"
    >
      <p>
        <span className="font-semibold">{label} policy.</span> {rule}
      </p>
      <p className="font-semibold text-slate-900">{previewText(preview.data)}</p>
    </div>
  );
}

/**
 * 'Cancel stay' for a confirmed stay to come (#27): first what comes back under the host's policy,
 * then, once confirmed, the server's answer (the refund on its way, or none due).
 */
export function CancelStayDialog({ trip, onClose }: CancelStayDialogProps) {
  const cancel = useCancelBooking();
  const confirm = () => runMutation(cancel, trip.id, { onSuccess: onClose });
  return (
    <ConfirmDialog
      title={TRIP_MESSAGES.cancelStayTitle}
      description={
        <p>
          {trip.stay.title}, {formatStayDay(trip.startDate)} – {formatStayDay(trip.endDate)}. The host is told
          and the nights are free for other guests.
        </p>
      }
      keepLabel="Keep my stay"
      confirmLabel="Yes, cancel stay"
      onConfirm={confirm}
      onClose={onClose}
      pending={cancel.isPending}
      error={cancel.isError ? errorMessage(cancel.error, TRIP_MESSAGES.cancelFailed) : null}
    >
      <RefundPreview trip={trip} />
    </ConfirmDialog>
  );
}
