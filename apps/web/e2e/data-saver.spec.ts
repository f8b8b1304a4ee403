import { expect, test } from '@playwright/test';
import { axeViolations } from './support';

// A phone: the data saver's switch is in the menu.
test.use({ viewport: { width: 390, height: 844 } });

test("with the data saver on, /shop's card pictures are asked for only when tapped, one at a time", async ({
  page,
}) => {
  const pictures: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'image') pictures.push(new URL(request.url()).pathname);
  });
  await page.goto('/login');
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('navigation', { name: 'Mobile' }).getByRole('switch', { name: 'Data saver' }).click();
  // The footer's switch is the same setting.
  const inFooter = page.getByRole('contentinfo').getByRole('switch', { name: 'Data saver' });
  await expect(inFooter).toHaveAttribute('aria-checked', 'true');

  await page.goto('/shop');
  const showPicture = page.getByRole('button', { name: /^Show picture of / });
  await expect(showPicture.first()).toBeVisible();
  const cards = await page.getByTestId('product-card').count();
  await expect(showPicture).toHaveCount(cards);
  await page.waitForLoadState('networkidle');
  expect(pictures).toEqual([]);
  // The frames and their buttons, the switches: nothing axe finds, of any impact.
  expect(await axeViolations(page)).toEqual([]);

  // The tap shows that card's picture, and stays on the list.
  const firstCard = page.getByTestId('product-card').first();
  await firstCard.getByRole('button', { name: /^Show picture of / }).click();
  await expect(firstCard.locator('img')).toBeVisible();
  await expect(page).toHaveURL('/shop');
  await expect(showPicture).toHaveCount(cards - 1);
  expect(pictures).toHaveLength(1);
  expect(pictures[0]).toMatch(/^\/api\/uploads\//);
});
