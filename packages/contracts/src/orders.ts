import { z } from 'zod';
import { shillings } from './money-schema.js';
import {
  ORDER_MESSAGES,
  ORDER_PAGE_MAX,
  ORDER_PAGE_SIZE,
  ORDER_QUANTITY_MAX,
  ORDER_LINES_MAX,
  ORDER_STATUSES,
} from './checkout.js';
import { Delivery, DeliveryInput } from './delivery.js';
import { pageMessages, pageQuery } from './paging.js';
import { line } from './text.js';

export const CreateOrderInput = z.object({
  items: z
    .array(
      z.object({
        productId: z.uuid(ORDER_MESSAGES.productUnavailable),
        quantity: z
          .number(ORDER_MESSAGES.quantityRange)
          .int(ORDER_MESSAGES.quantityRange)
          .min(1, ORDER_MESSAGES.quantityRange)
          .max(ORDER_QUANTITY_MAX, ORDER_MESSAGES.quantityRange),
        price: shillings('Price', ORDER_MESSAGES.priceRequired),
      }),
      ORDER_MESSAGES.emptyCart,
    )
    .min(1, ORDER_MESSAGES.emptyCart)
    .max(ORDER_LINES_MAX, ORDER_MESSAGES.tooManyLines),
  /** #15: where the goods go and how to reach the buyer. */
  delivery: DeliveryInput,
});
export type CreateOrderInput = z.input<typeof CreateOrderInput>;
export type CreateOrderData = z.output<typeof CreateOrderInput>;

export const OrderItem = z.object({
  id: z.string(),
  productId: z.string().nullable(),
  /** Who sold it (kept with the line: the product may be deleted later). */
  sellerId: z.string().nullable(),
  quantity: z.number().int(),
  price: z.number(),
  product: z.object({ name: z.string(), image: z.string().nullable() }),
  /** #27: a line cancelled before it shipped (refunded, its units back in stock), and by whom. */
  cancelledAt: z.iso.datetime().nullable(),
  cancelledBy: z.enum(['buyer', 'seller']).nullable(),
  /** It may be cancelled now: the order is paid, its seller has not shipped, the goods not received. */
  canCancel: z.boolean(),
});
export type OrderItem = z.infer<typeof OrderItem>;

export const SHIPMENT_STATUSES = ['awaiting', 'shipped', 'delivered'] as const;
export type ShipmentStatus = (typeof SHIPMENT_STATUSES)[number];
export const SHIPMENT_STATUS_LABELS: Record<ShipmentStatus, string> = {
  awaiting: 'Awaiting shipment',
  shipped: 'Shipped',
  delivered: 'Delivered',
};
export const SHIPMENT_NOTE_MAX_LENGTH = 200;

/** One seller's part of a paid order: where their lines stand ('awaiting' until they ship). */
export const Shipment = z.object({
  sellerId: z.string(),
  sellerName: z.string(),
  status: z.enum(SHIPMENT_STATUSES),
  note: z.string().nullable(),
  shippedAt: z.iso.datetime().nullable(),
  deliveredAt: z.iso.datetime().nullable(),
});
export type Shipment = z.infer<typeof Shipment>;

export const Order = z.object({
  id: z.string(),
  userId: z.string(),
  status: z.enum(ORDER_STATUSES),
  totalAmount: z.number(),
  createdAt: z.iso.datetime(),
  paidAt: z.iso.datetime().nullable(),
  items: z.array(OrderItem),
  /** Null for orders placed before checkout asked (#15). */
  delivery: Delivery.nullable(),
  /** Each seller's shipment of a paid order; none while it is pending. */
  shipments: z.array(Shipment),
  /** #27: when the buyer confirmed the goods arrived (the sellers' earnings are released). */
  receivedAt: z.iso.datetime().nullable(),
  /** 'Confirm received' is offered: paid, not confirmed yet, some line not cancelled. */
  canConfirmReceived: z.boolean(),
});
export type Order = z.infer<typeof Order>;

/** GET /orders/last-delivery: the caller's delivery details from their latest order, to fill checkout. */
export const LastDelivery = z.object({ delivery: Delivery.nullable() });
export type LastDelivery = z.infer<typeof LastDelivery>;

/** A sale as its seller sees it: a paid order's lines of theirs only, and how to reach the buyer. */
export const Sale = z.object({
  orderId: z.string(),
  paidAt: z.iso.datetime(),
  buyer: z.object({ name: z.string() }),
  delivery: Delivery.nullable(),
  items: z.array(OrderItem),
  /** KES: the seller's lines only. */
  total: z.number(),
  shipment: Shipment,
});
export type Sale = z.infer<typeof Sale>;

/** POST /sales/{orderId}/ship: the seller's lines of that order are on their way. */
export const ShipSaleInput = z.object({
  note: line()
    .trim()
    .max(SHIPMENT_NOTE_MAX_LENGTH, `Notes can be at most ${SHIPMENT_NOTE_MAX_LENGTH} characters.`)
    .default(''),
});
export type ShipSaleInput = z.input<typeof ShipSaleInput>;

/** GET /sales: one page of the caller's sales, newest paid first (X-Total-Count carries them all). */
export const SaleQuery = pageQuery({
  defaultLimit: ORDER_PAGE_SIZE,
  maxLimit: ORDER_PAGE_MAX,
  messages: pageMessages(ORDER_PAGE_MAX),
});
export type SaleQuery = z.output<typeof SaleQuery>;

/** GET /orders: one page of the caller's orders, newest first (X-Total-Count carries all of them). */
export const OrderQuery = pageQuery({
  defaultLimit: ORDER_PAGE_SIZE,
  maxLimit: ORDER_PAGE_MAX,
  messages: pageMessages(ORDER_PAGE_MAX),
});
export type OrderQuery = z.output<typeof OrderQuery>;
