import type { Booking, Stay } from '@sokoni/contracts/stays';

export const HOST_ID = '00000000-0000-4000-8000-0000000000f1';
let nextStay = 1;

/**
 * A stay as GET /api/stays/{id} answers it (the list's items are the same without bookings and
 * reviews); each call gets its own id and title unless told.
 */
export function buildStay(overrides: Partial<Stay> = {}): Stay {
  const n = nextStay++;
  return {
    id: `00000000-0000-4000-e000-${String(n).padStart(12, '0')}`,
    title: `Sample stay ${n}`,
    description: 'A place made up for a test.',
    location: 'Naivasha',
    pricePerNight: 4500,
    bedrooms: 2,
    bathrooms: 1,
    guests: 4,
    images: [`/api/uploads/sample/${String(n).padStart(32, 'a')}.webp`],
    amenities: ['Wi-Fi', 'Kitchen'],
    hostId: HOST_ID,
    host: { id: HOST_ID, name: 'Njeri Mwangi' },
    rating: 0,
    reviewCount: 0,
    cancellationPolicy: 'moderate',
    bookings: [],
    reviews: [],
    ...overrides,
  };
}

/** The booking POST /stays/{id}/book answers: held while its guest pays. */
export function buildBooking(stay: Stay, overrides: Partial<Booking> = {}): Booking {
  const booking = {
    id: '00000000-0000-4000-e100-000000000001',
    stayId: stay.id,
    userId: 'u7',
    startDate: '2026-03-12',
    endDate: '2026-03-15',
    nights: 3,
    pricePerNight: stay.pricePerNight,
    amount: stay.pricePerNight * 3,
    status: 'held' as const,
    holdExpiresAt: '2099-01-01T00:00:00.000Z',
    refund: null,
    createdAt: '2026-03-10T06:00:00.000Z',
  };
  return { ...booking, ...overrides };
}
