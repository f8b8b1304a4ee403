import { expect, test } from '@playwright/test';
import {
  DESKTOP,
  MOBILE,
  createProduct,
  profileLink,
  registerUser,
  seriousViolations,
  submitLogin,
  unique,
} from './support';

test.describe('app shell', () => {
  test('every screen sits in the one layout: the header above, the footer below', async ({ page }) => {
    for (const path of [
      '/',
      '/shop',
      '/trending',
      '/cart',
      '/community',
      '/support',
      '/login',
      '/signup',
      '/nope',
    ]) {
      await page.goto(path);
      await expect(page.getByRole('main')).toBeVisible();
      await expect(page.getByRole('banner').getByRole('link', { name: 'Sokoni', exact: true })).toBeVisible();
      await expect(
        page.getByRole('contentinfo').getByRole('link', { name: 'support@sokoni.co.ke' }),
      ).toBeVisible();
    }
  });

  test('a new screen opens at its top, and Back returns to where the reader was', async ({
    page,
    request,
  }) => {
    const seller = await registerUser(request, 'Otieno Scroll');
    const label = unique('Sisal basket');
    for (let n = 1; n <= 6; n++) await createProduct(request, { title: `${label} ${n}` }, seller);
    await page.setViewportSize(MOBILE);
    await page.goto(`/shop?q=${encodeURIComponent(label)}`);
    const last = page.getByTestId('product-card').filter({ hasText: `${label} 1` });
    await last.scrollIntoViewIfNeeded();
    const readAt = await page.evaluate(() => window.scrollY);
    expect(readAt).toBeGreaterThan(300);

    await last.getByRole('link').first().click();
    await expect(page.getByRole('heading', { level: 1, name: `${label} 1` })).toBeVisible();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);

    await page.goBack();
    await expect(last).toBeVisible();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(readAt);
  });

  test('an unknown path shows the 404 page with working Back to Home and Go Back', async ({ page }) => {
    await page.goto('/');
    await page.goto('/no-such-page');
    await expect(page.getByRole('heading', { name: 'Oops! Page not found' })).toBeVisible();

    await page.getByRole('button', { name: 'Go Back' }).click();
    await expect(page).toHaveURL('/');

    await page.goto('/another/missing/page');
    await page.getByRole('link', { name: 'Back to Home' }).click();
    await expect(page).toHaveURL('/');
    await expect(page.getByRole('heading', { name: 'Karibu Sokoni' })).toBeVisible();
  });

  test('the header shows Login to visitors and the seller links to signed-in users', async ({
    page,
    request,
  }) => {
    const user = await registerUser(request, 'Amina Wanjiru');
    await page.setViewportSize(DESKTOP);
    await page.goto('/');
    const header = page.getByRole('banner');
    await expect(header.getByRole('link', { name: 'Login' })).toBeVisible();
    await expect(header.getByRole('link', { name: 'Sign up' })).toBeVisible();
    await expect(header.getByRole('link', { name: 'Sell' })).toHaveCount(0);

    await header.getByRole('link', { name: 'Login' }).click();
    await submitLogin(page, user);
    await expect(page).toHaveURL('/');
    await expect(header.getByRole('link', { name: 'Login' })).toHaveCount(0);
    const account = header.getByRole('button', { name: `Your account: ${user.name}` });
    await expect(account).toHaveAttribute('aria-expanded', 'false');
    await account.click();
    const menu = header.getByRole('navigation', { name: 'Account' });
    for (const name of ['Sell', 'My Products', 'My Orders']) {
      await expect(menu.getByRole('link', { name, exact: true })).toBeVisible();
    }
    await expect(menu.getByRole('link', { name: /^Your profile/ })).toHaveAttribute('href', '/profile');
    await expect(menu.getByRole('button', { name: 'Logout' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(account).toBeFocused();
  });

  test('the header cart badge reads 9+ from 10 items on a phone and 99+ from 100 on a desktop', async ({
    page,
  }) => {
    // The cart as the store keeps it in local storage; init scripts run in order, so the last one wins.
    const badge = page
      .getByRole('banner')
      .getByRole('link', { name: /^Cart, / })
      .locator('span:visible');
    const badgeFor = async (count: number) => {
      await page.addInitScript((quantity) => {
        const item = { id: 'p1', name: 'Kiondo basket', image: '', price: 2500, quantity };
        localStorage.setItem('cart-storage', JSON.stringify({ state: { items: [item] }, version: 0 }));
      }, count);
      await page.reload();
      await expect(page.getByRole('link', { name: `Cart, ${count} items` })).toBeVisible();
      return badge;
    };

    await page.setViewportSize(MOBILE);
    await page.goto('/');
    await expect(await badgeFor(9)).toHaveText('9');
    await expect(await badgeFor(10)).toHaveText('9+');
    await expect(page.getByTestId('cart-badge-mobile')).toBeVisible();
    await expect(page.getByTestId('cart-badge-desktop')).toBeHidden();

    await page.setViewportSize(DESKTOP);
    await expect(badge).toHaveText('10');
    await expect(await badgeFor(99)).toHaveText('99');
    await expect(await badgeFor(100)).toHaveText('99+');
    await expect(page.getByTestId('cart-badge-desktop')).toBeVisible();
    await expect(page.getByTestId('cart-badge-mobile')).toBeHidden();
  });

  test('keyboard focus is visible: each control reached with Tab shows a 2 px outline', async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
    for (let step = 0; step < 6; step += 1) {
      await page.keyboard.press('Tab');
      const focused = await page.evaluate(() => {
        const element = document.activeElement as HTMLElement;
        const style = getComputedStyle(element);
        return {
          name: `${element.tagName} ${element.textContent?.trim() ?? ''}`,
          outline: style.outlineStyle,
          width: style.outlineWidth,
        };
      });
      expect(focused, focused.name).toMatchObject({ outline: 'solid', width: '2px' });
    }
  });

  test('the footer shows how to reach Sokoni', async ({ page }) => {
    await page.goto('/');
    const footer = page.getByRole('contentinfo');
    await expect(footer.getByRole('link', { name: 'support@sokoni.co.ke' })).toHaveAttribute(
      'href',
      'mailto:support@sokoni.co.ke',
    );
    await expect(footer.getByRole('link', { name: '+254 700 123 456' })).toHaveAttribute(
      'href',
      'tel:+254700123456',
    );
    await expect(footer).toContainText('Nairobi');
    await expect(footer).toContainText(`© ${new Date().getFullYear()} Sokoni`);
  });

  for (const viewport of [MOBILE, DESKTOP]) {
    test(`screenshots of home, login, signup and profile at ${viewport.width} px`, async ({
      page,
      request,
    }, testInfo) => {
      const user = await registerUser(request, 'Brian Otieno');
      await page.setViewportSize(viewport);
      for (const [name, path, heading] of [
        ['home', '/', 'Karibu Sokoni'],
        ['login', '/login', 'Welcome Back'],
        ['signup', '/signup', 'Join Us Today'],
      ] as const) {
        await page.goto(path);
        await expect(page.getByRole('heading', { name: heading })).toBeVisible();
        const file = testInfo.outputPath(`${name}-${viewport.width}.png`);
        await page.screenshot({ path: file, fullPage: true });
        await testInfo.attach(`${name}-${viewport.width}`, { path: file, contentType: 'image/png' });
      }

      await page.goto('/login');
      await submitLogin(page, user);
      await expect(page).toHaveURL('/');
      // The home page's shot shows the header's menu open: the phone's, or the desktop's account menu.
      const header = page.getByRole('banner');
      if (viewport === MOBILE) {
        await header.getByRole('button', { name: 'Open menu' }).click();
        await expect(header.getByRole('link', { name: `Your profile: ${user.name}` })).toBeVisible();
      } else {
        await profileLink(page, user.name).click();
      }
      await expect(header.getByRole('button', { name: 'Logout' })).toBeInViewport();
      for (const [name, path] of [
        ['home-signed-in', null],
        ['profile', '/profile'],
      ] as const) {
        if (path) await page.goto(path);
        if (path) await expect(page.getByRole('heading', { name: user.name })).toBeVisible();
        const file = testInfo.outputPath(`${name}-${viewport.width}.png`);
        await page.screenshot({ path: file, fullPage: true });
        await testInfo.attach(`${name}-${viewport.width}`, { path: file, contentType: 'image/png' });
      }
    });
  }

  for (const [name, path, heading] of [
    ['home', '/', 'Karibu Sokoni'],
    ['login', '/login', 'Welcome Back'],
    ['signup', '/signup', 'Join Us Today'],
    ['404', '/no-such-page', 'Oops! Page not found'],
  ] as const) {
    test(`the ${name} page has no serious or critical accessibility violations`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { name: heading })).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
    });
  }

  test('signup with errors and the open mobile menu have no serious accessibility violations', async ({
    page,
  }) => {
    await page.setViewportSize(MOBILE);
    await page.goto('/signup');
    await page.getByLabel('Password', { exact: true }).fill('abc');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page.getByText('Name must be at least 2 characters.')).toBeVisible();
    await page.getByRole('button', { name: 'Open menu' }).click();
    expect(await seriousViolations(page)).toEqual([]);
  });
});
