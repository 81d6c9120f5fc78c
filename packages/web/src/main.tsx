import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { Tienda } from './app/router';
import { prefetchTiendaPublica } from './features/tienda-publica/api/get-tienda-publica';
import './index.css';

// A shop's page opened from its QR code: ask for the shop and fetch the screen's code at once,
// and render once that code is here. The screen then shows without a loading fallback first,
// which React would keep on screen for at least 300 ms (issue 5: LCP).
let ready: Promise<unknown> = Promise.resolve();
const tiendaUrl = /^#\/tienda\/([^/?#]+)(\/)?/.exec(window.location.hash);
if (tiendaUrl?.[1]) {
  try {
    prefetchTiendaPublica(decodeURIComponent(tiendaUrl[1]));
  } catch {
    // A malformed address: the screen shows its not-found page.
  }
  // The shop's own page (not a category or product under it).
  if (!tiendaUrl[2]) ready = Tienda.preload().catch(() => undefined);
}

const root = document.getElementById('root');
if (!root) throw new Error('Falta el elemento #root');
void ready.then(() =>
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
