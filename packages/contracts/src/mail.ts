// What Sokoni's e-mails say: one home for their subjects and texts.

/** The web app's My Orders page (apps/web/src/app/router.tsx), linked from receipts. */
export const MY_ORDERS_PATH = '/orders';

/** The receipt a buyer gets when an order is paid. Amounts arrive formatted (formatKES). */
export const ORDER_RECEIPT_MAIL = {
  subject: (orderNumber: string) => `Your Sokoni receipt: ${orderNumber}`,
  greeting: (name: string) => `Hello ${name},`,
  paid: (orderNumber: string) =>
    `Thank you for shopping on Sokoni. We have received your payment for ${orderNumber}.`,
  line: (quantity: number, product: string, unitPrice: string, lineTotal: string) =>
    `${quantity} × ${product} at ${unitPrice} each: ${lineTotal}`,
  total: (total: string) => `Total paid: ${total}`,
  myOrders: (url: string) => `See your orders on My Orders: ${url}`,
  signOff: 'Asante,\nSokoni',
} as const;
