import AxeBuilder from '@axe-core/playwright';
import { expect } from '@playwright/test';
import type { APIRequestContext, Page, TestInfo } from '@playwright/test';

/** Accounts loaded by the server's SEED=sample. */
export const DEMO_ACCOUNTS = {
  amina: { name: 'Amina Wanjiru', email: 'amina@sokoni.co.ke', password: 'Karibu2026!' },
  brian: { name: 'Brian Otieno', email: 'brian@sokoni.co.ke', password: 'Karibu2026!' },
} as const;

export const MOBILE = { width: 390, height: 844 };
export const DESKTOP = { width: 1280, height: 800 };

/** An e-mail no earlier run has used, so signup tests never collide. */
export function uniqueEmail(label: string): string {
  return `${label}.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@example.co.ke`;
}

export async function signUp(page: Page, user: { name: string; email: string; password: string }) {
  await page.goto('/signup');
  await page.getByLabel('Full name').fill(user.name);
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Create Account' }).click();
}

/** Fills and submits the sign-in form on the current page. */
export async function submitLogin(page: Page, credentials: { email: string; password: string }) {
  await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
  await page.getByLabel('Email').fill(credentials.email);
  await page.getByLabel('Password', { exact: true }).fill(credentials.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

export function profileLink(page: Page, name: string) {
  return page.getByRole('banner').getByRole('link', { name: new RegExp(name) });
}

/** Serious and critical accessibility violations on the page, as a list a failing test prints. */
export async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      id: violation.id,
      help: violation.help,
      targets: violation.nodes.map((node) => node.target),
    }));
}

/** Screenshots at phone and desktop widths, attached to the report; ends at desktop width. */
export async function attachScreenshots(page: Page, testInfo: TestInfo, name: string, fullPage = true) {
  for (const viewport of [MOBILE, DESKTOP]) {
    await page.setViewportSize(viewport);
    // A full-page shot of a scrolled page would paint the sticky header mid-page.
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.evaluate(() => document.fonts.ready);
    const path = testInfo.outputPath(`${name}-${viewport.width}.png`);
    await page.screenshot({ path, fullPage });
    await testInfo.attach(`${name} at ${viewport.width} px`, { path, contentType: 'image/png' });
  }
}

/** KES as the screens write it. */
export const kes = (amount: number) => `KES ${amount.toLocaleString('en-KE', { maximumFractionDigits: 0 })}`;

/** The first sample product whose title matches. */
export async function findProduct<T extends { id: string }>(
  request: APIRequestContext,
  query: string,
): Promise<T> {
  const response = await request.get(`/api/products?limit=1&q=${encodeURIComponent(query)}`);
  expect(response.ok()).toBe(true);
  const [product] = (await response.json()) as T[];
  if (!product) throw new Error(`no sample product matches "${query}"`);
  return product;
}
