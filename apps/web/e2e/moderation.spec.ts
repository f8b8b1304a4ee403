import { expect, test, type Page } from '@playwright/test';
import { MODERATION_TEXTS } from '@sokoni/contracts/moderation-rules';
import {
  attachScreenshots,
  bearer,
  createProduct,
  registerUser,
  seriousViolations,
  signInTo,
  submitLogin,
  unique,
} from './support';

const ADMIN = { email: 'admin@sokoni.co.ke', password: 'Karibu2026!' };

/** The shop's search for `title`: the product's card, or the empty state once it is hidden. */
async function searchShop(page: Page, title: string) {
  await page.goto(`/shop?q=${encodeURIComponent(title)}`);
  await expect(page.getByRole('heading', { name: 'All Products' })).toBeVisible();
  return page.getByTestId('product-card').filter({ hasText: title });
}

test.describe('reports and moderation', () => {
  test('three reports hide a product from search; an admin restores it, then suspends its seller, whose sign-in is refused with the reason', async ({
    browser,
    page,
    request,
  }, testInfo) => {
    // Four accounts, three sign-ins, two pages checked by axe and photographed at two widths.
    test.setTimeout(90_000);
    const title = unique('Replica wristwatch');
    const { product, seller } = await createProduct(request, { title });
    const [first, second, third] = [
      await registerUser(request, 'Achieng Otieno'),
      await registerUser(request, 'Baraka Kiprono'),
      await registerUser(request, 'Chebet Langat'),
    ];

    // A visitor's Report sends them to sign in and back; then the dialog takes a reason and a note.
    await page.goto(`/products/${product.id}`);
    await page.getByRole('button', { name: 'Report', exact: true }).click();
    await expect(page).toHaveURL('/login');
    await submitLogin(page, first);
    await expect(page).toHaveURL(`/products/${product.id}`);
    await page.getByRole('button', { name: 'Report', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Report this product' });
    await dialog.getByRole('radio', { name: 'Misleading or fake' }).check();
    await dialog
      .getByLabel('Anything our team should know (optional)')
      .fill('The photos are of another brand.');
    expect(await seriousViolations(page)).toEqual([]);
    await attachScreenshots(page, testInfo, 'report-dialog', false);
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await expect(dialog.getByRole('status')).toHaveText(MODERATION_TEXTS.reported);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(page.getByRole('button', { name: 'Reported' })).toBeVisible();

    // Two more people report it through the API: the third report hides it from the shop.
    await expect(await searchShop(page, title)).toHaveCount(1);
    for (const reporter of [second, third]) {
      const reported = await request.post('/api/reports', {
        headers: bearer(reporter),
        data: { subject: 'product', subjectId: product.id, reason: 'scam', note: '' },
      });
      expect(reported.status(), await reported.text()).toBe(201);
    }
    await searchShop(page, title);
    await expect(page.getByText('No products found', { exact: true })).toBeVisible();

    // The admin finds it in the queue with its three reports, and restores it: back in the shop.
    await page.evaluate(() => localStorage.removeItem('auth-storage'));
    await signInTo(page, ADMIN, '/admin/moderation');
    const item = page.getByRole('article', { name: title });
    await expect(item.getByTestId('case-state')).toHaveText('State: Hidden');
    await expect(item.getByRole('heading', { name: 'Reports (3)' })).toBeVisible();
    await expect(item.getByText('The photos are of another brand.')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await attachScreenshots(page, testInfo, 'moderation-queue');
    await item.getByRole('button', { name: `Restore ${title}` }).click();
    await expect(item.getByTestId('case-state')).toHaveText('State: Restored');
    const shop = await page.context().newPage();
    await expect(await searchShop(shop, title)).toHaveCount(1);
    await shop.close();

    // Then suspends its seller, with a reason: their sign-in is refused with it, and how to appeal.
    await item.getByRole('button', { name: `Suspend owner ${seller.name}` }).click();
    const suspend = page.getByRole('dialog', { name: `Suspend ${seller.name}?` });
    await suspend.getByLabel('Reason the owner sees').fill('Selling fakes as originals');
    await suspend.getByRole('button', { name: 'Yes, suspend' }).click();
    await expect(item.getByText('Suspended', { exact: true })).toBeVisible();

    const visitor = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
    const sellerPage = await visitor.newPage();
    await sellerPage.goto('/login');
    await submitLogin(sellerPage, seller);
    await expect(sellerPage.getByRole('alert')).toHaveText(
      MODERATION_TEXTS.suspended('Selling fakes as originals'),
    );
    await expect(sellerPage).toHaveURL('/login');
    await visitor.close();
  });
});
