import { expect, test } from '@playwright/test';
import type { Browser, Page } from '@playwright/test';
import { pngFile } from './selling-support';
import {
  AMINA,
  calendarDay,
  clickCalendarDay,
  createStay,
  holdStay,
  pickStayDates,
  stayDay,
  tripsOf,
} from './stays-support';
import {
  checkPage,
  DESKTOP,
  gate,
  kes,
  nairobiDay,
  registerUser,
  seriousViolations,
  signIn,
  submitLogin,
  unique,
} from './support';

// The device is in New York: the calendar must still count Nairobi's days.
test.use({ timezoneId: 'America/New_York' });

type Credentials = { email: string; password: string };

/** A second person at their own browser, signed in, at desktop width. */
async function signedInPage(browser: Browser, baseURL: string | undefined, account: Credentials) {
  const context = await browser.newContext({ baseURL, viewport: DESKTOP, timezoneId: 'America/New_York' });
  const page = await context.newPage();
  await signIn(page, account);
  return page;
}

const stayCard = (page: Page, title: string) => page.getByTestId('stay-card').filter({ hasText: title });
const availability = (page: Page) => page.getByRole('region', { name: 'Check availability' });

/** Waits for the list to answer (its count shows), so a card missing from it is really missing. */
async function expectStaysListed(page: Page) {
  await expect(page.getByTestId('result-count')).toHaveText(/^\d+ stays?$/);
}

test.describe('stays: list, find, book, pay, review', () => {
  test('a host lists a place through the form, photos uploading with progress, with Pool and Fireplace; it is on Your Listings and its page', async ({
    page,
    request,
  }) => {
    test.setTimeout(45_000);
    const host = await registerUser(request, 'Wambui Karanja');
    const title = unique('Stone Cottage with Pool and Fireplace, Limuru');
    await page.setViewportSize(DESKTOP);
    await page.goto('/host/stays');
    await expect(page).toHaveURL('/login');
    await submitLogin(page, host);
    await expect(page).toHaveURL('/host/stays');
    await expect(page.getByRole('heading', { level: 1, name: 'Your Listings' })).toBeVisible();
    await expect(page.getByText("You haven't listed any places yet.")).toBeVisible();
    await page.getByRole('link', { name: 'List a new place' }).click();
    await expect(page).toHaveURL('/host/stays/new');
    await expect(page.getByRole('heading', { level: 1, name: 'List your place' })).toBeVisible();

    // The empty form: the contract's messages, the photos' included; nothing is sent.
    const posts: string[] = [];
    page.on('request', (sent) => {
      if (sent.method() === 'POST' && new URL(sent.url()).pathname === '/api/stays') posts.push(sent.url());
    });
    await page.getByRole('button', { name: 'Create listing' }).click();
    await expect(page.locator('#listing-title-error')).toHaveText('Please enter a title for your listing.');
    await expect(page.locator('#listing-location-error')).toHaveText('Please enter where your place is.');
    await expect(page.locator('#listing-description-error')).toHaveText('Please describe your place.');
    await expect(page.locator('#listing-photos-error')).toHaveText(
      'Please add at least one photo of your place.',
    );
    await expect(page.getByLabel('Title', { exact: true })).toBeFocused();
    expect(posts).toEqual([]);

    await page.getByLabel('Title', { exact: true }).fill(title);
    await page.getByLabel('Location').fill('Tigoni, Limuru, Kiambu');
    await page
      .getByLabel('Description')
      .fill(
        'A stone cottage among the tea bushes of Tigoni, with a heated pool and a log fire for cold evenings.',
      );
    await page.getByLabel('Price per night (KES)').fill('7500');
    await page.getByLabel('Bedrooms').fill('3');
    await page.getByLabel('Bathrooms').fill('2');
    await page.getByLabel('Guests', { exact: true }).fill('6');
    const amenities = page.getByRole('group', { name: 'Amenities' });
    for (const amenity of ['Wi-Fi', 'Fireplace', 'Pool']) await amenities.getByLabel(amenity).check();

    // Photos upload as soon as they are picked; hold them to see their progress bars.
    const uploadsHeld = gate();
    await page.route('**/api/uploads/stay-image', async (route) => {
      await uploadsHeld.opened;
      await route.continue();
    });
    await page
      .getByLabel('Add photos')
      .setInputFiles([pngFile('veranda.png', [30, 110, 150]), pngFile('fireplace.png', [200, 90, 20])]);
    for (const name of ['veranda.png', 'fireplace.png']) {
      await expect(page.getByRole('progressbar', { name: `Uploading ${name}` })).toHaveAttribute(
        'aria-valuenow',
        /^\d+$/,
      );
    }
    await expect(page.getByRole('button', { name: 'Uploading photos...' })).toBeDisabled();
    uploadsHeld.open();
    await expect(page.getByRole('progressbar')).toHaveCount(0);
    await expect(page.getByText('2 of 12 added')).toBeVisible();
    await expect(page.getByRole('img', { name: 'Cover: photo 1 (veranda.png)' })).toBeVisible();
    await expect(page.locator('#listing-photos-error')).toHaveCount(0);
    await page.unroute('**/api/uploads/stay-image');

    await page.getByRole('button', { name: 'Create listing' }).click();
    await expect(page.getByText('Listing created successfully!')).toBeVisible();
    await expect(page).toHaveURL('/host/stays');
    expect(posts).toHaveLength(1);

    const listing = page.getByTestId('host-listing').filter({ hasText: title });
    await expect(listing).toHaveCount(1);
    await expect(listing.getByText(`${kes(7500)} per night`)).toBeVisible();
    await expect(listing.getByText('No upcoming bookings.')).toBeVisible();
    await expect(listing.getByRole('term')).toHaveText(['Earnings', 'Upcoming bookings']);
    await expect(listing.getByRole('definition')).toHaveText([kes(0), '0']);

    // Its page, as guests see it; its host is offered Edit rather than Pay & Book.
    await listing.getByRole('link', { name: `View ${title}` }).click();
    await expect(page).toHaveURL(/\/stays\/[\w-]+$/);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page.getByTestId('stay-price')).toHaveText(`${kes(7500)} / night`);
    await expect(page.getByTestId('stay-facts').getByRole('listitem')).toHaveText([
      '6 guests',
      '3 bedrooms',
      '2 bathrooms',
    ]);
    await expect(page.getByTestId('stay-amenities').getByRole('listitem')).toHaveText([
      /Wi-Fi/,
      /Fireplace/,
      /Pool/,
    ]);
    await expect(page.getByText('Hosted by Wambui Karanja')).toBeVisible();
    await expect(page.getByText('This is your own listing: you cannot book it.')).toBeVisible();
    await expect(availability(page).getByRole('button', { name: 'Pay & Book' })).toHaveCount(0);

    // Edit listing: the form starts from the listing as it stands; a new price and one amenity fewer.
    await availability(page).getByRole('link', { name: 'Edit listing' }).click();
    await expect(page).toHaveURL(/\/host\/stays\/[\w-]+\/edit$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Edit listing' })).toBeVisible();
    await expect(page.getByLabel('Title', { exact: true })).toHaveValue(title);
    await expect(page.getByLabel('Price per night (KES)')).toHaveValue('7500');
    await expect(page.getByText('2 of 12 added')).toBeVisible();
    await page.getByLabel('Price per night (KES)').fill('8200');
    await page.getByRole('group', { name: 'Amenities' }).getByLabel('Fireplace').uncheck();
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('Listing updated.')).toBeVisible();
    await expect(page).toHaveURL('/host/stays');
    await expect(listing.getByText(`${kes(8200)} per night`)).toBeVisible();
    await listing.getByRole('link', { name: `View ${title}` }).click();
    await expect(page.getByTestId('stay-price')).toHaveText(`${kes(8200)} / night`);
    await expect(page.getByTestId('stay-amenities').getByRole('listitem')).toHaveText([/Wi-Fi/, /Pool/]);
  });

  test('a guest finds a stay by amenities and dates, checks the dates, pays in the sandbox and sees the trip; those nights are then taken, and the host sees the booking', async ({
    page,
    browser,
    request,
    baseURL,
  }) => {
    test.setTimeout(60_000);
    const host = await registerUser(request, 'Wanjiku Muriuki');
    const guest = await registerUser(request, 'Otieno Odhiambo');
    const rival = await registerUser(request, 'Chebet Kiprotich');
    const stay = await createStay(request, host, {
      title: unique('Tea Farm Cottage with Pool, Kericho'),
      pricePerNight: 6500,
      amenities: ['Wi-Fi', 'Fireplace', 'Pool'],
    });
    const checkIn = nairobiDay(8);
    const checkOut = nairobiDay(11);
    const total = 3 * 6500;

    // Another guest opened the stay before it was booked, and found the same dates free.
    const rivalPage = await signedInPage(browser, baseURL, rival);
    await rivalPage.goto(`/stays/${stay.id}`);
    await pickStayDates(rivalPage, checkIn, checkOut);
    await availability(rivalPage).getByRole('button', { name: 'Check availability' }).click();
    await expect(rivalPage.getByText('This stay is available for your selected dates!')).toBeVisible();

    // The guest searches by amenities and dates; the filters are the page's URL.
    await page.setViewportSize(DESKTOP);
    await signIn(page, guest);
    await page.goto('/stays');
    await expect(page.getByRole('heading', { level: 1, name: 'Discover Amazing Stays' })).toBeVisible();
    const amenities = page.getByRole('group', { name: 'Amenities' });
    // Each box shows its tick once the URL has changed (a router transition), not at the click:
    // wait for it before the next click, as a person would.
    const toggle = async (amenity: string, checked: boolean) => {
      await amenities.getByLabel(amenity).click();
      await expect(amenities.getByLabel(amenity)).toBeChecked({ checked });
    };
    await toggle('Pool', true);
    await toggle('Fireplace', true);
    const dates = page.getByRole('group', { name: 'Dates' });
    await dates.getByLabel('Check-in').fill(checkIn);
    await dates.getByLabel('Check-out').fill(checkOut);
    await expect(page).toHaveURL(/[?&]to=/);
    const query = new URL(page.url()).searchParams;
    expect(query.getAll('amenities')).toEqual(['Fireplace', 'Pool']);
    expect([query.get('from'), query.get('to')]).toEqual([checkIn, checkOut]);
    const card = stayCard(page, stay.title);
    await expect(card).toHaveCount(1);
    await expect(card.getByTestId('stay-price')).toHaveText(`${kes(6500)} / night`);
    // The title has the card's whole width: one that fits in two lines shows whole, not cut (#28).
    const title = card.getByRole('heading', { name: stay.title });
    expect(await title.evaluate((heading) => heading.scrollHeight <= heading.clientHeight)).toBe(true);
    await expect(page.getByTestId('active-filter-count')).toHaveText('3 active filters');

    // One amenity more that it lacks hides it; without it, it is back.
    await toggle('Private Beach', true);
    await expect(card).toHaveCount(0);
    await toggle('Private Beach', false);
    await expect(card).toHaveCount(1);

    await card.getByRole('link', { name: stay.title }).click();
    await expect(page).toHaveURL(`/stays/${stay.id}`);
    await expect(page.getByRole('heading', { level: 1, name: stay.title })).toBeVisible();
    const booking = availability(page);
    await pickStayDates(page, checkIn, checkOut);
    await expect(booking.getByTestId('stay-total')).toHaveText(`3 nights × ${kes(6500)} = ${kes(total)}`);
    await expect(booking.getByRole('button', { name: 'Pay & Book' })).toBeDisabled();
    await booking.getByRole('button', { name: 'Check availability' }).click();
    await expect(booking.getByRole('status').filter({ hasText: 'This stay is available' })).toHaveText(
      'This stay is available for your selected dates!',
    );

    await booking.getByRole('button', { name: 'Pay & Book' }).click();
    // The pay step: M-Pesa first; this journey pays by card.
    await expect(booking.getByRole('button', { name: `Pay ${kes(total)} with M-Pesa` })).toBeVisible();
    await booking.getByRole('button', { name: 'Pay by card instead' }).click();
    await expect(page).toHaveURL(/\/api\/payments\/sandbox\//);
    await page.getByRole('button', { name: `Pay ${kes(total)}` }).click();
    await page.waitForURL(/\/payment\/callback\?.*\breference=/);
    const callback = new URL(page.url()).searchParams;
    expect([callback.get('stayId'), callback.get('start'), callback.get('end')]).toEqual([
      stay.id,
      checkIn,
      checkOut,
    ]);
    await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();
    const paid = page.getByTestId('paid-booking');
    await expect(paid).toContainText(stay.title);
    await expect(paid.getByRole('definition')).toHaveText([
      stayDay(checkIn),
      stayDay(checkOut),
      '3',
      kes(total),
      'Confirmed',
    ]);
    await page.getByRole('link', { name: 'View My Trips' }).click();

    await expect(page).toHaveURL('/trips');
    await expect(page.getByRole('heading', { level: 1, name: 'My Trips' })).toBeVisible();
    const trip = page
      .getByRole('region', { name: 'Upcoming' })
      .getByTestId('trip-card')
      .filter({ hasText: stay.title });
    await expect(trip).toHaveCount(1);
    await expect(trip.getByText('Confirmed', { exact: true })).toBeVisible();
    await expect(trip.getByTestId('trip-dates')).toHaveText(`${stayDay(checkIn)} – ${stayDay(checkOut)}`);
    await expect(trip.getByRole('definition')).toHaveText([
      `${stayDay(checkIn)} – ${stayDay(checkOut)}`,
      '3 nights',
      kes(total),
    ]);
    await expect(trip.getByText('Your host: Wanjiku Muriuki')).toBeVisible();
    await expect(trip.getByRole('link', { name: host.email })).toHaveAttribute(
      'href',
      `mailto:${host.email}`,
    );

    // The other guest's page still shows the dates free: Pay & Book is refused by the server.
    await availability(rivalPage).getByRole('button', { name: 'Pay & Book' }).click();
    await availability(rivalPage).getByRole('button', { name: 'Pay by card instead' }).click();
    await expect(availability(rivalPage).getByRole('alert')).toHaveText(
      'Sorry, those dates are already booked.',
    );
    await expect(rivalPage).toHaveURL(`/stays/${stay.id}`);
    // Refused, the page asks for the stay again: its calendar now greys out the nights taken.
    for (const night of [checkIn, nairobiDay(9), nairobiDay(10)]) {
      await expect(calendarDay(rivalPage, night)).toBeDisabled();
    }

    // Opened afresh, those nights cannot be picked; a stay around them is already booked.
    await rivalPage.reload();
    await expect(calendarDay(rivalPage, nairobiDay(9))).toBeDisabled();
    await pickStayDates(rivalPage, nairobiDay(7), nairobiDay(12));
    await availability(rivalPage).getByRole('button', { name: 'Check availability' }).click();
    await expect(availability(rivalPage).getByRole('alert')).toHaveText(
      'Sorry, those dates are already booked.',
    );
    await expect(availability(rivalPage).getByRole('button', { name: 'Pay & Book' })).toBeDisabled();
    await rivalPage.context().close();

    // The search for those dates no longer lists it; from its check-out day on, it does.
    const search = (from: string, to: string) =>
      `/stays?amenities=Fireplace&amenities=Pool&from=${from}&to=${to}`;
    await page.goto(search(checkIn, checkOut));
    await expectStaysListed(page);
    await expect(stayCard(page, stay.title)).toHaveCount(0);
    await page.goto(search(checkOut, nairobiDay(13)));
    await expect(stayCard(page, stay.title)).toHaveCount(1);

    // The host sees the booking: the guest's first name, dates, nights, amount, and the earnings.
    const hostPage = await signedInPage(browser, baseURL, host);
    await hostPage.goto('/host/stays');
    const listing = hostPage.getByTestId('host-listing').filter({ hasText: stay.title });
    await expect(listing.getByRole('definition')).toHaveText([kes(total), '1']);
    const hosted = listing.getByTestId('host-booking');
    await expect(hosted).toHaveCount(1);
    await expect(hosted).toContainText(`${stayDay(checkIn)} – ${stayDay(checkOut)}`);
    await expect(hosted).toContainText('Confirmed');
    await expect(hosted.getByText(`Otieno · 3 nights · ${kes(total)}`)).toBeVisible();
    await expect(hosted).not.toContainText('Odhiambo');
    await hostPage.context().close();
  });

  test('a guest whose stay is over reviews it, once; someone who never stayed there is offered no form and told only guests may review', async ({
    page,
    browser,
    request,
    baseURL,
  }) => {
    test.setTimeout(45_000);
    // The sample data's one past stay of Amina's not reviewed yet: only this test writes its review.
    const today = nairobiDay(0);
    const stayed = (await tripsOf(request, AMINA)).find(
      (trip) => trip.status === 'confirmed' && trip.endDate < today && trip.stay.title.includes('Nanyuki'),
    );
    expect(stayed, 'the sample data gives Amina a past stay in Nanyuki').toBeDefined();
    const stayPath = `/stays/${stayed!.stay.id}`;
    const comment = unique('Mount Kenya at sunrise from the veranda, and a fire every evening.');

    // Someone who never stayed there is offered no form, and told why (#28).
    const stranger = await registerUser(request, 'Kamau Njoroge');
    const strangerPage = await signedInPage(browser, baseURL, stranger);
    await strangerPage.goto(stayPath);
    await expect(strangerPage.getByTestId('review-refusal')).toHaveText(
      'Only guests who stayed here can review it.',
    );
    await expect(strangerPage.getByRole('button', { name: 'Write a Review' })).toHaveCount(0);
    await strangerPage.context().close();

    await page.setViewportSize(DESKTOP);
    await signIn(page, AMINA);
    await page.goto(stayPath);
    await expect(page.getByRole('heading', { level: 1, name: stayed!.stay.title })).toBeVisible();
    const ratingBefore = (await page.getByTestId('stay-rating').textContent())!;
    const reviewsBefore = Number(/\((\d+) reviews?\)/.exec(ratingBefore)?.[1] ?? 0);

    await page.getByRole('button', { name: 'Write a Review' }).click();
    const form = page.getByRole('form', { name: 'Review this stay' });
    await form.locator('label').filter({ hasText: '5 stars' }).click();
    await expect(form.getByRole('radio', { name: '5 stars' })).toBeChecked();
    await form.getByLabel('Comment').fill(comment);
    await form.getByRole('button', { name: 'Submit Review' }).click();
    await expect(page.getByText('Thank you for your review!')).toBeVisible();
    await expect(form).toHaveCount(0);

    const review = page.getByTestId('review-list').getByRole('listitem').first();
    await expect(review).toContainText(comment);
    await expect(review).toContainText(AMINA.name);
    await expect(review.locator('time')).toHaveText(stayDay(today));
    await expect(page.getByTestId('stay-rating')).toContainText(`(${reviewsBefore + 1} reviews)`);

    // One review per stay: the form is not offered again, and the page says why.
    await expect(page.getByTestId('review-refusal')).toHaveText(
      'You have already reviewed each of your stays here.',
    );
    await expect(page.getByRole('button', { name: 'Write a Review' })).toHaveCount(0);
    await expect(page.getByTestId('review-list').getByText(comment)).toHaveCount(1);
  });

  test('a visitor browses stays and a stay, is told the date rules, and Pay & Book asks to log in, then comes back to the stay', async ({
    page,
    request,
  }) => {
    const host = await registerUser(request, 'Njeri Wambugu');
    const guest = await registerUser(request, 'Mutua Kilonzo');
    const stay = await createStay(request, host, {
      title: unique('Garden Studio in Karen'),
      pricePerNight: 5000,
    });
    await page.setViewportSize(DESKTOP);

    // From any page, through the header.
    await page.goto('/shop');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Stays' }).click();
    await expect(page).toHaveURL('/stays');
    await expect(page.getByRole('heading', { level: 1, name: 'Discover Amazing Stays' })).toBeVisible();
    await expectStaysListed(page);
    await expect(stayCard(page, stay.title)).toHaveCount(1);
    await expect(page.getByRole('link', { name: 'Become a Host' })).toHaveAttribute(
      'href',
      '/host/stays/new',
    );

    await page.goto(`/stays/${stay.id}`);
    await expect(page.getByRole('heading', { level: 1, name: stay.title })).toBeVisible();
    await expect(page.getByText('Hosted by Njeri Wambugu')).toBeVisible();
    const booking = availability(page);
    const check = booking.getByRole('button', { name: 'Check availability' });
    const datesProblem = booking.getByRole('alert');

    // The date rules, before anything is sent.
    await check.click();
    await expect(datesProblem).toHaveText('Please select both check-in and check-out dates.');
    await clickCalendarDay(page, nairobiDay(2));
    await expect(booking.getByTestId('date-picker-selection')).toHaveText(
      `Check-in ${stayDay(nairobiDay(2))}. Now choose your check-out date.`,
    );
    await check.click();
    await expect(datesProblem).toHaveText('Please select both check-in and check-out dates.');
    await clickCalendarDay(page, nairobiDay(33));
    await expect(booking.getByTestId('stay-total')).toHaveCount(0);
    await check.click();
    await expect(datesProblem).toHaveText('Maximum stay duration is 30 days.');
    await expect(booking.getByRole('button', { name: 'Pay & Book' })).toBeDisabled();
    await booking.getByRole('button', { name: 'Clear dates' }).click();
    await expect(booking.getByTestId('date-picker-selection')).toHaveText('Choose your check-in date.');

    await pickStayDates(page, nairobiDay(5), nairobiDay(7));
    await expect(booking.getByTestId('stay-total')).toHaveText(`2 nights × ${kes(5000)} = ${kes(10_000)}`);
    await check.click();
    await expect(booking.getByText('This stay is available for your selected dates!')).toBeVisible();
    await booking.getByRole('button', { name: 'Pay & Book' }).click();
    const prompt = booking.getByRole('alert').filter({ hasText: 'Please log in to book this stay.' });
    await expect(prompt).toBeVisible();
    await expect(page).toHaveURL(`/stays/${stay.id}`);

    await prompt.getByRole('link', { name: 'Log in' }).click();
    await expect(page).toHaveURL('/login');
    await submitLogin(page, guest);
    await expect(page).toHaveURL(`/stays/${stay.id}`);
    await expect(page.getByRole('heading', { level: 1, name: stay.title })).toBeVisible();
    await expect(page.getByText('Please log in to book this stay.')).toHaveCount(0);
    await expect(booking.getByTestId('date-picker-selection')).toHaveText('Choose your check-in date.');
  });

  test('the stays pages have no serious accessibility violations and look right at 390 and 1280 px', async ({
    page,
    browser,
    request,
    baseURL,
  }, testInfo) => {
    test.setTimeout(60_000);
    const host = await registerUser(request, 'Achieng Owino');
    const guest = await registerUser(request, 'Kiprop Rotich');
    const stay = await createStay(request, host, {
      title: unique('Spacious Family Villa with Pool, Fireplace and Ocean Views over Shela Beach'),
      location: 'Shela Village, Lamu Island, Lamu County, near the Peponi Hotel jetty',
      pricePerNight: 18_500,
      guests: 12,
      bedrooms: 6,
      bathrooms: 5,
      amenities: ['Wi-Fi', 'Hot Shower', 'Kitchen', 'Fireplace', 'Pool', 'Balcony', 'Private Beach'],
      description:
        'Six bedrooms around a courtyard pool, a roof terrace over the dunes and a cook on request.\n\nA short walk along the beach to Shela village.',
    });
    // Held (awaiting payment): on the guest's trips and the host's listing.
    await holdStay(request, guest, stay, { startDate: nairobiDay(20), endDate: nairobiDay(24) });
    await page.setViewportSize(DESKTOP);

    // With dates chosen, which the filter shows whole.
    await page.goto(`/stays?from=${nairobiDay(3)}&to=${nairobiDay(6)}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Discover Amazing Stays' })).toBeVisible();
    await expect(page.getByRole('group', { name: 'Dates' }).getByLabel('Check-out')).toHaveValue(
      nairobiDay(6),
    );
    await expect(stayCard(page, stay.title)).toHaveCount(1);
    await checkPage(page, testInfo, 'stays');

    await page.goto(`/stays/${stay.id}`);
    await expect(page.getByRole('heading', { level: 1, name: stay.title })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    // With dates picked, and the availability answered.
    await pickStayDates(page, nairobiDay(3), nairobiDay(6));
    await availability(page).getByRole('button', { name: 'Check availability' }).click();
    await expect(page.getByText('This stay is available for your selected dates!')).toBeVisible();
    await checkPage(page, testInfo, 'stay-detail');

    await signIn(page, guest);
    await page.goto('/trips');
    const trip = page.getByTestId('trip-card').filter({ hasText: stay.title });
    await expect(trip.getByText('Awaiting payment', { exact: true })).toBeVisible();
    await checkPage(page, testInfo, 'my-trips', false);

    const hostPage = await signedInPage(browser, baseURL, host);
    await hostPage.goto('/host/stays');
    const listing = hostPage.getByTestId('host-listing').filter({ hasText: stay.title });
    await expect(listing.getByTestId('host-booking')).toContainText('Awaiting payment');
    await checkPage(hostPage, testInfo, 'your-listings', false);

    await hostPage.goto('/host/stays/new');
    await expect(hostPage.getByRole('heading', { level: 1, name: 'List your place' })).toBeVisible();
    expect(await seriousViolations(hostPage)).toEqual([]);
    // With the form's messages showing too.
    await hostPage.getByRole('button', { name: 'Create listing' }).click();
    await expect(hostPage.locator('#listing-photos-error')).toHaveText(
      'Please add at least one photo of your place.',
    );
    await checkPage(hostPage, testInfo, 'list-your-place', false);

    await hostPage.goto(`/host/stays/${stay.id}/edit`);
    await expect(hostPage.getByLabel('Title', { exact: true })).toHaveValue(stay.title);
    expect(await seriousViolations(hostPage)).toEqual([]);
    // With a field's message showing too.
    await hostPage.getByLabel('Location').fill('');
    await hostPage.getByRole('button', { name: 'Save changes' }).click();
    await expect(hostPage.locator('#listing-location-error')).toHaveText('Please enter where your place is.');
    await checkPage(hostPage, testInfo, 'edit-listing');
    await hostPage.context().close();
  });
});
