import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { FieldHint } from '@/components/field-frame';
import { FormAlert } from '@/components/form-alert';
import { PayButton } from '@/components/pay-button';
import { TextField } from '@/components/text-field';
import { CheckoutEmailForm } from '../lib/checkout-email';

type CheckoutFormProps = {
  defaultEmail: string;
  total: number;
  /** The name of who takes the payment ('Paystack', or the sandbox offline); null until known. */
  providerLabel: string | null;
  /** True from the click until the browser has left for the provider. */
  busy: boolean;
  error: string | null;
  onPay: (email: string) => void;
};

export function CheckoutForm({ defaultEmail, total, providerLabel, busy, error, onPay }: CheckoutFormProps) {
  // Checked on submit; its message stays until the next submit.
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(CheckoutEmailForm),
    defaultValues: { email: defaultEmail },
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });

  return (
    <form
      noValidate
      onSubmit={handleSubmit(({ email }) => onPay(email))}
      aria-labelledby="checkout-payment-heading"
      className="space-y-4 rounded-2xl border border-slate-200 bg-white p-5"
    >
      <h2 id="checkout-payment-heading" className="text-lg font-bold text-slate-900">
        Payment
      </h2>
      <TextField
        id="checkout-email"
        label="Email"
        type="email"
        autoComplete="email"
        inputMode="email"
        {...register('email')}
        error={errors.email?.message}
        hint={<FieldHint>Your receipt is sent to this address.</FieldHint>}
        disabled={busy}
      />
      <FormAlert message={error} />
      <PayButton amount={total} providerLabel={providerLabel} busy={busy} />
    </form>
  );
}
