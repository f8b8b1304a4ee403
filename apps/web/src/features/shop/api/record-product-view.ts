import { apiRequest } from '@/lib/api-client';

/**
 * Counts a look at a product's page towards trending; the server keeps one a day per viewer and
 * never the seller's own. Nobody waits on it, and a failure shows nothing.
 */
export function recordProductView(id: string): void {
  apiRequest<void>(`/products/${encodeURIComponent(id)}/views`, { method: 'POST' }).catch(() => undefined);
}
