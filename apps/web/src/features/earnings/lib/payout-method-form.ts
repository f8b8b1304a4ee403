import { z } from 'zod';
import {
  PAYOUT_METHOD_KINDS,
  PayoutMethodInput,
  type PayoutMethod,
  type PayoutMethodKind,
} from '@sokoni/contracts/earnings';
import { apiFieldErrors } from '@/lib/field-errors';
import type { FieldErrors } from '@/lib/field-errors';

const typed = z.string();

/** The payout method form as typed: M-Pesa (number, name) or a bank (bank, account number, name). */
const PayoutMethodFields = z.object({
  kind: z.enum(PAYOUT_METHOD_KINDS),
  phone: typed,
  bankCode: typed,
  accountNumber: typed,
  name: typed,
});
export type PayoutMethodFormValues = z.input<typeof PayoutMethodFields>;
export type PayoutMethodField = Exclude<keyof PayoutMethodFormValues, 'kind'>;
const FIELDS: PayoutMethodField[] = ['phone', 'bankCode', 'accountNumber', 'name'];

/**
 * The form checked with PUT /earnings/payout-method's own rules on the body it would send: M-Pesa
 * sends its number and name, a bank its code, account number and name.
 */
export const PayoutMethodFormSchema = PayoutMethodFields.transform(
  ({ kind, phone, bankCode, accountNumber, name }) =>
    kind === 'mpesa' ? { kind, phone, name } : { kind, bankCode, accountNumber, name },
).pipe(PayoutMethodInput);

/** A new method starts empty (the saved one is known only masked), on the saved one's kind and name. */
export function payoutMethodFormValues(saved: PayoutMethod | null): PayoutMethodFormValues {
  const kind: PayoutMethodKind = saved?.kind ?? 'mpesa';
  return { kind, phone: '', bankCode: '', accountNumber: '', name: saved?.name ?? '' };
}

/** The server's messages about the form's fields, per field. */
export const serverFieldErrors = (error: unknown): FieldErrors<PayoutMethodField> =>
  apiFieldErrors(error, FIELDS);
