import { useState } from 'react';
import { nairobiToday } from '@sokoni/contracts/stays-rules';

/**
 * Nairobi's today ('YYYY-MM-DD'), whatever the device's time zone: the first day a stay can be
 * booked or searched from. Read once when the screen opens, so it holds still while a guest picks.
 */
export function useNairobiToday(): string {
  const [today] = useState(() => nairobiToday(Date.now()));
  return today;
}
