import type { PaymentProviderName, PaymentStatus } from '@sokoni/contracts/checkout';
import type { PaymentFailure } from '@sokoni/contracts/mpesa';

/**
 * What a provider says of a charge. Amounts are in cents (Paystack's "subunits"); a charge that
 * failed says why, as far as the provider's words tell.
 */
export type ProviderCharge = {
  status: PaymentStatus;
  amountCents: number;
  currency: string;
  failure?: PaymentFailure;
  raw: unknown;
};

/** An M-Pesa charge: a prompt to `phone` (E.164) for the payer to approve with their PIN. */
export type MobileMoneyCharge = {
  reference: string;
  amountCents: number;
  currency: string;
  email: string;
  phone: string;
  metadata: Record<string, string>;
};

/** The provider's first answer to an M-Pesa charge: usually pending, the prompt on its way. */
export type MobileMoneyStart = {
  status: PaymentStatus;
  failure?: PaymentFailure;
  /** What the provider asks the payer to do. */
  displayText: string;
  raw: unknown;
};

export type InitializeCharge = {
  reference: string;
  amountCents: number;
  currency: string;
  email: string;
  callbackUrl: string;
  metadata: Record<string, string>;
};

/** The one seam between Sokoni and whoever moves the money. */
export type PaymentProvider = {
  readonly name: PaymentProviderName;
  initialize(charge: InitializeCharge): Promise<{ authorizationUrl: string; accessCode: string }>;
  /** Sends an M-Pesa prompt to the payer's phone. Throws ProviderError when refused or unreachable. */
  chargeMobileMoney(charge: MobileMoneyCharge): Promise<MobileMoneyStart>;
  verify(reference: string): Promise<ProviderCharge>;
  /** The charge a (signature-checked) webhook event reports, or null for events we do not act on. */
  chargeFromWebhook(event: unknown): { reference: string; charge: ProviderCharge } | null;
  /** Is this webhook body really from the provider? (signature over the raw bytes) */
  verifySignature(rawBody: Buffer, signature: string | undefined): boolean;
  /**
   * Gives a successful charge back in full: 'refunded' once the money is on its way back (or was
   * already), 'pending' while the provider still works on it. Throws ProviderError when refused or
   * unreachable.
   */
  refund(reference: string, amountCents: number): Promise<RefundState>;
  /** The payment a (signature-checked) webhook event reports refunded, or null for any other event. */
  refundFromWebhook(event: unknown): { reference: string } | null;
};

export type RefundState = 'refunded' | 'pending';

export class ProviderError extends Error {
  constructor(
    message: string,
    readonly detail?: unknown,
  ) {
    super(message);
    this.name = 'ProviderError';
  }
}
