import { expect, test } from '@playwright/test';
import { fillSellForm, pngFile, signUpFresh, storedToken, submitLoginAsNew } from './selling-support';
import {
  attachScreenshots,
  createProduct,
  DESKTOP,
  gate,
  openAccountPage,
  seriousViolations,
  submitLogin,
  unique,
} from './support';

test.describe('selling', () => {
  test('a seller lists a product with two images, edits its price and deletes it; others cannot touch it', async ({
    page,
    browser,
  }, testInfo) => {
    test.setTimeout(90_000);
    await page.setViewportSize(DESKTOP);
    await signUpFresh(page, 'Wanjiru');
    const title = unique('Kiondo basket');

    await openAccountPage(page, 'Sell');
    await expect(page).toHaveURL('/sell');
    await expect(page.getByRole('heading', { level: 1, name: 'List Your Product' })).toBeVisible();
    await fillSellForm(page, title);
    await expect(page.getByLabel('Discount (auto)')).toHaveText('24%');
    await page
      .getByLabel('Add images')
      .setInputFiles([pngFile('front.png', [16, 120, 80]), pngFile('back.png', [200, 90, 20])]);
    await expect(page.getByRole('img', { name: /^Preview \d: / })).toHaveCount(2);

    // Hold the uploads back until the busy label and the progress bars have been seen.
    const uploadsHeld = gate();
    await page.route('**/api/uploads/product-image', async (route) => {
      await uploadsHeld.opened;
      await route.continue();
    });
    await page.getByRole('button', { name: 'List Product' }).click();
    await expect(page.getByRole('button', { name: 'Uploading images...' })).toBeDisabled();
    await expect(page.getByRole('progressbar', { name: 'Uploading front.png' })).toHaveAttribute(
      'aria-valuenow',
      /\d+/,
    );
    uploadsHeld.open();
    await expect(page.getByText('Product uploaded!')).toBeVisible({ timeout: 15_000 });
    await page.unroute('**/api/uploads/product-image');

    // The form starts again empty.
    await expect(page.getByLabel('Title', { exact: true })).toHaveValue('');
    await expect(page.getByLabel('Price (Ksh)', { exact: true })).toHaveValue('');
    await expect(page.getByLabel('Discount (auto)')).toHaveText('');
    await expect(page.getByRole('img', { name: /^Preview \d: / })).toHaveCount(0);
    const listing = page.getByRole('link', { name: 'View your listing' });
    const productPath = await listing.getAttribute('href');
    expect(productPath).toMatch(/^\/products\/[\w-]+$/);
    const productId = productPath!.split('/').pop()!;

    // It is in the shop's search and on its own page with both images.
    await page.goto(`/shop?q=${encodeURIComponent(title)}`);
    await expect(page.getByTestId('product-card').filter({ hasText: title })).toHaveCount(1);
    await page.getByRole('link', { name: title }).click();
    await expect(page).toHaveURL(productPath!);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page.getByTestId('product-price')).toContainText('KES 1,900');
    const thumbnails = page.getByRole('group', { name: 'Image thumbnails' }).getByRole('button');
    await expect(thumbnails).toHaveCount(2);
    await expect(page.getByTestId('gallery-main-image')).toHaveAttribute(
      'src',
      /^\/api\/uploads\/products\//,
    );

    // My Products: edit the price in the modal.
    await openAccountPage(page, 'My Products');
    const card = page.getByTestId('my-product-card').filter({ hasText: title });
    await expect(card.getByTestId('my-product-price')).toHaveText('Ksh 1,900');
    const editButton = card.getByRole('button', { name: `Edit ${title}` });
    await editButton.click();
    const editDialog = page.getByRole('dialog', { name: 'Edit product' });
    await expect(editDialog).toBeVisible();
    await expect(editDialog.getByLabel('Title', { exact: true })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(editDialog).toHaveCount(0);
    await expect(editButton).toBeFocused();

    await editButton.click();
    await editDialog.getByLabel('Price (Ksh)', { exact: true }).fill('1750.50');
    await editDialog.getByRole('button', { name: 'Save' }).click();
    await expect(editDialog).toHaveCount(0);
    await expect(card.getByTestId('my-product-price')).toHaveText('Ksh 1,751');

    // Another user sees neither Edit nor Delete for it, and the API refuses them.
    const otherContext = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
    const other = await otherContext.newPage();
    await signUpFresh(other, 'Otieno');
    await other.goto('/my-products');
    await expect(other.getByText('You have not listed any products yet.')).toBeVisible();
    await expect(other.getByText(title)).toHaveCount(0);
    await other.goto(productPath!);
    await expect(other.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(other.getByRole('button', { name: /^(Edit|Delete)\b/ })).toHaveCount(0);
    const otherToken = await storedToken(other);
    const headers = { Authorization: `Bearer ${otherToken}` };
    const put = await other.request.put(`/api/products/${productId}`, { headers, data: { price: 1 } });
    expect(put.status()).toBe(403);
    expect((await put.json()).message).toBe('Only the seller can change this product.');
    const remove = await other.request.delete(`/api/products/${productId}`, { headers });
    expect(remove.status()).toBe(403);
    await otherContext.close();

    // The seller deletes it after confirming.
    await card.getByRole('button', { name: `Delete ${title}` }).click();
    const deleteDialog = page.getByRole('dialog', { name: 'Delete product' });
    await expect(deleteDialog).toContainText('Are you sure you want to delete this product?');
    await deleteDialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(card).toHaveCount(1);
    await card.getByRole('button', { name: `Delete ${title}` }).click();
    await deleteDialog.getByRole('button', { name: 'Delete' }).click();
    await expect(card).toHaveCount(0);
    await expect(page.getByText('You have not listed any products yet.')).toBeVisible();
    await page.goto(productPath!);
    await expect(page.getByRole('heading', { name: 'Product not found.' })).toBeVisible();
  });

  test('the sell form checks fields and files before sending, and reports failures inline', async ({
    page,
  }) => {
    test.setTimeout(60_000);
    await page.goto('/sell');
    await submitLoginAsNew(page);
    await expect(page).toHaveURL('/sell');

    await page.getByRole('button', { name: 'List Product' }).click();
    const title = page.getByLabel('Title', { exact: true });
    await expect(title).toHaveAttribute('aria-invalid', 'true');
    await expect(title).toBeFocused();
    await expect(page.locator('#sell-title-error')).toHaveText('Please fill all required fields');
    await expect(page.locator('#sell-contact-error')).toHaveText('Seller contact is required.');
    await title.fill('Solar lamp');
    await expect(title).not.toHaveAttribute('aria-invalid', 'true');
    await expect(page.locator('#sell-title-error')).toHaveCount(0);

    await page
      .getByLabel('Add images')
      .setInputFiles([
        { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not an image') },
        pngFile('lamp.png', [240, 200, 40]),
      ]);
    await expect(page.getByText('File type not allowed: notes.txt')).toBeVisible();
    await expect(page.getByRole('img', { name: 'Preview 1: lamp.png' })).toBeVisible();

    await fillSellForm(page, 'Solar lamp');
    await page.getByLabel('Price (Ksh)', { exact: true }).fill('3000');
    await page.getByRole('button', { name: 'List Product' }).click();
    await expect(page.locator('#sell-original-price-error')).toHaveText(
      'Original price cannot be lower than the price.',
    );
    await page.getByLabel('Price (Ksh)', { exact: true }).fill('1900');

    await page.route('**/api/uploads/product-image', (route) =>
      route.fulfill({
        status: 413,
        json: { statusCode: 413, code: 'FILE_TOO_LARGE', message: 'File too large: lamp.png' },
      }),
    );
    await page.getByRole('button', { name: 'List Product' }).click();
    await expect(page.getByRole('alert')).toHaveText('Upload failed: File too large: lamp.png');
    await expect(page.getByLabel('Title', { exact: true })).toHaveValue('Solar lamp');

    await page.unroute('**/api/uploads/product-image');
    await page.route('**/api/uploads/product-image', (route) => route.fulfill({ status: 201, json: {} }));
    await page.getByRole('button', { name: 'List Product' }).click();
    await expect(page.getByRole('alert')).toHaveText('Image upload failed');

    await page.unroute('**/api/uploads/product-image');
    await page.route('**/api/products', (route) =>
      route.fulfill({ status: 500, json: { statusCode: 500, error: 'Internal Server Error' } }),
    );
    await page.getByRole('button', { name: 'List Product' }).click();
    await expect(page.getByRole('alert')).toHaveText('Failed: Product creation failed');
    await expect(page.getByLabel('Title', { exact: true })).toHaveValue('Solar lamp');
    await expect(page.getByRole('img', { name: 'Preview 1: lamp.png' })).toBeVisible();
  });

  test('My Products: signed-out redirect, load failure with Try Again, failed edit and delete', async ({
    page,
  }) => {
    await page.goto('/my-products');
    await expect(page).toHaveURL('/login');
    await submitLoginAsNew(page);
    await expect(page).toHaveURL('/my-products');
    await expect(page.getByText('You have not listed any products yet.')).toBeVisible();

    let failLoads = true;
    const sellerList = (url: URL) => url.pathname === '/api/products' && url.searchParams.has('seller');
    await page.route(sellerList, (route) =>
      failLoads ? route.fulfill({ status: 500, json: { statusCode: 500 } }) : route.fallback(),
    );
    await page.reload();
    await expect(page.getByRole('alert')).toHaveText(
      'Failed to load your products. Please try again later.',
      {
        timeout: 15_000,
      },
    );
    failLoads = false;
    await page.getByRole('button', { name: 'Try Again' }).click();
    await expect(page.getByText('You have not listed any products yet.')).toBeVisible();

    // A listing of their own, made through the API, to fail an edit and a delete on.
    const title = unique('Jiko stove');
    const created = await page.request.post('/api/products', {
      headers: { Authorization: `Bearer ${await storedToken(page)}` },
      data: {
        title,
        description: 'Energy-saving charcoal jiko',
        price: 1200,
        condition: 'New',
        category: 'home-improvement',
        sellerContact: '0722 000 111',
        image: [],
      },
    });
    expect(created.status()).toBe(201);
    await page.reload();
    const card = page.getByTestId('my-product-card').filter({ hasText: title });
    await expect(card.getByTestId('my-product-price')).toHaveText('Ksh 1,200');

    // Each change is held until the test has seen the busy button, then fails.
    let changeHeld = gate();
    await page.route('**/api/products/*', async (route) => {
      if (!['PUT', 'DELETE'].includes(route.request().method())) return route.fallback();
      const held = changeHeld;
      await held.opened;
      await route.fulfill({ status: 500, json: { statusCode: 500, error: 'Internal Server Error' } });
    });
    await card.getByRole('button', { name: `Edit ${title}` }).click();
    const editDialog = page.getByRole('dialog', { name: 'Edit product' });
    await editDialog.getByLabel('Original price (Ksh, optional)').fill('1000');
    await editDialog.getByRole('button', { name: 'Save' }).click();
    await expect(editDialog.locator('#edit-original-price-error')).toHaveText(
      'Original price cannot be lower than the price.',
    );
    await editDialog.getByLabel('Original price (Ksh, optional)').fill('');
    await editDialog.getByRole('button', { name: 'Save' }).click();
    await expect(editDialog.getByRole('button', { name: 'Saving...' })).toBeDisabled();
    changeHeld.open();
    await expect(editDialog.getByRole('alert')).toHaveText('Failed to update product.');
    await editDialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(editDialog).toHaveCount(0);

    changeHeld = gate();
    await card.getByRole('button', { name: `Delete ${title}` }).click();
    const deleteDialog = page.getByRole('dialog', { name: 'Delete product' });
    await deleteDialog.getByRole('button', { name: 'Delete' }).click();
    await expect(deleteDialog.getByRole('button', { name: 'Deleting...' })).toBeDisabled();
    changeHeld.open();
    await expect(deleteDialog.getByRole('alert')).toHaveText('Failed to delete product. Try again.');
    await page.keyboard.press('Escape');
    await expect(deleteDialog).toHaveCount(0);
    await expect(card).toHaveCount(1);
  });

  test('the sell form and My Products look right and pass axe at phone and desktop widths', async ({
    page,
    request,
  }, testInfo) => {
    test.setTimeout(60_000);
    // A seller of this test's own with one listing, signed in through the form.
    const { product, seller } = await createProduct(request, {
      title: unique('Kiondo basket'),
      originalPrice: 2500,
      images: 2,
    });
    await page.goto('/login');
    await submitLogin(page, seller);
    await expect(page).toHaveURL('/');

    await page.goto('/sell');
    await expect(page.getByRole('heading', { name: 'List Your Product' })).toBeVisible();
    await page.getByLabel('Add images').setInputFiles([pngFile('front.png', [16, 120, 80])]);
    await expect(await seriousViolations(page)).toEqual([]);
    await attachScreenshots(page, testInfo, 'sell');

    await page.goto('/my-products');
    const card = page.getByTestId('my-product-card').filter({ hasText: product.title });
    await expect(card).toBeVisible();
    await expect(card.getByTestId('my-product-price')).toHaveText(/^Ksh [\d,]+$/);
    await expect(await seriousViolations(page)).toEqual([]);
    await attachScreenshots(page, testInfo, 'my-products');

    await card.getByRole('button', { name: /^Edit / }).click();
    await expect(page.getByRole('dialog', { name: 'Edit product' })).toBeVisible();
    await expect(await seriousViolations(page)).toEqual([]);
    await attachScreenshots(page, testInfo, 'edit-dialog', false);
  });
});
