import type { CreateOrderInput, Order } from '@sokoni/contracts/orders';
import { apiRequest } from '@/lib/api-client';

/** POST /orders: the server prices every line and answers 409 when a cart price is stale. */
export function createOrder(input: CreateOrderInput): Promise<Order> {
  return apiRequest<Order>('/orders', { method: 'POST', body: input });
}
