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
import { pageMessages, pageQuery } from './paging.js';

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
});
export type CreateOrderInput = z.input<typeof CreateOrderInput>;

export const OrderItem = z.object({
  id: z.string(),
  productId: z.string().nullable(),
  quantity: z.number().int(),
  price: z.number(),
  product: z.object({ name: z.string(), image: z.string().nullable() }),
});

export const Order = z.object({
  id: z.string(),
  userId: z.string(),
  status: z.enum(ORDER_STATUSES),
  totalAmount: z.number(),
  createdAt: z.iso.datetime(),
  paidAt: z.iso.datetime().nullable(),
  items: z.array(OrderItem),
});
export type Order = z.infer<typeof Order>;

/** GET /orders: one page of the caller's orders, newest first (X-Total-Count carries all of them). */
export const OrderQuery = pageQuery({
  defaultLimit: ORDER_PAGE_SIZE,
  maxLimit: ORDER_PAGE_MAX,
  messages: pageMessages(ORDER_PAGE_MAX),
});
export type OrderQuery = z.output<typeof OrderQuery>;
