import { randomBytes, randomUUID } from 'node:crypto';
import { addDays, type StayAmenity } from '@sokoni/contracts/stays-rules';
import { shillingsToCents } from '@sokoni/contracts/money';
import { nairobiDate } from '../lib/clock.js';
import { stayBookings, stayReviews, stays } from '../db/schema/stays.js';
import { renderArt } from './art.js';
import type { Subject } from './subjects.js';
import type { SeedContext } from './context.js';

const MINUTE_MS = 60 * 1000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

type SampleBooking = {
  guest: string;
  /** Check-in, in days from the seed's day in Kenya; check-out is `nights` later. */
  from: number;
  nights: number;
  /** Confirmed unless it says otherwise: a hold that lapsed unpaid, or one its guest cancelled. */
  status?: 'expired' | 'cancelled';
  review?: { rating: number; comment: string };
};
type SampleBlock = { from: number; nights: number; note: string };
type SampleStay = {
  title: string;
  description: string;
  location: string;
  host: string;
  /** KES per night. */
  price: number;
  bedrooms: number;
  bathrooms: number;
  guests: number;
  amenities: StayAmenity[];
  hue: number;
  /** The photos, in order: what each shows. */
  images: Subject[];
  bookings: SampleBooking[];
  blocks?: SampleBlock[];
};

export const SAMPLE_STAYS: SampleStay[] = [
  {
    title: 'Bright 2-Bedroom Apartment in Kilimani',
    description:
      'A sunny fourth-floor apartment a short walk from Yaya Centre, with fibre Wi-Fi, a fully equipped ' +
      'kitchen and a balcony over the jacaranda trees. Secure parking, a lift and 24-hour guards; a cab ' +
      'to the CBD takes fifteen minutes outside rush hour.',
    location: 'Argwings Kodhek Road, Kilimani, Nairobi',
    host: 'amina',
    price: 6500,
    bedrooms: 2,
    bathrooms: 2,
    guests: 4,
    amenities: ['Wi-Fi', 'Hot Shower', 'Kitchen', 'Balcony', 'Elevator'],
    hue: 220,
    images: ['apartment', 'sofa', 'bed'],
    bookings: [
      {
        guest: 'reviewer-0',
        from: -40,
        nights: 4,
        review: {
          rating: 5,
          comment:
            'Spotless and quiet, and the Wi-Fi never dropped once on my work calls. Amina left a welcome pack of Kenyan coffee.',
        },
      },
      // Staying there now.
      { guest: 'reviewer-2', from: -2, nights: 5 },
      { guest: 'brian', from: 12, nights: 3 },
      { guest: 'reviewer-3', from: 33, nights: 7 },
    ],
  },
  {
    title: 'Westlands Studio with Rooftop Pool',
    description:
      'A compact studio for business trips and weekends out, steps from Sarit Centre and the Westlands ' +
      'restaurants. Fast Wi-Fi and a desk, a kitchenette, a hot shower, a lift and a rooftop pool ' +
      'looking over Karura Forest.',
    location: 'Woodvale Grove, Westlands, Nairobi',
    host: 'brian',
    price: 4200,
    bedrooms: 1,
    bathrooms: 1,
    guests: 2,
    amenities: ['Wi-Fi', 'Hot Shower', 'Kitchen', 'Pool', 'Elevator'],
    hue: 255,
    images: ['apartment', 'pool', 'bed'],
    bookings: [
      {
        guest: 'reviewer-1',
        from: -55,
        nights: 3,
        review: {
          rating: 4,
          comment:
            'Great location for meetings in Westlands. The studio is small but has everything you need.',
        },
      },
      {
        guest: 'reviewer-4',
        from: -20,
        nights: 2,
        review: {
          rating: 4,
          comment: 'Clean, central and the rooftop pool at sunset is worth it. Street noise on Friday night.',
        },
      },
      { guest: 'reviewer-3', from: 5, nights: 4 },
      { guest: 'reviewer-0', from: 40, nights: 2 },
    ],
  },
  {
    title: 'Lakeside Cottage with Fireplace, Naivasha',
    description:
      'A stone cottage in an acacia garden on the south shore of Lake Naivasha. Hippos graze on the lawn ' +
      "at night, Hell's Gate is twenty minutes away by bike, and the evenings are for the log fire. Three " +
      'bedrooms, a farmhouse kitchen and a veranda over the lake.',
    location: 'Moi South Lake Road, Naivasha',
    host: 'amina',
    price: 9500,
    bedrooms: 3,
    bathrooms: 2,
    guests: 6,
    amenities: ['Wi-Fi', 'Hot Shower', 'Kitchen', 'Fireplace', 'Balcony'],
    hue: 165,
    images: ['house', 'lake', 'fireplace', 'bed'],
    bookings: [
      {
        guest: 'brian',
        from: -30,
        nights: 3,
        review: {
          rating: 5,
          comment:
            'We cycled Hell’s Gate by day and sat by the fire every night. The kids loved the hippos. We will be back.',
        },
      },
      {
        guest: 'reviewer-3',
        from: -12,
        nights: 2,
        review: {
          rating: 4,
          comment:
            'Peaceful and beautiful. The road in is rough after rain, so come in a car with some clearance.',
        },
      },
      { guest: 'reviewer-2', from: 20, nights: 3 },
    ],
    blocks: [{ from: 45, nights: 4, note: 'Family visiting' }],
  },
  {
    title: 'Beachfront Villa with Pool and Private Beach, Diani',
    description:
      'Five en-suite bedrooms under a makuti roof, a pool in a garden of palms and a gate straight onto ' +
      'the white sand of Diani. A cook can be arranged for seafood dinners; the reef, kitesurfing and ' +
      'Colobus Conservation are all close by.',
    location: 'Diani Beach Road, Diani, Kwale',
    host: 'brian',
    price: 24_000,
    bedrooms: 5,
    bathrooms: 5,
    guests: 10,
    amenities: ['Wi-Fi', 'Hot Shower', 'Kitchen', 'Pool', 'Air Conditioning', 'Balcony', 'Private Beach'],
    hue: 190,
    images: ['palm', 'pool', 'house', 'bed'],
    bookings: [
      {
        guest: 'amina',
        from: -65,
        nights: 4,
        review: {
          rating: 5,
          comment:
            'Paradise. The cook made the best grilled snapper we have ever had, and the beach was ours at dawn.',
        },
      },
      {
        guest: 'reviewer-0',
        from: -25,
        nights: 5,
        review: {
          rating: 3,
          comment:
            'A beautiful villa, but the Wi-Fi went down during the long rains and the generator was noisy at night.',
        },
      },
      { guest: 'reviewer-1', from: 9, nights: 6 },
      // Grace's hold on some of those nights lapsed unpaid before Faith booked them.
      { guest: 'reviewer-3', from: 9, nights: 3, status: 'expired' },
    ],
    blocks: [{ from: 28, nights: 7, note: 'Booked on another site' }],
  },
  {
    title: 'Mount Kenya View Farmhouse, Nanyuki',
    description:
      'A farmhouse below Mount Kenya with the peaks on the horizon at sunrise, a fireplace in the ' +
      'sitting room and fresh milk from the farm. A base for Ol Pejeta, the equator crossing and the ' +
      'Sirimon route up the mountain.',
    location: 'Timau Road, Nanyuki, Laikipia',
    host: 'admin',
    price: 8000,
    bedrooms: 4,
    bathrooms: 3,
    guests: 8,
    amenities: ['Wi-Fi', 'Hot Shower', 'Kitchen', 'Fireplace'],
    hue: 120,
    images: ['mountain', 'house', 'fireplace'],
    bookings: [
      {
        guest: 'reviewer-4',
        from: -45,
        nights: 3,
        review: {
          rating: 5,
          comment:
            'Woke up to Batian and Nelion in clear sky. Warm house, warm hosts, and the fire was lit every evening.',
        },
      },
      // Past and not reviewed yet: Amina can write the review.
      { guest: 'amina', from: -10, nights: 3 },
      { guest: 'reviewer-4', from: 15, nights: 2 },
    ],
    blocks: [{ from: 60, nights: 5, note: 'Roof repairs' }],
  },
  {
    title: 'Cosy Room in Milimani, Kisumu',
    description:
      'A quiet en-suite room in a family home in leafy Milimani, ten minutes from Dunga Beach and the ' +
      'Kisumu Impala Sanctuary. Breakfast of mandazi and chai on request, and air conditioning for the ' +
      'lakeside heat.',
    location: 'Milimani Estate, Kisumu',
    host: 'brian',
    price: 2500,
    bedrooms: 1,
    bathrooms: 1,
    guests: 2,
    amenities: ['Wi-Fi', 'Hot Shower', 'Air Conditioning'],
    hue: 28,
    images: ['house', 'bed'],
    bookings: [
      {
        guest: 'admin',
        from: -35,
        nights: 2,
        review: {
          rating: 4,
          comment: 'Simple, clean and very good value. The chai in the morning was a lovely touch.',
        },
      },
      {
        guest: 'reviewer-0',
        from: -8,
        nights: 1,
        review: {
          rating: 5,
          comment: 'Perfect for one night in Kisumu. Quiet street and a very kind family.',
        },
      },
      { guest: 'reviewer-2', from: 3, nights: 2 },
    ],
  },
  {
    title: 'Swahili House in Lamu Old Town',
    description:
      'A restored eighteenth-century Swahili house with carved Lamu doors, cool coral-stone walls and a ' +
      'rooftop terrace over the harbour. Donkeys, dhows and the Shela dunes are a short walk or boat ' +
      'ride away.',
    location: 'Harambee Avenue, Lamu Old Town, Lamu',
    host: 'reviewer-2',
    price: 12_000,
    bedrooms: 3,
    bathrooms: 3,
    guests: 6,
    amenities: ['Wi-Fi', 'Hot Shower', 'Kitchen', 'Air Conditioning', 'Balcony'],
    hue: 18,
    images: ['dhow', 'house', 'bed'],
    bookings: [
      {
        guest: 'reviewer-3',
        from: -50,
        nights: 5,
        review: {
          rating: 5,
          comment:
            'Like stepping back in time. Hassan arranged a dhow trip to Manda at sunset. Unforgettable.',
        },
      },
      { guest: 'amina', from: 26, nights: 4 },
      // Amina cancelled a first booking before paying, then booked these dates again.
      { guest: 'amina', from: 26, nights: 5, status: 'cancelled' },
      { guest: 'reviewer-1', from: 70, nights: 6 },
    ],
  },
  {
    title: 'Watamu Beach Cottage by Turtle Bay',
    description:
      'A two-bedroom cottage on Turtle Bay with its own stretch of beach, snorkelling in the marine park ' +
      'at low tide and the Gede Ruins up the road. Ceiling fans and air conditioning in both bedrooms.',
    location: 'Turtle Bay Road, Watamu, Kilifi',
    host: 'amina',
    price: 7500,
    bedrooms: 2,
    bathrooms: 2,
    guests: 4,
    amenities: ['Wi-Fi', 'Hot Shower', 'Kitchen', 'Air Conditioning', 'Private Beach'],
    hue: 200,
    images: ['palm', 'house', 'bed'],
    bookings: [
      {
        guest: 'reviewer-1',
        from: -28,
        nights: 4,
        review: {
          rating: 4,
          comment:
            'We saw turtles on our first morning snorkel. The cottage is simple but right on the sand.',
        },
      },
      { guest: 'admin', from: 18, nights: 5 },
      { guest: 'reviewer-4', from: 50, nights: 3 },
    ],
  },
  {
    title: 'Garden Bungalow near Lake Nakuru National Park',
    description:
      'A family bungalow with a big garden, ten minutes from the main gate of Lake Nakuru National Park: ' +
      'flamingos, rhinos and the view from Baboon Cliff. Two bedrooms, a full kitchen and secure parking ' +
      'for your safari van.',
    location: 'Section 58, Nakuru',
    host: 'reviewer-3',
    price: 4800,
    bedrooms: 2,
    bathrooms: 1,
    guests: 4,
    amenities: ['Wi-Fi', 'Hot Shower', 'Kitchen'],
    hue: 80,
    images: ['house', 'acacia', 'bed'],
    bookings: [
      {
        guest: 'reviewer-0',
        from: -18,
        nights: 2,
        review: {
          rating: 4,
          comment: 'Handy for an early game drive. Grace gave us great tips on where to find the rhinos.',
        },
      },
      { guest: 'brian', from: 30, nights: 2 },
    ],
  },
  {
    title: 'Tea Estate Cottage, Kericho',
    description:
      'A cottage among the tea gardens, where the mist lifts off the green rows every morning and the ' +
      'afternoon rain keeps time like a clock. A fireplace for the cool evenings, walks to the Chagaik ' +
      'Arboretum, and tea picked a field away.',
    location: 'Chagaik Road, Kericho',
    host: 'reviewer-1',
    price: 5500,
    bedrooms: 2,
    bathrooms: 2,
    guests: 4,
    amenities: ['Wi-Fi', 'Hot Shower', 'Kitchen', 'Fireplace'],
    hue: 105,
    images: ['tea-estate', 'house', 'fireplace'],
    bookings: [
      {
        guest: 'reviewer-2',
        from: -22,
        nights: 3,
        review: {
          rating: 5,
          comment: 'The greenest place I have stayed in Kenya. Faith showed us round the tea factory.',
        },
      },
      { guest: 'reviewer-4', from: 8, nights: 3 },
    ],
  },
  {
    title: 'Sea-View Apartment with Pool, Malindi',
    description:
      'A one-bedroom apartment on the third floor with a balcony over the Indian Ocean, a shared pool in ' +
      'the garden and a lift. Walk to the Vasco da Gama Pillar, the Italian cafés and Malindi Marine Park.',
    location: 'Casuarina Road, Malindi, Kilifi',
    host: 'reviewer-0',
    price: 6000,
    bedrooms: 1,
    bathrooms: 1,
    guests: 2,
    amenities: ['Wi-Fi', 'Hot Shower', 'Kitchen', 'Pool', 'Air Conditioning', 'Balcony', 'Elevator'],
    hue: 182,
    images: ['palm', 'pool', 'sofa', 'bed'],
    bookings: [
      {
        guest: 'reviewer-3',
        from: -15,
        nights: 4,
        review: {
          rating: 3,
          comment: 'Lovely view and a clean pool, but the lift was out of order for two of our four days.',
        },
      },
      { guest: 'reviewer-4', from: 14, nights: 5 },
    ],
  },
  {
    title: 'Tented Camp on the Talek River, Maasai Mara',
    description:
      'A spacious safari tent on a wooden deck above the Talek River, with a bush shower, solar lights ' +
      'and lions heard at night. Game drives, Maasai village visits and balloon safaris can be ' +
      'arranged. No Wi-Fi, by design.',
    location: 'Talek Gate, Maasai Mara, Narok',
    host: 'reviewer-4',
    price: 18_000,
    bedrooms: 1,
    bathrooms: 1,
    guests: 2,
    amenities: ['Hot Shower', 'Balcony'],
    hue: 38,
    images: ['tent', 'acacia'],
    bookings: [
      {
        guest: 'reviewer-1',
        from: -40,
        nights: 3,
        review: {
          rating: 5,
          comment: 'We watched a river crossing from the deck. Peter and his team thought of everything.',
        },
      },
      // Past and not reviewed yet: Brian can write the review.
      { guest: 'brian', from: -14, nights: 3 },
      { guest: 'reviewer-0', from: 45, nights: 4 },
    ],
  },
];

/** Check-in time on a day, in Kenya. */
const checkInAt = (day: string) => Date.parse(`${day}T14:00:00+03:00`);

/**
 * A dozen stays across Kenya, some hosted by the demo accounts, with generated photos; the sample
 * users' bookings (past, under way and upcoming; a lapsed hold and a cancelled one), the hosts'
 * blocked nights, and reviews of past stays, each stay's rating their sum and count. The demo
 * accounts see trips, and two of them a past stay still to review. Written straight into the tables,
 * a few statements in all; the photos are drawn at once.
 */
export async function seedStays({ db, files, now, users }: SeedContext): Promise<void> {
  const userOf = (key: string) => {
    const id = users.get(key);
    if (!id) throw new Error(`sample user ${key} was not seeded`);
    return id;
  };
  const today = nairobiDate(now);
  const samples = await Promise.all(
    SAMPLE_STAYS.map(async (sample) => ({
      ...sample,
      photos: await Promise.all(
        sample.images.map(async (subject, n) =>
          files.save(
            'sample',
            'webp',
            await renderArt(`${sample.title}#${n}`, (sample.hue + n * 18) % 360, subject, {
              frame: 'landscape',
            }),
          ),
        ),
      ),
    })),
  );

  const stayRows: Array<typeof stays.$inferInsert> = [];
  const bookingRows: Array<typeof stayBookings.$inferInsert> = [];
  const reviewRows: Array<typeof stayReviews.$inferInsert> = [];
  for (const [index, sample] of samples.entries()) {
    const stayId = randomUUID();
    const listedAt = new Date(now - (120 + index * 3) * DAY_MS);
    const priceCents = shillingsToCents(sample.price);
    const reviews = sample.bookings.flatMap((booking) => (booking.review ? [booking.review] : []));
    stayRows.push({
      id: stayId,
      title: sample.title,
      description: sample.description,
      location: sample.location,
      pricePerNightCents: priceCents,
      bedrooms: sample.bedrooms,
      bathrooms: sample.bathrooms,
      guests: sample.guests,
      images: sample.photos,
      amenities: sample.amenities,
      hostId: userOf(sample.host),
      ratingSum: reviews.reduce((sum, review) => sum + review.rating, 0),
      reviewCount: reviews.length,
      calendarToken: randomBytes(16).toString('hex'),
      createdAt: listedAt,
      updatedAt: listedAt,
    });
    for (const [n, booking] of sample.bookings.entries()) {
      const id = randomUUID();
      const startDate = addDays(today, booking.from);
      const endDate = addDays(startDate, booking.nights);
      // Booked a week or more ahead, and before the seed's moment.
      const bookedAt = Math.min(
        checkInAt(startDate) - (7 + 3 * n) * DAY_MS,
        now - (n + 1) * DAY_MS - index * HOUR_MS,
      );
      const status = booking.status ?? 'confirmed';
      bookingRows.push({
        id,
        stayId,
        guestId: userOf(booking.guest),
        status,
        startDate,
        endDate,
        nights: booking.nights,
        pricePerNightCents: priceCents,
        amountCents: booking.nights * priceCents,
        holdExpiresAt: new Date(bookedAt + 15 * MINUTE_MS),
        confirmedAt: status === 'confirmed' ? new Date(bookedAt + 4 * MINUTE_MS) : null,
        createdAt: new Date(bookedAt),
        updatedAt: new Date(bookedAt + (status === 'cancelled' ? 2 : 15) * MINUTE_MS),
      });
      if (booking.review) {
        // The morning after check-out.
        const reviewedAt = new Date(checkInAt(endDate) + 20 * HOUR_MS + n * 37 * MINUTE_MS);
        reviewRows.push({
          stayId,
          userId: userOf(booking.guest),
          bookingId: id,
          rating: booking.review.rating,
          comment: booking.review.comment,
          createdAt: reviewedAt,
        });
      }
    }
    for (const [n, block] of (sample.blocks ?? []).entries()) {
      const startDate = addDays(today, block.from);
      const blockedAt = new Date(now - (5 + n) * DAY_MS - index * HOUR_MS);
      bookingRows.push({
        stayId,
        guestId: null,
        status: 'blocked',
        startDate,
        endDate: addDays(startDate, block.nights),
        nights: block.nights,
        note: block.note,
        createdAt: blockedAt,
        updatedAt: blockedAt,
      });
    }
  }
  await db.insert(stays).values(stayRows);
  await db.insert(stayBookings).values(bookingRows);
  await db.insert(stayReviews).values(reviewRows);
}
