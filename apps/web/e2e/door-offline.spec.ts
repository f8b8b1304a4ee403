import { expect, test } from '@playwright/test';
import type { APIRequestContext, Page } from '@playwright/test';
import type { Attendee, Event, Ticket } from '@sokoni/contracts/events';
import { DOOR_MESSAGES, EVENT_MESSAGES } from '@sokoni/contracts/events-rules';
import { attachScreenshots, bearer, registerUser, signInTo, unique, type Account } from './support';
import { createEvent } from './tickets-support';

/** A free ticket of `event` claimed by a new account named `name`, issued at once. */
async function claimTicket(request: APIRequestContext, event: Event, name: string): Promise<Ticket> {
  const holder = await registerUser(request, name);
  const response = await request.post(`/api/events/${event.id}/tickets`, {
    headers: bearer(holder),
    data: { quantity: 1 },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as Ticket;
}

/** The organizer's free event a week ahead, with a ticket for each of `holders`. */
async function eventWithTickets(request: APIRequestContext, holders: string[]) {
  const organizer = await registerUser(request, 'Wanjiru Kamau');
  const event = await createEvent(request, organizer, {
    title: unique('Door Night'),
    price: 0,
    ticketsAvailable: 10,
  });
  const tickets = [];
  for (const name of holders) tickets.push(await claimTicket(request, event, name));
  return { organizer, event, tickets };
}

/** 'Get ready for the door' for the event on Ticket Verification (open); its list saved on the device. */
async function getReady(page: Page, event: Event, count: number) {
  const door = page
    .getByRole('region', { name: 'For the door' })
    .getByRole('listitem')
    .filter({ hasText: event.title });
  await door.getByRole('button', { name: DOOR_MESSAGES.getReady }).click();
  await expect(
    door.getByText(
      new RegExp(`^Ready for the door: ${count} tickets? saved on this device at \\d\\d:\\d\\d\\.$`),
    ),
  ).toBeVisible();
}

/** Types a ticket's code into Ticket Verification and verifies it; answers the result panel. */
async function verify(page: Page, code: string) {
  await page.getByLabel('Ticket code').fill(code);
  await page.getByRole('button', { name: 'Verify Ticket' }).click();
  return page.getByTestId('verification-result');
}

async function attendees(request: APIRequestContext, organizer: Account, event: Event): Promise<Attendee[]> {
  const response = await request.get(`/api/events/${event.id}/attendees`, { headers: bearer(organizer) });
  expect(response.status()).toBe(200);
  return (await response.json()) as Attendee[];
}

test.describe('the door scanner offline (#29)', () => {
  test('the organizer gets ready, checks three tickets in offline (one twice: red), and they sync when the network returns', async ({
    page,
    context,
    request,
  }, testInfo) => {
    const { organizer, event, tickets } = await eventWithTickets(request, [
      'Amina Wanjiru',
      'Brian Otieno',
      'Chebet Kirui',
    ]);
    await signInTo(page, organizer, '/organizer/verify');
    await getReady(page, event, 3);

    await context.setOffline(true);
    await expect(page.getByText(DOOR_MESSAGES.offline)).toBeVisible();
    for (const ticket of tickets) {
      const result = await verify(page, ticket.shortCode.toLowerCase());
      await expect(result).toContainText(EVENT_MESSAGES.verified);
      await expect(result).toContainText(DOOR_MESSAGES.savedOffline);
    }
    const again = await verify(page, tickets[0]!.shortCode);
    await expect(again).toHaveAttribute('role', 'alert');
    await expect(again).toContainText("Already checked in: Amina Wanjiru's ticket, at");
    await expect(page.getByText('3 check-ins waiting for the network.')).toBeVisible();
    await attachScreenshots(page, testInfo, 'door-offline');

    await context.setOffline(false);
    await expect(page.getByText('3 check-ins sent.')).toBeVisible();
    await expect(page.getByText(/waiting for the network/)).toHaveCount(0);
    expect(
      (await attendees(request, organizer, event)).map((attendee) => attendee.checkedInAt !== null),
    ).toEqual([true, true, true]);
  });

  test('two devices check the same ticket in offline: the later scan is told at sync that another device let it in first', async ({
    browser,
    page,
    context,
    request,
  }) => {
    const { organizer, event, tickets } = await eventWithTickets(request, ['Halima Abdi']);
    const [ticket] = tickets;
    await signInTo(page, organizer, '/organizer/verify');
    await getReady(page, event, 1);
    // A second phone of the organizer: signed in alike, its own IndexedDB (storageState leaves it out).
    const second = await browser.newContext({ storageState: await context.storageState() });
    const other = await second.newPage();
    await other.goto('/organizer/verify');
    await getReady(other, event, 1);
    await Promise.all([context.setOffline(true), second.setOffline(true)]);

    await expect(await verify(page, ticket!.shortCode)).toContainText(DOOR_MESSAGES.savedOffline);
    await expect(await verify(other, ticket!.shortCode)).toContainText(DOOR_MESSAGES.savedOffline);

    await context.setOffline(false);
    await expect(page.getByText('1 check-in sent.')).toBeVisible();
    const [{ checkedInAt }] = (await attendees(request, organizer, event)) as [Attendee];
    await second.setOffline(false);
    await expect(other.getByText('1 check-in sent.')).toBeVisible();
    const attention = other.getByRole('region', { name: 'Needs attention' });
    await expect(attention.getByRole('listitem')).toHaveText(
      new RegExp(`^Halima Abdi: ${DOOR_MESSAGES.elsewhere(checkedInAt!)}`),
    );
    expect(DOOR_MESSAGES.elsewhere(checkedInAt!)).toMatch(
      /^Already checked in at \d\d:\d\d on another device$/,
    );
    await expect(page.getByRole('region', { name: 'Needs attention' })).toHaveCount(0);
    await second.close();
  });
});
