import { expect, test } from '@playwright/test';
import type { APIRequestContext } from '@playwright/test';
import {
  attachScreenshots,
  createProduct,
  DESKTOP,
  fetchProduct,
  kes,
  receivedOrder,
  registerUser,
  reviewProduct,
  seriousViolations,
  signIn,
  submitLogin,
  unique,
} from './support';

/** A phone of this test's own, with three images and a discount, and units enough to add three to a cart. */
async function phoneForSale(request: APIRequestContext) {
  const { product } = await createProduct(request, {
    title: unique('Tecno Camon 30 Pro 512GB'),
    description: 'Dual SIM, 512 GB, 50 MP camera, with charger and a one-year warranty.',
    price: 45_500,
    originalPrice: 52_000,
    condition: 'Refurbished',
    category: 'phones',
    sellerContact: '0722 456 789',
    shopLocation: 'Luthuli Avenue, Nairobi CBD',
    images: 3,
    stock: 10,
  });
  return product;
}

/** A listing of this test's own that `count` other accounts have reviewed. */
async function reviewedProduct(request: APIRequestContext, baseURL: string, count: number) {
  // A unit for each reviewer to buy.
  const { product } = await createProduct(request, { title: unique('Kiondo basket'), stock: count });
  const reviewers = ['Achieng Odhiambo', 'Kamau Njoroge', 'Zawadi Mutua'];
  for (const [index, name] of reviewers.slice(0, count).entries()) {
    await reviewProduct(
      request,
      product,
      { name, rating: 5 - index, comment: `Strong and well woven (review ${index + 1}).` },
      baseURL,
    );
  }
  return fetchProduct(request, product.id);
}

test.describe('product page and cart', () => {
  test('a visitor views a product, switches images, adds it twice and manages the cart', async ({
    page,
    request,
  }, testInfo) => {
    const phone = await phoneForSale(request);
    const { product: basket } = await createProduct(request, { title: unique('Kiondo basket') });
    expect(phone.image.length).toBeGreaterThan(2);
    await page.setViewportSize(DESKTOP);

    await page.goto(`/products/${phone.id}`);
    await expect(page.getByRole('heading', { level: 1, name: phone.title })).toBeVisible();
    await expect(page).toHaveTitle(`${phone.title} — Sokoni`);
    const price = page.getByTestId('product-price');
    await expect(price).toContainText(kes(phone.price));
    await expect(price).toContainText(kes(phone.originalPrice!));
    await expect(price).toContainText(`${phone.discount}% OFF`);
    await expect(page.getByRole('link', { name: phone.seller.name, exact: true })).toHaveAttribute(
      'href',
      `/sellers/${phone.seller.id}`,
    );
    await expect(page.getByText(phone.shopLocation)).toBeVisible();
    await expect(page.getByRole('link', { name: 'Call 0722 456 789' })).toHaveAttribute(
      'href',
      'tel:+254722456789',
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
    // The product page gives the e-book card to whatever listing has exactly this title.
    const { product: ebook, seller } = await createProduct(request, {
      title: 'E-book1',
      description: 'A downloadable guide to starting a small business in Kenya.',
      price: 450,
      originalPrice: 600,
      category: 'books-media',
    });
    expect(ebook.title).toBe('E-book1');
    const percent = Math.round(((ebook.originalPrice! - ebook.price) / ebook.originalPrice!) * 100);

    await page.goto(`/products/${ebook.id}`);
    const card = page.getByTestId('ebook-card');
    await expect(card).toBeVisible();
    await expect(card.getByText('Downloadable e-book')).toBeVisible();
    await expect(card.getByTestId('ebook-discount')).toHaveText(`${percent}% OFF`);
    await attachScreenshots(page, testInfo, 'ebook');

    const { product: phone } = await createProduct(
      request,
      { title: unique('Tecno Spark 20 phone'), price: 14_000, category: 'phones', condition: 'Used' },
      seller,
    );
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

  test('a failed reviews load says so and Try Again recovers', async ({ page, request, baseURL }) => {
    const product = await reviewedProduct(request, baseURL!, 2);
    expect(product.reviewCount).toBe(2);
    await page.route('**/api/reviews/product/**', (route) => route.fulfill({ status: 500, body: '{}' }));
    await page.goto(`/products/${product.id}`);
    await expect(page.getByRole('alert')).toHaveText('Reviews could not be loaded.');
    await expect(page.getByText('No reviews yet.')).toHaveCount(0);

    await page.unroute('**/api/reviews/product/**');
    await page.getByRole('button', { name: 'Try Again' }).click();
    await expect(page.getByTestId('review-list').getByRole('listitem')).toHaveCount(product.reviewCount);
  });

  test('a visitor is asked to log in to review, and back on the product is told only buyers whose order arrived may review', async ({
    page,
    request,
    baseURL,
  }) => {
    const product = await reviewedProduct(request, baseURL!, 1);
    const reviewer = await registerUser(request, 'Brian Otieno');
    await page.goto(`/products/${product.id}`);
    await expect(page.getByTestId('review-list').getByRole('listitem')).toHaveCount(product.reviewCount);

    // No form is offered to someone who may not review: they are told why instead (#28).
    await expect(page.getByRole('button', { name: 'Write a Review' })).toHaveCount(0);
    await expect(page.getByText('Login to leave a review.')).toBeVisible();
    await page.getByRole('link', { name: 'Log in' }).click();
    await expect(page).toHaveURL('/login');
    await submitLogin(page, reviewer);
    await expect(page).toHaveURL(`/products/${product.id}`);
    await expect(page.getByTestId('review-refusal')).toHaveText(
      'Only buyers whose order arrived can review this product.',
    );
    await expect(page.getByRole('button', { name: 'Write a Review' })).toHaveCount(0);
  });

  test('a buyer whose order arrived reviews the product once; the rating and count update and the form is no longer offered', async ({
    page,
    request,
    baseURL,
  }, testInfo) => {
    // A listing of this test's own, so no other test sees its rating move.
    const { product: unreviewed } = await createProduct(request, {
      title: unique('Soapstone elephant carving'),
    });
    expect(unreviewed.reviewCount).toBe(0);

    const user = await registerUser(request, 'Otieno Kiprop');
    await receivedOrder(request, user, unreviewed, baseURL!);
    await signIn(page, user);
    await page.goto(`/products/${unreviewed.id}`);
    const rating = page.getByTestId('product-rating');
    await expect(rating).toContainText('0.0 · 0 reviews');
    await expect(page.getByText('No reviews yet.')).toBeVisible();

    const toggle = page.getByRole('button', { name: 'Write a Review' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
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
    await expect(page.getByRole('form', { name: 'Write a review' })).toHaveCount(0);
    const firstReview = page.getByTestId('review-list').getByRole('listitem').first();
    await expect(firstReview).toContainText('Imara kabisa, delivered to Kisumu in two days.');
    await expect(firstReview).toContainText(user.name);
    await expect(firstReview.getByRole('img', { name: 'Rated 5.0 out of 5' })).toBeVisible();
    await expect(rating).toContainText('5.0 · 1 review');

    // One review per buyer: the form is not offered again, and the page says why.
    await expect(page.getByTestId('review-refusal')).toHaveText('You have already reviewed this product.');
    await expect(page.getByRole('button', { name: 'Write a Review' })).toHaveCount(0);
    await expect(page.getByTestId('review-list').getByRole('listitem')).toHaveCount(1);
  });
});
