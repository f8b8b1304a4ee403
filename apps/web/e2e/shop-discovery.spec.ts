import { expect, test } from '@playwright/test';
import type { Page, TestInfo } from '@playwright/test';
import { DESKTOP, MOBILE, seriousViolations } from './support';

const cards = (page: Page) => page.getByTestId('product-card');
const resultCount = (page: Page) => page.getByTestId('result-count');

async function cardPrices(page: Page): Promise<number[]> {
  const texts = await page.getByTestId('product-price').allTextContents();
  return texts.map((text) => Number(text.replace(/[^0-9]/g, '')));
}

/** What the server counts for a query, so the assertions follow the sample data. */
async function totalFor(page: Page, query: string): Promise<number> {
  const response = await page.request.get(`/api/products/facets?${query}`);
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { total: number }).total;
}

/** The filters of a product list request, paging aside, in one order: `category=a&q=b`. */
function filterKey(params: URLSearchParams): string {
  return [...params]
    .filter(([name]) => name !== 'limit' && name !== 'offset')
    .map(([name, value]) => `${name}=${value}`)
    .sort()
    .join('&');
}

const PAGE_ANSWERS = /<script type="application\/json" id="sokoni-answers">([^<]*)<\/script>/;

/**
 * Records the total (X-Total-Count) the server sent with each product list the page loaded, by its
 * filters, also for a list that came inside the page it served (/shop opens with its first page).
 * Other specs list and delete products while this one runs, so the catalogue's totals move: a count
 * on screen is checked against the answer to the page's own request, not a later one.
 */
function watchListTotals(page: Page) {
  const totals = new Map<string, number>();
  page.on('response', async (response) => {
    const url = new URL(response.url());
    if (response.request().resourceType() === 'document') {
      const answers = PAGE_ANSWERS.exec(await response.text().catch(() => ''))?.[1];
      for (const answer of JSON.parse(answers ?? '[]') as { url: string; total?: number }[]) {
        const answered = new URL(answer.url, url);
        if (answered.pathname === '/api/products' && answer.total !== undefined)
          totals.set(filterKey(answered.searchParams), answer.total);
      }
      return;
    }
    const total = response.headers()['x-total-count'];
    const answered = response.ok() || response.status() === 304;
    if (url.pathname === '/api/products' && answered && total !== undefined) {
      totals.set(filterKey(url.searchParams), Number(total));
    }
  });
  return totals;
}

/**
 * Waits until the result count reads `${total} ${unit}` for the total the server last sent with the
 * page's list for `query` (exactly those filters), and answers that total.
 */
async function expectServedCount(
  page: Page,
  totals: Map<string, number>,
  query: string,
  unit: (total: number) => string = () => 'products',
): Promise<number> {
  const key = filterKey(new URLSearchParams(query));
  await expect
    .poll(async () => {
      const total = totals.get(key);
      const shown = await resultCount(page).textContent();
      if (total === undefined) return `no list for "${key}" loaded yet (count reads "${shown}")`;
      return shown === `${total} ${unit(total)}` ? 'matches' : `count reads "${shown}", served ${total}`;
    })
    .toBe('matches');
  return totals.get(key)!;
}

/** Scrolls through the page so lazy images load, then attaches a full-page screenshot. */
async function attachScreenshot(page: Page, testInfo: TestInfo, name: string) {
  await page.evaluate(async () => {
    for (let y = 0; y < document.body.scrollHeight; y += 600) {
      window.scrollTo(0, y);
      await new Promise((resolve) => setTimeout(resolve, 60));
    }
    window.scrollTo(0, 0);
  });
  await expect(page.getByTestId('image-spinner')).toHaveCount(0);
  const file = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  await testInfo.attach(name, { path: file, contentType: 'image/png' });
}

test.describe('shop discovery', () => {
  test('a visitor searches from home and lands on matching results', async ({ page }) => {
    const served = watchListTotals(page);
    await page.goto('/');
    await expect(page).toHaveTitle("Sokoni — Kenya's marketplace");
    await expect(page.getByText('1000+ products available')).toBeVisible();
    await expect(page.getByText('Press Enter to search')).toBeVisible();

    const search = page.getByRole('searchbox', { name: 'Search products' });
    await search.focus();
    const dropdown = page.getByTestId('search-dropdown');
    await expect(dropdown.getByRole('heading', { name: 'Trending Now' })).toBeVisible();
    await expect(dropdown.getByRole('heading', { name: 'Recent Searches' })).toBeVisible();
    await expect(dropdown.getByRole('link', { name: 'Samsung Galaxy A15 128GB' })).toBeVisible();

    await search.fill('maxi');
    await page.getByRole('button', { name: 'Clear search' }).click();
    await expect(search).toHaveValue('');
    await search.fill('kitenge');
    await search.press('Enter');

    await expect(page).toHaveURL('/shop?q=kitenge');
    await expect(page).toHaveTitle('All Products — Sokoni');
    await expect(page.getByRole('searchbox', { name: 'Search products' })).toHaveValue('kitenge');
    await expectServedCount(page, served, 'q=kitenge', () => 'product');
    for (const title of await cards(page).getByRole('link').allTextContents()) {
      expect(title.toLowerCase()).toContain('kitenge');
    }

    await page.goto('/');
    await page.getByRole('searchbox', { name: 'Search products' }).focus();
    await expect(page.getByTestId('search-dropdown').getByRole('button', { name: 'kitenge' })).toBeVisible();
    await page.getByRole('heading', { name: 'Karibu Sokoni' }).click();
    await expect(page.getByTestId('search-dropdown')).toHaveCount(0);

    await page.goto('/shop?q=no-such-thing-on-sale');
    await expect(page.getByText('No products found', { exact: true })).toBeVisible();
  });

  test('filters by category, price and condition, sorts by price, and keeps it all in the URL', async ({
    page,
  }) => {
    await page.setViewportSize(DESKTOP);
    const served = watchListTotals(page);
    await page.goto('/shop');
    await expectServedCount(page, served, '');
    const filters = page.getByRole('complementary', { name: 'Filters' });

    await filters.getByRole('checkbox', { name: /Phones/ }).click();
    await filters.getByRole('checkbox', { name: /Electronics/ }).click();
    await expect(page).toHaveURL(/category=phones&category=electronics/);
    // The slider's bounds follow the chosen categories: wait for them before typing prices.
    const facets = await page.request.get('/api/products/facets?category=phones&category=electronics');
    const { minPrice } = (await facets.json()) as { minPrice: number };
    await expect(filters.getByRole('slider', { name: 'Minimum price' })).toHaveAttribute(
      'min',
      String(Math.floor(minPrice / 100) * 100),
    );
    await filters.getByLabel('Min price (KES)').fill('5000');
    await filters.getByLabel('Max price (KES)').fill('40000');
    // Typed prices wait for the button; only the slider applies at once.
    await expect(page).toHaveURL('/shop?category=phones&category=electronics');
    await filters.getByRole('button', { name: 'Apply Price Filter' }).click();
    await expect(page).toHaveURL(/minPrice=5000&maxPrice=40000/);
    await filters.getByRole('button', { name: /^New/ }).click();
    await filters.getByLabel('Sort by').selectOption({ label: 'Price: Low to High' });

    const query =
      'category=phones&category=electronics&minPrice=5000&maxPrice=40000&condition=New&sort=price-asc';
    await expect(page).toHaveURL(`/shop?${query}`);
    const expected = await expectServedCount(page, served, query);
    expect(expected).toBeGreaterThan(1);
    await expect(filters.getByTestId('active-filter-count')).toHaveText('5 active filters');
    await expect(cards(page)).toHaveCount(expected);
    const ascending = await cardPrices(page);
    expect(ascending).toEqual([...ascending].sort((a, b) => a - b));
    expect(Math.min(...ascending)).toBeGreaterThanOrEqual(5000);
    expect(Math.max(...ascending)).toBeLessThanOrEqual(40000);

    await filters.getByLabel('Sort by').selectOption({ label: 'Price: High to Low' });
    await expect(page).toHaveURL(/sort=price-desc/);
    await expect.poll(() => cardPrices(page)).toEqual([...ascending].reverse());

    await page.reload();
    await expect(filters.getByRole('checkbox', { name: /Phones/ })).toBeChecked();
    await expect(filters.getByRole('button', { name: /^New/ })).toHaveAttribute('aria-pressed', 'true');
    await expect(filters.getByLabel('Min price (KES)')).toHaveValue('5000');
    await expectServedCount(page, served, query);
    await expect(filters.getByTestId('active-filter-count')).toHaveText('5 active filters');

    await filters.getByRole('button', { name: /^New/ }).click();
    await expect(filters.getByRole('button', { name: /^New/ })).toHaveAttribute('aria-pressed', 'false');
    await expect(filters.getByTestId('active-filter-count')).toHaveText('4 active filters');

    await filters.getByRole('button', { name: 'Clear All' }).click();
    await expect(page).toHaveURL('/shop');
    await expect(filters.getByTestId('active-filter-count')).toHaveCount(0);
    await expectServedCount(page, served, '');
  });

  test('the price slider applies at once, one step at a time, and text that is not a number is ignored', async ({
    page,
  }) => {
    await page.setViewportSize(DESKTOP);
    await page.goto('/shop?category=fashion');
    const filters = page.getByRole('complementary', { name: 'Filters' });
    const maxSlider = filters.getByRole('slider', { name: 'Maximum price' });
    // The bounds follow the matching products once their facets arrive (0–100,000 until then).
    await expect(maxSlider).not.toHaveAttribute('max', '100000');
    const bound = Number(await maxSlider.getAttribute('max'));

    await maxSlider.focus();
    await page.keyboard.press('ArrowLeft');
    await expect(page).toHaveURL(`/shop?category=fashion&maxPrice=${bound - 100}`);
    await expect(filters.getByTestId('active-filter-count')).toHaveText('2 active filters');

    await filters.getByLabel('Min price (KES)').fill('lots');
    await filters.getByRole('button', { name: 'Apply Price Filter' }).click();
    await expect(page).toHaveURL(`/shop?category=fashion&maxPrice=${bound - 100}`);
    await expect(filters.getByLabel('Min price (KES)')).not.toHaveValue('lots');

    await filters.getByLabel('Min price (KES)').fill('999999');
    await filters.getByRole('button', { name: 'Apply Price Filter' }).click();
    await expect(page).toHaveURL(`/shop?category=fashion&minPrice=${bound - 200}&maxPrice=${bound - 100}`);
  });

  test('a product card opens the product page', async ({ page }) => {
    await page.goto('/shop?q=samsung');
    const link = cards(page).getByRole('link', { name: 'Samsung Galaxy A15 128GB' });
    await expect(cards(page)).toHaveCount(1);
    const heart = cards(page).getByRole('button', { name: 'Add to wishlist' });
    await heart.click();
    await expect(cards(page).getByRole('button', { name: 'Remove from wishlist' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await link.click();
    await expect(page).toHaveURL(/\/products\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Samsung Galaxy A15 128GB');
  });

  test('a category page lists its products, and an unknown category says so', async ({ page }) => {
    const served = watchListTotals(page);
    await page.goto('/category/fashion');
    await expect(page).toHaveTitle('Fashion — Sokoni');
    await expect(page.getByRole('heading', { level: 1, name: 'Fashion' })).toBeVisible();
    await expect(cards(page).getByRole('link', { name: 'Kitenge Maxi Dress' })).toBeVisible();
    await expectServedCount(page, served, 'category=fashion');
    await expect(page.getByRole('checkbox')).toHaveCount(0);

    await page.goto('/category/spaceships');
    await expect(page.getByRole('heading', { name: 'Category not found.' })).toBeVisible();
    await page.getByRole('link', { name: 'Back to all products' }).click();
    await expect(page).toHaveURL('/shop');
  });

  test('the trending page is updated live and lists the trending products', async ({ page }) => {
    const served = watchListTotals(page);
    await page.goto('/trending');
    await expect(page).toHaveTitle('Trending Now — Sokoni');
    await expect(page.getByText('Updated live')).toBeVisible();
    await expectServedCount(page, served, 'trending=true');
    await expect(cards(page).first()).toBeVisible();

    await page.goto('/trending?q=no-such-thing-on-sale');
    await expect(page.getByText('No trending products found')).toBeVisible();
  });

  test('the home page shows categories, featured products and the highlights', async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    await page.goto('/');
    const categories = page.getByRole('region', { name: 'Shop by Category' });
    await expect(categories.getByRole('link')).toHaveCount(6);
    await categories.getByRole('button', { name: 'Show More' }).click();
    await expect(categories.getByRole('link')).toHaveCount(22);
    await expect(categories.getByRole('button', { name: 'Show Less' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );

    const featured = await totalFor(page, 'featured=true');
    await expect(
      page.getByRole('region', { name: 'Featured Products' }).getByTestId('product-card'),
    ).toHaveCount(Math.min(8, featured));
    await expect(
      page.getByRole('region', { name: 'More Featured Items' }).getByTestId('product-card'),
    ).toHaveCount(featured - 8);

    const tiles = page.getByRole('region', { name: 'What are you looking for?' });
    for (const [name, href] of [
      ['Shop', '/shop'],
      ['Tickets', '/events'],
      ['Courses', '/courses'],
      ['Stays', '/stays'],
    ] as const) {
      await expect(tiles.getByRole('link', { name: new RegExp(`^${name}`) })).toHaveAttribute('href', href);
    }

    const side = page.getByRole('complementary', { name: 'Highlights' });
    await expect(side.getByTestId('trending-item')).toHaveCount(5);
    await expect(side.getByText('2,500+ active sellers')).toBeVisible();
    await expect(side.getByText('15,000+ products')).toBeVisible();
    await expect(side.getByText('50,000+ customers')).toBeVisible();
    await expect(side.getByTestId('trending-item').first()).toContainText('Rank 1');
    await expect(side.getByRole('link', { name: 'Enter the Community' })).toHaveAttribute(
      'href',
      '/community',
    );
    await expect(side.getByRole('link', { name: 'Start a Discussion' })).toHaveAttribute(
      'href',
      '/community/new',
    );
    // The column stays in view while the page scrolls past where it started.
    const firstTrending = side.getByTestId('trending-item').first();
    const startY = (await firstTrending.boundingBox())?.y ?? 0;
    await page.evaluate(() => window.scrollTo(0, 1500));
    await expect.poll(async () => (await firstTrending.boundingBox())?.y ?? -1).toBeGreaterThanOrEqual(0);
    expect((await firstTrending.boundingBox())?.y).toBeLessThanOrEqual(startY);
    await page.evaluate(() => window.scrollTo(0, 0));

    await page.setViewportSize(MOBILE);
    const tabs = page.getByRole('tablist', { name: 'Highlights' });
    await expect(tabs.getByRole('tab', { name: 'Trending' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('tabpanel').getByTestId('trending-item')).toHaveCount(5);
    await tabs.getByRole('tab', { name: 'Community' }).click();
    await expect(page.getByRole('tabpanel').getByRole('link', { name: 'Enter the Community' })).toBeVisible();
  });

  test('a failed load shows an error with Try Again instead of a blank page', async ({ page }) => {
    let fail = true;
    await page.route(
      (url) => url.pathname === '/api/products',
      (route) =>
        fail ? route.fulfill({ status: 503, json: { statusCode: 503, message: 'Down' } }) : route.continue(),
    );
    // /shop opens with its first page inside the page it is served in; going there from the home
    // page is the page's own request.
    await page.goto('/');
    await page.getByRole('banner').getByRole('link', { name: 'Shop', exact: true }).click();
    await expect(page.getByRole('alert')).toHaveText('Failed to load products.');
    fail = false;
    await page.getByRole('button', { name: 'Try Again' }).click();
    await expect(cards(page).first()).toBeVisible();
  });

  test('on a phone the filter drawer commits only on Apply Filters', async ({ page }) => {
    await page.setViewportSize(MOBILE);
    const served = watchListTotals(page);
    await page.goto('/shop');
    await page.getByRole('button', { name: 'Filters' }).click();
    const drawer = page.getByRole('dialog', { name: 'Filters' });
    await expect(drawer).toBeVisible();
    await drawer.getByRole('checkbox', { name: /Fashion/ }).click();
    await drawer.getByRole('button', { name: /^Used/ }).click();
    await expect(page).toHaveURL('/shop');

    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    await expect(page).toHaveURL('/shop');

    await page.getByRole('button', { name: 'Filters' }).click();
    await expect(drawer.getByRole('checkbox', { name: /Fashion/ })).not.toBeChecked();
    await drawer.getByRole('checkbox', { name: /Fashion/ }).click();
    await drawer.getByRole('button', { name: /^Used/ }).click();
    await drawer.getByRole('button', { name: 'Apply Filters' }).click();
    await expect(drawer).toBeHidden();
    await expect(page).toHaveURL('/shop?category=fashion&condition=Used');
    await expectServedCount(page, served, 'category=fashion&condition=Used', (total) =>
      total === 1 ? 'product' : 'products',
    );
    await expect(page.getByTestId('active-filter-count').filter({ visible: true })).toHaveText(
      '2 active filters',
    );

    await page.getByRole('button', { name: /Filters/ }).click();
    await drawer.getByRole('button', { name: 'Clear All' }).click();
    await expect(page).toHaveURL('/shop?category=fashion&condition=Used');
    await drawer.getByRole('button', { name: 'Apply Filters' }).click();
    await expect(page).toHaveURL('/shop');
  });

  for (const viewport of [MOBILE, DESKTOP]) {
    test(`screenshots of home and shop at ${viewport.width} px`, async ({ page }, testInfo) => {
      await page.setViewportSize(viewport);
      await page.goto('/');
      await expect(
        page.getByRole('region', { name: 'Featured Products' }).getByTestId('product-card'),
      ).toHaveCount(8);
      await attachScreenshot(page, testInfo, `home-${viewport.width}`);
      await page.goto('/shop');
      await expect(cards(page)).toHaveCount(24);
      await attachScreenshot(page, testInfo, `shop-${viewport.width}`);
      if (viewport === MOBILE) {
        await page.getByRole('button', { name: 'Filters' }).click();
        await attachScreenshot(page, testInfo, `shop-filters-${viewport.width}`);
      }
    });
  }

  for (const [name, path] of [
    ['home', '/'],
    ['shop', '/shop?category=phones&condition=New'],
  ] as const) {
    test(`the ${name} page has no serious or critical accessibility violations`, async ({ page }) => {
      await page.goto(path);
      await expect(cards(page).first()).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
    });
  }

  test('the open filter drawer has no serious accessibility violations', async ({ page }) => {
    await page.setViewportSize(MOBILE);
    await page.goto('/shop');
    await page.getByRole('button', { name: 'Filters' }).click();
    await expect(page.getByRole('dialog', { name: 'Filters' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
});
