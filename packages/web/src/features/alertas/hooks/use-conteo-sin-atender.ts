import { tituloConConteo } from '@tianguis/domain';
import { useEffect } from 'react';

type NavigatorConBadge = Navigator & {
  setAppBadge?: (contents?: number) => Promise<void>;
  clearAppBadge?: () => Promise<void>;
};

/** The app's icon badge where the browser has one (an installed app); elsewhere nothing. */
export function showInBadge(conteo: number): void {
  const nav = navigator as NavigatorConBadge;
  try {
    const hecho = conteo > 0 ? nav.setAppBadge?.(conteo) : nav.clearAppBadge?.();
    // Refused outside an installed app, or without permission: the title still tells.
    void hecho?.catch(() => undefined);
  } catch {
    // Same: no badge here.
  }
}

/**
 * The count of orders waiting for the owner in front of the tab's title ('(2) Pedidos ·
 * Tianguis') and on the app badge, taken away when none waits or when unmounted. Screens set
 * their own title as they open, so the count is put back whenever the title changes.
 */
export function useConteoSinAtender(conteo: number): void {
  useEffect(() => {
    const aplicar = () => {
      const titulo = tituloConConteo(document.title, conteo);
      if (titulo !== document.title) document.title = titulo;
    };
    aplicar();
    showInBadge(conteo);
    const observer =
      typeof MutationObserver === 'function' && conteo > 0
        ? new MutationObserver(aplicar)
        : undefined;
    observer?.observe(document.head, { childList: true, subtree: true, characterData: true });
    return () => {
      observer?.disconnect();
      if (conteo > 0) {
        document.title = tituloConConteo(document.title, 0);
        showInBadge(0);
      }
    };
  }, [conteo]);
}
