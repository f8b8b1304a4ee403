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
   * Gives `amountCents` of a successful charge back: 'refunded' once the money is on its way back
   * (or was already), 'pending' while the provider still works on it. `ours` names a part of the
   * charge given back (our refund's reference, 'rf_…', kept with it at the provider); without it the
   * charge is given back whole. Throws ProviderError when refused or unreachable.
   */
  refund(reference: string, amountCents: number, ours?: string): Promise<RefundState>;
  /**
   * Our refund `ours` of the charge as the provider has it, or null when it never had it: asked
   * before asking again after a request whose answer we never heard, so nothing is refunded twice.
   */
  findRefund(reference: string, ours: string): Promise<RefundState | null>;
  /**
   * The payment a (signature-checked) webhook event reports refunded, and how much of it (cents;
   * null when the event does not say), or null for any other event.
   */
  refundFromWebhook(event: unknown): { reference: string; amountCents: number | null } | null;
} & PayoutProvider;

/** Who a payout is paid to: an M-Pesa number (E.164), or a Kenyan bank account (the provider's bank code). */
export type TransferRecipient =
  | { kind: 'mpesa'; name: string; phone: string }
  | { kind: 'bank'; name: string; bankCode: string; accountNumber: string };

/** Where a transfer stands: still moving, paid, or failed / reversed (the money came back to us). */
export type TransferStatus = 'pending' | 'success' | 'failed' | 'reversed';
export type TransferState = { status: TransferStatus; transferCode: string | null; raw: unknown };

/** Paying earners out of our balance at the provider (#27), each transfer under our own reference. */
export type PayoutProvider = {
  /** The provider's code for these details, to transfer to. Throws ProviderRefusal when it refuses them. */
  createRecipient(recipient: TransferRecipient): Promise<string>;
  /**
   * Sends `amountCents` to the recipient, once per reference: asked again with a reference it already
   * has, the provider sends nothing more and its state of that transfer is answered. Throws
   * ProviderRefusal when refused (nothing was sent), ProviderError when the answer is unknown.
   */
  transfer(transfer: {
    reference: string;
    amountCents: number;
    currency: string;
    recipientCode: string;
    reason: string;
  }): Promise<TransferState>;
  /** The transfer a (signature-checked) webhook event reports, or null for any other event. */
  transferFromWebhook(event: unknown): { reference: string; state: TransferState } | null;
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

/** The provider answered no to the request itself (a 400): nothing was made, and asking again alike will not help. */
export class ProviderRefusal extends ProviderError {
  constructor(message: string, detail?: unknown) {
    super(message, detail);
    this.name = 'ProviderRefusal';
  }
}
