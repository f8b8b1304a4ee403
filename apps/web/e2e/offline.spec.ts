import { expect, test } from '@playwright/test';
import type { Ticket } from '@sokoni/contracts/events';
import { formatTicketCode } from '@sokoni/contracts/events-rules';
import { OFFLINE_MESSAGES } from '@sokoni/contracts/site';
import { bearer, DESKTOP, nairobiDay, payInSandbox, registerUser, signIn, unique } from './support';
import { createEvent } from './tickets-support';
import { createStay, holdStay } from './stays-support';

// The service worker is the point here.
test.use({ serviceWorkers: 'allow' });

test('after one visit online, My Tickets and My Trips open with no network as they were seen; an action says it needs the network; signing out forgets them', async ({
  page,
  context,
  request,
  baseURL,
}) => {
  // A free ticket, and a stay booked and paid in the sandbox.
  test.setTimeout(90_000);
  const guest = await registerUser(request, 'Njeri Wambui');
  const organizer = await registerUser(request, 'Otieno Ouma');
  const event = await createEvent(request, organizer, { title: unique('Sauti Sol Live'), price: 0 });
  const claimed = await request.post(`/api/events/${event.id}/tickets`, {
    headers: bearer(guest),
    data: { quantity: 1 },
  });
  expect(claimed.status(), await claimed.text()).toBe(201);
  const ticket = (await claimed.json()) as Ticket;
  const host = await registerUser(request, 'Wanjiku Muriuki');
  const stay = await createStay(request, host, {
    title: unique('Karen Cottage'),
    location: 'Karen, Nairobi',
  });
  const booking = await holdStay(request, guest, stay, {
    startDate: nairobiDay(20),
    endDate: nairobiDay(22),
  });
  await payInSandbox(
    request,
    guest,
    { paymentType: 'booking', bookingId: booking.id, amount: booking.amount },
    baseURL!,
  );

  await page.setViewportSize(DESKTOP);
  await signIn(page, guest);
  // The first visit installs the worker; from the next load on it controls the page.
  await page.evaluate(async () => void (await navigator.serviceWorker.ready));
  await page.reload();
  expect(await page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);

  // The first visit precached the app shell alone: index.html and what it loads, no page's own chunk.
  const { precached, shell } = await page.evaluate(async () => {
    const cache = await caches.open(
      (await caches.keys()).find((name) => name.startsWith('workbox-precache'))!,
    );
    const html = await (await cache.match('/index.html', { ignoreSearch: true }))!.text();
    return {
      precached: (await cache.keys()).map((request) => new URL(request.url).pathname),
      shell: [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.(?:js|css))"/g)].map((match) => match[1]!),
    };
  });
  expect(precached.sort()).toEqual(['/index.html', '/manifest.webmanifest', ...shell].sort());

  const ticketCard = page.getByTestId('ticket-card').filter({ hasText: event.title });
  await page.goto('/tickets/mine');
  await expect(ticketCard.getByTestId('ticket-code')).toHaveText(formatTicketCode(ticket.shortCode));
  const tripCard = page.getByTestId('trip-card').filter({ hasText: stay.title });
  await page.goto('/trips');
  await expect(tripCard.getByText('Your host: Wanjiku Muriuki')).toBeVisible();

  // The host moves the listing after the guest looked: offline the guest sees what they saw last.
  const moved = await request.put(`/api/stays/${stay.id}`, {
    headers: bearer(host),
    data: { location: 'Runda, Nairobi' },
  });
  expect(moved.status(), await moved.text()).toBe(200);

  await context.setOffline(true);
  await page.goto('/tickets/mine');
  await expect(page.getByRole('status').filter({ hasText: OFFLINE_MESSAGES.banner })).toBeVisible();
  await expect(ticketCard.getByTestId('ticket-code')).toHaveText(formatTicketCode(ticket.shortCode));
  await expect(ticketCard.getByTestId('ticket-qr').locator('svg')).toBeVisible();
  await expect(ticketCard).toContainText('Ngong Racecourse, Nairobi');

  // An action that needs the network says so at once, and its button is ready again.
  const addToCalendar = ticketCard.getByRole('button', { name: 'Add to calendar' });
  await addToCalendar.click();
  await expect(page.getByText(OFFLINE_MESSAGES.needsNetwork)).toBeVisible();
  await expect(addToCalendar).toBeEnabled();

  // A page never opened comes from the app shell (index.html); its own code was never downloaded, so
  // it says to check the connection instead of loading for ever.
  await page.goto('/orders');
  await expect(page.getByRole('heading', { level: 1, name: 'Something went wrong' })).toBeVisible();

  await page.goto('/trips');
  await expect(tripCard).toContainText('Karen, Nairobi');
  await expect(tripCard.getByTestId('trip-dates')).toBeVisible();
  await expect(tripCard.getByText('Your host: Wanjiku Muriuki')).toBeVisible();
  await expect(tripCard.getByRole('link', { name: host.email })).toHaveAttribute(
    'href',
    `mailto:${host.email}`,
  );

  // Signing out deletes the answers kept of this person; the app itself stays for the next one.
  await context.setOffline(false);
  await page
    .getByRole('banner')
    .getByRole('button', { name: /^Your account/ })
    .click();
  await page
    .getByRole('banner')
    .getByRole('navigation', { name: 'Account' })
    .getByRole('button', { name: 'Logout' })
    .click();
  await expect(page).toHaveURL('/login');
  const cacheNames = () => page.evaluate(() => caches.keys());
  await expect.poll(async () => (await cacheNames()).filter((name) => name.startsWith('api-'))).toEqual([]);
  expect(await cacheNames()).toEqual(expect.arrayContaining(['pages', 'assets']));
});
