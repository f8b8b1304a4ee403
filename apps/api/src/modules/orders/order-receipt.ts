import { formatOrderNumber } from '@sokoni/contracts/checkout';
import { ORDER_RECEIPT_MAIL as TEXT } from '@sokoni/contracts/mail';
import { centsToShillings, formatKES } from '@sokoni/contracts/money';
import type { MailMessage } from '../mail/mail.service.js';

export type Receipt = {
  id: string;
  totalCents: number;
  buyerName: string;
  buyerEmail: string;
  items: Array<{ productName: string; quantity: number; unitPriceCents: number }>;
};

const kes = (cents: number) => formatKES(centsToShillings(cents));

/** The e-mail a buyer gets when their order is paid. */
export function receiptMail(receipt: Receipt, myOrdersUrl: string): MailMessage {
  const orderNumber = formatOrderNumber(receipt.id);
  return {
    to: receipt.buyerEmail,
    subject: TEXT.subject(orderNumber),
    text: [
      TEXT.greeting(receipt.buyerName),
      '',
      TEXT.paid(orderNumber),
      '',
      ...receipt.items.map((item) =>
        TEXT.line(
          item.quantity,
          item.productName,
          kes(item.unitPriceCents),
          kes(item.unitPriceCents * item.quantity),
        ),
      ),
      '',
      TEXT.total(kes(receipt.totalCents)),
      '',
      TEXT.myOrders(myOrdersUrl),
      '',
      TEXT.signOff,
      '',
    ].join('\n'),
  };
}
