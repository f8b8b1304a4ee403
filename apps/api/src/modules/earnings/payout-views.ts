import { payoutMethodLabel, type Payout, type PayoutMethod } from '@sokoni/contracts/earnings';
import { centsToShillings } from '@sokoni/contracts/money';
import type { TransferRecipient } from '../payments/payments.service.js';
import type { PayoutMethodRecord, PayoutRecord } from './payouts.repository.js';

/** The details a payout method holds, as the provider is given them. */
export function recipientOf(method: PayoutMethodRecord): TransferRecipient {
  return method.kind === 'mpesa'
    ? { kind: 'mpesa', name: method.name, phone: method.phone ?? '' }
    : {
        kind: 'bank',
        name: method.name,
        bankCode: method.bankCode ?? '',
        accountNumber: method.accountNumber ?? '',
      };
}

export const toPayout = (payout: PayoutRecord): Payout => ({
  id: payout.id,
  reference: payout.reference,
  amount: centsToShillings(payout.amountCents),
  status: payout.status,
  method: payout.methodLabel,
  requestedAt: payout.requestedAt.toISOString(),
  settledAt: payout.settledAt?.toISOString() ?? null,
  failure: payout.failureReason,
});

/** A payout method as its owner sees it: the number or account masked. */
export const toPayoutMethod = (method: PayoutMethodRecord): PayoutMethod => ({
  kind: method.kind,
  name: method.name,
  label: payoutMethodLabel(recipientOf(method)),
});
