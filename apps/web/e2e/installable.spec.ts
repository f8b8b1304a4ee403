import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';

// The service worker is the point here.
test.use({ serviceWorkers: 'allow' });

type ManifestIcon = { src: string; sizes: string; type: string; purpose: string };

/** A PNG's width and height as its header (the IHDR chunk) states them. */
function pngSize(png: Buffer): string {
  expect(png.subarray(0, 8).toString('latin1')).toBe('\x89PNG\r\n\x1a\n');
  expect(png.subarray(12, 16).toString('latin1')).toBe('IHDR');
  return `${png.readUInt32BE(16)}x${png.readUInt32BE(20)}`;
}

async function expectInstallable(page: Page) {
  await page.goto('/');

  const manifestUrl = new URL((await page.locator('link[rel="manifest"]').getAttribute('href'))!, page.url());
  const manifestAnswer = await page.request.get(manifestUrl.href);
  expect(manifestAnswer.status()).toBe(200);
  expect(manifestAnswer.headers()['content-type']).toBe('application/manifest+json');
  const manifest = (await manifestAnswer.json()) as Record<string, unknown> & { icons: ManifestIcon[] };
  expect(manifest).toMatchObject({
    id: '/',
    name: "Sokoni — Kenya's marketplace",
    short_name: 'Sokoni',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    theme_color: '#047857',
    background_color: '#ffffff',
    lang: 'en',
    categories: ['shopping', 'travel', 'education'],
  });
  expect(manifest.description).toBeTruthy();
  expect(manifest.icons.map(({ sizes, type, purpose }) => `${sizes} ${type} ${purpose}`)).toEqual([
    '192x192 image/png any',
    '512x512 image/png any',
    '512x512 image/png maskable',
  ]);

  const appleTouchIcon = await page.locator('link[rel="apple-touch-icon"]').getAttribute('href');
  const icons = [...manifest.icons, { src: appleTouchIcon!, sizes: '180x180' }];
  for (const { src, sizes } of icons) {
    const icon = await page.request.get(new URL(src, manifestUrl).href);
    expect(icon.status(), src).toBe(200);
    expect(icon.headers()['content-type'], src).toBe('image/png');
    expect(pngSize(await icon.body()), src).toBe(sizes);
  }

  // The first visit installs the worker; from the next load on it controls the page.
  await page.evaluate(async () => void (await navigator.serviceWorker.ready));
  await page.reload();
  expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toMatch(/\/sw\.js$/);

  const cdp = await page.context().newCDPSession(page);
  const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
  expect(installabilityErrors).toEqual([]);
}

test('Sokoni installs: the manifest and its icons, a service worker controlling the page, and nothing Chromium holds against it', async ({
  playwright,
  launchOptions,
  baseURL,
  serviceWorkers,
}) => {
  // A browser profile of its own: Chromium installs nothing from an incognito window, which every
  // other test's context is.
  const profile = mkdtempSync(join(tmpdir(), 'sokoni-installable-'));
  const context = await playwright.chromium.launchPersistentContext(profile, {
    ...launchOptions,
    baseURL,
    serviceWorkers,
  });
  try {
    await expectInstallable(context.pages()[0] ?? (await context.newPage()));
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
});
