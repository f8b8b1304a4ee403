import { expect, test } from '@playwright/test';
import type { APIRequestContext, Page } from '@playwright/test';
import { CHECKOUT_PAY_TEXTS, MPESA_MESSAGES, PAYMENT_FAILURE_MESSAGES } from '@sokoni/contracts/mpesa';
import {
  attachScreenshots,
  bearer,
  checkPage,
  createProduct,
  DESKTOP,
  gate,
  kes,
  seriousViolations,
  signUp,
  unique,
  uniqueEmail,
} from './support';

type ProductJson = { id: string; title: string; price: number };

/** A listing of this test's own to buy: buying uses up its stock, so no test buys another's. */
async function basketForSale(request: APIRequestContext) {
  const { product } = await createProduct(request, { title: unique('Kiondo basket'), price: 1900 });
  return product;
}

async function signUpFresh(page: Page, label: string) {
  const user = { name: 'Wanjiku Kamau', email: uniqueEmail(label), password: 'Karibu2026!' };
  await signUp(page, user);
  await expect(page).toHaveURL('/');
  return user;
}

async function addToCart(page: Page, product: ProductJson) {
  await page.goto(`/products/${product.id}`);
  await expect(page.getByRole('heading', { level: 1, name: product.title })).toBeVisible();
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByText('Added to cart').first()).toBeVisible();
}

type DeliveryDetails = { phone: string; county: string; town: string; address: string };

const TO_NAIROBI: DeliveryDetails = {
  phone: '0712 345 678',
  county: 'Nairobi',
  town: 'Nairobi',
  address: 'Moi Avenue, Bazaar Plaza',
};
const TO_KISUMU: DeliveryDetails = {
  phone: '+254 722 000 111',
  county: 'Kisumu',
  town: 'Kisumu',
  address: 'Oginga Odinga Street, Mega Plaza',
};

/** Checkout's delivery fields: the phone, Delivery, and the county, town and street or landmark. */
async function fillDelivery(page: Page, delivery: DeliveryDetails) {
  await page.getByLabel('Phone number').fill(delivery.phone);
  await page.getByRole('radio', { name: 'Delivery' }).check();
  await page.getByLabel('County').selectOption(delivery.county);
  await page.getByLabel('Town').fill(delivery.town);
  await page.getByLabel('Street or landmark').fill(delivery.address);
}

const continueButton = (page: Page) =>
  page.getByRole('button', { name: CHECKOUT_PAY_TEXTS.continueToPayment });

/**
 * Continues to payment (the order is placed) and pays by card: the e2e server's sandbox card page.
 * Checkout's M-Pesa journeys are in mpesa.spec.ts.
 */
async function placeAndPayByCard(page: Page, total: number) {
  await continueButton(page).click();
  await expect(page.getByRole('heading', { name: CHECKOUT_PAY_TEXTS.payHeading })).toBeVisible();
  await expect(page.getByTestId('placed-order')).toContainText(`is placed: ${kes(total)}.`);
  await page.getByRole('button', { name: MPESA_MESSAGES.payByCard }).click();
  await expect(page).toHaveURL(/\/api\/payments\/sandbox\//);
  await expect(page.locator('.amount')).toHaveText(kes(total));
}

/** A basket (KES 1,900) and a lamp (KES 2,500), one unit each, from one new seller. */
async function basketAndLamp(request: APIRequestContext) {
  const { product: basket, seller } = await createProduct(request, {
    title: unique('Kiondo basket'),
    price: 1900,
  });
  const { product: lamp } = await createProduct(
    request,
    { title: unique('Solar lamp'), price: 2500 },
    seller,
  );
  return { basket, lamp, seller };
}

test.describe('checkout, payment and My Orders', () => {
  test('a shopper pays for two products in the sandbox and sees the paid order', async ({
    page,
    request,
  }, testInfo) => {
    // The journey waits on the spec's real timers (approval, 1.5 s verification, 5 s countdown).
    test.slow();
    const { product: board, seller } = await createProduct(request, {
      title: unique('Hand-carved bao board'),
      description: 'Mvule wood bao board with 64 seeds, carved in Lamu.',
      price: 3200,
      category: 'toys-games',
    });
    const { product: basket } = await createProduct(
      request,
      { title: unique('Kiondo basket'), price: 1900 },
      seller,
    );
    const total = board.price + basket.price;
    await page.setViewportSize(DESKTOP);
    const user = await signUpFresh(page, 'buyer');
    await addToCart(page, board);
    await addToCart(page, basket);

    await page.goto('/checkout');
    await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
    await expect(page.getByTestId('checkout-line')).toHaveCount(2);
    await expect(page.getByTestId('checkout-total')).toHaveText(kes(total));
    await expect(page.getByLabel('Email')).toHaveValue(user.email);
    await fillDelivery(page, TO_NAIROBI);
    expect(await seriousViolations(page)).toEqual([]);
    await attachScreenshots(page, testInfo, 'checkout');

    await placeAndPayByCard(page, total);
    await page.getByRole('button', { name: `Pay ${kes(total)}` }).click();
    await expect(page.getByRole('heading', { name: 'Approve the payment on your phone' })).toBeVisible();

    await page.waitForURL(/\/payment\/callback\?reference=/);
    const callbackUrl = page.url();
    await expect(
      page.getByRole('status').filter({ hasText: 'Please wait while we confirm your payment...' }),
    ).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();
    await expect(page.getByText('Your payment was processed successfully.')).toBeVisible();
    await expect(page.getByTestId('redirect-countdown')).toContainText(/in [1-5] seconds?/);
    await expect(page.getByRole('link', { name: 'Need help? Contact support' })).toHaveAttribute(
      'href',
      '/support',
    );
    // The countdown takes the shopper to the order after 5 s; the cart is empty.
    await expect(page).toHaveURL(/\/orders\/[0-9a-f-]{36}$/, { timeout: 10_000 });
    await expect(page.getByTestId('order-status')).toHaveText('Paid');
    await expect(page.getByTestId('cart-badge-desktop')).toHaveCount(0);

    // Verifying again is harmless; the success state is what gets photographed.
    await page.goto(callbackUrl);
    await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();
    await attachScreenshots(page, testInfo, 'payment-success');

    await page.goto('/orders');
    const order = page.getByTestId('order-card');
    await expect(order).toHaveCount(1);
    await expect(order.getByRole('heading', { name: /^Order #[0-9a-f-]{6}$/ })).toBeVisible();
    await expect(order.getByTestId('order-status')).toHaveText('Paid');
    await expect(order.getByTestId('order-total')).toHaveText(kes(total));
    await expect(order.getByTestId('order-item')).toHaveCount(2);
    await expect(order.getByText(board.title)).toBeVisible();
    await expect(order.getByText(basket.title)).toBeVisible();
    await expect(order.getByTestId('delivery-details')).toContainText(
      'Moi Avenue, Bazaar Plaza, Nairobi, Nairobi County',
    );
    await expect(order.getByTestId('shipment-status')).toHaveText('Awaiting shipment');
    await expect(order.getByRole('button', { name: 'Pay now' })).toHaveCount(0);
    expect(await seriousViolations(page)).toEqual([]);
    await attachScreenshots(page, testInfo, 'orders');
  });

  test('declining in the sandbox shows Payment Failed and leaves the order pending', async ({
    page,
    request,
  }) => {
    const basket = await basketForSale(request);
    await page.setViewportSize(DESKTOP);
    await signUpFresh(page, 'decliner');
    await addToCart(page, basket);
    await page.goto('/checkout');
    await fillDelivery(page, TO_NAIROBI);

    // Hold the order, then the payment's start, until each waiting state has been seen.
    const orderHeld = gate();
    await page.route('**/api/orders', async (route) => {
      await orderHeld.opened;
      await route.continue();
    });
    await continueButton(page).click();
    await expect(page.getByRole('status').filter({ hasText: CHECKOUT_PAY_TEXTS.placing })).toBeVisible();
    await expect(continueButton(page)).toBeDisabled();
    const startHeld = gate();
    await page.route('**/api/payments/initialize', async (route) => {
      await startHeld.opened;
      await route.continue();
    });
    orderHeld.open();

    await page.getByRole('button', { name: MPESA_MESSAGES.payByCard }).click();
    await expect(
      page.getByRole('status').filter({ hasText: 'Redirecting to Sokoni Sandbox...' }),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: MPESA_MESSAGES.payByCard })).toBeDisabled();
    await expect(
      page.getByRole('button', { name: MPESA_MESSAGES.payWithMpesa(kes(basket.price)) }),
    ).toBeDisabled();
    startHeld.open();

    await expect(page).toHaveURL(/\/api\/payments\/sandbox\//);
    await page.getByRole('button', { name: 'Decline' }).click();
    await page.waitForURL(/\/payment\/callback\?reference=/);
    await expect(page.getByRole('heading', { name: 'Payment Failed' })).toBeVisible();
    await expect(page.getByTestId('payment-failure')).toHaveText(
      PAYMENT_FAILURE_MESSAGES.failed.title + PAYMENT_FAILURE_MESSAGES.failed.next,
    );
    // A payment known to have ended unpaid is paid again, not checked again.
    await expect(page.getByRole('button', { name: MPESA_MESSAGES.payAgain })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Retry' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Go Home' }).click();
    await expect(page).toHaveURL('/');

    await page.unroute('**/api/orders');
    await page.goto('/orders');
    const order = page.getByTestId('order-card');
    await expect(order).toHaveCount(1);
    await expect(order.getByTestId('order-status')).toHaveText('Pending payment');
    await expect(order.getByTestId('order-total')).toHaveText(kes(basket.price));
  });

  test('missing reference, empty cart, bad e-mail, stale price and a failed orders load', async ({
    page,
    request,
  }) => {
    const basket = await basketForSale(request);
    await page.setViewportSize(DESKTOP);
    await signUpFresh(page, 'edgecases');

    await page.goto('/payment/callback');
    await expect(page.getByRole('heading', { name: 'Missing Reference' })).toBeVisible();
    await expect(page.getByText('No payment reference was provided in the URL.')).toBeVisible();
    await page.getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByRole('heading', { name: 'Verifying Payment' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Missing Reference' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Go Home' })).toBeVisible();

    await page.goto('/checkout');
    await expect(page.getByText('Your cart is empty.')).toBeVisible();
    await expect(page.getByRole('main').getByRole('link', { name: 'Continue Shopping' })).toHaveAttribute(
      'href',
      '/shop',
    );

    await page.goto('/orders');
    await expect(page.getByText("You haven't placed any orders yet.")).toBeVisible();
    await expect(page.getByRole('main').getByRole('link', { name: 'Start Shopping' })).toHaveAttribute(
      'href',
      '/shop',
    );

    await addToCart(page, basket);
    await page.goto('/checkout');
    const orderRequests: string[] = [];
    page.on('request', (req) => {
      if (req.url().endsWith('/api/orders') && req.method() === 'POST') orderRequests.push(req.url());
    });
    await fillDelivery(page, TO_NAIROBI);
    await page.getByLabel('Email').fill('amina@sokoni');
    await continueButton(page).click();
    await expect(page.getByText('Please enter a valid email')).toBeVisible();
    await expect(page.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(orderRequests).toEqual([]);

    // The cart remembers a price the server no longer charges: checkout takes the current one, saying so.
    const stalePrice = basket.price - 100;
    await page.evaluate((price) => {
      const stored = JSON.parse(localStorage.getItem('cart-storage')!) as {
        state: { items: { price: number }[] };
      };
      stored.state.items[0]!.price = price;
      localStorage.setItem('cart-storage', JSON.stringify(stored));
    }, stalePrice);
    await page.reload();
    await expect(
      page
        .getByRole('status')
        .filter({ hasText: `The price of ${basket.title} changed to ${kes(basket.price)}.` }),
    ).toBeVisible();
    await expect(page.getByTestId('checkout-total')).toHaveText(kes(basket.price));
    await expect(continueButton(page)).toBeEnabled();
    expect(orderRequests).toEqual([]);

    await page.route('**/api/orders', (route) => route.fulfill({ status: 500, body: '{}' }));
    await page.goto('/orders');
    await expect(page.getByRole('alert')).toHaveText('Failed to load orders', { timeout: 10_000 });
    await page.unroute('**/api/orders');
    await page.getByRole('button', { name: 'Try Again' }).click();
    await expect(page.getByText("You haven't placed any orders yet.")).toBeVisible();
  });

  test('checkout needs sign-in; the support page is public and lists the contact details', async ({
    page,
  }, testInfo) => {
    await page.goto('/checkout');
    await expect(page).toHaveURL('/login');
    await page.goto('/payment/callback?reference=abc');
    await expect(page).toHaveURL('/login');

    await page.goto('/support');
    await expect(page.getByRole('heading', { level: 1, name: 'Support' })).toBeVisible();
    const main = page.getByRole('main');
    await expect(main.getByRole('link', { name: 'support@sokoni.co.ke' })).toHaveAttribute(
      'href',
      'mailto:support@sokoni.co.ke',
    );
    await expect(main.getByRole('link', { name: '+254 700 123 456' })).toHaveAttribute(
      'href',
      'tel:+254700123456',
    );
    await expect(main.getByText('Westlands, Nairobi, Kenya')).toBeVisible();
    await expect(main.getByText(/payment reference/)).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await attachScreenshots(page, testInfo, 'support');
  });

  test('the payment page passes axe at phone and desktop widths', async ({ page }, testInfo) => {
    await signUpFresh(page, 'axe');
    await page.goto('/payment/callback');
    await expect(page.getByRole('heading', { name: 'Missing Reference' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await attachScreenshots(page, testInfo, 'payment-missing-reference');
  });

  test('a buyer checks out with delivery to Kisumu, declines, pays again from My Orders and sees Paid', async ({
    page,
    request,
  }, testInfo) => {
    // The journey waits on the spec's real timers (approval, 1.5 s verification), twice.
    test.slow();
    const { basket, lamp } = await basketAndLamp(request);
    await page.setViewportSize(DESKTOP);
    await signUpFresh(page, 'kisumu');
    await addToCart(page, basket);

    await page.goto('/checkout');
    await fillDelivery(page, TO_KISUMU);
    await checkPage(page, testInfo, 'checkout-delivery-kisumu', false);
    await placeAndPayByCard(page, basket.price);
    await page.getByRole('button', { name: 'Decline' }).click();
    await page.waitForURL(/\/payment\/callback\?reference=/);
    await expect(page.getByRole('heading', { name: 'Payment Failed' })).toBeVisible();
    // The failed page offers to pay the same order again, beside Go Home.
    await expect(page.getByRole('button', { name: MPESA_MESSAGES.payAgain })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Go Home' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await attachScreenshots(page, testInfo, 'payment-failed-pay-again');

    await page.goto('/orders');
    const order = page.getByTestId('order-card');
    await expect(order).toHaveCount(1);
    await expect(order.getByTestId('order-status')).toHaveText('Pending payment');
    await expect(order.getByTestId('delivery-details')).toContainText(
      'Oginga Odinga Street, Mega Plaza, Kisumu, Kisumu County',
    );
    await expect(order.getByRole('link', { name: '0722 000 111' })).toHaveAttribute(
      'href',
      'tel:+254722000111',
    );
    await checkPage(page, testInfo, 'orders-pay-now', false);

    // Pay now opens the pay step, the order's phone offered as the M-Pesa number; this buyer pays by card.
    await order.getByRole('button', { name: 'Pay now' }).click();
    await expect(order.getByLabel(MPESA_MESSAGES.numberLabel)).toHaveValue('0722 000 111');
    expect(await seriousViolations(page)).toEqual([]);
    await order.getByRole('button', { name: MPESA_MESSAGES.payByCard }).click();
    await expect(page).toHaveURL(/\/api\/payments\/sandbox\//);
    await expect(page.locator('.amount')).toHaveText(kes(basket.price));
    await page.getByRole('button', { name: `Pay ${kes(basket.price)}` }).click();
    await page.waitForURL(/\/payment\/callback\?reference=/);
    await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();

    await page.goto('/orders');
    await expect(order).toHaveCount(1);
    await expect(order.getByTestId('order-status')).toHaveText('Paid');
    await expect(order.getByTestId('shipment-status')).toHaveText('Awaiting shipment');
    await expect(order.getByRole('button', { name: 'Pay now' })).toHaveCount(0);
    await attachScreenshots(page, testInfo, 'orders-paid-again');

    // Its own page says the same, and checkout remembers Kisumu for the next order (the basket's one
    // unit is sold now).
    await order.getByRole('link', { name: /^Order #/ }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Your order' })).toBeVisible();
    await expect(page.getByTestId('order-status')).toHaveText('Paid');
    await addToCart(page, lamp);
    await page.goto('/checkout');
    await expect(page.getByLabel('Phone number')).toHaveValue('0722 000 111');
    await expect(page.getByLabel('County')).toHaveValue('Kisumu');
    await expect(page.getByLabel('Street or landmark')).toHaveValue('Oginga Odinga Street, Mega Plaza');
  });

  test('a price the seller changed shows in the cart before checkout, and a sold-out product is kept out', async ({
    page,
    request,
  }, testInfo) => {
    const { basket, lamp, seller } = await basketAndLamp(request);
    await page.setViewportSize(DESKTOP);
    await addToCart(page, basket);
    await addToCart(page, lamp);

    const repriced = await request.put(`/api/products/${basket.id}`, {
      headers: bearer(seller),
      data: { price: 2100 },
    });
    expect(repriced.status(), await repriced.text()).toBe(200);
    const soldOut = await request.put(`/api/products/${lamp.id}`, {
      headers: bearer(seller),
      data: { stock: 0 },
    });
    expect(soldOut.status(), await soldOut.text()).toBe(200);

    await page.goto('/cart');
    await expect(
      page.getByRole('status').filter({ hasText: `The price of ${basket.title} changed to KES 2,100.` }),
    ).toBeVisible();
    const basketLine = page.getByTestId('cart-line').filter({ hasText: basket.title });
    await expect(basketLine.getByText('KES 2,100 each')).toBeVisible();
    const lampLine = page.getByTestId('cart-line').filter({ hasText: lamp.title });
    await expect(lampLine.getByTestId('cart-line-kept-out')).toHaveText(
      `${lamp.title} is sold out: it is kept out of checkout.`,
    );
    await expect(page.getByTestId('cart-subtotal')).toHaveText('KES 2,100');
    await checkPage(page, testInfo, 'cart-refreshed', false);
  });
});
