import { z } from 'zod';
import { MONEY_MAX, isWholeCents, moneyMessages } from './money.js';

/**
 * An amount in shillings that the database holds exactly: above 0, at most MONEY_MAX, in whole
 * cents. `required` is what a missing or non-numeric value is told.
 */
export function shillings(label: string, required: string) {
  const messages = moneyMessages(label);
  return z
    .number(required)
    .finite(required)
    .positive(messages.tooSmall)
    .max(MONEY_MAX, messages.tooLarge)
    .refine(isWholeCents, messages.fraction);
}

/** A price bound of a search filter, from the query string: 0 up to MONEY_MAX. */
export const priceFilter = z.coerce
  .number('Prices must be numbers.')
  .finite('Prices must be numbers.')
  .min(0, 'Prices cannot be negative.')
  .max(MONEY_MAX, moneyMessages('A price filter').tooLarge);
