import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { TEXT_MESSAGES, block, line } from './text.js';

const UUID = '0b9a3c4e-5f6a-4b7c-8d9e-0f1a2b3c4d5e';
const IMAGE = '/api/uploads/products/0123456789abcdef0123456789abcdef.webp';

/**
 * A valid request of every request contract (every export named …Input or …Query). Each string in
 * it is then given control characters, and the contract must refuse every one: a new contract, or a
 * new field, that forgets the rule fails here.
 */
const VALID_REQUESTS: Record<string, object> = {
  ReportInput: {
    subject: 'product',
    subjectId: UUID,
    reason: 'scam',
    note: 'Asked me to pay\noutside Sokoni.',
  },
  ResolveReportInput: { action: 'hide', reason: 'Counterfeit goods' },
  SuspendUserInput: { reason: 'Repeated scam listings' },
  CheckInSyncInput: {
    deviceId: UUID,
    checkIns: [{ ticketId: 'K7QM 4XPT', scannedAt: '2026-11-27T16:02:00.000Z' }],
  },
  RegisterInput: { name: 'Achieng Otieno', email: 'achieng@example.co.ke', password: 'Karibu2026!' },
  LoginInput: { email: 'achieng@example.co.ke', password: 'Karibu2026!' },
  ProductQuery: { q: 'kiondo', category: 'fashion', minPrice: '100', maxPrice: '900', seller: UUID },
  CreateProductInput: {
    title: 'Kiondo basket',
    description: 'Woven by hand\nin Machakos.',
    price: 1900,
    originalPrice: 2500,
    condition: 'New',
    category: 'fashion',
    sellerContact: '+254 700 000 000',
    shopLocation: 'Machakos',
    image: [IMAGE],
  },
  UpdateProductInput: {
    title: 'Kiondo basket',
    description: 'Woven.',
    sellerContact: '0700',
    shopLocation: 'X',
  },
  SetFeaturedInput: { isFeatured: true },
  CreateReviewInput: { productId: UUID, rating: 5, comment: 'Imara sana.' },
  CreateOrderInput: {
    items: [{ productId: UUID, quantity: 1, price: 1900 }],
    delivery: {
      method: 'delivery',
      phone: '0722 000 111',
      county: 'Kisumu',
      town: 'Kisumu',
      address: 'Oginga Odinga Street, Mega Plaza',
    },
  },
  DeliveryInput: { method: 'pickup', phone: '+254 722 000 111' },
  OrderQuery: { limit: '20', offset: '40' },
  SaleQuery: { limit: '20', offset: '40' },
  ShipSaleInput: { note: 'Sent with G4S, parcel 8841.' },
  InitializePaymentInput: {
    email: 'achieng@example.co.ke',
    amount: 1900,
    userId: UUID,
    callback_url: 'http://127.0.0.1:3000/payment/callback',
    // The event branch: its eventId is free text, like a booking's or a course's id.
    paymentType: 'event',
    eventId: 'e',
    quantity: 2,
  },
  VerifyPaymentQuery: { reference: 'sok_0123456789abcdef01234567' },
  CreateGroupInput: { name: 'Mama Mboga', description: 'Sokoni ya mboga\nna matunda.' },
  CreateThreadInput: {
    title: 'Bei ya nyanya',
    content: 'Leo ni\nshilingi 80.',
    category: 'deals',
    tags: ['mboga'],
  },
  CreateReplyInput: { threadId: UUID, content: 'Asante!', parentReplyId: UUID },
  ThreadQuery: { groupId: UUID, category: 'deals' },
  CreateEventInput: {
    title: 'Nairobi Jazz Night',
    date: '2027-03-14T18:00:00+03:00',
    location: 'Carnivore Grounds, Nairobi',
    image: '/api/uploads/events/0123456789abcdef0123456789abcdef.webp',
    price: 1500,
    description: 'Live jazz\nunder the stars.',
    category: 'Concert',
    organizerId: UUID,
    ticketsAvailable: 200,
  },
  UpdateEventInput: { title: 'Nairobi Jazz Night II', location: 'Kasarani', capacity: 300 },
  EventQuery: { q: 'jazz', category: 'Concert', past: 'true', limit: '24', offset: '0' },
  ClaimTicketsInput: { quantity: 2 },
  AttendeeQuery: { limit: '50', offset: '100' },
  VerifyTicketInput: { ticketId: 'tkt_0123456789abcdef0123456789abcdef' },
  CancelEventInput: { reason: 'The venue flooded' },
  CancelOrderItemInput: { itemId: '0b7e5a52-3f3c-4a55-9d0e-6f1c2a7b8c9d' },
  PayoutMethodInput: { kind: 'bank', bankCode: '68', accountNumber: '0123456789', name: 'Wanjiku Kamau' },
  StatementQuery: { limit: '20', offset: '0' },
  StayQuery: {
    q: 'Diani',
    minPrice: '2000',
    maxPrice: '9000',
    amenities: ['Pool', 'Wi-Fi'],
    guests: '2',
    from: '2027-01-10',
    to: '2027-01-13',
    sort: 'rating',
    host: UUID,
  },
  CreateStayInput: {
    title: 'Nyumba ya Pwani',
    description: 'Steps from the beach.\nBreakfast included.',
    location: 'Diani, Kwale',
    pricePerNight: 6500,
    bedrooms: 2,
    bathrooms: 1,
    guests: 4,
    images: ['/api/uploads/stays/0123456789abcdef0123456789abcdef.webp'],
    amenities: ['Pool', 'Private Beach'],
    hostId: UUID,
  },
  UpdateStayInput: { title: 'Nyumba ya Pwani II', location: 'Galu, Kwale', amenities: ['Wi-Fi'] },
  BookStayInput: { startDate: '2027-01-10', endDate: '2027-01-13', userId: UUID },
  BlockDatesInput: { startDate: '2027-02-01', endDate: '2027-02-05', note: 'Roof repairs' },
  CreateStayReviewInput: { rating: 5, comment: 'Tulifurahia sana.\nKaribu tena.', userId: UUID },
  CourseQuery: { q: 'kilimo', category: 'Agriculture', instructor: UUID, limit: '24', offset: '0' },
  CreateCourseInput: {
    title: 'Ufugaji wa Kuku',
    description: 'Layers and broilers\non a small plot.',
    price: 1500,
    image: '/api/uploads/courses/0123456789abcdef0123456789abcdef.webp',
    category: 'Agriculture',
    level: 'Beginner',
    language: 'Swahili',
    objectives: ['Build a chicken house'],
    instructorName: 'Grace Wanjiru',
    instructorTitle: 'Poultry farmer',
    instructorBio: 'Twenty years\nof layers.',
    instructorAvatar: '/api/uploads/courses/fedcba9876543210fedcba9876543210.webp',
    instructorId: UUID,
  },
  UpdateCourseInput: { title: 'Ufugaji wa Kuku II', category: 'Farming', language: 'English' },
  CreateLessonInput: {
    title: 'Choosing a breed',
    contentType: 'text',
    contentUrl: 'Kienyeji, layers\nor broilers.',
    duration: 15,
    releaseDate: '2027-01-10',
    position: 1,
  },
  UpdateLessonInput: {
    title: 'Housing',
    contentType: 'video',
    contentUrl: 'https://example.com/housing.mp4',
  },
  RateCourseInput: { rating: 4 },
  CourseMediaQuery: { expires: '1800000000', signature: 'b64urlSignature_-0123456789' },
};

/** A password is a secret that is hashed, never stored or shown as text: any character may be in it. */
const SECRETS = new Set(['RegisterInput.password', 'LoginInput.password']);

const requestContracts = new Map<string, z.ZodType>();
for (const file of readdirSync(new URL('.', import.meta.url))) {
  if (!file.endsWith('.ts') || file.endsWith('.test.ts')) continue;
  const module = (await import(/* @vite-ignore */ `./${file}`)) as Record<string, unknown>;
  for (const [name, value] of Object.entries(module)) {
    if (/(Input|Query)$/.test(name) && value instanceof z.ZodType) requestContracts.set(name, value);
  }
}

/** Every string in a request, by its path. */
function stringPaths(value: unknown, path: Array<string | number> = []): Array<Array<string | number>> {
  if (typeof value === 'string') return [path];
  if (Array.isArray(value)) return value.flatMap((item, index) => stringPaths(item, [...path, index]));
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([key, item]) => stringPaths(item, [...path, key]));
  return [];
}

function withText(request: object, path: Array<string | number>, change: (text: string) => string): object {
  const copy = structuredClone(request) as Record<string | number, unknown>;
  let parent = copy;
  for (const key of path.slice(0, -1)) parent = parent[key] as Record<string | number, unknown>;
  const last = path.at(-1) as string | number;
  parent[last] = change(parent[last] as string);
  return copy;
}

describe('request contracts', () => {
  it('have a valid sample here, each accepted', () => {
    expect([...requestContracts.keys()].sort()).toEqual(Object.keys(VALID_REQUESTS).sort());
    for (const [name, contract] of requestContracts) {
      expect(contract.safeParse(VALID_REQUESTS[name]).error?.issues, name).toBeUndefined();
    }
  });

  it.each(['\u0000', '\u0007', '\u001b', '\u007f', '\u0085', '\ud800', '\udc00'])(
    'refuse the control character or lone surrogate %j in every text field',
    (control) => {
      for (const [name, contract] of requestContracts) {
        const request = VALID_REQUESTS[name] as object;
        for (const path of stringPaths(request)) {
          if (SECRETS.has(`${name}.${path.join('.')}`)) continue;
          for (const change of [
            (t: string) => `${control}${t}`,
            (t: string) => `${t.slice(0, 1)}${control}${t.slice(1)}`,
          ]) {
            const result = contract.safeParse(withText(request, path, change));
            expect(result.success, `${name}.${path.join('.')} took ${JSON.stringify(control)}`).toBe(false);
          }
        }
      }
    },
  );
});

describe('line and block', () => {
  it('keep tabs and new lines in a block, not in a line', () => {
    expect(block().safeParse('Mstari wa kwanza\n\tna wa pili\r\n').success).toBe(true);
    expect(line().safeParse('Mstari\nwa pili').error?.issues[0]?.message).toBe(
      TEXT_MESSAGES.controlCharacters,
    );
    expect(line().safeParse('Bei: KES 1,900 — 🍅 نعم').success).toBe(true);
  });
});
