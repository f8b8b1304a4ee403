import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import type { APIRequestContext } from '@playwright/test';
import type { Event, Ticket } from '@sokoni/contracts/events';
import { bearer, checkPage, DESKTOP, MOBILE, registerUser, signInTo, unique, type Account } from './support';
import { createEvent } from './tickets-support';

/** Free tickets of `event` claimed by `holder` through the API, issued at once. */
async function claimTickets(request: APIRequestContext, holder: Account, event: Event, quantity: number) {
  const response = await request.post(`/api/events/${event.id}/tickets`, {
    headers: bearer(holder),
    data: { quantity },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as Ticket;
}

test.describe('organizers fix mistakes (#28)', () => {
  test('an organizer on a phone edits the title and the tickets of an event, then downloads its attendee list', async ({
    page,
    request,
  }, testInfo) => {
    const organizer = await registerUser(request, 'Wanjiru Kamau');
    const event = await createEvent(request, organizer, {
      title: unique('Benga Night'),
      price: 0,
      ticketsAvailable: 5,
    });
    await claimTickets(request, await registerUser(request, 'Otieno, Brian'), event, 1);
    await claimTickets(request, await registerUser(request, 'Amina Wanjiru'), event, 2);
    const title = unique('Benga Night: Encore');
    await page.setViewportSize(MOBILE);
    await signInTo(page, organizer, '/tickets/organizer');

    await page.getByRole('link', { name: `Edit event ${event.title}` }).click();
    await expect(page).toHaveURL(`/tickets/${event.id}/edit`);
    await expect(page.getByRole('heading', { level: 1, name: 'Edit event' })).toBeVisible();
    await expect(page.getByLabel('Title', { exact: true })).toHaveValue(event.title);
    await expect(page.getByLabel('Tickets in all')).toHaveValue('5');
    await page.getByLabel('Title', { exact: true }).fill(title);
    // Below the 3 seats taken: refused beside the field, nothing changed.
    await page.getByLabel('Tickets in all').fill('2');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.locator('#event-tickets-error')).toHaveText(
      '3 tickets are sold and 0 held for buyers paying now: the number of tickets cannot go below 3.',
    );
    await checkPage(page, testInfo, 'edit-event', false);

    await page.setViewportSize(MOBILE);
    await page.getByLabel('Tickets in all').fill('40');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('Event updated.')).toBeVisible();
    await expect(page).toHaveURL('/tickets/organizer');
    const card = page.getByTestId('organizer-event').filter({ hasText: title });
    // Tickets sold of the new capacity.
    await expect(card.getByText('3 / 40', { exact: true })).toBeVisible();

    await card.getByRole('link', { name: `Attendees of ${title}` }).click();
    await expect(page).toHaveURL(`/tickets/${event.id}/attendees`);
    await expect(page.getByRole('heading', { level: 1, name: 'Attendees' })).toBeVisible();
    await expect(page.getByTestId('attendee')).toHaveText([
      /^Amina Wanjiru\s*2\s*Not yet$/,
      /^Otieno, Brian/,
    ]);
    await checkPage(page, testInfo, 'event-attendees', false);

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^benga-night-encore-[a-z0-9]+-attendees\.csv$/);
    expect(readFileSync(await file.path(), 'utf8')).toBe(
      '\uFEFFName,Tickets,Checked in at (EAT)\r\nAmina Wanjiru,2,\r\n"Otieno, Brian",1,\r\n',
    );
  });

  test('at the gate a ticket is checked in by its short code typed in lower case; a second try names whose ticket it is', async ({
    browser,
    page,
    request,
    baseURL,
  }, testInfo) => {
    const organizer = await registerUser(request, 'Njeri Mwangi');
    const holder = await registerUser(request, 'Amina Wanjiru');
    const event = await createEvent(request, organizer, { title: unique('Sauti Sol Live'), price: 0 });
    await claimTickets(request, holder, event, 2);

    // The holder reads the code off My Tickets: two groups of four.
    await page.setViewportSize(DESKTOP);
    await signInTo(page, holder, '/tickets/mine');
    const code = (await page
      .getByTestId('ticket-card')
      .filter({ hasText: event.title })
      .getByTestId('ticket-code')
      .textContent())!;
    expect(code).toMatch(/^[2-9A-HJKMNP-Z]{4} [2-9A-HJKMNP-Z]{4}$/);

    const context = await browser.newContext({ baseURL, viewport: DESKTOP });
    try {
      const door = await context.newPage();
      await signInTo(door, organizer, '/organizer/verify');
      await door.getByLabel('Ticket code').fill(code.toLowerCase());
      await door.getByRole('button', { name: 'Verify Ticket' }).click();
      const result = door.getByTestId('verification-result');
      await expect(result).toContainText('Ticket verified successfully');
      await expect(result.getByRole('definition')).toHaveText(['Amina Wanjiru', event.title, '2']);

      await door.getByRole('button', { name: 'Verify Ticket' }).click();
      await expect(result).toHaveAttribute('role', 'alert');
      await expect(result.getByText(/^Already checked in: /)).toHaveText(
        /^Already checked in: Amina Wanjiru's ticket, at \d{2}:\d{2} on \d{1,2} \w{3}$/,
      );
      await checkPage(door, testInfo, 'gate-already-checked-in', false);
    } finally {
      await context.close();
    }
  });
});
