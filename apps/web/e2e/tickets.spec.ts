import { readFileSync } from 'node:fs';
import { chromium, expect, test } from '@playwright/test';
import {
  attachScreenshots,
  DESKTOP,
  kes,
  registerUser,
  seriousViolations,
  signInTo,
  unique,
} from './support';
import { createEvent, refuseForeignRequests, writeQrVideo } from './tickets-support';

test.describe('tickets: buy, show the QR code, check in at the door', () => {
  test('a buyer pays for 2 tickets and shows the QR code; the organizer scans it in once, and a second scan says when', async ({
    page,
    request,
    baseURL,
  }, testInfo) => {
    // Sandbox payment (approval, verification) and two camera scans in a second browser.
    test.setTimeout(120_000);
    const organizer = await registerUser(request, 'Wanjiru Kamau');
    const buyer = await registerUser(request, 'Amina Wanjiku Hassan');
    const event = await createEvent(request, organizer, { title: unique('Blankets & Wine'), price: 2500 });
    const foreign = await refuseForeignRequests(page.context(), baseURL!);

    await page.setViewportSize(DESKTOP);
    await signInTo(page, buyer, '/tickets/mine');
    await expect(page.getByText("You don't have any tickets yet.")).toBeVisible();
    await page.goto(`/tickets/${event.id}`);
    await expect(page.getByRole('heading', { level: 1, name: event.title })).toBeVisible();
    await page.getByLabel('Quantity').fill('2');
    await page.getByRole('button', { name: 'Buy Tickets' }).click();
    await page.getByRole('button', { name: 'Pay by card instead' }).click();
    await expect(page).toHaveURL(/\/api\/payments\/sandbox\//);
    await page.getByRole('button', { name: `Pay ${kes(5000)}` }).click();
    await page.waitForURL(/\/payment\/callback\?.*\breference=/);
    await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();
    await page.getByRole('link', { name: 'View My Tickets' }).click();

    await expect(page).toHaveURL('/tickets/mine');
    await expect(page.getByRole('heading', { level: 1, name: 'My Tickets' })).toBeVisible();
    const card = page.getByTestId('ticket-card').filter({ hasText: event.title });
    await expect(card).toHaveCount(1);
    await expect(card.getByRole('link', { name: event.title })).toHaveAttribute(
      'href',
      `/tickets/${event.id}`,
    );
    await expect(card.getByTestId('ticket-quantity')).toHaveText('2');
    const ticketId = (await card.getByTestId('ticket-id').textContent())!;
    expect(ticketId).toMatch(/^tkt_[a-f0-9]{32}$/);
    const qr = card.getByRole('img', { name: `QR code of ticket ${ticketId}` });
    await expect(qr.locator('svg path')).toHaveCount(2);
    const qrBox = (await qr.boundingBox())!;
    expect(Math.min(qrBox.width, qrBox.height)).toBeGreaterThanOrEqual(240);

    const download = page.waitForEvent('download');
    await card.getByRole('button', { name: 'Add to calendar' }).click();
    const calendar = await download;
    expect(calendar.suggestedFilename()).toBe(`${event.title}.ics`);
    const ics = readFileSync(await calendar.path(), 'utf8');
    expect(ics).toContain('BEGIN:VCALENDAR');
    expect(ics).toContain(event.title);

    expect(await seriousViolations(page)).toEqual([]);
    await attachScreenshots(page, testInfo, 'my-tickets');

    // The organizer's phone: Chromium with a fake camera filming the ticket's QR code.
    const video = testInfo.outputPath('ticket-qr.y4m');
    writeQrVideo(video, ticketId);
    const { launchOptions } = testInfo.project.use;
    const doorBrowser = await chromium.launch({
      ...launchOptions,
      args: [
        ...(launchOptions?.args ?? []),
        '--use-fake-device-for-media-stream',
        `--use-file-for-fake-video-capture=${video}`,
      ],
    });
    try {
      const context = await doorBrowser.newContext({ baseURL, viewport: DESKTOP });
      await context.grantPermissions(['camera'], { origin: baseURL });
      const foreignAtDoor = await refuseForeignRequests(context, baseURL!);
      const wasm: string[] = [];
      context.on('request', (sent) => {
        if (sent.url().endsWith('.wasm')) wasm.push(sent.url());
      });
      const door = await context.newPage();
      await signInTo(door, organizer, '/organizer/verify');
      await expect(door.getByRole('heading', { level: 1, name: 'Ticket Verification' })).toBeVisible();
      await expect(
        door.getByText('Enter the ticket ID or use the camera to scan the QR code.'),
      ).toBeVisible();
      await door.getByRole('button', { name: 'Scan QR Code' }).click();
      await expect(door.getByText('Align the QR code within the frame.')).toBeVisible();

      const result = door.getByTestId('verification-result');
      await expect(result).toContainText('Ticket verified successfully', { timeout: 20_000 });
      await expect(door.getByLabel('Ticket code')).toHaveValue(ticketId);
      await expect(result.getByRole('definition')).toHaveText(['Amina Wanjiku Hassan', event.title, '2']);
      await expect(door.getByText('Align the QR code within the frame.')).toHaveCount(0);
      expect(await seriousViolations(door)).toEqual([]);
      await attachScreenshots(door, testInfo, 'ticket-verification');

      await door.getByRole('button', { name: 'Verify Another' }).click();
      await expect(door.getByLabel('Ticket code')).toHaveValue('');
      await expect(door.getByText('Align the QR code within the frame.')).toBeVisible();
      const refusal = result.getByText(/^Already checked in: /);
      await expect(refusal).toHaveText(
        /^Already checked in: Amina Wanjiku Hassan's ticket, at \d{2}:\d{2} on \d{1,2} \w{3}$/,
        { timeout: 20_000 },
      );
      await expect(result).toHaveAttribute('role', 'alert');
      await attachScreenshots(door, testInfo, 'ticket-verification-second-scan');

      // The QR engine came from our own assets, and nothing left the app's origin.
      expect(wasm.length).toBeGreaterThan(0);
      for (const url of wasm) {
        expect(url).toMatch(new RegExp(`^${baseURL}/assets/zxing_reader-[\\w-]+\\.wasm$`));
      }
      expect(foreignAtDoor).toEqual([]);

      // The buyer's ticket now says when it was checked in: the time the second scan named.
      await page.reload();
      const checkedIn = (await card.getByText(/^Checked in on /).textContent())!;
      const [, day, time] = /^Checked in on (\d{1,2} \w{3}) \d{4}, (\d{2}:\d{2}) EAT$/.exec(checkedIn)!;
      await expect(refusal).toContainText(`at ${time} on ${day}`);
      expect(foreign).toEqual([]);
    } finally {
      await doorBrowser.close();
    }
  });

  test('without a camera the page says so plainly, and a typed ID is checked by the server', async ({
    page,
    request,
    baseURL,
  }, testInfo) => {
    const organizer = await registerUser(request, 'Otieno Ouma');
    const foreign = await refuseForeignRequests(page.context(), baseURL!);
    await page.setViewportSize(DESKTOP);
    await signInTo(page, organizer, '/organizer/verify');

    await page.getByRole('button', { name: 'Scan QR Code' }).click();
    // Headless Chromium has no camera at all.
    await expect(page.getByRole('alert')).toHaveText(
      'No camera was found on this device. Type the ticket code below.',
    );
    await expect(page.getByRole('button', { name: 'Scan QR Code' })).toBeVisible();

    await page.getByRole('button', { name: 'Verify Ticket' }).click();
    await expect(page.getByText('Please enter a ticket ID Or Scann the QR Code.')).toBeVisible();

    await page.getByLabel('Ticket code').fill('tkt_00000000000000000000000000000000');
    await page.getByRole('button', { name: 'Verify Ticket' }).click();
    const result = page.getByTestId('verification-result');
    await expect(result).toContainText('Ticket not found');
    await expect(result).toHaveAttribute('role', 'alert');
    expect(await seriousViolations(page)).toEqual([]);
    await attachScreenshots(page, testInfo, 'ticket-verification-not-found');
    expect(foreign).toEqual([]);
  });
});
