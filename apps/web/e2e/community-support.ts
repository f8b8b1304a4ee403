import { expect } from '@playwright/test';
import type { Browser, Page } from '@playwright/test';
import { DESKTOP, signUp, uniqueEmail } from './support';

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
