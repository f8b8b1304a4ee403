import { formatStayDay } from '@sokoni/contracts/stays-rules';
import type { Trip } from '@sokoni/contracts/stays';
import { Button } from '@/components/button';
import { FormAlert } from '@/components/form-alert';
import { Modal } from '@/components/modal';
import { Spinner } from '@/components/spinner';
import { errorMessage } from '@/lib/api-client';
import { useCancelBooking } from '../api/cancel-booking';
import { TRIP_MESSAGES } from '../lib/trip-messages';
import { runMutation } from '@/lib/run-mutation';

type CancelBookingDialogProps = { trip: Trip; onClose: () => void };

/** Asks before letting go of a held booking; the server's refusal (already paid, lapsed) shows inside. */
export function CancelBookingDialog({ trip, onClose }: CancelBookingDialogProps) {
  const cancel = useCancelBooking();
  const close = () => {
    if (!cancel.isPending) onClose();
  };
  return (
    <Modal
      title={TRIP_MESSAGES.cancelTitle}
      size="sm"
      onClose={close}
      description={
        <p>
          {trip.stay.title}, {formatStayDay(trip.startDate)} – {formatStayDay(trip.endDate)}. The dates are
          released for other guests.
        </p>
      }
    >
      <div className="space-y-4">
        <FormAlert message={cancel.isError ? errorMessage(cancel.error, TRIP_MESSAGES.cancelFailed) : null} />
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={close} disabled={cancel.isPending}>
            Keep booking
          </Button>
          <Button
            variant="danger"
            disabled={cancel.isPending}
            onClick={() => runMutation(cancel, trip.id, { onSuccess: onClose })}
          >
            {cancel.isPending ? <Spinner className="size-4" /> : null}
            Yes, cancel booking
          </Button>
        </div>
      </div>
    </Modal>
  );
}
