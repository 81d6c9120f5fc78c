/** The service worker's address: src/sw.ts as the build writes it (vite.config.ts). */
export const SERVICE_WORKER_URL = '/sw.js';

/**
 * Registers the app's service worker. A plain call rather than workbox-window, which would add
 * to the shop page's 100 KB of JavaScript (decision 0014).
 */
export function registerServiceWorker(): Promise<ServiceWorkerRegistration> {
  return navigator.serviceWorker.register(SERVICE_WORKER_URL, { scope: '/' });
}
