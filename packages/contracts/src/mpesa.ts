// Paying by M-Pesa (#26): the payer types their number, a prompt comes to their phone and they approve
// it with their M-Pesa PIN. The rules and words shared by the server, the sandbox phone and the screens
// (zod-free).

export const PAYMENT_METHODS = ['mpesa', 'card'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = { mpesa: 'M-Pesa', card: 'Card' };

/**
 * How long a prompt waits on the payer's phone before we call it unanswered (Safaricom's own prompt
 * lapses within about a minute; the rest is the network's delay). The server may be told a shorter
 * wait (MPESA_PROMPT_SECONDS) for tests.
 */
export const MPESA_PROMPT_SECONDS = 90;
/** Paystack asks that a pending charge is checked again no sooner than this. */
export const MPESA_CHECK_SECONDS = 10;
/** The waiting screen checks first after this, then further apart, up to the longest step. */
export const MPESA_POLL = { firstSeconds: 10, factor: 1.5, longestSeconds: 20 } as const;

/** Numbers the sandbox answers at once, as providers' test modes do; any other waits for the sandbox phone. */
export const MPESA_TEST_NUMBERS = { declines: '+254700000001', neverAnswers: '+254700000002' } as const;
/** The sandbox phone takes any four digits as the PIN except this one, which stands for a wrong PIN. */
export const SANDBOX_WRONG_PIN = '0000';

/** Why a charge ended unpaid, as the payer is told it. */
export const PAYMENT_FAILURES = [
  'declined',
  'wrong_pin',
  'insufficient_funds',
  'no_answer',
  'failed',
] as const;
export type PaymentFailure = (typeof PAYMENT_FAILURES)[number];

/** Each failure in plain words, with what to do next. */
export const PAYMENT_FAILURE_MESSAGES: Record<PaymentFailure, { title: string; next: string }> = {
  declined: {
    title: 'The payment was cancelled on your phone',
    next: 'Nothing was taken. Pay again when you are ready, with M-Pesa or a card.',
  },
  wrong_pin: {
    title: 'The M-Pesa PIN was not accepted',
    next: 'Nothing was taken. Pay again and enter your M-Pesa PIN carefully.',
  },
  insufficient_funds: {
    title: 'Not enough money in your M-Pesa',
    next: 'Nothing was taken. Top up your M-Pesa and pay again, or pay by card.',
  },
  no_answer: {
    title: 'No answer from your phone',
    next: 'Check that your phone is on and has signal, then pay again — or pay by card.',
  },
  failed: {
    title: 'The payment did not go through',
    next: 'Nothing was taken. Pay again, with M-Pesa or a card.',
  },
};

export const MPESA_MESSAGES = {
  numberLabel: 'M-Pesa number',
  numberHint: 'The prompt comes to this phone. Approve it with your M-Pesa PIN.',
  payWithMpesa: (amount: string) => `Pay ${amount} with M-Pesa`,
  payByCard: 'Pay by card instead',
  sending: 'Sending the prompt…',
  waitingTitle: 'Check your phone',
  waitingBody: (amount: string, phone: string) =>
    `We sent an M-Pesa prompt for ${amount} to ${phone}. Enter your M-Pesa PIN to approve it.`,
  countdown: (seconds: number) => `Waiting for your approval… ${seconds} s`,
  noPromptTitle: 'No prompt?',
  noPrompt:
    'Check that your phone is on, has signal and that the number is yours. Unlock it: the prompt shows on the screen. If none comes, pay again with this number or another, or pay by card.',
  checkNow: "I've approved it — check now",
  sandboxPhone: 'Open the sandbox phone',
  sandboxPhoneNote: 'Sandbox: no real prompt is sent; answer it on the sandbox phone.',
  payAgain: 'Pay again',
  /** Where an unpaid thing lives (the event page, the course page), when the payer's last payment ended unpaid. */
  lastPaymentUnpaid: 'Your last payment did not go through.',
  requireNumber: 'Enter your M-Pesa number.',
} as const;

/** Checkout in two steps (#26): the order is placed with where it goes, then paid with the pay step. */
export const CHECKOUT_PAY_TEXTS = {
  continueToPayment: 'Continue to payment',
  placing: 'Placing your order…',
  payHeading: 'Pay for your order',
  placed: (orderNumber: string, amount: string) =>
    `${orderNumber} is placed: ${amount}. Pay for it now; until then it waits in My Orders.`,
} as const;

/** The sandbox phone's page (no money moves). */
export const SANDBOX_PHONE_TEXTS = {
  title: 'Sandbox phone',
  noMoney: 'Sandbox: this stands in for your phone. No real money moves.',
  prompt: (amount: string) => `Pay ${amount} to Sokoni?`,
  pinLabel: 'M-Pesa PIN',
  pinRequired: 'Enter a four-digit PIN to approve.',
  pinHint: `Any four digits approve; ${SANDBOX_WRONG_PIN} stands for a wrong PIN.`,
  approve: 'Approve',
  cancel: 'Cancel',
  none: 'No prompts are waiting on this phone.',
  approved: (amount: string) => `You approved ${amount}. Go back to Sokoni: your payment is confirmed.`,
  cancelled: 'You cancelled the prompt. Go back to Sokoni to pay again.',
  wrongPin: 'Wrong PIN: the payment was refused. Go back to Sokoni to pay again.',
} as const;

/** +254712345678 → '0712 ••• 678': enough for the payer to know their number, not to read it to others. */
export function maskKenyanPhone(e164: string): string {
  const local = `0${e164.slice(4)}`;
  return `${local.slice(0, 4)} ••• ${local.slice(7)}`;
}
