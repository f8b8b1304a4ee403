import { CHECKOUT_EMAIL_PATTERN, PAYMENT_MESSAGES } from '@sokoni/contracts/checkout';

/** Spec §5: the e-mail the receipt goes to. Answers the message to show, or null when it is fine. */
export function validateCheckoutEmail(email: string): string | null {
  return CHECKOUT_EMAIL_PATTERN.test(email.trim()) ? null : PAYMENT_MESSAGES.invalidEmail;
}
