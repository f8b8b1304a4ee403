import { formatNairobiTime } from '@sokoni/contracts/events-rules';
import { RECEIPT_MAIL as TEXT } from '@sokoni/contracts/mail';
import { centsToShillings, formatKES } from '@sokoni/contracts/money';
import { maskKenyanPhone } from '@sokoni/contracts/mpesa';
import { escapeHtml } from '../../lib/html.js';
import { heading, lines, link, mailDocument, mailLink, paragraph } from '../../lib/mail-html.js';
import type { MailMessage } from '../mail/mail.service.js';
import type { ReceiptDetails, ReceiptSeller } from './payment-handlers.js';
import type { PaymentRecord } from './payments.repository.js';

/** A fulfilled payment, who made it and when, and what its vertical says was bought. */
export type Receipt = {
  payment: Pick<PaymentRecord, 'email' | 'reference' | 'amountCents' | 'method' | 'phone'>;
  payerName: string;
  paidAt: Date;
  details: ReceiptDetails;
};

/** The subject names what was bought: its one line, or the first and how many more. */
const bought = ([first, ...more]: ReceiptDetails['items']) =>
  first && more.length > 0
    ? TEXT.andMore(first.description, more.length)
    : (first?.description ?? TEXT.title);

/** How it was paid: the M-Pesa number masked (its owner knows it, others cannot read it off), or a card. */
const paidWith = ({ method, phone }: Receipt['payment']) =>
  method === 'mpesa' && phone ? TEXT.paidWith.mpesa(maskKenyanPhone(phone)) : TEXT.paidWith.card;

const amountLine = ({ payment }: Receipt) => TEXT.amount(formatKES(centsToShillings(payment.amountCents)));

/** How, which payment and when: the same lines in both parts, under the amount. */
const paymentLines = ({ payment, paidAt }: Receipt) => [
  paidWith(payment),
  TEXT.reference(payment.reference),
  TEXT.date(formatNairobiTime(paidAt)),
];

const itemLines = ({ details }: Receipt) =>
  details.items.map((item) => TEXT.item(item.description, formatKES(item.amount)));

const sellerText = (seller: ReceiptSeller) =>
  TEXT.seller(seller.role, seller.name, [seller.email, seller.phone].filter(Boolean).join(', '));

/** A seller in HTML: their words escaped, their e-mail address a tap away from a message. */
const sellerHtml = (seller: ReceiptSeller) =>
  TEXT.seller(
    escapeHtml(seller.role),
    escapeHtml(seller.name),
    [mailLink(seller.email), ...(seller.phone ? [escapeHtml(seller.phone)] : [])].join(', '),
  );

const plainText = (receipt: Receipt, url: string) => {
  const { delivery, sellers } = receipt.details;
  const paragraphs = [
    [TEXT.greeting(receipt.payerName)],
    [TEXT.received],
    [amountLine(receipt), ...paymentLines(receipt)],
    [TEXT.bought, ...itemLines(receipt)],
    [TEXT.sellers, ...sellers.map(sellerText)],
    ...(delivery ? [[TEXT.delivery, ...delivery]] : []),
    [TEXT.find(url)],
    [TEXT.signOff],
  ];
  return `${paragraphs.map((paragraphLines) => paragraphLines.join('\n')).join('\n\n')}\n`;
};

/** The same letter as HTML; everything a payer, seller, host, organizer or instructor wrote is escaped. */
const html = (receipt: Receipt, url: string) => {
  const { delivery, sellers } = receipt.details;
  return mailDocument([
    `<h1 style="margin:0 0 16px;font-size:22px">${escapeHtml(TEXT.title)}</h1>`,
    paragraph(escapeHtml(TEXT.greeting(receipt.payerName))),
    paragraph(escapeHtml(TEXT.received)),
    paragraph(
      `<strong style="font-size:18px">${escapeHtml(amountLine(receipt))}</strong><br>${lines(paymentLines(receipt))}`,
    ),
    heading(TEXT.bought),
    paragraph(lines(itemLines(receipt))),
    heading(TEXT.sellers),
    paragraph(sellers.map(sellerHtml).join('<br>')),
    ...(delivery ? [heading(TEXT.delivery), paragraph(lines(delivery))] : []),
    paragraph(TEXT.find(link(url))),
    paragraph(lines(TEXT.signOff.split('\n'))),
  ]);
};

/**
 * The receipt of a fulfilled payment, to the e-mail it was paid with: what was paid, how, its
 * reference and when (Nairobi time), what was bought and from whom, an order's delivery, and the
 * page on `siteUrl` where the payer finds what they bought.
 */
export function receiptMail(receipt: Receipt, siteUrl: string): MailMessage {
  const url = `${siteUrl}${receipt.details.path}`;
  return {
    to: receipt.payment.email,
    subject: TEXT.subject(bought(receipt.details.items)),
    text: plainText(receipt, url),
    html: html(receipt, url),
  };
}
