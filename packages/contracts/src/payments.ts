import { z } from 'zod';
import { shillings } from './money-schema.js';
import { EMAIL_MAX_LENGTH } from './auth-messages.js';
import {
  CHECKOUT_EMAIL_PATTERN,
  PAYMENT_MESSAGES,
  PAYMENT_PROVIDER_LABELS,
  PAYMENT_STATUSES,
  PAYMENT_TYPES,
} from './checkout.js';
import { LINE, line } from './text.js';

/** POST /payments/initialize (spec §3/§7). The amount is checked against the server's own price. */
export const InitializePaymentInput = z
  .object({
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
    paymentType: z.enum(PAYMENT_TYPES),
    orderId: z.uuid().optional(),
    bookingId: line().max(100).optional(),
    eventId: line().max(100).optional(),
    quantity: z.number().int().positive().max(1000).optional(),
  })
  .refine((input) => input.paymentType !== 'order' || input.orderId !== undefined, {
    message: PAYMENT_MESSAGES.orderIdRequired,
    path: ['orderId'],
  });
export type InitializePaymentInput = z.input<typeof InitializePaymentInput>;

export const InitializePaymentResponse = z.object({
  status: z.boolean(),
  message: z.string(),
  data: z.object({ authorization_url: z.string(), access_code: z.string(), reference: z.string() }),
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
});
export type PaymentVerification = z.infer<typeof PaymentVerification>;

/** GET /payments/provider: who takes the payment, so the pay button can name it. */
export const PaymentProviderInfo = z.object({
  provider: z.enum(Object.keys(PAYMENT_PROVIDER_LABELS) as [keyof typeof PAYMENT_PROVIDER_LABELS]),
  label: z.string(),
});
export type PaymentProviderInfo = z.infer<typeof PaymentProviderInfo>;
