import { expect } from '@playwright/test';
import type { Page } from '@playwright/test';
import { solidPng } from './png';
import { PASSWORD, signUp, submitLogin, uniqueEmail } from './support';

export const pngFile = (name: string, rgb: [number, number, number]) => ({
  name,
  mimeType: 'image/png',
  buffer: solidPng(96, 96, rgb),
});

export async function signUpFresh(page: Page, label: string) {
  const user = { name: `${label} Seller`, email: uniqueEmail(label.toLowerCase()), password: PASSWORD };
  await signUp(page, user);
  await expect(page).toHaveURL('/');
  return user;
}

/** The signed-in user's bearer token, as the app stores it. */
export async function storedToken(page: Page): Promise<string> {
  return page.evaluate(() => {
    const stored = JSON.parse(localStorage.getItem('auth-storage') ?? '{}') as {
      state?: { user?: { token?: string } };
    };
    return stored.state?.user?.token ?? '';
  });
}

export async function fillSellForm(page: Page, title: string) {
  await page.getByLabel('Title', { exact: true }).fill(title);
  await page.getByLabel('Description').fill('Hand-woven sisal kiondo with leather straps, made in Machakos.');
  await page.getByLabel('Price (Ksh)', { exact: true }).fill('1900');
  await page.getByLabel('Original price (Ksh, optional)').fill('2500');
  await page.getByLabel('Condition').selectOption('New');
  await page.getByLabel('Category').selectOption({ label: 'Art & Crafts' });
  await page.getByLabel('Seller contact').fill('0712 345 678');
  await page.getByLabel('Shop location (optional)').fill('Westlands, Nairobi');
}

/** Registers a fresh user and signs in on the sign-in page a protected route sent us to. */
export async function submitLoginAsNew(page: Page) {
  await expect(page).toHaveURL('/login');
  const user = { name: 'Akinyi Seller', email: uniqueEmail('akinyi'), password: PASSWORD };
  const response = await page.request.post('/api/auth/register', { data: user });
  expect(response.ok()).toBe(true);
  await submitLogin(page, user);
}
