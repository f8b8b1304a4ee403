import { z } from 'zod';
import { PAYMENT_MESSAGES, PAYMENT_PROVIDER_LABELS, PAYMENT_STATUSES, PAYMENT_TYPES } from './checkout.js';

/** POST /payments/initialize (spec §3/§7). The amount is checked against the server's own price. */
export const InitializePaymentInput = z
  .object({
    email: z
      .string()
      .trim()
      .regex(/^\S+@\S+\.\S+$/, PAYMENT_MESSAGES.invalidEmail),
    amount: z.number().finite().positive(),
    userId: z.string().optional(),
    callback_url: z.url(PAYMENT_MESSAGES.callbackNotAllowed),
    paymentType: z.enum(PAYMENT_TYPES),
    orderId: z.uuid().optional(),
    bookingId: z.string().optional(),
    eventId: z.string().optional(),
    quantity: z.number().int().positive().optional(),
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
  reference: z.string(PAYMENT_MESSAGES.referenceRequired).min(1, PAYMENT_MESSAGES.referenceRequired).max(100),
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
