import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { Tienda } from './app/router';
import { tiendaDeEntrada } from './boot';
import { registerServiceWorker } from './features/push/service-worker';
import './index.css';

// A shop's page opened from its QR code: boot.ts has asked for the shop and the screen's code;
// render once that code is here. The screen then shows without a loading fallback first, which
// React would keep on screen for at least 300 ms (issue 5: LCP).
const ready = tiendaDeEntrada?.propia ? Tienda.preload().catch(() => undefined) : Promise.resolve();

const root = document.getElementById('root');
if (!root) throw new Error('Falta el elemento #root');
void ready.then(() =>
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);

// The installable app's service worker (decision 0014), once the page has loaded: its precache
// downloads never compete with the page's own. Not in development, where Vite serves no sw.js.
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  window.addEventListener('load', () => void registerServiceWorker().catch(() => undefined), {
    once: true,
  });
}
