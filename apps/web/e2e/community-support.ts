import AxeBuilder from '@axe-core/playwright';
import { expect } from '@playwright/test';
import type { Browser, Page, TestInfo } from '@playwright/test';
import { DESKTOP, MOBILE, signUp, uniqueEmail } from './support';

/** A sample thread (SEED=sample) with nested replies. */
export const SAMPLE_THREAD = 'Best maize seed for Nakuru this season?';

/** Registers a new member through the sign-up form; answers once home shows them signed in. */
export async function signUpMember(page: Page, name: string) {
  const user = { name, email: uniqueEmail(name.split(' ')[0]!.toLowerCase()), password: 'Karibu2026!' };
  await signUp(page, user);
  await expect(page).toHaveURL('/');
  return user;
}

export async function newMemberPage(browser: Browser, name: string) {
  const context = await browser.newContext({ viewport: DESKTOP });
  const page = await context.newPage();
  await signUpMember(page, name);
  return { context, page };
}

/** The WebP the server ships for the phones category: a real image the upload accepts. */
export async function phonesImage(page: Page) {
  const response = await page.request.get('/images/categories/phones.webp');
  expect(response.ok()).toBe(true);
  return { name: 'phones.webp', mimeType: 'image/webp', buffer: await response.body() };
}

export async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({ id: violation.id, targets: violation.nodes.map((node) => node.target) }));
}

/** Full-page screenshots at phone and desktop widths, attached to the report. */
export async function attachScreenshots(page: Page, testInfo: TestInfo, name: string) {
  for (const viewport of [MOBILE, DESKTOP]) {
    await page.setViewportSize(viewport);
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.evaluate(() => document.fonts.ready);
    const path = testInfo.outputPath(`${name}-${viewport.width}.png`);
    await page.screenshot({ path, fullPage: true });
    await testInfo.attach(`${name} at ${viewport.width} px`, { path, contentType: 'image/png' });
  }
}
