import { useId, useRef } from 'react';
import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { PAYMENT_MESSAGES } from '@sokoni/contracts/checkout';
import { KenyanPhone } from '@sokoni/contracts/delivery';
import { formatKenyanPhone } from '@sokoni/contracts/delivery-rules';
import { formatKES } from '@sokoni/contracts/money';
import { MPESA_MESSAGES, type PaymentMethod } from '@sokoni/contracts/mpesa';
import { errorMessage } from '@/lib/api-client';
import { useNavigate } from 'react-router';
import {
  goToProvider,
  startPayment,
  usePaymentProvider,
  type MpesaWaitingState,
  type StartPayment,
} from '@/lib/payment-flow';
import { useAuthStore } from '@/stores/auth';
import { useMpesaNumberStore } from '@/stores/mpesa-number';
import { Button } from './button';
import { FieldHint } from './field-frame';
import { Form, type SubmitOf } from './form';
import { FormAlert } from './form-alert';
import { Spinner } from './spinner';
import { TextField } from './text-field';

/** What a payment is for, as POST /payments/initialize names it. */
export type PaySubject =
  | { paymentType: 'order'; orderId: string }
  | { paymentType: 'booking'; bookingId: string }
  | { paymentType: 'event'; eventId: string; quantity: number }
  | { paymentType: 'course'; courseId: string };

type PayStepProps = {
  /** What is paid for, or how to make it first (a stay's booking is created on the first press). */
  subject: PaySubject | (() => Promise<PaySubject>);
  /** Shillings, as the API's amount. */
  amount: number;
  /** Extra query the payment page shows (spec §2: a stay's stayId/start/end, an event's eventId/quantity). */
  callbackDetails?: Record<string, string>;
  /** The number to offer first (an order's delivery phone); else the number last used on this device. */
  defaultPhone?: string;
  /** The vertical's own words when starting fails without a server message (spec §9 table). */
  failedMessage?: string;
  /** Called after a payment started (before leaving for the card page or the waiting screen). */
  onStarted?: () => void;
  /** Where the receipt goes (checkout asks for it); else the signed-in payer's e-mail. */
  email?: string;
};

/** The number as typed, checked with the server's rule and message; sent as E.164. */
const PayStepForm = z.object({ phone: KenyanPhone });
type PayStepValues = z.input<typeof PayStepForm>;

type PayBy = { method: 'mpesa'; phone: string } | { method: 'card' };

/**
 * Paying the Kenyan way (#26): the M-Pesa number (prefilled) and 'Pay KES … with M-Pesa', which sends
 * a prompt to that phone and opens the waiting screen; or 'Pay by card instead', the provider's page.
 */
export function PayStep({
  subject,
  amount,
  callbackDetails,
  defaultPhone,
  failedMessage = PAYMENT_MESSAGES.initiationFailed,
  onStarted,
  email,
}: PayStepProps) {
  const id = useId();
  const user = useAuthStore((state) => state.user);
  const lastNumber = useMpesaNumberStore((state) => (user ? state.numbers[user.id] : undefined));
  const rememberNumber = useMpesaNumberStore((state) => state.remember);
  const provider = usePaymentProvider();
  const navigate = useNavigate();
  // A subject made on the first press (a stay's booking) is paid again as it is, not made twice.
  const made = useRef<PaySubject | null>(null);

  const start = useMutation({
    mutationFn: async (payBy: PayBy) => {
      const paidFor = typeof subject === 'function' ? (made.current ??= await subject()) : subject;
      return startPayment({
        ...paidFor,
        ...payBy,
        email: (email ?? user?.email ?? '').trim(),
        amount,
        callbackDetails,
      } as StartPayment);
    },
    onSuccess: (next, payBy) => {
      if (payBy.method === 'mpesa' && user) rememberNumber(user.id, payBy.phone);
      onStarted?.();
      // The card payer leaves for the provider's page; the M-Pesa payer waits in the app, the page
      // handed what the server answered (amount, masked number, when the wait ends).
      if (next.method === 'card') goToProvider(next.authorizationUrl);
      else void navigate(next.waitingPath, { state: { mpesaStart: next.start } satisfies MpesaWaitingState });
    },
  });
  // Busy until the app has gone on to the waiting screen or the browser has left for the card page.
  const busy = start.isPending || start.isSuccess;
  const method: PaymentMethod | undefined = start.variables?.method;

  const payByMpesa: SubmitOf<typeof PayStepForm> = ({ phone }) => start.mutate({ method: 'mpesa', phone });

  return (
    <Form
      schema={PayStepForm}
      defaultValues={{ phone: defaultPhone ?? (lastNumber ? formatKenyanPhone(lastNumber) : '') }}
      onSubmit={payByMpesa}
      disabled={busy}
      focusInvalid
      aria-label="Payment"
      className="space-y-4"
    >
      {({ field }) => (
        <>
          <TextField
            id={`${id}-phone`}
            label={MPESA_MESSAGES.numberLabel}
            type="tel"
            autoComplete="tel"
            inputMode="tel"
            placeholder="0712 345 678"
            {...field('phone' satisfies keyof PayStepValues)}
            hint={<FieldHint>{MPESA_MESSAGES.numberHint}</FieldHint>}
          />
          <FormAlert message={start.isError ? errorMessage(start.error, failedMessage) : null} />
          <div className="space-y-3">
            <Button type="submit" className="w-full" disabled={busy}>
              {busy && method === 'mpesa' ? <Spinner className="size-4" /> : null}
              {MPESA_MESSAGES.payWithMpesa(formatKES(amount))}
            </Button>
            <Button
              variant="secondary"
              className="w-full"
              disabled={busy}
              onClick={() => start.mutate({ method: 'card' })}
            >
              {busy && method === 'card' ? <Spinner className="size-4" /> : null}
              {MPESA_MESSAGES.payByCard}
            </Button>
          </div>
          <p role="status" className="min-h-5 text-center text-sm text-slate-700">
            {busy && method === 'mpesa' ? MPESA_MESSAGES.sending : null}
            {busy && method === 'card'
              ? `Redirecting to ${provider.data?.label ?? 'the payment page'}...`
              : null}
          </p>
        </>
      )}
    </Form>
  );
}
