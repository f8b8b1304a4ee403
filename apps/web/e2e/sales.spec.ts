import { expect, test } from '@playwright/test';
import { mailsTo } from './outbox-support';
import {
  attachScreenshots,
  bearer,
  checkPage,
  createProduct,
  DESKTOP,
  payInSandbox,
  registerUser,
  seriousViolations,
  signInTo,
  unique,
} from './support';

const TO_KISUMU = {
  method: 'delivery',
  phone: '0722 000 111',
  county: 'Kisumu',
  town: 'Kisumu',
  address: 'Oginga Odinga Street, Mega Plaza',
} as const;

test.describe('sales: the seller ships, the buyer sees it', () => {
  test("a buyer pays for a two-seller order to Kisumu; a seller sees the sale with the buyer's phone and marks it shipped; the buyer's order says Shipped; both e-mails are in the outbox", async ({
    page,
    request,
    baseURL,
  }, testInfo) => {
    test.slow();
    const amina = await registerUser(request, 'Amina Njeri');
    const brian = await registerUser(request, 'Brian Otieno');
    const buyer = await registerUser(request, 'Achieng Odhiambo');
    const { product: basket } = await createProduct(
      request,
      { title: unique('Kiondo basket'), price: 1900, stock: 2 },
      amina,
    );
    const { product: lamp } = await createProduct(
      request,
      { title: unique('Solar lamp'), price: 2500 },
      brian,
    );

    const placed = await request.post('/api/orders', {
      headers: bearer(buyer),
      data: {
        items: [
          { productId: basket.id, quantity: 2, price: basket.price },
          { productId: lamp.id, quantity: 1, price: lamp.price },
        ],
        delivery: TO_KISUMU,
      },
    });
    expect(placed.status(), await placed.text()).toBe(201);
    const order = (await placed.json()) as { id: string; totalAmount: number };
    await payInSandbox(
      request,
      buyer,
      { paymentType: 'order', orderId: order.id, amount: order.totalAmount },
      baseURL!,
    );
    const orderNumber = `Order #${order.id.slice(0, 6)}`;

    // Amina's sale: her line only, how to reach the buyer, where it goes.
    await page.setViewportSize(DESKTOP);
    await signInTo(page, amina, '/sales');
    await expect(page.getByRole('heading', { level: 1, name: 'Sales' })).toBeVisible();
    const card = page.getByTestId('sale-card').filter({ hasText: orderNumber });
    await expect(card).toHaveCount(1);
    await expect(card.getByTestId('sale-item')).toHaveCount(1);
    await expect(card.getByTestId('sale-item')).toContainText(basket.title);
    await expect(card).not.toContainText(lamp.title);
    await expect(card.getByText('Achieng Odhiambo')).toBeVisible();
    await expect(card.getByRole('link', { name: '0722 000 111' })).toHaveAttribute(
      'href',
      'tel:+254722000111',
    );
    await expect(card.getByText('Oginga Odinga Street, Mega Plaza, Kisumu, Kisumu County')).toBeVisible();
    await expect(card.getByTestId('sale-status')).toHaveText('Awaiting shipment');
    await checkPage(page, testInfo, 'sales', false);

    await card.getByRole('button', { name: 'Mark shipped' }).click();
    const dialog = page.getByRole('dialog', { name: `Mark ${orderNumber} shipped` });
    await dialog.getByLabel('Note for the buyer (optional)').fill('Sent with Easy Coach, parcel KSM-2231');
    expect(await seriousViolations(page)).toEqual([]);
    await attachScreenshots(page, testInfo, 'sales-mark-shipped', false);
    await dialog.getByRole('button', { name: 'Mark shipped' }).click();
    await expect(dialog).toBeHidden();
    await expect(card.getByTestId('sale-status')).toHaveText('Shipped');
    await expect(card.getByText('Note: Sent with Easy Coach, parcel KSM-2231')).toBeVisible();
    await expect(card.getByRole('button', { name: 'Mark delivered' })).toBeVisible();

    // The buyer's My Orders: Amina's part shipped, Brian's still awaiting.
    await page.evaluate(() => localStorage.removeItem('auth-storage'));
    await signInTo(page, buyer, '/orders');
    const shipments = page.getByTestId('order-card').filter({ hasText: orderNumber }).getByTestId('shipment');
    await expect(shipments.filter({ hasText: 'Amina Njeri' }).getByTestId('shipment-status')).toHaveText(
      'Shipped',
    );
    await expect(shipments.filter({ hasText: 'Brian Otieno' }).getByTestId('shipment-status')).toHaveText(
      'Awaiting shipment',
    );
    await attachScreenshots(page, testInfo, 'my-orders-shipped');

    // The e-mails, written to the outbox: each seller's notice lists their lines only.
    const subjects = (email: string) => mailsTo(email).map((mail) => mail.subject);
    await expect.poll(() => subjects(amina.email)).toContain(`New sale on Sokoni: ${orderNumber}`);
    const notice = mailsTo(amina.email).find((mail) => mail.subject.endsWith(orderNumber))!;
    expect(notice.text).toContain(`Achieng Odhiambo has bought from you and paid: ${orderNumber}.`);
    expect(notice.text).toContain(`2 × ${basket.title} at KES 1,900 each: KES 3,800`);
    expect(notice.text).not.toContain(lamp.title);
    expect(notice.text).toContain('Phone: 0722 000 111');
    expect(notice.text).toContain('Deliver to: Oginga Odinga Street, Mega Plaza, Kisumu, Kisumu County');
    expect(notice.text).toContain(`${baseURL}/sales`);
    await expect.poll(() => subjects(brian.email)).toContain(`New sale on Sokoni: ${orderNumber}`);
    expect(mailsTo(brian.email).find((mail) => mail.subject.endsWith(orderNumber))!.text).not.toContain(
      basket.title,
    );

    await expect.poll(() => subjects(buyer.email)).toContain(`On its way: ${orderNumber}`);
    const shipped = mailsTo(buyer.email).find((mail) => mail.subject.startsWith('On its way'))!;
    expect(shipped.text).toContain(
      `Amina Njeri has shipped your goods from ${orderNumber}:\n2 × ${basket.title}`,
    );
    expect(shipped.text).not.toContain(lamp.title);
    expect(shipped.text).toContain('Note from the seller: Sent with Easy Coach, parcel KSM-2231');
    expect(shipped.text).toContain(`${baseURL}/orders`);
  });
});
