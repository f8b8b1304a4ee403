import { useQueryClient } from '@tanstack/react-query';
import { STAY_MESSAGES } from '@sokoni/contracts/stays-rules';
import type { Trip } from '@sokoni/contracts/stays';
import { PayStep } from '@/components/pay-step';
import { MY_TRIPS_QUERY_KEY } from '../api/get-my-trips';

/**
 * Pay again for a booking (#26): the pay step at its amount, M-Pesa first. The server holds the
 * booking's nights again (or ends the payment under way), and the payment page comes back with the
 * stay, the guest and the dates (spec §2).
 */
export function TripPayAgain({ trip }: { trip: Trip }) {
  const queryClient = useQueryClient();
  return (
    <section aria-label={`Pay again for ${trip.stay.title}`} className="border-t border-slate-200 pt-3">
      <PayStep
        subject={{ paymentType: 'booking', bookingId: trip.id }}
        amount={trip.amount}
        callbackDetails={{
          stayId: trip.stay.id,
          userId: trip.userId,
          start: trip.startDate,
          end: trip.endDate,
        }}
        failedMessage={STAY_MESSAGES.paymentFailed}
        // The booking is held again: My Trips shows it so when the guest comes back.
        onStarted={() => void queryClient.invalidateQueries({ queryKey: MY_TRIPS_QUERY_KEY })}
      />
    </section>
  );
}
