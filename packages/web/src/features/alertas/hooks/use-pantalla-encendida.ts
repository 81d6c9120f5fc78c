import { useEffect, useState } from 'react';

interface WakeLockSentinelLike {
  released: boolean;
  release: () => Promise<void>;
  addEventListener: (type: 'release', listener: () => void) => void;
}

type NavigatorConWakeLock = Navigator & {
  wakeLock?: { request: (type: 'screen') => Promise<WakeLockSentinelLike> };
};

/**
 * Keeps the phone's screen on while the screen using it is open and visible (the order board on
 * the counter), and answers whether it is held. The browser lets go whenever the tab is hidden,
 * so it is asked again when the tab is visible again; where the browser has no wake lock, or
 * refuses it (battery saver), nothing happens and the answer is false.
 */
export function usePantallaEncendida(): boolean {
  const [activa, setActiva] = useState(false);
  useEffect(() => {
    const wakeLock = (navigator as NavigatorConWakeLock).wakeLock;
    if (!wakeLock) return;
    let sentinel: WakeLockSentinelLike | undefined;
    let cerrado = false;
    let pidiendo = false;
    const pedir = async () => {
      if (cerrado || pidiendo || document.visibilityState !== 'visible') return;
      if (sentinel && !sentinel.released) return;
      pidiendo = true;
      try {
        const nuevo = await wakeLock.request('screen');
        if (cerrado) {
          void nuevo.release().catch(() => undefined);
          return;
        }
        sentinel = nuevo;
        setActiva(true);
        nuevo.addEventListener('release', () => {
          if (sentinel === nuevo) setActiva(false);
        });
      } catch {
        setActiva(false);
      } finally {
        pidiendo = false;
      }
    };
    const alCambiarVisibilidad = () => void pedir();
    void pedir();
    document.addEventListener('visibilitychange', alCambiarVisibilidad);
    return () => {
      cerrado = true;
      document.removeEventListener('visibilitychange', alCambiarVisibilidad);
      void sentinel?.release().catch(() => undefined);
      setActiva(false);
    };
  }, []);
  return activa;
}
