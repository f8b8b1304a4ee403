import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import {
  CANCEL_MESSAGES,
  CANCELLATION_MAIL,
  CANCELLATION_POLICY_TEXTS,
} from '@sokoni/contracts/cancellations';
import { formatOrderNumber } from '@sokoni/contracts/checkout';
import {
  DEFAULT_FEE_PERCENT,
  EARNER_ACCOUNT_LABELS,
  EARNINGS_MESSAGES,
  feeCents,
  PAYOUT_STATUS_LABELS,
  PAYOUT_TEXTS,
  payoutMethodLabel,
  youReceiveText,
  type EarnerAccount,
} from '@sokoni/contracts/earnings';
import { formatNairobiTime } from '@sokoni/contracts/events-rules';
import { RECEIPT_MAIL } from '@sokoni/contracts/mail';
import { centsToShillings, formatKESExact, shillingsToCents } from '@sokoni/contracts/money';
import { BOOKING_STATUS_LABELS } from '@sokoni/contracts/stays-rules';
import { mailsTo } from './outbox-support';
import { createStay, holdStay } from './stays-support';
import {
  attachScreenshots,
  checkPage,
  createProduct,
  expectNoSidewaysScroll,
  MOBILE,
  nairobiDay,
  paidOrder,
  payInSandbox,
  registerUser,
  seriousViolations,
  signInTo,
  unique,
  type Account,
} from './support';
import { createEvent } from './tickets-support';

// Money reaching the people who earned it (#27), at a phone's width.
test.use({ viewport: MOBILE });

/** Signs the current account out, then `account` in on `path`. */
async function switchTo(page: Page, account: Account, path: string) {
  await page.evaluate(() => localStorage.removeItem('auth-storage'));
  await signInTo(page, account, path);
}

/** A statement amount as the page writes it: '+KES 1,805' into a balance, '−KES 1,805' out of it. */
const signed = (amount: number) =>
  amount < 0 ? `\u2212${formatKESExact(-amount)}` : `+${formatKESExact(amount)}`;

/** One statement line as 'description | balance | amount'. */
const statementLine = (description: string, account: EarnerAccount, amount: number) =>
  `${description} | ${EARNER_ACCOUNT_LABELS[account]} | ${signed(amount)}`;

/** The statement's lines as the page shows them, newest first, each as statementLine writes it. */
async function statementLines(page: Page): Promise<string[]> {
  return page.getByTestId('statement-line').evaluateAll((lines) =>
    lines.map((line) => {
      const [description = '', when = '', amount = ''] = Array.from(line.querySelectorAll('p'), (part) =>
        (part.textContent ?? '').trim(),
      );
      return `${description} | ${when.split(' · ').at(-1)} | ${amount}`;
    }),
  );
}

test.describe('money reaches the people who earned it, at 390 px', () => {
  test('a seller sells, the buyer confirms receipt, and the seller adds an M-Pesa number and is paid out in the sandbox; the statement shows the sale, its release and the payout', async ({
    page,
    request,
    baseURL,
  }, testInfo) => {
    const seller = await registerUser(request, 'Wanjiru Kamau');
    const buyer = await registerUser(request, 'Achieng Odhiambo');
    const { product } = await createProduct(request, { title: unique('Kiondo basket'), price: 1900 }, seller);
    const order = await paidOrder(request, buyer, product, baseURL!);
    const gross = shillingsToCents(product.price);
    const net = centsToShillings(gross - feeCents(gross, DEFAULT_FEE_PERCENT.shop));

    // The buyer has the basket and says so: the seller's earning is theirs at once.
    await signInTo(page, buyer, `/orders/${order.id}`);
    await expect(page.getByTestId('order-status')).toHaveText('Paid');
    await page.getByRole('button', { name: 'Confirm received' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Yes, it arrived' }).click();
    await expect(page.getByRole('status').filter({ hasText: CANCEL_MESSAGES.orderReceived })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Confirm received' })).toBeHidden();
    await expect(page.getByTestId('order-card')).toContainText('You confirmed it arrived on');

    // The sell form says what a seller keeps of a price: the same as this sale left them.
    await switchTo(page, seller, '/sell');
    await page.getByLabel('Price (Ksh)', { exact: true }).fill(String(product.price));
    await expect(page.getByText(youReceiveText(product.price, DEFAULT_FEE_PERCENT.shop))).toBeVisible();
    expect(youReceiveText(product.price, DEFAULT_FEE_PERCENT.shop)).toContain(formatKESExact(net));

    await page.goto('/earnings');
    await expect(page.getByRole('heading', { level: 1, name: 'Earnings' })).toBeVisible();
    const balances = page.getByTestId('balances');
    await expect(balances.getByRole('term')).toHaveText(['Available', 'Pending', 'Paid out']);
    await expect(balances.getByRole('definition')).toHaveText([formatKESExact(net), 'KES 0', 'KES 0']);
    const getPaid = page.getByRole('region', { name: 'Get paid' });
    await expect(getPaid.getByRole('button', { name: 'Get paid now' })).toBeDisabled();
    await expect(getPaid.getByText(EARNINGS_MESSAGES.noPayoutMethod)).toBeVisible();

    await getPaid.getByRole('button', { name: 'Add payout method' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add payout method' });
    await expect(dialog.getByRole('radio', { name: 'M-Pesa' })).toBeChecked();
    await dialog.getByLabel('M-Pesa number').fill('0712 345 678');
    await dialog.getByLabel('Name registered with M-Pesa').fill(seller.name);
    await dialog.getByRole('button', { name: 'Save payout method' }).click();
    await expect(dialog).toBeHidden();
    const label = payoutMethodLabel({ kind: 'mpesa', phone: '+254712345678' });
    await expect(getPaid.getByTestId('payout-method')).toHaveText(`${label} · ${seller.name}`);
    await expect(getPaid.getByText(`${formatKESExact(net)} can be sent to ${label}.`)).toBeVisible();

    await getPaid.getByRole('button', { name: 'Get paid now' }).click();
    await expect(getPaid.getByRole('status')).toHaveText(EARNINGS_MESSAGES.payoutPaid(formatKESExact(net)));
    const payout = page.getByTestId('payout');
    await expect(payout).toHaveCount(1);
    await expect(payout.getByTestId('payout-status')).toHaveText(PAYOUT_STATUS_LABELS.paid);
    await expect(payout).toContainText(formatKESExact(net));
    await expect(payout).toContainText(`To ${label}`);
    await expect(balances.getByRole('term')).toHaveText(['Available', 'Pending', 'Paid out']);
    await expect(balances.getByRole('definition')).toHaveText(['KES 0', 'KES 0', formatKESExact(net)]);

    // Every movement on the seller's balances: the sale, its release, the payout and its arrival.
    const sale = statementLine(`Sale: ${RECEIPT_MAIL.orderLine(1, product.title)}`, 'pending', net);
    const released = `Goods received: ${formatOrderNumber(order.id)}`;
    await expect(page.getByTestId('statement-line')).toHaveCount(7);
    const lines = await statementLines(page);
    expect(lines.toSorted()).toEqual(
      [
        sale,
        statementLine(released, 'pending', -net),
        statementLine(released, 'available', net),
        statementLine(PAYOUT_TEXTS.requested(label), 'available', -net),
        statementLine(PAYOUT_TEXTS.requested(label), 'payout_in_flight', net),
        statementLine(PAYOUT_TEXTS.paid(label), 'payout_in_flight', -net),
        statementLine(PAYOUT_TEXTS.paid(label), 'paid_out', net),
      ].toSorted(),
    );
    expect(lines.at(-1)).toBe(sale);
    await checkPage(page, testInfo, 'earnings-paid-out', false);
  });

  test('a guest sees the moderate policy before booking, cancels the stay within 5 days of check-in in My Trips and gets half back', async ({
    page,
    request,
    baseURL,
  }, testInfo) => {
    const host = await registerUser(request, 'Wairimu Gachanja');
    const guest = await registerUser(request, 'Otieno Odhiambo');
    const stay = await createStay(request, host, {
      title: unique('Lakeside Cottage, Naivasha'),
      pricePerNight: 4500,
      cancellationPolicy: 'moderate',
    });
    const { label, rule } = CANCELLATION_POLICY_TEXTS.moderate;

    await page.goto(`/stays/${stay.id}`);
    await expect(page.getByTestId('cancellation-policy')).toHaveText(
      `Cancellation policy: ${label}. ${rule}`,
    );

    // Check-in at 14:00 two days from now: under 5 days ahead, so the policy gives half back.
    const booking = await holdStay(request, guest, stay, {
      startDate: nairobiDay(2),
      endDate: nairobiDay(4),
    });
    expect(booking.amount).toBe(2 * 4500);
    await payInSandbox(
      request,
      guest,
      { paymentType: 'booking', bookingId: booking.id, amount: booking.amount },
      baseURL!,
    );
    const refund = booking.amount / 2;

    await signInTo(page, guest, '/trips');
    const trip = page
      .getByRole('region', { name: 'Upcoming' })
      .getByTestId('trip-card')
      .filter({ hasText: stay.title });
    await expect(trip.getByText(BOOKING_STATUS_LABELS.confirmed, { exact: true })).toBeVisible();
    await trip.getByRole('button', { name: 'Cancel stay' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cancel this stay?' });
    const preview = dialog.getByTestId('refund-preview');
    await expect(preview).toContainText(`${label} policy. ${rule}`);
    await expect(preview).toContainText(
      `Cancel now and you get ${formatKESExact(refund)} back (50% of what you paid).`,
    );
    expect(await seriousViolations(page)).toEqual([]);
    await expectNoSidewaysScroll(page);
    await attachScreenshots(page, testInfo, 'my-trips-cancel-stay', false);
    await page.setViewportSize(MOBILE);

    await dialog.getByRole('button', { name: 'Yes, cancel stay' }).click();
    await expect(dialog).toBeHidden();
    const cancelled = CANCEL_MESSAGES.bookingCancelled(formatKESExact(refund));
    await expect(page.getByRole('status').filter({ hasText: cancelled })).toBeVisible();
    const gone = page
      .getByRole('region', { name: 'Cancelled' })
      .getByTestId('trip-card')
      .filter({ hasText: stay.title });
    await expect(gone.getByText(BOOKING_STATUS_LABELS.cancelled, { exact: true })).toBeVisible();
    await expect(gone.getByText(cancelled)).toBeVisible();
    await expect(gone.getByRole('button', { name: 'Cancel stay' })).toHaveCount(0);
    await expect(page.getByRole('region', { name: 'Upcoming' })).toHaveCount(0);
    await checkPage(page, testInfo, 'my-trips-cancelled', false);

    const letters = () =>
      mailsTo(guest.email).filter((mail) => mail.subject === CANCELLATION_MAIL.stay.guestSubject(stay.title));
    await expect.poll(() => letters().length).toBe(1);
    expect(letters()[0]!.text).toContain(CANCELLATION_MAIL.refund(formatKESExact(refund)));
  });

  test("an organizer cancels a paid event on Your Events; the holder's tickets show Refunded in My Tickets, and the refund e-mail reached them", async ({
    page,
    request,
    baseURL,
  }, testInfo) => {
    const organizer = await registerUser(request, 'Ochieng Otieno');
    const holder = await registerUser(request, 'Njeri Wambui');
    const event = await createEvent(request, organizer, { title: unique('Sauti za Busara'), price: 1500 });
    await payInSandbox(
      request,
      holder,
      { paymentType: 'event', eventId: event.id, quantity: 2, amount: 2 * event.price },
      baseURL!,
    );
    const reason = 'The venue is flooded after the long rains.';

    await signInTo(page, organizer, '/tickets/organizer');
    const card = page.getByTestId('organizer-event').filter({ hasText: event.title });
    await card.getByRole('button', { name: `Cancel event ${event.title}` }).click();
    const dialog = page.getByRole('dialog', { name: `Cancel ${event.title}?` });
    await expect(dialog).toContainText('The holders of its 2 tickets are refunded and told by e-mail.');
    await dialog.getByLabel('Reason for ticket holders (optional)').fill(reason);
    await dialog.getByRole('button', { name: 'Yes, cancel event' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('status').filter({ hasText: CANCEL_MESSAGES.eventCancelled })).toBeVisible();
    await expect(card.getByTestId('event-cancelled')).toHaveText('Cancelled');
    await expect(card.getByRole('button', { name: `Cancel event ${event.title}` })).toHaveCount(0);

    await switchTo(page, holder, '/tickets/mine');
    const ticket = page.getByTestId('ticket-card').filter({ hasText: event.title });
    await expect(ticket.getByTestId('ticket-refunded')).toHaveText('Refunded');
    await expect(ticket.getByTestId('ticket-quantity')).toHaveText('2');
    await expect(ticket.getByRole('img', { name: /^QR code of ticket/ })).toHaveCount(0);
    await checkPage(page, testInfo, 'my-tickets-refunded', false);

    const letters = () =>
      mailsTo(holder.email).filter(
        (mail) => mail.subject === CANCELLATION_MAIL.event.holderSubject(event.title),
      );
    await expect.poll(() => letters().length).toBe(1);
    const { text } = letters()[0]!;
    expect(text).toContain(
      CANCELLATION_MAIL.event.holderCancelled(event.title, formatNairobiTime(event.date)),
    );
    expect(text).toContain(CANCELLATION_MAIL.event.reason(reason));
    expect(text).toContain(CANCELLATION_MAIL.refund(formatKESExact(2 * event.price)));
  });
});
