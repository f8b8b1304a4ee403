// What one account may hold unpaid at once, and claim free (docs/decisions/0015). Zod-free: the
// server enforces these, screens may quote them.
import { YOUNG_ACCOUNT_DAYS } from './standing.js';
import { plural } from './wording.js';

/** What is held while a payer pays: an event's seats, a listing's units, a stay's nights. */
export const HELD_THINGS = ['seats', 'units', 'nights'] as const;
export type HeldThing = (typeof HELD_THINGS)[number];

/**
 * One bound, three ways: for an established account, for an account younger than
 * YOUNG_ACCOUNT_DAYS, and for all young accounts asking from one network together.
 */
export type HoldBound = { account: number; youngAccount: number; youngNetwork: number };

/** Per thing: what may be held of one subject (an event, a listing, a stay), and in all. */
export const HOLD_BOUNDS: Record<HeldThing, { perSubject: HoldBound; total: HoldBound }> = {
  // A family's or a group's tickets in one purchase; a new account a couple's.
  seats: {
    perSubject: { account: 10, youngAccount: 4, youngNetwork: 10 },
    total: { account: 20, youngAccount: 6, youngNetwork: 20 },
  },
  // One order line's most of a listing; a new account a household's.
  units: {
    perSubject: { account: 99, youngAccount: 10, youngNetwork: 30 },
    total: { account: 200, youngAccount: 30, youngNetwork: 60 },
  },
  // The longest stay (30 nights) at one place, two in all.
  nights: {
    perSubject: { account: 30, youngAccount: 30, youngNetwork: 30 },
    total: { account: 60, youngAccount: 30, youngNetwork: 60 },
  },
};

/** Free tickets one account may claim of one event, and all young accounts of one network together. */
export const FREE_CLAIM_BOUND: HoldBound = { account: 10, youngAccount: 2, youngNetwork: 10 };

const NOUNS: Record<HeldThing, [string, string]> = {
  seats: ['ticket', 'tickets'],
  units: ['item', 'items'],
  nights: ['night', 'nights'],
};
const counted = (thing: HeldThing, n: number) => `${n} ${plural(n, NOUNS[thing][0], NOUNS[thing][1])}`;
const SCOPE: Record<HeldThing, string> = {
  seats: 'for one event',
  units: 'of one listing',
  nights: 'at one stay',
};

export const HOLD_MESSAGES = {
  /** One account's bound, here or in all; `young` says why it is smaller, `held` what stands in the way. */
  accountLimit: (
    thing: HeldThing,
    limit: number,
    held: number,
    where: 'subject' | 'total',
    young: boolean,
  ) => {
    const scope = where === 'subject' ? `${SCOPE[thing]} ` : '';
    const bound = young
      ? `New accounts can hold at most ${counted(thing, limit)} unpaid ${scope}at once in their first ${YOUNG_ACCOUNT_DAYS} days`
      : `You can hold at most ${counted(thing, limit)} unpaid ${scope}at once`;
    return held > 0
      ? `${bound}; you hold ${counted(thing, held)} now. Pay for or let go of what you hold first.`
      : `${bound}.`;
  },
  /** Young accounts of one network together. */
  networkLimit: (thing: HeldThing) =>
    `Too many new accounts on your network are holding ${NOUNS[thing][1]} unpaid right now. Please try again later.`,
  freeClaimLimit: (limit: number, held: number, young: boolean) =>
    young
      ? `New accounts can claim at most ${limit} free tickets for an event in their first ${YOUNG_ACCOUNT_DAYS} days; you have ${held}.`
      : `You can hold at most ${limit} free tickets for an event; you have ${held}.`,
  freeClaimNetworkLimit:
    'Too many new accounts on your network have claimed tickets for this event. Please try again later.',
} as const;
