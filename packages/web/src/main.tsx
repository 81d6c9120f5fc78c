import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app';
import { ProductoDetalle, Tienda, TiendaCategoria } from './app/router';
import { tiendaDeEntrada } from './boot';
import { tiendaPublicaKey } from './lib/tienda-publica/get-tienda-publica';
import { registerServiceWorker } from './features/push';
import { readDatosDePagina } from './lib/datos-de-pagina';
import { rewriteLegacyHash } from './lib/legacy-hash';
import { setQueryData } from './lib/query';
import { stopKeepingToques, hasToquesTempranos } from './lib/toques-tempranos';
import './index.css';
import { loadCompraMotor } from './features/tienda-publica';

// boot.ts did it already (it runs first); an old `/#/x` link must never reach the router.
rewriteLegacyHash();

const root = document.getElementById('root');
if (!root) throw new Error('Falta el elemento #root');

// A shop, category or product page the server rendered (with its data beside the markup): the
// app takes it over in place, from the same data and the same clock, so nothing is fetched again
// and nothing on screen changes. Its screen's code is loaded first: hydrating a screen that is
// still downloading would wait for it anyway.
const datos = readDatosDePagina();
if (datos) {
  setQueryData(tiendaPublicaKey(datos.tiendaPublica.tienda.usuario), datos.tiendaPublica);
  void screenOf(window.location.pathname)
    .preload()
    .catch(() => undefined)
    .then(() => {
      // A tap was kept (most likely on 'Agregar'): the basket's code, which that tap will ask for
      // once made again, comes while React hydrates instead of after (compra-en-espera.tsx).
      if (hasToquesTempranos()) {
        void loadCompraMotor().catch(() => undefined);
      }
      // From here React answers taps; those kept since the first paint are made again by the
      // screen's frame.
      stopKeepingToques();
      hydrateRoot(root, <App now={datos.now} />);
    });
} else {
  // A shop's page opened from its QR code without the server's rendering: boot.ts has asked for
  // the shop and the screen's code; render once that code is here. The screen then shows without
  // a loading fallback first, which React would keep on screen for at least 300 ms (docs/performance.md, "How LCP got under 2 s").
  const ready = tiendaDeEntrada?.propia
    ? Tienda.preload().catch(() => undefined)
    : Promise.resolve();
  void ready.then(() => {
    stopKeepingToques(); // #root is empty until React renders: no tap was kept.
    createRoot(root).render(<App />);
  });
}

/** The screen of a server-rendered address: /tienda/{usuario}[/{categoria}[/productodetalle/{id}]]. */
function screenOf(pathname: string): { preload: () => Promise<unknown> } {
  const depth = pathname.replace(/\/+$/, '').split('/').length;
  if (depth <= 3) return Tienda;
  if (depth === 4) return TiendaCategoria;
  return ProductoDetalle;
}

// The installable app's service worker (decision 0014), once the page has loaded: its precache
// downloads never compete with the page's own. Not in development, where Vite serves no sw.js.
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  window.addEventListener('load', () => void registerServiceWorker().catch(() => undefined), {
    once: true,
  });
}
