import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { pngFile } from './selling-support';
import {
  bearer,
  checkPage,
  DESKTOP,
  gate,
  kes,
  registerUser,
  seriousViolations,
  signIn,
  submitLogin,
  unique,
} from './support';
import { createEvent } from './tickets-support';

const DAY = 24 * 60 * 60 * 1000;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

// The device is in New York: every event time must still be typed and shown in Nairobi time (EAT).
test.use({ timezoneId: 'America/New_York' });

/** A day `days` ahead in Nairobi: the datetime-local value for 18:30 then, and how the app shows it. */
function nairobiEvening(days: number) {
  const nairobi = new Date(Date.now() + days * DAY + 3 * 60 * 60 * 1000);
  const [year, month, day] = [nairobi.getUTCFullYear(), nairobi.getUTCMonth(), nairobi.getUTCDate()];
  const pad = (value: number) => String(value).padStart(2, '0');
  return {
    local: `${year}-${pad(month + 1)}-${pad(day)}T18:30`,
    // en-GB may write September 'Sept'.
    shown: new RegExp(`^${day} ${MONTHS[month]}\\w* ${year}, 18:30 EAT$`),
  };
}

/** The search box of 'Discover Amazing Events': type and press Enter. */
async function searchEvents(page: Page, text: string) {
  const box = page.getByRole('searchbox', { name: 'Search events' });
  await box.fill(text);
  await box.press('Enter');
}

const eventCard = (page: Page, title: string) => page.getByTestId('event-card').filter({ hasText: title });

test.describe('events: discover, create, buy', () => {
  test('an organizer creates a workshop with an image; it is found by search and category, and listed on Your Events', async ({
    page,
    request,
  }) => {
    test.setTimeout(45_000);
    const organizer = await registerUser(request, 'Achieng Otieno');
    const title = unique('Kiondo Weaving Workshop');
    const when = nairobiEvening(30);
    await page.setViewportSize(DESKTOP);
    await signIn(page, organizer);

    // Header → Events → Your Events → Create New Event.
    await page.getByRole('banner').getByRole('link', { name: 'Events', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Discover Amazing Events' })).toBeVisible();
    await page
      .getByRole('navigation', { name: 'Your events and tickets' })
      .getByRole('link', { name: 'Your Events' })
      .click();
    await expect(page).toHaveURL('/tickets/organizer');
    await expect(page.getByRole('heading', { level: 1, name: 'Your Events' })).toBeVisible();
    await expect(page.getByText('You have not created any events yet.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Verify Ticket' })).toHaveAttribute(
      'href',
      '/organizer/verify',
    );
    await page.getByRole('link', { name: 'Create New Event' }).click();
    await expect(page).toHaveURL('/tickets/new');
    await expect(page.getByRole('heading', { level: 1, name: 'Create Event' })).toBeVisible();

    // The empty form: the contract's messages, the image's included; nothing is sent.
    const posts: string[] = [];
    page.on('request', (sent) => {
      if (sent.method() === 'POST' && new URL(sent.url()).pathname === '/api/events') posts.push(sent.url());
    });
    await page.getByRole('button', { name: 'Create Event' }).click();
    await expect(page.locator('#event-title-error')).toHaveText('Please enter a title for the event.');
    await expect(page.locator('#event-date-error')).toHaveText(
      'Please choose the date and time of the event.',
    );
    await expect(page.locator('#event-location-error')).toHaveText(
      'Please enter where the event takes place.',
    );
    await expect(page.locator('#event-category-error')).toHaveText(
      'Choose a category: Concert, Conference, Workshop, Sports, Exhibition.',
    );
    await expect(page.locator('#event-description-error')).toHaveText('Please describe the event.');
    await expect(page.locator('#event-image-error')).toHaveText('Please upload an event image.');
    // Empty price and tickets mean 0: no message.
    await expect(page.locator('#event-price-error')).toHaveCount(0);
    await expect(page.locator('#event-tickets-error')).toHaveCount(0);
    await expect(page.getByLabel('Title', { exact: true })).toBeFocused();
    await expect(page.getByLabel('Title', { exact: true })).toHaveAttribute('aria-invalid', 'true');
    expect(posts).toEqual([]);

    await page.getByLabel('Title', { exact: true }).fill(title);
    await page.getByLabel('Date & time').fill(when.local);
    await page.getByLabel('Location').fill('Kazuri Beads, Karen, Nairobi');
    await page.getByLabel('Category').selectOption('Workshop');
    await page.getByLabel('Ticket price (KES)').fill('1500');
    await page.getByLabel('Tickets available').fill('50');
    await page
      .getByLabel('Description')
      .fill('Learn to weave a sisal kiondo from Machakos weavers. Materials included.');

    // The image uploads as soon as it is picked; hold it to see the progress bar.
    const uploadHeld = gate();
    await page.route('**/api/uploads/event-image', async (route) => {
      await uploadHeld.opened;
      await route.continue();
    });
    await page.getByLabel('Choose image').setInputFiles(pngFile('poster.png', [200, 90, 20]));
    await expect(page.getByRole('img', { name: 'Preview: poster.png' })).toBeVisible();
    await expect(page.getByRole('progressbar', { name: 'Uploading poster.png' })).toHaveAttribute(
      'aria-valuenow',
      /^\d+$/,
    );
    await expect(page.getByRole('button', { name: 'Uploading image...' })).toBeDisabled();
    uploadHeld.open();
    await expect(page.getByRole('progressbar')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Remove poster.png' })).toBeVisible();
    await expect(page.locator('#event-image-error')).toHaveCount(0);
    await page.unroute('**/api/uploads/event-image');

    await page.getByRole('button', { name: 'Create Event' }).click();
    await expect(page.getByText('Event created successfully!')).toBeVisible();
    await expect(page).toHaveURL('/events');
    expect(posts).toHaveLength(1);

    // Search finds exactly its card: Nairobi time, price, seats left.
    await searchEvents(page, title);
    await expect(page).toHaveURL(/\/events\?q=/);
    const card = eventCard(page, title);
    await expect(page.getByTestId('event-card')).toHaveCount(1);
    await expect(card).toHaveCount(1);
    await expect(page.getByTestId('result-count')).toHaveText('1 upcoming event');
    await expect(card.locator('time')).toHaveText(when.shown);
    await expect(card.getByTestId('event-price')).toHaveText(kes(1500));
    await expect(card.getByText('50 seats left')).toBeVisible();
    await expect(card.getByText('Workshop', { exact: true })).toBeVisible();
    await expect(card.getByText('Kazuri Beads, Karen, Nairobi')).toBeVisible();

    // Another category hides it; Workshop shows it; the URL holds both, and a reload keeps them.
    const categories = page.getByRole('group', { name: 'Category' });
    await categories.getByRole('button', { name: 'Concert' }).click();
    await expect(categories.getByRole('button', { name: 'Concert' })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByText('No events found')).toBeVisible();
    await expect(page.getByText('Try another search or category.')).toBeVisible();
    await expect(card).toHaveCount(0);
    await categories.getByRole('button', { name: 'Workshop' }).click();
    await expect(card).toHaveCount(1);
    const url = new URL(page.url());
    expect(url.searchParams.get('q')).toBe(title);
    expect(url.searchParams.get('category')).toBe('Workshop');
    await page.reload();
    await expect(page.getByRole('searchbox', { name: 'Search events' })).toHaveValue(title);
    await expect(categories.getByRole('button', { name: 'Workshop' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(page.getByTestId('event-card')).toHaveCount(1);
    await expect(card.getByTestId('event-price')).toHaveText(kes(1500));

    // Its page shows the same Nairobi time.
    await card.getByRole('link', { name: title }).click();
    await expect(page).toHaveURL(/\/tickets\/[\w-]+$/);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page.locator('article time').first()).toHaveText(when.shown);
    await expect(page.getByRole('img', { name: title })).toHaveAttribute('src', /^\/api\/uploads\/events\//);

    // Your Events lists it with its figures: nothing sold yet.
    await page.goto('/tickets/organizer');
    const mine = page.getByTestId('organizer-event').filter({ hasText: title });
    await expect(mine).toHaveCount(1);
    await expect(mine.getByText(`${kes(1500)} per ticket`)).toBeVisible();
    await expect(mine.getByRole('term')).toHaveText(['Tickets sold', 'Seats left', 'Revenue', 'Checked in']);
    await expect(mine.getByRole('definition')).toHaveText(['0 / 50', '50', kes(0), '0 / 0']);
  });

  test('a visitor sees the total change with quantity and is asked to log in, then comes back; a sold-out event cannot be bought', async ({
    page,
    request,
  }) => {
    const organizer = await registerUser(request, 'Wanjiru Kamau');
    const buyer = await registerUser(request, 'Kiprono Langat');
    const paid = await createEvent(request, organizer, {
      title: unique('Nairobi Jazz Night'),
      price: 1200,
      category: 'Concert',
    });
    await page.setViewportSize(DESKTOP);

    await page.goto(`/tickets/${paid.id}`);
    await expect(page.getByRole('heading', { level: 1, name: paid.title })).toBeVisible();
    await expect(page.getByTestId('event-price')).toHaveText(kes(1200));
    const total = page.getByTestId('ticket-total');
    await expect(total).toHaveText(kes(1200));
    await page.getByLabel('Quantity').fill('3');
    await expect(total).toHaveText(kes(3600));
    await page.getByRole('button', { name: 'Buy Tickets' }).click();
    const prompt = page.getByRole('alert').filter({ hasText: 'You must be logged in to purchase a ticket.' });
    await expect(prompt).toBeVisible();
    await expect(page).toHaveURL(`/tickets/${paid.id}`);

    await prompt.getByRole('link', { name: 'Log in' }).click();
    await expect(page).toHaveURL('/login');
    await submitLogin(page, buyer);
    await expect(page).toHaveURL(`/tickets/${paid.id}`);
    await expect(page.getByRole('heading', { level: 1, name: paid.title })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Buy Tickets' })).toBeEnabled();
    await expect(page.getByText('You must be logged in to purchase a ticket.')).toHaveCount(0);

    // A free event of one seat, claimed by someone else, is sold out: on its card and on its page.
    const soldOut = await createEvent(request, organizer, {
      title: unique('Lamu Dhow Regatta'),
      price: 0,
      ticketsAvailable: 1,
      category: 'Sports',
    });
    const claimer = await registerUser(request, 'Halima Abdi');
    const claim = await request.post(`/api/events/${soldOut.id}/tickets`, {
      headers: bearer(claimer),
      data: { quantity: 1 },
    });
    expect(claim.status(), await claim.text()).toBe(201);

    await page.goto('/events');
    await searchEvents(page, soldOut.title);
    const card = eventCard(page, soldOut.title);
    await expect(card).toHaveCount(1);
    await expect(card.getByText('Sold out', { exact: true })).toBeVisible();
    await expect(card.getByTestId('event-price')).toHaveText('Free');
    await expect(card.getByText(/seats? left/)).toHaveCount(0);

    await card.getByRole('link', { name: soldOut.title }).click();
    await expect(page).toHaveURL(`/tickets/${soldOut.id}`);
    await expect(page.getByRole('heading', { level: 1, name: soldOut.title })).toBeVisible();
    const tickets = page.getByRole('region', { name: 'Tickets' });
    await expect(tickets.getByText('Sold out', { exact: true })).toBeVisible();
    await expect(tickets.getByRole('button', { name: 'Get Free Tickets' })).toBeDisabled();
    await expect(tickets.getByLabel('Quantity')).toHaveCount(0);
  });

  test('an event page and /events open with their first answers inside the page: no request for them, and their chunks and lead image preloaded', async ({
    page,
    request,
  }) => {
    const organizer = await registerUser(request, 'Wanjiru Kamau');
    const event = await createEvent(request, organizer, { title: unique('Koroga Festival'), price: 2500 });
    const asked: string[] = [];
    page.on('request', (sent) => {
      const url = new URL(sent.url());
      if (url.pathname.startsWith('/api/events')) asked.push(`${url.pathname}${url.search}`);
    });

    const response = await page.goto(`/tickets/${event.id}`);
    const html = (await response?.text()) ?? '';
    expect(html).toMatch(
      /<link rel="modulepreload" crossorigin href="\/assets\/event-detail-page-[\w-]+\.js" \/>/,
    );
    expect(html).toContain(`<link rel="preload" as="image" href="${event.image}" fetchpriority="high" />`);
    await expect(page.getByRole('heading', { level: 1, name: event.title })).toBeVisible();
    await expect(page.getByTestId('event-price')).toHaveText(kes(2500));

    await page.goto('/events');
    await expect(page.getByRole('heading', { level: 1, name: 'Discover Amazing Events' })).toBeVisible();
    await expect(page.getByTestId('event-card').first()).toBeVisible();
    expect(asked).toEqual([]);

    // Anything asked later goes to the server as usual: a search, and the same event opened again.
    await searchEvents(page, event.title);
    await expect(eventCard(page, event.title)).toHaveCount(1);
    await eventCard(page, event.title).getByRole('link').first().click();
    await expect(page.getByRole('heading', { level: 1, name: event.title })).toBeVisible();
    expect(asked).toEqual([
      `/api/events?q=${encodeURIComponent(event.title).replace(/%20/g, '+')}&limit=24&offset=0`,
      `/api/events/${event.id}`,
    ]);
  });

  test('a signed-in user gets 2 free tickets and finds them on My Tickets', async ({ page, request }) => {
    const organizer = await registerUser(request, 'Mwangi Njoroge');
    const guest = await registerUser(request, 'Nafula Wekesa');
    const event = await createEvent(request, organizer, {
      title: unique('Kisumu Open Mic'),
      price: 0,
      ticketsAvailable: 40,
      category: 'Concert',
      location: 'Dunga Hill Camp, Kisumu',
    });
    await page.setViewportSize(DESKTOP);
    await signIn(page, guest);

    await page.goto(`/tickets/${event.id}`);
    await expect(page.getByRole('heading', { level: 1, name: event.title })).toBeVisible();
    await expect(page.getByTestId('event-price')).toHaveText('Free');
    await expect(page.getByText('40 seats left')).toBeVisible();
    await page.getByLabel('Quantity').fill('2');
    await expect(page.getByTestId('ticket-total')).toHaveText('Free');
    await page.getByRole('button', { name: 'Get Free Tickets' }).click();
    await expect(page.getByText('Your 2 tickets are ready!')).toBeVisible();
    await expect(page).toHaveURL('/tickets/mine');

    const ticket = page.getByTestId('ticket-card').filter({ hasText: event.title });
    await expect(ticket).toHaveCount(1);
    await expect(ticket.getByTestId('ticket-quantity')).toHaveText('2');
    await expect(ticket.getByText('Dunga Hill Camp, Kisumu')).toBeVisible();
    await expect(ticket.getByRole('link', { name: event.title })).toHaveAttribute(
      'href',
      `/tickets/${event.id}`,
    );

    // The two seats are gone from the event.
    await ticket.getByRole('link', { name: event.title }).click();
    await expect(page.getByText('38 seats left')).toBeVisible();
  });

  test('the events pages have no serious accessibility violations and look right at 390 and 1280 px', async ({
    page,
    request,
  }, testInfo) => {
    test.setTimeout(90_000);
    const organizer = await registerUser(request, 'Njeri Mutua');
    const event = await createEvent(request, organizer, {
      title: unique('Nairobi Tech Summit: Building Africa’s Digital Future with AI and Mobile Money'),
      location: 'Kenyatta International Convention Centre (KICC), Harambee Avenue, Nairobi CBD',
      price: 12500,
      ticketsAvailable: 1200,
      category: 'Conference',
      description:
        'Two days of talks and workshops on fintech, agritech and AI across East Africa.\n\nLunch and Wi-Fi included.',
    });
    await page.setViewportSize(DESKTOP);

    await page.goto('/events');
    await expect(page.getByRole('heading', { level: 1, name: 'Discover Amazing Events' })).toBeVisible();
    await expect(page.getByTestId('event-card').first()).toBeVisible();
    await checkPage(page, testInfo, 'events');

    await page.goto(`/tickets/${event.id}`);
    await expect(page.getByRole('heading', { level: 1, name: event.title })).toBeVisible();
    await expect(page.getByText('1,200 seats left')).toBeVisible();
    await checkPage(page, testInfo, 'event-detail');

    await signIn(page, organizer);
    await page.goto('/tickets/new');
    await expect(page.getByRole('heading', { level: 1, name: 'Create Event' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    // With the form's messages showing too.
    await page.getByRole('button', { name: 'Create Event' }).click();
    await expect(page.locator('#event-image-error')).toHaveText('Please upload an event image.');
    expect(await seriousViolations(page)).toEqual([]);

    await page.goto('/tickets/organizer');
    await expect(page.getByTestId('organizer-event').filter({ hasText: event.title })).toHaveCount(1);
    await checkPage(page, testInfo, 'your-events', false);
  });
});
