/// <reference lib="webworker" />
/**
 * The app's service worker (vite-plugin-pwa `injectManifest`: this file, with the build's list
 * of files in place of `self.__WB_MANIFEST`, becomes /sw.js). What it does, and why, is
 * docs/decisions/0014-pwa-and-service-worker.md:
 *
 * - precaches only the page and the offline page; the scripts and styles of /assets/ are kept
 *   as the person's visits load them (hashed names: cache first), so installing the worker
 *   costs a neighbour on prepaid data nothing more than what the page already downloaded;
 *   never images or API answers, which go to the network as they did;
 * - pages come from the network first; without a network, the app's start (`/`) opens from the
 *   precache and any other page shows offline.html;
 * - shows Web Push messages (new orders for an owner, status changes for a shopper or guest)
 *   and, on a click, brings the app to the order.
 */
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { ExpirationPlugin } from 'workbox-expiration';
import { registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';
import { avisoDesdeMensaje, urlDelAviso, type TipoAviso } from './features/push';

declare let self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: Array<{ url: string; revision: string | null }>;
};

const APP_START = '/index.html';
const OFFLINE_PAGE = '/offline.html';

// A new version takes over at once instead of waiting for every tab of the app to close (an
// installed owner's app may stay open for days, and a fix to how alerts show must reach it).
// Safe with hashed chunks as far as they ever were: pages always come from the network, and a
// tab opened before a release that asks for a chunk the release removed fails as it does
// without a service worker, into the screen's "Volver a cargar" (app/layout.tsx).
void self.skipWaiting();
self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      // The page's request starts while the worker boots, instead of after.
      await self.registration.navigationPreload?.enable();
      await self.clients.claim();
    })(),
  );
});

// Registered before the precache's own route, which would answer `/` with the precached
// index.html first (cache first): pages come from the network while there is one, so a release
// is seen at the next visit, as the server's `cache-control: no-cache` on pages intends.
registerRoute(
  ({ request }) => request.mode === 'navigate',
  async ({ request, url, event }) => {
    try {
      const preloaded = (await (event as FetchEvent).preloadResponse) as Response | undefined;
      return preloaded ?? (await fetch(request));
    } catch (error) {
      // The app's own screens (an installed owner's app opening /pedidos, or a notification's
      // order) open the app, whose screens say there is no connection; a shop's server-rendered
      // page or another server page gets the offline page.
      const isServerPage = /^\/(tienda|docs)(\/|$)/.test(url.pathname);
      const fallback = await matchPrecache(isServerPage ? OFFLINE_PAGE : APP_START);
      if (fallback) return fallback;
      throw error;
    }
  },
);

cleanupOutdatedCaches();
precacheAndRoute(self.__WB_MANIFEST);

// A hashed file never changes: once a visit has loaded it, it is read from here, offline too.
// Old releases' files age out by count.
registerRoute(
  ({ url, request }) =>
    url.origin === self.location.origin &&
    url.pathname.startsWith('/assets/') &&
    (request.destination === 'script' || request.destination === 'style'),
  new CacheFirst({
    cacheName: 'tianguis-assets',
    plugins: [new ExpirationPlugin({ maxEntries: 150, purgeOnQuotaError: true })],
  }),
);

self.addEventListener('push', (event) => {
  event.waitUntil(showAviso(event.data));
});

async function showAviso(data: PushMessageData | null): Promise<void> {
  let text: string | undefined;
  try {
    text = data?.text();
  } catch {
    text = undefined; // Undecodable bytes: the generic notification below.
  }
  const aviso = avisoDesdeMensaje(text, self.location.origin);
  // `renotify` and `vibrate` are missing from TypeScript's NotificationOptions.
  await self.registration.showNotification(aviso.titulo, aviso.opciones as NotificationOptions);
  if (aviso.tipo === 'PEDIDO_NUEVO') await updateBadge();
}

/** The app's icon counts the new orders still waiting among the notifications. */
async function updateBadge(): Promise<void> {
  if (!('setAppBadge' in self.navigator)) return;
  try {
    const notifications = await self.registration.getNotifications();
    const nuevos = notifications.filter(
      (n) => (n.data as { tipo?: TipoAviso } | null)?.tipo === 'PEDIDO_NUEVO',
    ).length;
    await (nuevos > 0 ? self.navigator.setAppBadge(nuevos) : self.navigator.clearAppBadge());
  } catch {
    // A badge is a nicety: a platform that refuses it changes nothing else.
  }
}

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = urlDelAviso(
    (event.notification.data as { url?: unknown } | null)?.url,
    self.location.origin,
  );
  event.waitUntil(Promise.all([openApp(url), updateBadge()]));
});

/** Brings a window of the app to the front at `url`, or opens one. */
async function openApp(url: string): Promise<void> {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const ours = windows.filter((client) => new URL(client.url).origin === self.location.origin);
  // The window the person saw last first: focused, then visible, then any.
  const client =
    ours.find((c) => c.focused) ?? ours.find((c) => c.visibilityState === 'visible') ?? ours[0];
  if (client) {
    try {
      const focused = await client.focus();
      // The window opens the order's page (`/pedidosdetalle?id=12`): the session is kept in
      // local storage, so the owner lands there signed in.
      await (focused ?? client).navigate(new URL(url, self.location.origin).href);
      return;
    } catch {
      // navigate() works on windows this worker controls only; a new window does it instead.
    }
  }
  await self.clients.openWindow(url);
}
