import type { Sale, ShipSaleInput } from '@sokoni/contracts/orders';
import { apiRequest } from '@/lib/api-client';
import { useSaleChange } from './get-sales';

/** POST /sales/{orderId}/ship: the seller's lines of that order are on their way (the buyer is e-mailed). */
export function shipSale({ orderId, ...body }: ShipSaleInput & { orderId: string }): Promise<Sale> {
  return apiRequest<Sale>(`/sales/${encodeURIComponent(orderId)}/ship`, { method: 'POST', body });
}

export const useShipSale = () => useSaleChange(shipSale);
