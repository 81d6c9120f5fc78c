import { useEffect, useState } from 'react';

/**
 * The current time, refreshed every `everyMs` while mounted, and again whenever `clave` changes
 * (a list that has just changed counts from now, not from the last tick).
 */
export function useAhora(everyMs: number, clave?: unknown): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const leer = () => setNow(Date.now());
    const enseguida = setTimeout(leer, 0);
    const timer = setInterval(leer, everyMs);
    return () => {
      clearTimeout(enseguida);
      clearInterval(timer);
    };
  }, [everyMs, clave]);
  return now;
}
