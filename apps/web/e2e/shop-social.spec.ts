import { expect, test } from '@playwright/test';
import {
  attachScreenshots,
  axeViolations,
  bearer,
  createProduct,
  DESKTOP,
  MOBILE,
  openAccountPage,
  profileLink,
  registerUser,
  reviewProduct,
  seriousViolations,
  submitLogin,
  unique,
} from './support';

test.describe('shop: wishlist, contact, sellers and fair reviews', () => {
  test('a visitor hearts a product, signs in, and finds it on the Wishlist page', async ({
    page,
    request,
  }, testInfo) => {
    const { product } = await createProduct(request, { title: unique('Kikoi beach towel') });
    const buyer = await registerUser(request, 'Zawadi Mutua');
    await page.setViewportSize(DESKTOP);

    await page.goto(`/shop?q=${encodeURIComponent(product.title)}`);
    const card = page.getByTestId('product-card').filter({ hasText: product.title });
    await card.getByRole('button', { name: 'Add to wishlist' }).click();
    await expect(card.getByRole('button', { name: 'Remove from wishlist' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );

    await page.goto('/login');
    await submitLogin(page, buyer);
    await expect(profileLink(page, buyer.name)).toBeVisible();
    // The heart moved into the account: the server has it, this device no longer keeps it.
    await expect
      .poll(async () => {
        const saved = await request.get('/api/wishlist', { headers: bearer(buyer) });
        return ((await saved.json()) as Array<{ id: string }>).map((item) => item.id);
      })
      .toEqual([product.id]);
    expect(await page.evaluate(() => localStorage.getItem('wishlist-storage'))).toContain('"productIds":[]');

    await openAccountPage(page, 'Wishlist');
    await expect(page).toHaveURL('/wishlist');
    await expect(page.getByRole('heading', { level: 1, name: 'Wishlist' })).toBeVisible();
    const saved = page.getByTestId('product-card').filter({ hasText: product.title });
    await expect(saved).toHaveCount(1);
    await expect(saved.getByRole('button', { name: 'Remove from wishlist' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    // Not one violation of any impact: the heading order included (#28).
    for (const viewport of [MOBILE, DESKTOP]) {
      await page.setViewportSize(viewport);
      expect(await axeViolations(page)).toEqual([]);
    }
    await attachScreenshots(page, testInfo, 'wishlist');

    await saved.getByRole('button', { name: 'Remove from wishlist' }).click();
    await expect(page.getByText('Your wishlist is empty.')).toBeVisible();
    await page.reload();
    await expect(page.getByText('Your wishlist is empty.')).toBeVisible();
  });

  test("the product page offers the seller's number as a call and a WhatsApp chat, and shares its link", async ({
    page,
    context,
    request,
  }, testInfo) => {
    const { product } = await createProduct(request, {
      title: unique('Maasai shuka'),
      sellerContact: '0722 456 789',
    });
    // Desktop Chromium has no share sheet on Linux; make sure of it, so Share copies the link.
    await page.addInitScript(() => Reflect.deleteProperty(Navigator.prototype, 'share'));
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.setViewportSize(DESKTOP);
    await page.goto(`/products/${product.id}`);
    await expect(page.getByRole('heading', { level: 1, name: product.title })).toBeVisible();
    const productLink = new URL(`/products/${product.id}`, page.url()).href;

    await expect(page.getByRole('link', { name: 'Call 0722 456 789' })).toHaveAttribute(
      'href',
      'tel:+254722456789',
    );
    const chat = page.getByRole('link', { name: 'Chat on WhatsApp' });
    const href = new URL((await chat.getAttribute('href')) ?? '');
    expect(`${href.origin}${href.pathname}`).toBe('https://wa.me/254722456789');
    expect(href.searchParams.get('text')).toBe(
      `Hello, I'm interested in "${product.title}" on Sokoni: ${productLink}`,
    );
    await expect(chat).toHaveAttribute('target', '_blank');

    await page.getByRole('button', { name: 'Share' }).click();
    await expect(page.getByText('Link copied')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(productLink);
    expect(await seriousViolations(page)).toEqual([]);
    await attachScreenshots(page, testInfo, 'product-contact');
  });

  test("the seller's name leads to their page, with their details and their listings", async ({
    page,
    request,
    baseURL,
  }, testInfo) => {
    const seller = await registerUser(request, 'Wanjiru Crafts');
    const { product: basket } = await createProduct(
      request,
      { title: unique('Kiondo basket'), shopLocation: 'Machakos Town' },
      seller,
    );
    const { product: bag } = await createProduct(
      request,
      { title: unique('Sisal tote bag'), shopLocation: 'Kisumu, Oginga Odinga Street' },
      seller,
    );
    await reviewProduct(
      request,
      basket,
      { name: 'Achieng Odhiambo', rating: 4, comment: 'Well made.' },
      baseURL!,
    );
    await page.setViewportSize(DESKTOP);

    await page.goto(`/products/${basket.id}`);
    await page.getByRole('link', { name: 'Wanjiru Crafts', exact: true }).click();
    await expect(page).toHaveURL(`/sellers/${basket.seller.id}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Wanjiru Crafts' })).toBeVisible();
    await expect(page).toHaveTitle('Wanjiru Crafts — Sokoni');
    await expect(page.getByTestId('seller-member-since')).toContainText('Member since');
    await expect(page.getByTestId('seller-location')).toHaveText('Kisumu, Oginga Odinga Street');
    await expect(page.getByTestId('seller-rating')).toHaveText('4.0 · 1 review');
    await expect(page.getByTestId('seller-listing-count')).toHaveText('2 listings');
    const cards = page.getByTestId('product-card');
    await expect(cards).toHaveCount(2);
    await expect(cards.nth(0)).toContainText(bag.title);
    await expect(cards.nth(1)).toContainText(basket.title);
    expect(await seriousViolations(page)).toEqual([]);
    await attachScreenshots(page, testInfo, 'seller-page');

    await page.goto('/sellers/00000000-0000-4000-8000-000000000000');
    await expect(page.getByRole('heading', { level: 1, name: 'Seller not found.' })).toBeVisible();
  });

  test('a seller is told they cannot review their own product', async ({ page, request }) => {
    const { product, seller } = await createProduct(request, { title: unique('Jiko stove') });
    await page.setViewportSize(DESKTOP);
    await page.goto('/login');
    await submitLogin(page, seller);
    await expect(profileLink(page, seller.name)).toBeVisible();

    // No form is offered (#28): the page says why in its place.
    await page.goto(`/products/${product.id}`);
    await expect(page.getByTestId('review-refusal')).toHaveText('You cannot review your own product.');
    await expect(page.getByRole('button', { name: 'Write a Review' })).toHaveCount(0);
    await expect(page.getByText('No reviews yet.')).toBeVisible();
  });
});
