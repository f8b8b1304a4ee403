import type { Reply, ThreadDetail, ThreadSummary } from '@sokoni/contracts/community';
import type { Event } from '@sokoni/contracts/events';
import type { Order } from '@sokoni/contracts/orders';
import type { Product } from '@sokoni/contracts/shop';

let nextProduct = 1;

/** A product as GET /api/products answers it; each call gets its own id and title unless told. */
export function buildProduct(overrides: Partial<Product> = {}): Product {
  const n = nextProduct++;
  return {
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    title: `Sample product ${n}`,
    description: 'A product made up for a test.',
    price: 1500,
    originalPrice: null,
    discount: null,
    category: 'fashion',
    condition: 'New',
    image: [`/api/uploads/sample/${String(n).padStart(32, '0')}.webp`],
    seller: { id: '00000000-0000-4000-8000-0000000000aa', name: 'Wanjiru Crafts' },
    sellerContact: '+254700000000',
    shopLocation: 'Nairobi',
    stock: 10,
    available: 10,
    rating: 4.5,
    reviewCount: 2,
    isNew: false,
    isFeatured: false,
    isTrending: false,
    createdAt: '2025-01-15T09:00:00.000Z',
    ...overrides,
  };
}

let nextThread = 1;

/** A thread as GET /api/community/threads lists it; each call gets its own id and title unless told. */
export function buildThread(overrides: Partial<ThreadSummary> = {}): ThreadSummary {
  const n = nextThread++;
  return {
    id: `00000000-0000-4000-9000-${String(n).padStart(12, '0')}`,
    title: `Sample thread ${n}`,
    content: 'Where can I find a good fundi in Kisumu?',
    image: null,
    video: null,
    category: 'deals',
    group: null,
    author: { id: '00000000-0000-4000-8000-0000000000bb', name: 'Otieno Ouma' },
    tags: [],
    replyCount: 0,
    createdAt: '2025-01-15T09:00:00.000Z',
    ...overrides,
  };
}

/** A thread as GET /api/community/threads/{id} answers it, with its replies. */
export function buildThreadDetail(
  overrides: Partial<ThreadSummary> = {},
  replies: Reply[] = [],
): ThreadDetail {
  return { ...buildThread({ replyCount: replies.length, ...overrides }), replies, votedReplyIds: [] };
}

/** A top-level reply to `threadId` unless told otherwise. */
export function buildReply(threadId: string, overrides: Partial<Reply> = {}): Reply {
  const n = nextThread++;
  return {
    id: `00000000-0000-4000-a000-${String(n).padStart(12, '0')}`,
    threadId,
    parentReplyId: null,
    content: `Reply ${n}`,
    image: null,
    video: null,
    authorId: '00000000-0000-4000-8000-0000000000cc',
    author: { id: '00000000-0000-4000-8000-0000000000cc', name: 'Amina Wanjiru' },
    upvotes: 0,
    createdAt: '2025-01-15T10:00:00.000Z',
    ...overrides,
  };
}

let nextOrder = 1;

/** An order as GET /api/orders lists it, with one line; each call gets its own id unless told. */
export function buildOrder(overrides: Partial<Order> = {}): Order {
  const n = nextOrder++;
  return {
    id: `00000000-0000-4000-b000-${String(n).padStart(12, '0')}`,
    userId: '00000000-0000-4000-8000-0000000000dd',
    status: 'pending',
    totalAmount: 1500,
    createdAt: '2025-01-15T09:00:00.000Z',
    paidAt: null,
    items: [
      {
        id: `00000000-0000-4000-c000-${String(n).padStart(12, '0')}`,
        productId: null,
        sellerId: '00000000-0000-4000-8000-0000000000aa',
        quantity: 1,
        price: 1500,
        product: { name: `Ordered product ${n}`, image: null },
        cancelledAt: null,
        cancelledBy: null,
        canCancel: false,
      },
    ],
    delivery: {
      method: 'delivery',
      phone: '+254712345678',
      county: 'Nairobi',
      town: 'Nairobi',
      address: 'Moi Avenue, Bazaar Plaza',
    },
    shipments: [],
    receivedAt: null,
    canConfirmReceived: false,
    ...overrides,
  };
}

let nextEvent = 1;

/**
 * An upcoming event as GET /api/events answers it (a paid one, with seats left); each call gets its
 * own id and title unless told.
 */
export function buildEvent(overrides: Partial<Event> = {}): Event {
  const n = nextEvent++;
  return {
    id: `00000000-0000-4000-d000-${String(n).padStart(12, '0')}`,
    title: `Sample event ${n}`,
    date: '2099-11-20T15:00:00.000Z',
    location: 'KICC, Nairobi',
    image: `/api/uploads/sample/${String(n).padStart(32, 'e')}.webp`,
    price: 1500,
    description: 'An event made up for a test.',
    category: 'Concert',
    organizerId: '00000000-0000-4000-8000-0000000000ee',
    organizer: { id: '00000000-0000-4000-8000-0000000000ee', name: 'Nairobi Live' },
    ticketsAvailable: 80,
    capacity: 100,
    cancelled: false,
    ...overrides,
  };
}
