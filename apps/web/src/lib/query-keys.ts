/**
 * Query keys that more than one feature touches: checkout creates orders and the payment
 * callback marks them paid, so both refresh My Orders through this one key.
 */
export const ORDERS_QUERY_KEY = ['orders'] as const;

/** Claiming a free event's tickets issues them at once: My Tickets refreshes through this key. */
export const TICKETS_QUERY_KEY = ['tickets'] as const;
