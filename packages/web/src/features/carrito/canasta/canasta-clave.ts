// The browser basket's storage key and change event, apart from the basket's code: the top bar
// (in every page's first script) only asks whether there is a basket, so a visitor opening a
// shop from a QR code downloads nothing of the basket until they add something.

export const CANASTA_KEY = 'tianguis.canasta';
/** Dispatched on window after every change this tab makes (other tabs get `storage`). */
export const CANASTA_EVENTO = 'tianguis:canasta';

/** Whether this browser holds a visitor's basket (the key is removed when it empties). */
export function hasCanastaLocal(): boolean {
  try {
    return localStorage.getItem(CANASTA_KEY) !== null;
  } catch {
    return false;
  }
}

export function subscribeCanastaLocal(listener: () => void): () => void {
  window.addEventListener(CANASTA_EVENTO, listener);
  window.addEventListener('storage', listener);
  return () => {
    window.removeEventListener(CANASTA_EVENTO, listener);
    window.removeEventListener('storage', listener);
  };
}
