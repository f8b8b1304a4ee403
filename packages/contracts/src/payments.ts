import { z } from 'zod';
import { shillings } from './money-schema.js';
import { EMAIL_MAX_LENGTH } from './auth-messages.js';
import {
  CHECKOUT_EMAIL_PATTERN,
  PAYMENT_MESSAGES,
  PAYMENT_PROVIDER_LABELS,
  PAYMENT_STATUSES,
  PAYMENT_TYPES,
  TICKETS_PER_PURCHASE,
} from './checkout.js';
import { KenyanPhone } from './delivery.js';
import { MPESA_MESSAGES, PAYMENT_FAILURES, PAYMENT_METHODS } from './mpesa.js';
import { REFUND_STATUSES } from './stays-rules.js';
import { LINE, line } from './text.js';

const paymentFields = {
  email: line(PAYMENT_MESSAGES.invalidEmail)
    .trim()
    .max(EMAIL_MAX_LENGTH, PAYMENT_MESSAGES.invalidEmail)
    .regex(CHECKOUT_EMAIL_PATTERN, PAYMENT_MESSAGES.invalidEmail),
  amount: shillings('Amount', 'Amount is required.'),
  userId: line().max(100).optional(),
  callback_url: z
    .url(PAYMENT_MESSAGES.callbackNotAllowed)
    .max(2048, PAYMENT_MESSAGES.callbackNotAllowed)
    .regex(LINE, PAYMENT_MESSAGES.callbackNotAllowed),
  /** How the payer pays (#26): a prompt on their M-Pesa phone, or the provider's card page (the default). */
  method: z.enum(PAYMENT_METHODS).optional(),
  /** The M-Pesa number the prompt goes to, as people write it; E.164 once parsed. */
  phone: KenyanPhone.optional(),
};
const subjectId = (message: string) => line(message).trim().min(1, message).max(100, message);

/**
 * POST /payments/initialize (spec §3/§7), keyed by what is paid for: an order, a stay booking,
 * event tickets or a course. The amount is checked against the server's own price. M-Pesa needs
 * the number its prompt goes to; without a method it is the card redirect the spec's client expects.
 */
export const InitializePaymentInput = z
  .discriminatedUnion('paymentType', [
    z.object({
      ...paymentFields,
      paymentType: z.literal('order'),
      orderId: z.uuid(PAYMENT_MESSAGES.orderIdRequired),
    }),
    z.object({
      ...paymentFields,
      paymentType: z.literal('booking'),
      bookingId: subjectId(PAYMENT_MESSAGES.bookingIdRequired),
    }),
    z.object({
      ...paymentFields,
      paymentType: z.literal('event'),
      eventId: subjectId(PAYMENT_MESSAGES.eventIdRequired),
      quantity: z
        .number(PAYMENT_MESSAGES.ticketQuantity)
        .int(PAYMENT_MESSAGES.ticketQuantity)
        .min(TICKETS_PER_PURCHASE.min, PAYMENT_MESSAGES.ticketQuantity)
        .max(TICKETS_PER_PURCHASE.max, PAYMENT_MESSAGES.ticketQuantity),
    }),
    z.object({
      ...paymentFields,
      paymentType: z.literal('course'),
      courseId: subjectId(PAYMENT_MESSAGES.courseIdRequired),
    }),
  ])
  .superRefine((input, context) => {
    if (input.method === 'mpesa' && input.phone === undefined) {
      context.addIssue({ code: 'custom', path: ['phone'], message: MPESA_MESSAGES.requireNumber });
    }
  });
export type InitializePaymentInput = z.input<typeof InitializePaymentInput>;
export type InitializePaymentData = z.output<typeof InitializePaymentInput>;

/** A card payment: the provider's page to send the browser to (Paystack's own answer's shape). */
export const CardPaymentStart = z.object({
  authorization_url: z.string(),
  access_code: z.string(),
  reference: z.string(),
});
/**
 * An M-Pesa payment: the prompt is on its way to the payer's phone; the page waits, checking
 * GET /payments/verify from `checkAfterSeconds`, until the payment ends or the prompt lapses.
 */
export const MpesaPaymentStart = z.object({
  reference: z.string(),
  /** Pending while the prompt waits; failed at once when the provider refused it (a declined number). */
  status: z.enum(PAYMENT_STATUSES),
  method: z.literal('mpesa'),
  /** The number the prompt went to, masked: '0712 ••• 678'. */
  phone: z.string(),
  amount: z.number(),
  /** When the wait for the payer's answer ends ('No answer from your phone'). */
  promptExpiresAt: z.iso.datetime(),
  checkAfterSeconds: z.number().int(),
  /** What the provider asks the payer to do. */
  displayText: z.string(),
});
export type MpesaPaymentStart = z.infer<typeof MpesaPaymentStart>;

export const InitializePaymentResponse = z.object({
  status: z.boolean(),
  message: z.string(),
  data: z.union([CardPaymentStart, MpesaPaymentStart]),
});
export type InitializePaymentResponse = z.infer<typeof InitializePaymentResponse>;

export const VerifyPaymentQuery = z.object({
  reference: line(PAYMENT_MESSAGES.referenceRequired)
    .min(1, PAYMENT_MESSAGES.referenceRequired)
    .max(100, PAYMENT_MESSAGES.notFound),
});

export const PaymentVerification = z.object({
  status: z.enum(PAYMENT_STATUSES),
  reference: z.string(),
  paymentType: z.enum(PAYMENT_TYPES),
  amount: z.number(),
  currency: z.string(),
  subjectId: z.string(),
  paidAt: z.iso.datetime().nullable(),
  /** A charge that succeeded for something no longer to be had is given back: pending, then refunded. */
  refund: z.enum(REFUND_STATUSES).nullable(),
  method: z.enum(PAYMENT_METHODS),
  /** The M-Pesa number the prompt went to, masked ('0712 ••• 678'); null for a card. */
  phone: z.string().nullable(),
  /** While an M-Pesa prompt waits: when the wait ends. */
  promptExpiresAt: z.iso.datetime().nullable(),
  /** Why a payment ended unpaid, in plain words with the next step (mpesa.ts). */
  failure: z.object({ reason: z.enum(PAYMENT_FAILURES), title: z.string(), next: z.string() }).nullable(),
  /** An event payment's tickets, so paying again asks for as many. */
  quantity: z.number().int().nullable(),
});
export type PaymentVerification = z.infer<typeof PaymentVerification>;

/** GET /payments/provider: who takes the payment, so the pay button can name it. */
export const PaymentProviderInfo = z.object({
  provider: z.enum(Object.keys(PAYMENT_PROVIDER_LABELS) as [keyof typeof PAYMENT_PROVIDER_LABELS]),
  label: z.string(),
});
export type PaymentProviderInfo = z.infer<typeof PaymentProviderInfo>;
