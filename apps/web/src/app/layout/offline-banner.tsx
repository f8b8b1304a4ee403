import { OFFLINE_MESSAGES } from '@sokoni/contracts/site';
import { useOnline } from '@/lib/use-online';

/**
 * While the device is offline (#29), under the header on every page: what shows is what the service
 * worker kept from the last visit. The status region stays in the page, empty while online, so a screen
 * reader hears the words when they come.
 */
export function OfflineBanner() {
  const online = useOnline();
  return (
    <div
      role="status"
      className={
        online
          ? undefined
          : 'sticky top-16 z-30 border-b border-amber-200 bg-amber-50 px-4 py-2 text-center text-sm font-medium text-amber-900'
      }
    >
      {online ? null : OFFLINE_MESSAGES.banner}
    </div>
  );
}
