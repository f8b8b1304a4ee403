import { useEffect, useState } from 'react';

/** Whole seconds left until `iso`, counted down each second (0 once it has passed). */
export function useSecondsUntil(iso: string): number {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    const interval = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(interval);
  }, []);
  return Math.max(0, Math.ceil((Date.parse(iso) - now) / 1000));
}
