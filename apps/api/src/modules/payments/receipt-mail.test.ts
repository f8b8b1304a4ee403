import { describe, expect, it } from 'vitest';
import { RECEIPT_MAIL } from '@sokoni/contracts/mail';
import { receiptMail, type Receipt } from './receipt-mail.js';

const SITE = 'https://sokoni.example';
const REFERENCE = 'sok_0123456789abcdef01234567';

const receipt = (overrides: Partial<Receipt> = {}): Receipt => ({
  payment: {
    email: 'achieng@example.co.ke',
    reference: REFERENCE,
    amountCents: 1_060_050,
    method: 'mpesa',
    phone: '+254722000111',
  },
  payerName: 'Achieng Odhiambo',
  paidAt: new Date('2026-11-27T17:15:00Z'),
  details: {
    items: [
      { description: '2 × Kiondo basket', amount: 3800 },
      { description: '1 × Solar lamp', amount: 6800.5 },
    ],
    sellers: [
      { role: 'Seller', name: 'Amina Njeri', email: 'amina@example.co.ke', phone: '0733 444 555' },
      { role: 'Seller', name: 'Brian Otieno', email: 'brian@example.co.ke', phone: null },
    ],
    delivery: ['Deliver to: Moi Avenue, Nairobi, Nairobi County', 'Phone: 0712 345 678'],
    path: '/orders/4d7c1a2e-0000-4000-8000-000000000001',
  },
  ...overrides,
});

describe('receiptMail', () => {
  it('goes to the e-mail the payment was made with, naming what was bought: its one line, or the first and how many more', () => {
    const several = receiptMail(receipt(), SITE);
    expect(several.to).toBe('achieng@example.co.ke');
    expect(several.subject).toBe('Your Sokoni receipt: 2 × Kiondo basket and 1 more');

    const one = receiptMail(
      receipt({
        details: {
          ...receipt().details,
          items: [{ description: 'Enrolment in Dairy farming', amount: 10_600.5 }],
        },
      }),
      SITE,
    );
    expect(one.subject).toBe('Your Sokoni receipt: Enrolment in Dairy farming');
  });

  it('says in plain text what was paid, how (the M-Pesa number masked), the reference, when in Nairobi time, what, from whom, where it goes and where to find it', () => {
    expect(receiptMail(receipt(), SITE).text).toBe(
      [
        'Hello Achieng Odhiambo,',
        '',
        'Thank you for paying on Sokoni. This is your receipt.',
        '',
        'Amount paid: KES 10,601',
        'Paid with: M-Pesa 0722 ••• 111',
        `Reference: ${REFERENCE}`,
        'Date: 27 Nov 2026, 20:15 EAT',
        '',
        'What you bought',
        '2 × Kiondo basket: KES 3,800',
        '1 × Solar lamp: KES 6,801',
        '',
        'Who to contact',
        'Seller: Amina Njeri (amina@example.co.ke, 0733 444 555)',
        'Seller: Brian Otieno (brian@example.co.ke)',
        '',
        'Delivery',
        'Deliver to: Moi Avenue, Nairobi, Nairobi County',
        'Phone: 0712 345 678',
        '',
        `Find what you bought on Sokoni: ${SITE}/orders/4d7c1a2e-0000-4000-8000-000000000001`,
        '',
        'Asante,',
        'Sokoni',
        '',
      ].join('\n'),
    );
  });

  it('says a card payment was made by card, dates it on the Nairobi day, and leaves out a delivery there is none of', () => {
    const { text } = receiptMail(
      receipt({
        payment: { ...receipt().payment, method: 'card', phone: null },
        paidAt: new Date('2026-11-27T22:30:00Z'),
        details: { ...receipt().details, delivery: null },
      }),
      SITE,
    );
    expect(text).toContain('Paid with: Card\n');
    expect(text).toContain('Date: 28 Nov 2026, 01:30 EAT');
    expect(text).not.toContain(RECEIPT_MAIL.delivery);
  });

  it('is an HTML page sized for a phone, under Sokoni’s name on its green, with the same lines and links', () => {
    const html = receiptMail(receipt(), SITE).html!;
    expect(html).toMatch(/^<!doctype html>\n<html lang="en"><head><meta charset="utf-8">/);
    expect(html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
    expect(html).toContain('<div style="background:#047857;color:#ffffff;');
    expect(html).toContain('>Sokoni</div>');
    expect(html).toContain(`<h1 style="margin:0 0 16px;font-size:22px">${RECEIPT_MAIL.title}</h1>`);
    for (const line of [
      'Amount paid: KES 10,601',
      'Paid with: M-Pesa 0722 ••• 111',
      `Reference: ${REFERENCE}`,
      'Date: 27 Nov 2026, 20:15 EAT',
      '2 × Kiondo basket: KES 3,800<br>1 × Solar lamp: KES 6,801',
      'Deliver to: Moi Avenue, Nairobi, Nairobi County<br>Phone: 0712 345 678',
    ])
      expect(html).toContain(line);
    expect(html).toContain(
      'Seller: Amina Njeri (<a href="mailto:amina@example.co.ke" style="color:#047857">amina@example.co.ke</a>, 0733 444 555)',
    );
    const url = `${SITE}/orders/4d7c1a2e-0000-4000-8000-000000000001`;
    expect(html).toContain(`<a href="${url}" style="color:#047857">${url}</a>`);
    expect(html).not.toContain('+254722000111');
  });

  it('escapes in the HTML whatever people wrote: names, what was bought, a contact, an address, an e-mail', () => {
    const { text, html } = receiptMail(
      receipt({
        payerName: 'Achieng <b>O</b>',
        details: {
          items: [{ description: '1 × Blankets & Wine <Live>', amount: 1500 }],
          sellers: [
            {
              role: 'Organizer',
              name: 'Mama "Njeri" & Sons',
              email: "o'neil@example.co.ke",
              phone: '<script>alert(1)</script>',
            },
          ],
          delivery: ['Deliver to: Stall <12>, Gikomba'],
          path: '/tickets/mine?x="y"',
        },
      }),
      SITE,
    );
    expect(html).toContain('Hello Achieng &#60;b&#62;O&#60;/b&#62;,');
    expect(html).toContain('1 × Blankets &#38; Wine &#60;Live&#62;: KES 1,500');
    expect(html).toContain(
      'Organizer: Mama &#34;Njeri&#34; &#38; Sons (<a href="mailto:o&#39;neil@example.co.ke"',
    );
    expect(html).toContain('&#60;script&#62;alert(1)&#60;/script&#62;');
    expect(html).toContain('Deliver to: Stall &#60;12&#62;, Gikomba');
    expect(html).toContain(`<a href="${SITE}/tickets/mine?x=&#34;y&#34;"`);
    for (const raw of ['<b>', '<Live>', '<script>', '<12>', '"Njeri"']) expect(html).not.toContain(raw);
    // The plain text is as they wrote it.
    expect(text).toContain('Hello Achieng <b>O</b>,');
    expect(text).toContain(
      `Organizer: Mama "Njeri" & Sons (o'neil@example.co.ke, <script>alert(1)</script>)`,
    );
  });
});
