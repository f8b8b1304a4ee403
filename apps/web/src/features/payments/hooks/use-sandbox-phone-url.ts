import { maskKenyanPhone } from '@sokoni/contracts/mpesa';
import { API_BASE } from '@/lib/api-client';
import { usePaymentProvider } from '@/lib/payment-flow';
import { useAuthStore } from '@/stores/auth';
import { useMpesaNumberStore } from '@/stores/mpesa-number';
import type { MpesaWait } from './use-payment-callback';

/**
 * In sandbox mode, the sandbox phone's page for the number the prompt went to. The server shows that
 * number masked; the number this account last paid with here is it when it masks the same.
 */
export function useSandboxPhoneUrl(wait: MpesaWait | null): string | null {
  const provider = usePaymentProvider();
  const userId = useAuthStore((state) => state.user?.id);
  const number = useMpesaNumberStore((state) => (userId ? state.numbers[userId] : undefined));
  if (provider.data?.provider !== 'sandbox' || !wait || !number || maskKenyanPhone(number) !== wait.phone)
    return null;
  return `${API_BASE}/payments/sandbox/phone/${encodeURIComponent(number)}`;
}
