import { QueryClient } from '@tanstack/react-query';
import { retryOnceUnless } from '@/lib/api-client';

/**
 * Offline (#29), a read still asks (offlineFirst): the service worker answers with what was seen last.
 * A call that changes something runs too ('always', not paused until the network returns, which left
 * its button spinning): the API client refuses it at once, saying it needs the network.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: retryOnceUnless(),
        refetchOnWindowFocus: false,
        staleTime: 30_000,
        networkMode: 'offlineFirst',
      },
      mutations: { retry: 0, networkMode: 'always' },
    },
  });
}
