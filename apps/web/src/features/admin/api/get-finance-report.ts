import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FinanceReport } from '@sokoni/contracts/earnings';
import { apiRequest, retryOnceUnless } from '@/lib/api-client';

/** GET /admin/finance: where the money is, and the ledger's own check (admins only). */
export function getFinanceReport(signal?: AbortSignal): Promise<FinanceReport> {
  return apiRequest<FinanceReport>('/admin/finance', { signal });
}

export function useFinanceReport() {
  return useQuery(
    queryOptions({
      queryKey: ['admin', 'finance'],
      queryFn: ({ signal }) => getFinanceReport(signal),
      staleTime: 0,
      retry: retryOnceUnless('ADMIN_ONLY'),
    }),
  );
}
