import { expect } from '@playwright/test';
import type { APIRequestContext, Page } from '@playwright/test';
import type { Booking, CreateStayInput, Stay, Trip } from '@sokoni/contracts/stays';
import { solidPng } from './png';
import { bearer, type Account } from './support';

/** A README demo login (SEED=sample): the sample data gives her a past stay in Nanyuki still to review. */
export const AMINA = { name: 'Amina Wanjiru', email: 'amina@sokoni.co.ke', password: 'Karibu2026!' };

/** A day as the stay screens write it: '2026-12-24' → 'Thu, 24 Dec 2026'. */
export const stayDay = (day: string): string =>
  new Intl.DateTimeFormat('en-GB', {
    timeZone: 'UTC',
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
  }).format(new Date(`${day}T00:00:00Z`));

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
const ordinal = (n: number) => {
  if (n % 100 >= 11 && n % 100 <= 13) return `${n}th`;
  return `${n}${['th', 'st', 'nd', 'rd'][n % 10] ?? 'th'}`;
};

const bookingCalendar = (page: Page) => page.getByRole('region', { name: 'Check availability' });

/**
 * A day's button on the booking calendar, by the name the date picker gives it: 'Wednesday,
 * December 2nd, 2026' (with 'Today, ' before or ', selected' after when it is either).
 */
export function calendarDay(page: Page, day: string) {
  const date = new Date(`${day}T00:00:00Z`);
  const weekday = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', weekday: 'long' }).format(date);
  const name = `${weekday}, ${MONTHS[date.getUTCMonth()]} ${ordinal(date.getUTCDate())}, ${date.getUTCFullYear()}`;
  return bookingCalendar(page).getByRole('button', { name: new RegExp(`^(Today, )?${name}(, selected)?$`) });
}

/** Pages the booking calendar back or on until it shows the month of `day` (its grids are named 'December 2026'). */
async function showMonthOf(page: Page, day: string) {
  const [year, month] = day.split('-').map(Number) as [number, number];
  const wanted = year * 12 + month - 1;
  const calendar = bookingCalendar(page);
  await expect(calendar.getByRole('grid').first()).toBeVisible();
  for (let step = 0; step < 24; step += 1) {
    const names = await calendar
      .getByRole('grid')
      .evaluateAll((grids) => grids.map((grid) => grid.getAttribute('aria-label') ?? ''));
    const shown = names.map((name) => {
      const [monthName = '', shownYear = ''] = name.split(' ');
      return Number(shownYear) * 12 + MONTHS.indexOf(monthName);
    });
    if (shown.includes(wanted)) return;
    const earlier = wanted < shown[0]!;
    await calendar.getByRole('button', { name: `Go to the ${earlier ? 'Previous' : 'Next'} Month` }).click();
  }
  throw new Error(`the calendar never showed the month of ${day}`);
}

/** Clicks a day on the booking calendar, first paging to its month if it is not shown. */
export async function clickCalendarDay(page: Page, day: string) {
  await showMonthOf(page, day);
  await calendarDay(page, day).click();
}

/** Picks check-in then check-out on the stay page's calendar, and checks the picker says so. */
export async function pickStayDates(page: Page, startDate: string, endDate: string) {
  await clickCalendarDay(page, startDate);
  await clickCalendarDay(page, endDate);
  await expect(page.getByTestId('date-picker-selection')).toHaveText(
    `Check-in ${stayDay(startDate)}, check-out ${stayDay(endDate)}.`,
  );
}

/** Lists a stay through the API as `host`, with one uploaded photo; the rest has defaults. */
export async function createStay(
  request: APIRequestContext,
  host: Account,
  input: Partial<Omit<CreateStayInput, 'images'>> & { title: string },
): Promise<Stay> {
  const upload = await request.post('/api/uploads/stay-image', {
    headers: bearer(host),
    multipart: {
      folder: 'stays',
      file: { name: 'veranda.png', mimeType: 'image/png', buffer: solidPng(96, 96, [30, 110, 150]) },
    },
  });
  expect(upload.status(), await upload.text()).toBe(201);
  const { publicUrl } = (await upload.json()) as { publicUrl: string };
  const response = await request.post('/api/stays', {
    headers: bearer(host),
    data: {
      description: 'A quiet cottage with a garden, a veranda and fast Wi-Fi.',
      location: 'Karen, Nairobi',
      pricePerNight: 5000,
      bedrooms: 2,
      bathrooms: 1,
      guests: 4,
      amenities: ['Wi-Fi', 'Kitchen'],
      ...input,
      images: [publicUrl],
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as Stay;
}

/** Books `stay` for `guest` through the API: the nights are held while the guest would pay. */
export async function holdStay(
  request: APIRequestContext,
  guest: Account,
  stay: Stay,
  dates: { startDate: string; endDate: string },
): Promise<Booking> {
  const response = await request.post(`/api/stays/${stay.id}/book`, { headers: bearer(guest), data: dates });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as Booking;
}

/** The trips of an account signed in with e-mail and password, as GET /api/bookings/mine answers them. */
export async function tripsOf(
  request: APIRequestContext,
  credentials: { email: string; password: string },
): Promise<Trip[]> {
  const login = await request.post('/api/auth/login', {
    data: { email: credentials.email, password: credentials.password },
  });
  expect(login.status(), await login.text()).toBe(200);
  const { access_token: token } = (await login.json()) as { access_token: string };
  const response = await request.get('/api/bookings/mine', { headers: { Authorization: `Bearer ${token}` } });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as Trip[];
}
