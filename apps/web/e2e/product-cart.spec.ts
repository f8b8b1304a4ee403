import { expect, test } from '@playwright/test';

import {
  attachScreenshots,
  DEMO_ACCOUNTS,
  DESKTOP,
  findProduct,
  kes,
  seriousViolations,
  signUp,
  submitLogin,
  uniqueEmail,
} from './support';

type ProductJson = {
  id: string;
  title: string;
  description: string;
  isNew: boolean;
  price: number;
  originalPrice: number | null;
  discount: number | null;
  image: string[];
  seller: { name: string };
  sellerContact: string;
  shopLocation: string;
  reviewCount: number;
};

test.describe('product page and cart', () => {
  test('a visitor views a product, switches images, adds it twice and manages the cart', async ({
    page,
    request,
  }, testInfo) => {
    const phone = await findProduct<ProductJson>(request, 'Samsung Galaxy');
    const basket = await findProduct<ProductJson>(request, 'Kiondo');
    expect(phone.image.length).toBeGreaterThan(2);
    await page.setViewportSize(DESKTOP);

    await page.goto(`/products/${phone.id}`);
    await expect(page.getByRole('heading', { level: 1, name: phone.title })).toBeVisible();
    await expect(page).toHaveTitle(`${phone.title} — Sokoni`);
    const price = page.getByTestId('product-price');
    await expect(price).toContainText(kes(phone.price));
    await expect(price).toContainText(kes(phone.originalPrice!));
    await expect(price).toContainText(`${phone.discount}% OFF`);
    await expect(page.getByText(phone.seller.name, { exact: true })).toBeVisible();
    await expect(page.getByText(phone.shopLocation)).toBeVisible();
    await expect(page.getByRole('link', { name: phone.sellerContact })).toHaveAttribute(
      'href',
      `tel:${phone.sellerContact.replace(/[^\d+]/g, '')}`,
    );
    await expect(page.getByRole('main').getByRole('link', { name: 'Phones' })).toHaveAttribute(
      'href',
      '/category/phones',
    );
    await expect(page.getByText(phone.description)).toBeVisible();
    // The New badge sits beside the title (listings younger than 14 days), apart from the condition row.
    const titleBlock = page.getByRole('heading', { level: 1 }).locator('xpath=..');
    await expect(titleBlock.getByText('New', { exact: true })).toHaveCount(phone.isNew ? 1 : 0);

    const mainImage = page.getByTestId('gallery-main-image');
    const thumbnails = page.getByRole('group', { name: 'Image thumbnails' });
    const dots = page.getByRole('group', { name: 'Image dots' });
    const count = phone.image.length;
    await expect(mainImage).toHaveAttribute('src', phone.image[0]!);
    await thumbnails.getByRole('button', { name: `Show image 2 of ${count}` }).click();
    await expect(mainImage).toHaveAttribute('src', phone.image[1]!);
    await expect(thumbnails.getByRole('button', { name: `Show image 2 of ${count}` })).toHaveAttribute(
      'aria-current',
      'true',
    );
    await dots.getByRole('button', { name: `Show image ${count} of ${count}` }).click();
    await expect(mainImage).toHaveAttribute('src', phone.image[count - 1]!);
    await page.getByRole('button', { name: 'Next image' }).click();
    await expect(mainImage).toHaveAttribute('src', phone.image[0]!);
    await thumbnails.getByRole('button', { name: `Show image 2 of ${count}` }).focus();
    await page.keyboard.press('Enter');
    await expect(mainImage).toHaveAttribute('src', phone.image[1]!);

    const addToCart = page.getByRole('button', { name: 'Add to Cart' });
    await addToCart.click();
    await expect(page.getByText('Added to cart')).toBeVisible();
    await addToCart.click();
    await expect(page.getByTestId('cart-badge-desktop')).toHaveText('2');
    expect(await seriousViolations(page)).toEqual([]);
    await attachScreenshots(page, testInfo, 'product');

    await page.setViewportSize(DESKTOP);
    await page.goto(`/products/${basket.id}`);
    await page.getByRole('button', { name: 'Add to Cart' }).click();
    await expect(page.getByRole('link', { name: 'Cart, 3 items' })).toBeVisible();

    await page.getByRole('link', { name: 'Cart, 3 items' }).click();
    await expect(page).toHaveURL('/cart');
    await expect(page.getByRole('heading', { name: 'Shopping Cart' })).toBeVisible();
    const phoneLine = page.getByTestId('cart-line').filter({ hasText: phone.title });
    const subtotal = page.getByTestId('cart-subtotal');
    await expect(phoneLine.getByTestId('cart-line-quantity')).toHaveText('2');
    await expect(phoneLine.getByTestId('cart-line-total')).toContainText(kes(2 * phone.price));
    await expect(subtotal).toHaveText(kes(2 * phone.price + basket.price));
    await expect(phoneLine.getByRole('link', { name: phone.title })).toHaveAttribute(
      'href',
      `/products/${phone.id}`,
    );

    await page.getByRole('button', { name: `Increase quantity of ${phone.title}` }).click();
    await expect(phoneLine.getByTestId('cart-line-quantity')).toHaveText('3');
    await expect(subtotal).toHaveText(kes(3 * phone.price + basket.price));
    await page.getByRole('button', { name: `Decrease quantity of ${phone.title}` }).click();
    await expect(phoneLine.getByTestId('cart-line-quantity')).toHaveText('2');
    await expect(subtotal).toHaveText(kes(2 * phone.price + basket.price));

    await page.reload();
    await expect(subtotal).toHaveText(kes(2 * phone.price + basket.price));
    expect(await seriousViolations(page)).toEqual([]);
    await attachScreenshots(page, testInfo, 'cart');
    await page.setViewportSize(DESKTOP);

    await page.getByRole('button', { name: `Decrease quantity of ${basket.title}` }).click();
    await expect(page.getByTestId('cart-line')).toHaveCount(1);
    await expect(subtotal).toHaveText(kes(2 * phone.price));
    await page.goto(`/products/${basket.id}`);
    await page.getByRole('button', { name: 'Add to Cart' }).click();
    await page.goto('/cart');
    await page.getByRole('button', { name: `Remove ${basket.title}` }).click();
    await expect(page.getByTestId('cart-line')).toHaveCount(1);
    await expect(page.getByRole('link', { name: 'Proceed to Checkout' })).toHaveAttribute(
      'href',
      '/checkout',
    );
    await expect(page.getByRole('link', { name: 'Continue Shopping' })).toHaveAttribute('href', '/shop');

    await page.getByRole('button', { name: 'Clear Cart' }).click();
    await expect(page.getByText('Your cart is empty.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Continue Shopping' })).toHaveAttribute('href', '/shop');
    await expect(page.getByTestId('cart-badge-desktop')).toHaveCount(0);
    await attachScreenshots(page, testInfo, 'cart-empty');
  });

  test('the E-book1 product shows its e-book card with the discount percent', async ({
    page,
    request,
  }, testInfo) => {
    const ebook = await findProduct<ProductJson>(request, 'E-book1');
    expect(ebook.title).toBe('E-book1');
    const percent = Math.round(((ebook.originalPrice! - ebook.price) / ebook.originalPrice!) * 100);

    await page.goto(`/products/${ebook.id}`);
    const card = page.getByTestId('ebook-card');
    await expect(card).toBeVisible();
    await expect(card.getByText('Downloadable e-book')).toBeVisible();
    await expect(card.getByTestId('ebook-discount')).toHaveText(`${percent}% OFF`);
    await attachScreenshots(page, testInfo, 'ebook');

    const phone = await findProduct<ProductJson>(request, 'Samsung Galaxy');
    await page.goto(`/products/${phone.id}`);
    await expect(page.getByRole('heading', { level: 1, name: phone.title })).toBeVisible();
    await expect(page.getByTestId('ebook-card')).toHaveCount(0);
  });

  test('an unknown product id shows the not-found state with a way back to the shop', async ({ page }) => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'no-such-product']) {
      await page.goto(`/products/${id}`);
      await expect(page.getByRole('heading', { name: 'Product not found.' })).toBeVisible();
      await expect(page.getByRole('link', { name: 'Browse All Products' })).toHaveAttribute('href', '/shop');
      await expect(page.getByText('null')).toHaveCount(0);
    }
  });

  test('a failed reviews load says so and Try Again recovers', async ({ page, request }) => {
    const product = await findProduct<ProductJson>(request, 'Samsung Galaxy');
    await page.route('**/api/reviews/product/**', (route) => route.fulfill({ status: 500, body: '{}' }));
    await page.goto(`/products/${product.id}`);
    await expect(page.getByRole('alert')).toHaveText('Reviews could not be loaded.');
    await expect(page.getByText('No reviews yet.')).toHaveCount(0);

    await page.unroute('**/api/reviews/product/**');
    await page.getByRole('button', { name: 'Try Again' }).click();
    await expect(page.getByTestId('review-list').getByRole('listitem')).toHaveCount(product.reviewCount);
  });

  test('a visitor is asked to log in to review and comes back to the product after signing in', async ({
    page,
    request,
  }) => {
    const product = await findProduct<ProductJson>(request, 'Samsung Galaxy');
    await page.goto(`/products/${product.id}`);
    await expect(page.getByTestId('review-list').getByRole('listitem')).toHaveCount(product.reviewCount);

    const toggle = page.getByRole('button', { name: 'Write a Review' });
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByText('Login to leave a review.')).toBeVisible();
    await page.getByRole('link', { name: 'Log in' }).click();
    await expect(page).toHaveURL('/login');
    await submitLogin(page, DEMO_ACCOUNTS.brian);
    await expect(page).toHaveURL(`/products/${product.id}`);
    await page.getByRole('button', { name: 'Write a Review' }).click();
    await expect(page.getByRole('group', { name: 'Your rating' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Submit Review' })).toBeDisabled();
  });

  test('a signed-in user reviews a product once; the rating and count update and a second review is refused', async ({
    page,
    request,
  }, testInfo) => {
    const listing = await request.get('/api/products?limit=100');
    // A sample product: other specs running alongside list and delete products of their own.
    const sampleSellers = ['Amina Wanjiru', 'Brian Otieno', 'Sokoni Admin'];
    const unreviewed = ((await listing.json()) as ProductJson[]).find(
      (product) =>
        product.reviewCount === 0 &&
        product.title !== 'E-book1' &&
        sampleSellers.includes(product.seller.name),
    );
    if (!unreviewed) throw new Error('the sample data has no product without reviews');

    const user = { name: 'Otieno Kiprop', email: uniqueEmail('reviewer'), password: 'Karibu2026!' };
    await signUp(page, user);
    await expect(page).toHaveURL('/');
    await page.goto(`/products/${unreviewed.id}`);
    const rating = page.getByTestId('product-rating');
    await expect(rating).toContainText('0.0 · 0 reviews');
    await expect(page.getByText('No reviews yet.')).toBeVisible();

    await page.getByRole('button', { name: 'Write a Review' }).click();
    const submit = page.getByRole('button', { name: 'Submit Review' });
    await expect(submit).toBeDisabled();
    await page.locator('label').filter({ hasText: '3 stars' }).click();
    await expect(page.getByRole('radio', { name: '3 stars' })).toBeChecked();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('radio', { name: '5 stars' })).toBeChecked();
    await page.getByLabel('Comment (optional)').fill('Imara kabisa, delivered to Kisumu in two days.');
    expect(await seriousViolations(page)).toEqual([]);
    await attachScreenshots(page, testInfo, 'review-form');
    await page.setViewportSize(DESKTOP);
    await submit.click();

    await expect(page.getByText('Thank you for your review!')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Write a Review' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
    const firstReview = page.getByTestId('review-list').getByRole('listitem').first();
    await expect(firstReview).toContainText('Imara kabisa, delivered to Kisumu in two days.');
    await expect(firstReview).toContainText(user.name);
    await expect(firstReview.getByRole('img', { name: 'Rated 5.0 out of 5' })).toBeVisible();
    await expect(rating).toContainText('5.0 · 1 review');

    await page.getByRole('button', { name: 'Write a Review' }).click();
    await page.locator('label').filter({ hasText: '4 stars' }).click();
    await page.getByRole('button', { name: 'Submit Review' }).click();
    await expect(page.getByRole('alert')).toHaveText('You have already reviewed this product.');
    await expect(page.getByTestId('review-list').getByRole('listitem')).toHaveCount(1);
  });
});
