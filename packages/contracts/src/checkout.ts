// Orders and payments: limits, statuses and messages (zod-free, shared by server and screens).
export const ORDER_QUANTITY_MAX = 99;
export const ORDER_LINES_MAX = 50;
/** GET /orders: orders a page holds unless the caller says, and at most. */
export const ORDER_PAGE_SIZE = 20;
export const ORDER_PAGE_MAX = 100;
export const ORDER_STATUSES = ['pending', 'paid'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const PAYMENT_TYPES = ['order', 'booking', 'event', 'course'] as const;
export type PaymentType = (typeof PAYMENT_TYPES)[number];
/** Tickets one purchase may hold. */
export const TICKETS_PER_PURCHASE = { min: 1, max: 10 } as const;
/** How long what a payment is for (units, seats, nights) is held while the payer pays. */
export const PAYMENT_HOLD_MINUTES = 15;
/** From how many units left a listing says how few there are. */
export const LOW_STOCK_THRESHOLD = 5;
export const STOCK_LABELS = {
  soldOut: 'Sold out',
  onlyLeft: (units: number) => `Only ${units} left`,
} as const;
/** What a listing tells shoppers of its stock: nothing while there is plenty. */
export function stockLabel(available: number): string | null {
  if (available <= 0) return STOCK_LABELS.soldOut;
  return available <= LOW_STOCK_THRESHOLD ? STOCK_LABELS.onlyLeft(available) : null;
}
export const PAYMENT_STATUSES = ['pending', 'success', 'failed', 'abandoned'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
export const PAYMENT_PROVIDER_LABELS = { paystack: 'Paystack', sandbox: 'Sokoni Sandbox' } as const;
export type PaymentProviderName = keyof typeof PAYMENT_PROVIDER_LABELS;

/** Spec §5 checkout: non-space, @, non-space, dot, non-space. */
export const CHECKOUT_EMAIL_PATTERN = /^\S+@\S+\.\S+$/;

export const ORDER_MESSAGES = {
  emptyCart: 'Your cart is empty.',
  tooManyLines: `An order can hold at most ${ORDER_LINES_MAX} different products.`,
  quantityRange: `Quantity must be between 1 and ${ORDER_QUANTITY_MAX}.`,
  priceRequired: 'Each item needs its price.',
  productUnavailable: 'A product in your cart is no longer available.',
  duplicateProduct: 'Each product can appear once in an order.',
  soldOut: (title: string) => `Sold out: ${title} has no units left.`,
  notEnoughStock: (title: string, units: number) => `Only ${units} of ${title} left.`,
  ownListing: (title: string) => `${title} is your own listing: you cannot buy it.`,
  priceChanged: (title: string, price: string) => `The price of ${title} is now ${price}.`,
  notFound: 'Order not found.',
  payNow: 'Pay now',
  saleNotFound: 'Sale not found.',
  notPaidYet: 'This order is not paid yet.',
  alreadyShipped: 'This sale has already been shipped.',
  notShippedYet: 'Mark the sale shipped before delivered.',
  alreadyDelivered: 'This sale has already been delivered.',
  noSales: "You haven't sold anything yet.",
  salesLoadFailed: 'Failed to load sales',
  markedShipped: 'Marked shipped. The buyer has been told by e-mail.',
  markedDelivered: 'Marked delivered.',
  saleUpdateFailed: 'Could not update this sale. Please try again.',
  cartPriceChanged: (title: string, price: string) => `The price of ${title} changed to ${price}.`,
  cartSoldOut: (title: string) => `${title} is sold out: it is kept out of checkout.`,
  cartUnavailable: (title: string) => `${title} is no longer available.`,
  loadFailed: 'Failed to load orders',
  empty: "You haven't placed any orders yet.",
} as const;

export const PAYMENT_MESSAGES = {
  orderIdRequired: 'orderId is required for product payments',
  bookingIdRequired: 'bookingId is required for stay payments',
  eventIdRequired: 'eventId is required for ticket payments',
  ticketQuantity: 'You can buy 1 to 10 tickets at a time.',
  courseIdRequired: 'courseId is required for course payments',
  alreadyPaid: 'This order has already been paid.',
  webhookNotJson: 'The webhook body is not JSON.',
  amountMismatch: (expected: string) => `The amount to pay is ${expected}.`,
  callbackNotAllowed: 'callback_url must be an address on this site.',
  typeUnavailable: (type: string) => `Payments for ${type} are not available yet.`,
  invalidEmail: 'Please enter a valid email',
  userNotLoggedIn: 'User not logged in',
  referenceRequired: 'A payment reference is required.',
  notFound: 'Payment not found.',
  providerUnavailable: 'The payment provider could not be reached. Please try again.',
  starting: 'Your payment is still being started. Please try again in a moment.',
  badSignature: 'Invalid signature.',
  initiationFailed: 'Payment initiation failed. Please try again.',
  /** A charge that succeeded for something no longer to be had (each vertical may word its own). */
  refundNotice: (amount: string) =>
    `What you paid for was no longer available when your payment completed. Your payment of ${amount} is being refunded.`,
} as const;

/** Spec §9: an order is known to its buyer by the first 6 characters of its id. */
export function formatOrderNumber(id: string): string {
  return `Order #${id.slice(0, 6)}`;
}
