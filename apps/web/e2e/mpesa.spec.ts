import { expect, test } from '@playwright/test';
import type { APIRequestContext, Page, TestInfo } from '@playwright/test';
import { formatKenyanPhone } from '@sokoni/contracts/delivery-rules';
import { RECEIPT_MAIL } from '@sokoni/contracts/mail';
import {
  CHECKOUT_PAY_TEXTS,
  maskKenyanPhone,
  MPESA_MESSAGES,
  MPESA_TEST_NUMBERS,
  PAYMENT_FAILURE_MESSAGES,
  SANDBOX_PHONE_TEXTS,
  type PaymentFailure,
} from '@sokoni/contracts/mpesa';
import { addLessons, createCourse } from './courses-support';
import { mailsTo } from './outbox-support';
import { createStay, pickStayDates, stayDay } from './stays-support';
import {
  attachScreenshots,
  checkPage,
  createProduct,
  kes,
  MOBILE,
  nairobiDay,
  registerUser,
  seriousViolations,
  signIn,
  unique,
  type Account,
} from './support';
import { createEvent } from './tickets-support';

// Paying the Kenyan way (#26) at a phone's width: every page the test opens, the sandbox phone's
// too, is 390 px wide.
test.use({ viewport: MOBILE });

/** A number that waits for the sandbox phone: the payer's own. */
const PAYER = '+254712345678';
const PIN = '1234';

/** Something to pay for, made for one test through the API, and how the buyer reaches its pay step. */
type Purchase = {
  /** Its title: the sandbox phone and the receipt name it. */
  title: string;
  /** What the pay step asks, in shillings. */
  amount: number;
  /** Signs the buyer in and opens the pay step (its 'Pay KES … with M-Pesa' showing). */
  openPayStep: (page: Page) => Promise<void>;
  /** Where the payment page goes once paid, and what it shows there. */
  expectBought: (page: Page) => Promise<void>;
};

type Kind = {
  name: string;
  /** What the payment page's success countdown leads to. */
  leadsTo: string;
  buy: (request: APIRequestContext, buyer: Account) => Promise<Purchase>;
};

/** A product in the cart, checked out for pickup; 'Continue to payment' places the order. */
const order: Kind = {
  name: 'an order',
  leadsTo: 'the order, paid',
  async buy(request, buyer) {
    const { product } = await createProduct(request, { title: unique('Kiondo basket'), price: 1900 });
    return {
      title: product.title,
      amount: product.price,
      async openPayStep(page) {
        await signIn(page, buyer);
        await page.goto(`/products/${product.id}`);
        await page.getByRole('button', { name: 'Add to Cart' }).click();
        await expect(page.getByText('Added to cart').first()).toBeVisible();
        await page.goto('/checkout');
        await page.getByLabel('Phone number').fill('0733 111 222');
        await page.getByRole('radio', { name: "Pickup from the seller's shop" }).check();
        await page.getByRole('button', { name: CHECKOUT_PAY_TEXTS.continueToPayment }).click();
        await expect(page.getByRole('heading', { name: CHECKOUT_PAY_TEXTS.payHeading })).toBeFocused();
        // The M-Pesa number offered first is the order's phone.
        await expect(page.getByLabel(MPESA_MESSAGES.numberLabel)).toHaveValue('0733 111 222');
      },
      async expectBought(page) {
        await expect(page).toHaveURL(/\/orders\/[0-9a-f-]{36}$/);
        await expect(page.getByRole('heading', { level: 1, name: 'Your order' })).toBeVisible();
        await expect(page.getByTestId('order-status')).toHaveText('Paid');
        await expect(page.getByText(product.title)).toBeVisible();
      },
    };
  },
};

/** Two nights, picked on the stay's calendar and checked, then Pay & Book. */
const stay: Kind = {
  name: 'a stay',
  leadsTo: 'the trip, confirmed in My Trips',
  async buy(request, buyer) {
    const host = await registerUser(request, 'Wairimu Gachanja');
    const place = await createStay(request, host, {
      title: unique('Lakeside Cottage, Naivasha'),
      pricePerNight: 1800,
    });
    const [checkIn, checkOut] = [nairobiDay(12), nairobiDay(14)];
    return {
      title: place.title,
      amount: 2 * place.pricePerNight,
      async openPayStep(page) {
        await signIn(page, buyer);
        await page.goto(`/stays/${place.id}`);
        const booking = page.getByRole('region', { name: 'Check availability' });
        // The calendar's code loads once its place is near the screen: below the photos on a phone.
        await booking.scrollIntoViewIfNeeded();
        await pickStayDates(page, checkIn, checkOut);
        await booking.getByRole('button', { name: 'Check availability' }).click();
        await expect(booking.getByText('This stay is available for your selected dates!')).toBeVisible();
        await booking.getByRole('button', { name: 'Pay & Book' }).click();
      },
      async expectBought(page) {
        await expect(page).toHaveURL('/trips');
        const trip = page
          .getByRole('region', { name: 'Upcoming' })
          .getByTestId('trip-card')
          .filter({ hasText: place.title });
        await expect(trip.getByText('Confirmed', { exact: true })).toBeVisible();
        await expect(trip.getByTestId('trip-dates')).toHaveText(`${stayDay(checkIn)} – ${stayDay(checkOut)}`);
      },
    };
  },
};

/** Two tickets, then Buy Tickets. */
const tickets: Kind = {
  name: 'tickets',
  leadsTo: 'the tickets in My Tickets',
  async buy(request, buyer) {
    const organizer = await registerUser(request, 'Ochieng Otieno');
    const event = await createEvent(request, organizer, { title: unique('Sauti za Busara'), price: 1500 });
    return {
      title: event.title,
      amount: 2 * event.price,
      async openPayStep(page) {
        await signIn(page, buyer);
        await page.goto(`/tickets/${event.id}`);
        await page.getByLabel('Quantity').fill('2');
        await page.getByRole('button', { name: 'Buy Tickets' }).click();
      },
      async expectBought(page) {
        await expect(page).toHaveURL('/tickets/mine');
        const card = page.getByTestId('ticket-card').filter({ hasText: event.title });
        await expect(card.getByTestId('ticket-quantity')).toHaveText('2');
        await expect(card.getByTestId('ticket-id')).toHaveText(/^tkt_[a-f0-9]{32}$/);
      },
    };
  },
};

/** A paid course with one lesson, then Pay & Enrol. */
const course: Kind = {
  name: 'a course',
  leadsTo: 'the classroom',
  async buy(request, buyer) {
    const instructor = await registerUser(request, 'Njambi Karanja');
    const paid = await createCourse(request, instructor, { title: unique('Poultry Keeping'), price: 2500 });
    await addLessons(request, instructor, paid, [
      {
        title: 'Housing your layers',
        contentType: 'text',
        contentUrl: 'Space, light and air.',
        duration: 12,
        releaseDate: null,
      },
    ]);
    return {
      title: paid.title,
      amount: paid.price,
      async openPayStep(page) {
        await signIn(page, buyer);
        await page.goto(`/courses/${paid.id}`);
        await page.getByRole('button', { name: 'Pay & Enrol' }).click();
      },
      async expectBought(page) {
        await expect(page).toHaveURL(`/courses/${paid.id}/classroom`);
        await expect(page.getByRole('heading', { level: 2, name: 'Housing your layers' })).toBeVisible();
      },
    };
  },
};

/** Types `number` (E.164) as the M-Pesa number and sends the prompt: the waiting screen opens. */
async function payByMpesa(page: Page, number: string, amount: number) {
  await page.getByLabel(MPESA_MESSAGES.numberLabel).fill(formatKenyanPhone(number));
  await page.getByRole('button', { name: MPESA_MESSAGES.payWithMpesa(kes(amount)) }).click();
  await expect(page).toHaveURL(/\/payment\/callback\?.*\bmethod=mpesa\b/);
}

/** The payment page of a payment that ended unpaid: why, and what to do next. */
async function expectFailure(page: Page, reason: PaymentFailure, timeout?: number) {
  await expect(page.getByRole('heading', { name: 'Payment Failed' })).toBeVisible({ timeout });
  await expect(
    page.getByTestId('payment-failure').getByText(PAYMENT_FAILURE_MESSAGES[reason].title),
  ).toBeVisible();
  await expect(page.getByTestId('payment-failure')).toContainText(PAYMENT_FAILURE_MESSAGES[reason].next);
}

/** The waiting screen for a prompt of `amount` sent to `number`. */
async function expectWaiting(page: Page, number: string, amount: number) {
  await expect(page.getByRole('heading', { level: 1, name: MPESA_MESSAGES.waitingTitle })).toBeVisible();
  await expect(page.getByTestId('waiting-body')).toHaveText(
    MPESA_MESSAGES.waitingBody(kes(amount), maskKenyanPhone(number)),
  );
  await expect(page.getByRole('timer')).toHaveText(/^Waiting for your approval… \d+ s$/);
  await expect(page.getByRole('heading', { name: MPESA_MESSAGES.noPromptTitle })).toBeVisible();
}

/** Opens the sandbox phone from the waiting screen and approves the purchase's prompt with a PIN. */
async function approveOnSandboxPhone(page: Page, purchase: Purchase, photograph?: TestInfo) {
  const link = page.getByRole('link', { name: MPESA_MESSAGES.sandboxPhone });
  await expect(link).toHaveAttribute('href', `/api/payments/sandbox/phone/${encodeURIComponent(PAYER)}`);
  const opened = page.context().waitForEvent('page');
  await link.click();
  const phone = await opened;
  await expect(phone.getByRole('heading', { level: 1, name: SANDBOX_PHONE_TEXTS.title })).toBeVisible();
  await expect(phone.getByText(SANDBOX_PHONE_TEXTS.noMoney)).toBeVisible();
  // Other tests' prompts to the same number may be waiting too: this one names what is bought.
  const prompt = phone
    .getByRole('region', { name: SANDBOX_PHONE_TEXTS.prompt(kes(purchase.amount)) })
    .filter({ hasText: purchase.title });
  await expect(prompt).toHaveCount(1);
  // The prompt lapses 15 s after it was sent (global-setup): the phone is checked while it waits,
  // and photographed once it is answered.
  if (photograph) expect(await seriousViolations(phone)).toEqual([]);
  await prompt.getByLabel(SANDBOX_PHONE_TEXTS.pinLabel).fill(PIN);
  await prompt.getByRole('button', { name: SANDBOX_PHONE_TEXTS.approve }).click();
  await expect(phone.getByRole('status')).toHaveText(SANDBOX_PHONE_TEXTS.approved(kes(purchase.amount)));
  if (photograph) await attachScreenshots(phone, photograph, 'sandbox-phone-approved');
  await phone.close();
}

/** The one receipt for the purchase in the buyer's mail, with its amount and how it was paid. */
async function expectReceipt(buyer: Account, purchase: Purchase, paidWith: string) {
  const receipts = () =>
    mailsTo(buyer.email).filter(
      (mail) => mail.subject.startsWith(RECEIPT_MAIL.subject('')) && mail.subject.includes(purchase.title),
    );
  await expect.poll(() => receipts().length).toBe(1);
  const { text } = receipts()[0]!;
  expect(text).toContain(RECEIPT_MAIL.amount(kes(purchase.amount)));
  expect(text).toContain(paidWith);
}

/** Success on the payment page, then (after its 5 s countdown) what was bought. */
async function expectPaidAndTakenThere(page: Page, purchase: Purchase) {
  await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();
  await expect(page.getByTestId('paid-subject')).toContainText(kes(purchase.amount));
  await expect(page.getByTestId('redirect-countdown')).toContainText(/in [1-5] seconds?/);
  await expect(page).not.toHaveURL(/\/payment\/callback/, { timeout: 10_000 });
  await purchase.expectBought(page);
}

test.describe('paying by M-Pesa in the sandbox, at 390 px', () => {
  for (const kind of [order, stay, tickets, course]) {
    test(`${kind.name}: declined on the phone, paid again with another number and approved on the sandbox phone; the page goes to ${kind.leadsTo}, and the receipt says M-Pesa`, async ({
      page,
      request,
    }, testInfo) => {
      test.setTimeout(90_000);
      const buyer = await registerUser(request, 'Achieng Odhiambo');
      const purchase = await kind.buy(request, buyer);
      // One set of pictures and accessibility checks is enough: the screens are the same for every kind.
      const photograph = kind === order ? testInfo : undefined;

      await purchase.openPayStep(page);
      await expect(page.getByRole('button', { name: MPESA_MESSAGES.payByCard })).toBeVisible();
      await payByMpesa(page, MPESA_TEST_NUMBERS.declines, purchase.amount);
      await expectFailure(page, 'declined');
      if (photograph) {
        expect(await seriousViolations(page)).toEqual([]);
        await attachScreenshots(page, photograph, 'mpesa-declined');
        await page.setViewportSize(MOBILE);
      }

      // Pay again offers the number last used; the payer types another.
      await page.getByRole('button', { name: MPESA_MESSAGES.payAgain }).click();
      await expect(page.getByLabel(MPESA_MESSAGES.numberLabel)).toHaveValue(
        formatKenyanPhone(MPESA_TEST_NUMBERS.declines),
      );
      await payByMpesa(page, PAYER, purchase.amount);
      await expectWaiting(page, PAYER, purchase.amount);
      await expect(page.getByText(MPESA_MESSAGES.sandboxPhoneNote)).toBeVisible();
      await approveOnSandboxPhone(page, purchase, photograph);
      // 'check now' asks at once, unless the page's own poll has just found the approval.
      const paid = page.getByRole('heading', { name: 'Payment Successful!' });
      await page.getByRole('button', { name: MPESA_MESSAGES.checkNow }).or(paid).first().click();
      await expectPaidAndTakenThere(page, purchase);
      await expectReceipt(buyer, purchase, RECEIPT_MAIL.paidWith.mpesa(maskKenyanPhone(PAYER)));
    });

    test(`${kind.name}: no answer from the phone, paid again by card in the sandbox; the page goes to ${kind.leadsTo}, and the receipt says Card`, async ({
      page,
      request,
    }, testInfo) => {
      // The e2e server's prompts lapse after 15 s (global-setup), and the page checks once more after.
      test.setTimeout(90_000);
      const buyer = await registerUser(request, 'Kamau Njoroge');
      const purchase = await kind.buy(request, buyer);

      await purchase.openPayStep(page);
      await payByMpesa(page, MPESA_TEST_NUMBERS.neverAnswers, purchase.amount);
      await expectWaiting(page, MPESA_TEST_NUMBERS.neverAnswers, purchase.amount);
      // The waiting screen is checked and photographed while this prompt goes unanswered.
      if (kind === order) {
        await checkPage(page, testInfo, 'mpesa-waiting', false);
        await page.setViewportSize(MOBILE);
      }
      await expectFailure(page, 'no_answer', 30_000);

      await page.getByRole('button', { name: MPESA_MESSAGES.payAgain }).click();
      await page.getByRole('button', { name: MPESA_MESSAGES.payByCard }).click();
      await expect(page).toHaveURL(/\/api\/payments\/sandbox\/sok_/);
      await expect(page.locator('.amount')).toHaveText(kes(purchase.amount));
      await page.getByRole('button', { name: `Pay ${kes(purchase.amount)}` }).click();
      await page.waitForURL(/\/payment\/callback\?.*\breference=/);
      await expectPaidAndTakenThere(page, purchase);
      await expectReceipt(buyer, purchase, RECEIPT_MAIL.paidWith.card);
    });
  }
});
