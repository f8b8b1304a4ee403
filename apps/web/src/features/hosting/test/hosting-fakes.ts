import type { HostListing, Stay } from '@sokoni/contracts/stays';

export const HOST = {
  id: '00000000-0000-4000-8000-00000000a057',
  name: 'Wanjiru Kamau',
  email: 'wanjiru@example.co.ke',
  role: 'user',
  token: 'jwt-wanjiru',
};

let nextStay = 1;

/** A stored stay photo's address, as an upload to 'stays' answers it. */
export const stayPhoto = (n: number) => `/api/uploads/stays/${n.toString(16).padStart(32, '0')}.webp`;

/** A stay as GET /api/stays/{id} answers it, hosted by HOST unless told; each call gets its own id. */
export function buildStay(overrides: Partial<Stay> = {}): Stay {
  const n = nextStay++;
  return {
    id: `00000000-0000-4000-9a00-${String(n).padStart(12, '0')}`,
    title: `Sample stay ${n}`,
    description: 'A place made up for a test.',
    location: 'Naivasha',
    pricePerNight: 6500,
    bedrooms: 2,
    bathrooms: 1,
    guests: 4,
    images: [stayPhoto(n * 10 + 1), stayPhoto(n * 10 + 2)],
    amenities: ['Wi-Fi', 'Kitchen'],
    hostId: HOST.id,
    host: { id: HOST.id, name: HOST.name },
    rating: 0,
    reviewCount: 0,
    cancellationPolicy: 'moderate',
    bookings: [],
    reviews: [],
    ...overrides,
  };
}

/** One of HOST's listings as GET /api/host/stays answers it. */
export function buildHostListing(overrides: Partial<HostListing> = {}): HostListing {
  const { bookings: _bookings, reviews: _reviews, ...summary } = buildStay();
  return {
    ...summary,
    upcomingBookings: [],
    blocks: [],
    earnings: 0,
    calendarUrl: `/api/stays/${summary.id}/calendar.ics?token=${'c'.repeat(32)}`,
    ...overrides,
  };
}
