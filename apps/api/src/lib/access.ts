import type { AppError } from './errors.js';
import type { AuthUser } from './tokens.js';

/**
 * The one ownership check every service makes (immich's `requireAccess`): a record is the caller's
 * when the account it names is theirs. How anyone else is answered is part of the rule:
 * - `hidden`: exactly like a record that does not exist (an order, a booking, a ticket: whether it
 *   exists is nobody else's business);
 * - `refused`: with its own refusal (a listing, a stay, an event, a course: public records anyone
 *   may see but only their owner may change).
 */
export type Access<T> = {
  /** The account the record belongs to. */
  ownerOf(record: T): string;
  /** How a missing record is answered. */
  notFound(): AppError;
  /** How someone else is answered; absent, exactly like a missing record. */
  notOwner?(): AppError;
};

/** The record, when it exists and is the caller's; otherwise the rule's answer is thrown. */
export function requireAccess<T>(caller: AuthUser, record: T | undefined, access: Access<NoInfer<T>>): T {
  if (record === undefined) throw access.notFound();
  if (access.ownerOf(record) !== caller.sub) throw (access.notOwner ?? access.notFound)();
  return record;
}

/**
 * The opposite rule, for what one does only to others' records (buying a listing, booking a stay,
 * upvoting a reply, enrolling in a course): refused when the record is the caller's own.
 */
export function refuseOwn(caller: AuthUser, ownerId: string, refusal: () => AppError): void {
  if (ownerId === caller.sub) throw refusal();
}
