import { expect } from '@playwright/test';
import type { Page } from '@playwright/test';

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
