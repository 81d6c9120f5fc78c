import { useLayoutEffect } from 'react';

/**
 * Opens a screen at its top: a hash router keeps the window's scroll from the screen before (the
 * order list, scrolled down to the order), which left an order's detail opened mid-page.
 */
export function useOpenAtTop(key: unknown): void {
  useLayoutEffect(() => {
    try {
      window.scrollTo({ top: 0, left: 0 });
    } catch {
      // A browser (or test DOM) that can't scroll has nothing to undo.
    }
  }, [key]);
}
