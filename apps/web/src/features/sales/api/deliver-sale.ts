import type { Sale } from '@sokoni/contracts/orders';
import { apiRequest } from '@/lib/api-client';
import { useSaleChange } from './get-sales';

/** POST /sales/{orderId}/deliver: the seller's shipped lines of that order have reached the buyer. */
export function deliverSale(orderId: string): Promise<Sale> {
  return apiRequest<Sale>(`/sales/${encodeURIComponent(orderId)}/deliver`, { method: 'POST' });
}

export const useDeliverSale = () => useSaleChange(deliverSale);
