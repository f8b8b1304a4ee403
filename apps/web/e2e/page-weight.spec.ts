import { expect, test, type Browser } from '@playwright/test';
import { createPublishedCourse } from './courses-support';
import { createStay } from './stays-support';
import { createProduct, registerUser, unique } from './support';
import { createEvent } from './tickets-support';

/**
 * The app's script files a page loads while it opens (by their names, without the build's hash), in
 * a browser of its own: a file an earlier page loaded would come from the cache, unseen.
 */
async function scriptsOf(browser: Browser, baseURL: string | undefined, path: string): Promise<string[]> {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  const scripts: string[] = [];
  page.on('request', (request) => {
    const match = /\/assets\/([\w-]+?)-[\w-]{8}\.js$/.exec(new URL(request.url()).pathname);
    if (match) scripts.push(match[1]!);
  });
  await page.goto(path);
  await page.waitForLoadState('networkidle');
  await context.close();
  return scripts;
}

test.describe('what a page loads', () => {
  test('pages that only show things load no form code; a page with a form does', async ({
    browser,
    baseURL,
    request,
  }) => {
    const seller = await registerUser(request, 'Wanjiku Seller');
    const { product } = await createProduct(request, { title: unique('Kiondo basket') }, seller);
    const event = await createEvent(request, seller, { title: unique('Benga night') });
    const stay = await createStay(request, seller, { title: unique('Naivasha cabin') });
    const course = await createPublishedCourse(request, seller, { title: unique('Beekeeping basics') });

    for (const path of [
      '/',
      '/shop',
      `/products/${product.id}`,
      '/events',
      `/tickets/${event.id}`,
      '/stays',
      `/stays/${stay.id}`,
      '/courses',
      `/courses/${course.id}`,
    ]) {
      const scripts = await scriptsOf(browser, baseURL, path);
      expect(scripts, path).toContain('shared');
      // Soft: every page that loads form code is named, not only the first.
      expect.soft(scripts, path).not.toContain('forms');
    }
    expect(await scriptsOf(browser, baseURL, '/login')).toContain('forms');
  });

  test('the home page opens with its featured and trending products and newest threads inside the page: no request for them', async ({
    page,
  }) => {
    const asked: string[] = [];
    page.on('request', (sent) => {
      const url = new URL(sent.url());
      if (/^\/api\/(products|community\/threads)/.test(url.pathname))
        asked.push(`${url.pathname}${url.search}`);
    });

    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Featured Products' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Featured Products' })).toHaveAttribute(
      'aria-busy',
      'false',
    );
    await page.waitForLoadState('networkidle');

    expect(asked).toEqual([]);
  });

  test('a product, event, stay and course page show their record in their first render, never their loading state', async ({
    page,
    request,
  }) => {
    const seller = await registerUser(request, 'Mutua Firstpaint');
    const { product } = await createProduct(request, { title: unique('Leso cloth') }, seller);
    const event = await createEvent(request, seller, { title: unique('Taarab evening') });
    const stay = await createStay(request, seller, { title: unique('Lamu rooftop') });
    const course = await createPublishedCourse(request, seller, { title: unique('Sisal weaving') });
    // Every loading message the page puts on screen while it opens, seen as it is added.
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { loadingSeen: string[] }).loadingSeen = seen;
      new MutationObserver((changes) => {
        for (const change of changes)
          for (const node of change.addedNodes) {
            const text = node.textContent ?? '';
            if (/Loading (product|event|stay|course)\.\.\./.test(text)) seen.push(text);
          }
      }).observe(document, { childList: true, subtree: true });
    });

    for (const [path, title] of [
      [`/products/${product.id}`, product.title],
      [`/tickets/${event.id}`, event.title],
      [`/stays/${stay.id}`, stay.title],
      [`/courses/${course.id}`, course.title],
    ] as const) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
      expect(
        await page.evaluate(() => (window as unknown as { loadingSeen: string[] }).loadingSeen),
        path,
      ).toEqual([]);
    }
  });

  test('/shop and a product page open with their first answers inside the page: no request for them; the product page still counts its look', async ({
    page,
    request,
  }) => {
    const { product } = await createProduct(request, { title: unique('Maasai shuka') });
    const asked: string[] = [];
    page.on('request', (sent) => {
      const url = new URL(sent.url());
      if (url.pathname.startsWith('/api/products'))
        asked.push(`${sent.method()} ${url.pathname}${url.search}`);
    });

    await page.goto('/shop');
    await expect(page.getByRole('heading', { name: 'All Products' })).toBeVisible();
    await expect(page.locator('main article').first()).toBeVisible();
    await page.goto(`/products/${product.id}`);
    await expect(page.getByRole('heading', { level: 1, name: product.title })).toBeVisible();
    await page.waitForLoadState('networkidle');

    expect(asked).toEqual([`POST /api/products/${product.id}/views`]);
  });

  test('the stays and courses pages open with their first answers inside the page: no request for them', async ({
    page,
    request,
  }) => {
    const host = await registerUser(request, 'Achieng Host');
    const stay = await createStay(request, host, { title: unique('Kisumu lakeside room') });
    const course = await createPublishedCourse(request, host, { title: unique('Tilapia farming') });
    const asked: string[] = [];
    page.on('request', (sent) => {
      const url = new URL(sent.url());
      if (/^\/api\/(stays|courses)/.test(url.pathname))
        asked.push(`${sent.method()} ${url.pathname}${url.search}`);
    });

    for (const [path, heading] of [
      ['/stays', 'Discover Amazing Stays'],
      [`/stays/${stay.id}`, stay.title],
      ['/courses', undefined],
      [`/courses/${course.id}`, course.title],
    ] as const) {
      await page.goto(path);
      if (heading) await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await page.waitForLoadState('networkidle');
    }

    expect(asked).toEqual([]);
  });
});
