import { useEffect, useState } from 'react';
import { useInitialNow } from './hydration';

/**
 * The current instant, refreshed every `intervalMs` and when the tab comes back into view (a
 * phone that slept for an hour should not show an hour-old open/closed state). A page the server
 * rendered starts at the server's instant, so hydration matches its markup, and moves to the
 * live clock right after.
 */
export function useNow(intervalMs: number): Date {
  const initialNow = useInitialNow();
  const [now, setNow] = useState(() => new Date(initialNow()));
  useEffect(() => {
    const tick = () => setNow(new Date());
    // From the server's instant (hydration) to this phone's clock at once.
    tick();
    const timer = setInterval(tick, intervalMs);
    const onVisible = () => {
      if (document.visibilityState === 'visible') tick();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [intervalMs]);
  return now;
}
