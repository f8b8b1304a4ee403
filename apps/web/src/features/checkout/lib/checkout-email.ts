import { InitializePaymentInput } from '@sokoni/contracts/payments';

/**
 * Spec §5: the e-mail the receipt goes to, checked as POST /payments/initialize checks it (every
 * kind of payment takes the e-mail the same way; an order's is the first).
 */
export const CheckoutEmailForm = InitializePaymentInput.options[0].pick({ email: true });

/** The message the checkout form shows for `email`, or null when it is fine. */
export function validateCheckoutEmail(email: string): string | null {
  const parsed = CheckoutEmailForm.shape.email.safeParse(email);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? null);
}
