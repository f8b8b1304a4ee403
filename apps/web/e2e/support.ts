import AxeBuilder from '@axe-core/playwright';
import { expect } from '@playwright/test';
import type { APIRequestContext, Page, TestInfo } from '@playwright/test';
import type { InitializePaymentInput } from '@sokoni/contracts/payments';
import type { CreateProductInput, Product } from '@sokoni/contracts/shop';
import { solidPng } from './png';

/** The password of every account a test creates. */
export const PASSWORD = 'Karibu2026!';

const DAY = 24 * 60 * 60 * 1000;
const NAIROBI_OFFSET = 3 * 60 * 60 * 1000;

/** The calendar day `days` from today in Nairobi, 'YYYY-MM-DD': stays and lessons go by Nairobi's days. */
export const nairobiDay = (days: number): string =>
  new Date(Date.now() + NAIROBI_OFFSET + days * DAY).toISOString().slice(0, 10);

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

/** Signs in on /login, landing on the home page. */
export async function signIn(page: Page, credentials: { email: string; password: string }) {
  await page.goto('/login');
  await submitLogin(page, credentials);
  await expect(page).toHaveURL('/');
}

/** Opens a signed-in page: sent to sign in first, then back to it. */
export async function signInTo(page: Page, credentials: { email: string; password: string }, path: string) {
  await page.goto(path);
  await expect(page).toHaveURL('/login');
  await submitLogin(page, credentials);
  await expect(page).toHaveURL(path);
}

/**
 * The sign in the header that `name` is signed in: on a desktop the account menu's button, which
 * carries their name (on a phone it sits in the closed menu, so it is not visible there).
 */
export function profileLink(page: Page, name: string) {
  return page.getByRole('banner').getByRole('button', { name: new RegExp(name) });
}

/**
 * Opens one of the signed-in user's pages ('My Products', 'Wishlist', 'Your profile'…) from the
 * header: through the account menu on a desktop, through the menu on a phone.
 */
export async function openAccountPage(page: Page, label: string) {
  const banner = page.getByRole('banner');
  const desktop = (page.viewportSize()?.width ?? DESKTOP.width) >= 1024;
  await banner.getByRole('button', { name: desktop ? /^Your account/ : 'Open menu' }).click();
  const menu = banner.getByRole('navigation', { name: desktop ? 'Account' : 'Mobile' });
  // From its start: 'Your profile' is followed by the e-mail on a desktop, by the name on a phone.
  await menu.getByRole('link', { name: new RegExp(`^${label}`) }).click();
}

/**
 * Accessibility violations on the page of the given impacts (all of them by default, the moderate
 * heading order included), as a list a failing test prints.
 */
export async function axeViolations(page: Page, impacts?: readonly string[]) {
  // Axe judges colours as painted: a toast sliding in or fading out reads as too faint, and one may
  // start to leave while axe runs. With animations and transitions off, every element is judged as it
  // stands when still.
  const still = await page.addStyleTag({
    content: '*, *::before, *::after { animation: none !important; transition: none !important; }',
  });
  const results = await new AxeBuilder({ page }).analyze();
  await still.evaluate((style) => (style as HTMLStyleElement).remove());
  return results.violations
    .filter((violation) => !impacts || impacts.includes(violation.impact ?? ''))
    .map((violation) => ({
      id: violation.id,
      help: violation.help,
      targets: violation.nodes.map((node) => node.target),
    }));
}

/** Serious and critical accessibility violations on the page. */
export const seriousViolations = (page: Page) => axeViolations(page, ['serious', 'critical']);

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

/**
 * No serious accessibility violations, no sideways scroll and (unless `images` is false) every image
 * loaded; then photographed at phone and desktop widths.
 */
export async function checkPage(page: Page, testInfo: TestInfo, name: string, images = true) {
  expect(await seriousViolations(page)).toEqual([]);
  await expectNoSidewaysScroll(page);
  if (images) await expectImagesLoaded(page);
  await attachScreenshots(page, testInfo, name);
}

/**
 * Scrolls to the bottom so every lazy image starts loading, and waits until each has loaded with
 * real pixels: a broken image fails here, and the full-page screenshots show every picture.
 */
export async function expectImagesLoaded(page: Page) {
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await page.waitForFunction(() =>
    Array.from(document.images).every((image) => image.complete && image.naturalWidth > 0),
  );
}

/** At the phone width nothing is wider than the screen: no sideways scrolling of the page. */
export async function expectNoSidewaysScroll(page: Page) {
  await page.setViewportSize(MOBILE);
  const widths = await page.evaluate(() => ({
    page: document.documentElement.scrollWidth,
    screen: document.documentElement.clientWidth,
  }));
  expect(widths.page).toBeLessThanOrEqual(widths.screen);
  await page.setViewportSize(DESKTOP);
}

/** KES as the screens write it. */
export const kes = (amount: number) => `KES ${amount.toLocaleString('en-KE', { maximumFractionDigits: 0 })}`;

/** A label no other test, nor an earlier run, uses: a title or a name a test then finds its data by. */
export function unique(label: string): string {
  return `${label} ${Math.random().toString(36).slice(2, 8)}`;
}

/** A gate a route handler waits on until the test opens it: a request held exactly as long as the test needs. */
export function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}

/** An account a test registered through the API, with its bearer token. */
export type Account = { name: string; email: string; password: string; token: string };

export const bearer = (account: Account) => ({ Authorization: `Bearer ${account.token}` });

/** Registers a new account through the API (POST /api/auth/register signs it in too). */
export async function registerUser(request: APIRequestContext, name: string): Promise<Account> {
  // 'Wanjirũ Mũthoni' → wanjiru-…@…: an address is ASCII, a name need not be.
  const label = name
    .split(' ')[0]!
    .normalize('NFD')
    .replace(/[^A-Za-z]/g, '')
    .toLowerCase();
  const user = { name, email: uniqueEmail(label), password: PASSWORD };
  const response = await request.post('/api/auth/register', { data: user });
  expect(response.status(), await response.text()).toBe(201);
  const { access_token: token } = (await response.json()) as { access_token: string };
  return { ...user, token };
}

/** Uploads a one-colour PNG as a product image for `seller`; answers the URL a listing refers to. */
export async function uploadProductImage(
  request: APIRequestContext,
  seller: Account,
  rgb: [number, number, number],
): Promise<string> {
  const response = await request.post('/api/uploads/product-image', {
    headers: bearer(seller),
    multipart: {
      folder: 'products',
      file: { name: 'photo.png', mimeType: 'image/png', buffer: solidPng(96, 96, rgb) },
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { publicUrl: string }).publicUrl;
}

/** What a test may say about a listing it creates; the rest has defaults. `stock` is the units on offer. */
export type NewProduct = Partial<Omit<CreateProductInput, 'image'>> & {
  title: string;
  /** How many images to upload for it (each a different colour). */
  images?: number;
  stock?: number;
};

const IMAGE_COLOURS: [number, number, number][] = [
  [16, 120, 80],
  [200, 90, 20],
  [40, 70, 190],
  [180, 30, 110],
  [230, 190, 30],
];

/**
 * Lists a product through the API, as `seller` or else as a new seller registered for it, and
 * answers it as the API returned it with the seller's account. Tests find it again by its id.
 */
export async function createProduct(
  request: APIRequestContext,
  input: NewProduct,
  seller?: Account,
): Promise<{ product: Product; seller: Account }> {
  const owner = seller ?? (await registerUser(request, 'Juma Mwangi'));
  const { images = 1, ...fields } = input;
  const image: string[] = [];
  for (let index = 0; index < images; index += 1) {
    image.push(await uploadProductImage(request, owner, IMAGE_COLOURS[index % IMAGE_COLOURS.length]!));
  }
  const response = await request.post('/api/products', {
    headers: bearer(owner),
    data: {
      description: 'Hand-woven sisal kiondo with leather straps, made in Machakos.',
      price: 1900,
      condition: 'New',
      category: 'art-crafts',
      sellerContact: '0712 345 678',
      shopLocation: 'Westlands, Nairobi',
      ...fields,
      image,
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return { product: (await response.json()) as Product, seller: owner };
}

/**
 * An order of one `product` by `buyer`, through the API as a buyer makes it: placed (for pickup) and
 * paid in the sandbox. Answers the order.
 */
export async function paidOrder(
  request: APIRequestContext,
  buyer: Account,
  product: Product,
  baseURL: string,
): Promise<{ id: string; totalAmount: number }> {
  const placed = await request.post('/api/orders', {
    headers: bearer(buyer),
    data: {
      items: [{ productId: product.id, quantity: 1, price: product.price }],
      delivery: { method: 'pickup', phone: '0733 111 222' },
    },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const order = (await placed.json()) as { id: string; totalAmount: number };
  await payInSandbox(
    request,
    buyer,
    { paymentType: 'order', orderId: order.id, amount: order.totalAmount },
    baseURL,
  );
  return order;
}

/** A paid order of `product` by `buyer` that the buyer confirmed received. Answers the order's id. */
export async function receivedOrder(
  request: APIRequestContext,
  buyer: Account,
  product: Product,
  baseURL: string,
): Promise<string> {
  const order = await paidOrder(request, buyer, product, baseURL);
  const received = await request.post(`/api/orders/${order.id}/received`, { headers: bearer(buyer) });
  expect(received.status(), await received.text()).toBe(200);
  return order.id;
}

/**
 * A review of `product` by a new account registered for it, whose order of it arrived (#28: only
 * such a buyer may review); answers the reviewer.
 */
export async function reviewProduct(
  request: APIRequestContext,
  product: Product,
  review: { name: string; rating: number; comment: string },
  baseURL: string,
): Promise<Account> {
  const reviewer = await registerUser(request, review.name);
  await receivedOrder(request, reviewer, product, baseURL);
  const response = await request.post('/api/reviews', {
    headers: bearer(reviewer),
    data: { productId: product.id, rating: review.rating, comment: review.comment },
  });
  expect(response.status(), await response.text()).toBe(201);
  return reviewer;
}

/** A product as the API serves it now (its rating and review count move as it is reviewed). */
export async function fetchProduct(request: APIRequestContext, id: string): Promise<Product> {
  const response = await request.get(`/api/products/${id}`);
  expect(response.ok()).toBe(true);
  return (await response.json()) as Product;
}

type WithoutPayer<Input> = Input extends unknown ? Omit<Input, 'email' | 'callback_url'> : never;
/** What a payment is for and its amount, as POST /api/payments/initialize takes them. */
export type PaymentFor = WithoutPayer<InitializePaymentInput>;

/** Pays through the API as the sandbox checkout does: initialize, Pay (paid at once), verify. */
export async function payInSandbox(
  request: APIRequestContext,
  payer: Account,
  payment: PaymentFor,
  baseURL: string,
) {
  const initialized = await request.post('/api/payments/initialize', {
    headers: bearer(payer),
    data: { ...payment, email: payer.email, callback_url: `${baseURL}/payment/callback` },
  });
  expect(initialized.status(), await initialized.text()).toBe(200);
  const { reference } = ((await initialized.json()) as { data: { reference: string } }).data;
  expect((await request.post(`/api/payments/sandbox/${reference}/pay`)).ok()).toBe(true);
  const verified = await request.get(`/api/payments/verify?reference=${reference}`, {
    headers: bearer(payer),
  });
  expect(((await verified.json()) as { status: string }).status).toBe('success');
}
