import { EVENT_CATEGORIES, type EventCategory } from '@sokoni/contracts/events-rules';
import { shillingsToCents } from '@sokoni/contracts/money';
import { nairobiDate } from '../lib/clock.js';
import {
  addSold,
  checkIn,
  insertEvent,
  insertScan,
  insertTicket,
} from '../modules/events/events.repository.js';
import { newTicketId } from '../modules/events/tickets.service.js';
import { renderArt } from './art.js';
import type { Subject } from './subjects.js';
import type { SeedContext } from './context.js';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

type SampleTicket = { holder: string; quantity: number; checkedIn?: boolean };
type SampleEvent = {
  title: string;
  description: string;
  location: string;
  category: EventCategory;
  /** What its picture shows. */
  subject: Subject;
  organizer: string;
  /** Days from the seed's day in Kenya, and the Nairobi time it starts at. */
  days: number;
  time: string;
  /** KES per ticket; 0 is free. */
  price: number;
  capacity: number;
  tickets: SampleTicket[];
};

export const SAMPLE_EVENTS: SampleEvent[] = [
  {
    title: 'Sauti za Pwani: Taarab & Benga Night',
    description:
      'An evening of coastal sounds under the walls of Fort Jesus: a full taarab orchestra, benga guitar ' +
      'bands from Mombasa and Kilifi, and Swahili food stalls from 6 pm. Bring a leso for the breeze.',
    location: 'Fort Jesus Grounds, Mombasa',
    category: 'Concert',
    subject: 'drums',
    organizer: 'brian',
    days: 12,
    time: '19:00',
    price: 2500,
    capacity: 600,
    tickets: [
      { holder: 'amina', quantity: 2 },
      { holder: 'admin', quantity: 1 },
      { holder: 'reviewer-1', quantity: 5 },
      { holder: 'reviewer-4', quantity: 3 },
    ],
  },
  {
    title: 'Diani Sundowner Acoustic Sessions',
    description:
      'Forty seats on the sand for an intimate acoustic set as the sun goes down over Diani. ' +
      'Your ticket includes a madafu on arrival; the beach bar stays open until 10 pm.',
    location: 'Diani Beach, Kwale',
    category: 'Concert',
    subject: 'guitar',
    organizer: 'brian',
    days: 6,
    time: '17:30',
    price: 3000,
    // Every seat taken: the sold-out event.
    capacity: 40,
    tickets: [
      { holder: 'amina', quantity: 4 },
      { holder: 'admin', quantity: 2 },
      { holder: 'reviewer-0', quantity: 10 },
      { holder: 'reviewer-1', quantity: 8 },
      { holder: 'reviewer-2', quantity: 8 },
      { holder: 'reviewer-3', quantity: 6 },
      { holder: 'reviewer-4', quantity: 2 },
    ],
  },
  {
    title: 'Kisumu Lakeside Jazz Evening',
    description:
      'Saxophone, rhumba and Afro-jazz by the shores of Lake Victoria, with fresh tilapia from Dunga ' +
      'and ugali on the side. Gates open at 5 pm.',
    location: "Lwang'ni Beach, Kisumu",
    category: 'Concert',
    subject: 'singer',
    organizer: 'amina',
    // The one that has already taken place: most of its guests were checked in at the gate.
    days: -10,
    time: '18:00',
    price: 1500,
    capacity: 150,
    tickets: [
      { holder: 'brian', quantity: 2, checkedIn: true },
      { holder: 'admin', quantity: 1 },
      { holder: 'reviewer-0', quantity: 4, checkedIn: true },
      { holder: 'reviewer-3', quantity: 2, checkedIn: true },
      { holder: 'reviewer-4', quantity: 1 },
    ],
  },
  {
    title: 'Nairobi Fintech Builders Summit',
    description:
      'A day for the people who build on M-Pesa, Pesalink and card rails: talks on mobile money APIs, ' +
      'credit scoring and fraud, a CBK regulatory panel, and a founders’ pitch session. Lunch included.',
    location: 'KICC, Harambee Avenue, Nairobi',
    category: 'Conference',
    subject: 'talk',
    organizer: 'admin',
    days: 26,
    time: '08:30',
    price: 8500,
    capacity: 400,
    tickets: [
      { holder: 'amina', quantity: 1 },
      { holder: 'brian', quantity: 1 },
      { holder: 'reviewer-1', quantity: 2 },
    ],
  },
  {
    title: 'Rift Valley Agri-Innovation Forum',
    description:
      'Farmers, cooperatives and agritech start-ups meet at the showground: drip irrigation on a budget, ' +
      'certified seed, soil testing and selling straight to buyers. Free entry; register to get a seat.',
    location: 'ASK Showground, Nakuru',
    category: 'Conference',
    subject: 'tractor',
    organizer: 'amina',
    days: 19,
    time: '09:00',
    price: 0,
    capacity: 300,
    tickets: [
      { holder: 'brian', quantity: 2 },
      { holder: 'reviewer-0', quantity: 1 },
    ],
  },
  {
    title: 'Beadwork & Kiondo Weaving Masterclass',
    description:
      'Learn Maasai beadwork patterns and sisal kiondo weaving from master artisans in a small group of ' +
      '25. All materials are provided and you take home one necklace and one basket.',
    location: 'Karen, Nairobi',
    category: 'Workshop',
    subject: 'beadwork',
    organizer: 'amina',
    days: 9,
    time: '10:00',
    price: 1800,
    capacity: 25,
    tickets: [
      { holder: 'brian', quantity: 1 },
      { holder: 'reviewer-3', quantity: 2 },
    ],
  },
  {
    title: 'Sell Online: Product Photos with Your Phone',
    description:
      'A free hands-on afternoon for Sokoni sellers: light, backgrounds and angles that sell, writing a ' +
      'listing buyers trust, and pricing for delivery. Bring your phone and one product.',
    location: 'Westlands, Nairobi',
    category: 'Workshop',
    subject: 'camera',
    organizer: 'admin',
    days: 4,
    time: '14:00',
    price: 0,
    capacity: 60,
    tickets: [
      { holder: 'amina', quantity: 1 },
      { holder: 'brian', quantity: 1 },
      { holder: 'reviewer-2', quantity: 1 },
    ],
  },
  {
    title: 'Cage Fish Farming: A Practical Day on the Lake',
    description:
      'Visit working tilapia cages on Lake Victoria, then learn stocking, feeding and costing a small ' +
      'farm with Kisumu fish farmers. Life jackets and lunch provided.',
    location: 'Dunga Beach, Kisumu',
    category: 'Workshop',
    subject: 'fish',
    organizer: 'brian',
    days: 33,
    time: '09:00',
    price: 1000,
    capacity: 40,
    tickets: [{ holder: 'reviewer-0', quantity: 1 }],
  },
  {
    title: 'Eldoret City Half Marathon',
    description:
      '21 km through the home of champions, plus a 10 km fun run. Entry includes a race T-shirt, timing ' +
      'chip and a finisher’s medal; water points every 3 km.',
    location: 'Kipchoge Keino Stadium, Eldoret',
    category: 'Sports',
    subject: 'running',
    organizer: 'brian',
    days: 40,
    time: '06:30',
    price: 1000,
    capacity: 2000,
    tickets: [
      { holder: 'amina', quantity: 2 },
      { holder: 'reviewer-2', quantity: 1 },
      { holder: 'reviewer-4', quantity: 2 },
    ],
  },
  {
    title: 'Naivasha Lakeside Cycling Challenge',
    description:
      'A 60 km ride around Lake Naivasha past flower farms and Hell’s Gate, with a 25 km family loop. ' +
      'Support vehicles, a mechanic and nyama choma at the finish.',
    location: "Fisherman's Camp, Naivasha",
    category: 'Sports',
    subject: 'bicycle',
    organizer: 'amina',
    days: 16,
    time: '07:00',
    price: 2000,
    capacity: 150,
    tickets: [
      { holder: 'brian', quantity: 1 },
      { holder: 'admin', quantity: 1 },
    ],
  },
  {
    title: 'Lamu Cultural Festival: Dhows, Crafts & Henna',
    description:
      'Three days of dhow races, donkey races, Swahili poetry, henna and woodcarving in the old town. ' +
      'Free to attend: claim a ticket for the seated dhow-race stands.',
    location: 'Lamu Old Town, Lamu',
    category: 'Exhibition',
    subject: 'dhow',
    organizer: 'brian',
    days: 58,
    time: '10:00',
    price: 0,
    capacity: 1000,
    tickets: [{ holder: 'amina', quantity: 2 }],
  },
  {
    title: 'Nairobi Contemporary Art Fair',
    description:
      'Painting, sculpture and photography by forty Kenyan and East African artists, with works for sale ' +
      'from KES 5,000 and artist talks every afternoon.',
    location: 'Nairobi National Museum, Museum Hill, Nairobi',
    category: 'Exhibition',
    subject: 'painting',
    organizer: 'amina',
    days: 21,
    time: '10:00',
    price: 500,
    capacity: 800,
    tickets: [
      { holder: 'brian', quantity: 3 },
      { holder: 'admin', quantity: 2 },
    ],
  },
];

/**
 * A dozen events across Kenya with their images and tickets held by the sample users. Tickets are
 * issued and counted as a sale issues them (so `sold` is their sum); the past event's are checked in
 * by its organizer, each scan logged.
 */
export async function seedEvents({ db, files, now, users }: SeedContext): Promise<void> {
  const userOf = (key: string) => {
    const id = users.get(key);
    if (!id) throw new Error(`sample user ${key} was not seeded`);
    return id;
  };
  for (const [index, sample] of SAMPLE_EVENTS.entries()) {
    const hue = (EVENT_CATEGORIES.indexOf(sample.category) * 72 + (index % 4) * 12) % 360;
    const startsAt = new Date(`${nairobiDate(now + sample.days * DAY_MS)}T${sample.time}:00+03:00`);
    const listedAt = Math.min(now, startsAt.getTime()) - (20 + index) * DAY_MS;
    const organizerId = userOf(sample.organizer);
    const eventId = await insertEvent(db, {
      title: sample.title,
      description: sample.description,
      location: sample.location,
      image: await files.save(
        'sample',
        'webp',
        await renderArt(sample.title, hue, sample.subject, { frame: 'wide' }),
      ),
      category: sample.category,
      startsAt,
      priceCents: shillingsToCents(sample.price),
      capacity: sample.capacity,
      organizerId,
      createdAt: new Date(listedAt),
      updatedAt: new Date(listedAt),
    });
    for (const [n, sampleTicket] of sample.tickets.entries()) {
      const ticket = await insertTicket(db, {
        id: newTicketId(),
        eventId,
        userId: userOf(sampleTicket.holder),
        quantity: sampleTicket.quantity,
        unitPriceCents: shillingsToCents(sample.price),
        createdAt: new Date(listedAt + (n + 1) * 26 * HOUR_MS),
      });
      if (!ticket) throw new Error('insert into tickets returned no row');
      await addSold(db, eventId, sampleTicket.quantity);
      if (sampleTicket.checkedIn) {
        const scannedAt = new Date(startsAt.getTime() - 30 * 60_000 + n * 7 * 60_000);
        await checkIn(db, ticket.id, organizerId, scannedAt);
        await insertScan(db, {
          ticketId: ticket.id,
          eventId,
          scannedBy: organizerId,
          result: 'checked_in',
          scannedAt,
        });
      }
    }
  }
}
