import { CANCELLATION_MAIL as CANCELLED } from '@sokoni/contracts/cancellations';
import { formatOrderNumber } from '@sokoni/contracts/checkout';
import type { Delivery } from '@sokoni/contracts/delivery';
import { formatDeliveryAddress, formatKenyanPhone } from '@sokoni/contracts/delivery-rules';
import {
  NEW_SALE_MAIL as SELLER,
  SALE_DELIVERED_MAIL as DELIVERED,
  SALE_SHIPPED_MAIL as BUYER,
} from '@sokoni/contracts/mail';
import { centsToShillings, formatKES } from '@sokoni/contracts/money';
import { SITE } from '@sokoni/contracts/site';
import type { MailMessage } from '../mail/mail.service.js';
import { toDelivery } from './orders.service.js';
import type { SaleLetterFacts } from './sales.repository.js';

type Line = SaleLetterFacts['lines'][number];

const kes = (cents: number) => formatKES(centsToShillings(cents));

/** A letter as plain text: paragraphs of lines, a blank line between them, ending with a line break. */
const letter = (paragraphs: string[][]) => `${paragraphs.map((lines) => lines.join('\n')).join('\n\n')}\n`;

/** Where the goods go, in the words of the letter's reader. */
const destination = (delivery: Delivery | null, words: typeof SELLER | typeof BUYER): string[] => {
  if (!delivery) return [];
  if (delivery.method === 'pickup') return [words.pickup];
  return [words.deliverTo(formatDeliveryAddress(delivery))];
};

/** Each seller's lines of the order, in the order the lines come. */
function linesBySeller(lines: Line[]): Map<string, Line[]> {
  const bySeller = new Map<string, Line[]>();
  for (const line of lines) bySeller.set(line.sellerId, [...(bySeller.get(line.sellerId) ?? []), line]);
  return bySeller;
}

/**
 * The notices of a paid order, one to each seller of its lines: their lines only, their total, and
 * the buyer's name, phone and delivery, with a link to Sales.
 */
export function newSaleMails(facts: SaleLetterFacts, salesUrl: string): MailMessage[] {
  const orderNumber = formatOrderNumber(facts.id);
  const delivery = toDelivery(facts);
  return [...linesBySeller(facts.lines).values()].map((lines) => {
    const [{ sellerName, sellerEmail }] = lines as [Line, ...Line[]];
    const totalCents = lines.reduce((sum, line) => sum + line.unitPriceCents * line.quantity, 0);
    return {
      to: sellerEmail,
      subject: SELLER.subject(orderNumber),
      text: letter([
        [SELLER.greeting(sellerName)],
        [SELLER.sold(facts.buyerName, orderNumber)],
        lines.map((line) =>
          SELLER.line(
            line.quantity,
            line.productName,
            kes(line.unitPriceCents),
            kes(line.unitPriceCents * line.quantity),
          ),
        ),
        [SELLER.total(kes(totalCents))],
        [
          SELLER.buyer(facts.buyerName),
          ...(delivery ? [SELLER.phone(formatKenyanPhone(delivery.phone))] : []),
          ...destination(delivery, SELLER),
        ],
        [SELLER.sales(salesUrl)],
        [SELLER.signOff],
      ]),
    };
  });
}

/**
 * The buyer's notice that one seller shipped their part of the order: what (not what was cancelled
 * before), the note, where to.
 */
export function saleShippedMail(
  facts: SaleLetterFacts,
  shipment: { sellerId: string; note: string | null },
  myOrdersUrl: string,
): MailMessage {
  const orderNumber = formatOrderNumber(facts.id);
  const lines = facts.lines.filter((line) => line.sellerId === shipment.sellerId && !line.cancelledAt);
  const where = destination(toDelivery(facts), BUYER);
  return {
    to: facts.buyerEmail,
    subject: BUYER.subject(orderNumber),
    text: letter([
      [BUYER.greeting(facts.buyerName)],
      [
        BUYER.shipped(lines[0]?.sellerName ?? '', orderNumber),
        ...lines.map((line) => BUYER.line(line.quantity, line.productName)),
      ],
      ...(shipment.note ? [[BUYER.note(shipment.note)]] : []),
      ...(where.length ? [where] : []),
      [BUYER.myOrders(myOrdersUrl)],
      [BUYER.signOff],
    ]),
  };
}

/**
 * The buyer's notice that one seller delivered their part of the order: what, and that confirming
 * receipt on the order's page (`orderUrl`) settles it; who to write to if nothing came.
 */
export function saleDeliveredMail(facts: SaleLetterFacts, sellerId: string, orderUrl: string): MailMessage {
  const orderNumber = formatOrderNumber(facts.id);
  const lines = facts.lines.filter((line) => line.sellerId === sellerId && !line.cancelledAt);
  return {
    to: facts.buyerEmail,
    subject: DELIVERED.subject(orderNumber),
    text: letter([
      [DELIVERED.greeting(facts.buyerName)],
      [
        DELIVERED.delivered(lines[0]?.sellerName ?? '', orderNumber),
        ...lines.map((line) => DELIVERED.line(line.quantity, line.productName)),
      ],
      [DELIVERED.confirm(orderUrl), DELIVERED.notReceived(SITE.contactEmail)],
      [DELIVERED.signOff],
    ]),
  };
}

/**
 * The two letters of order lines cancelled before they shipped (#27): the buyer's (what, and the
 * refund on its way) and their seller's (what not to ship, what the buyer gets back).
 */
export function cancelledLinesMails(
  facts: SaleLetterFacts,
  cancelled: {
    sellerId: string;
    by: 'buyer' | 'seller';
    lines: Array<{ quantity: number; productName: string }>;
    refund: string;
  },
  myOrdersUrl: string,
): MailMessage[] {
  const orderNumber = formatOrderNumber(facts.id);
  const seller = facts.lines.find((line) => line.sellerId === cancelled.sellerId);
  const what = cancelled.lines.map((line) => CANCELLED.line(line.quantity, line.productName));
  const toBuyer: MailMessage = {
    to: facts.buyerEmail,
    subject: CANCELLED.order.buyerSubject(orderNumber),
    text: letter([
      [CANCELLED.greeting(facts.buyerName)],
      [
        cancelled.by === 'buyer'
          ? CANCELLED.order.byBuyer(orderNumber)
          : CANCELLED.order.bySeller(seller?.sellerName ?? '', orderNumber),
        ...what,
      ],
      [CANCELLED.refund(cancelled.refund), CANCELLED.refundTiming],
      [BUYER.myOrders(myOrdersUrl)],
      [CANCELLED.signOff],
    ]),
  };
  // A seller whose account is gone has no one to tell.
  if (!seller) return [toBuyer];
  return [
    toBuyer,
    {
      to: seller.sellerEmail,
      subject: CANCELLED.order.sellerSubject(orderNumber),
      text: letter([
        [CANCELLED.greeting(seller.sellerName)],
        [
          cancelled.by === 'buyer'
            ? CANCELLED.order.buyerCancelled(facts.buyerName, orderNumber)
            : CANCELLED.order.sellerCancelled(orderNumber),
          ...what,
        ],
        [CANCELLED.order.buyerRefunded(cancelled.refund)],
        [CANCELLED.signOff],
      ]),
    },
  ];
}
