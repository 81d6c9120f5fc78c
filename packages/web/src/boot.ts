import { prefetchTiendaPublica } from './lib/tienda-publica/get-tienda-publica';
import { cardImageSizes } from './features/tienda-publica';
import {
  categoriasConProductos,
  hasImage,
  productosOrdenados,
} from './lib/tienda-publica/catalogo';
import { DATOS_ID } from './lib/datos-de-pagina';
import { imageSrcSet } from './lib/image-variants';
import { rewriteLegacyHash } from './lib/legacy-hash';
import { keepToquesTempranos } from './lib/toques-tempranos';

/**
 * The app's first script: a small entry of its own that the page loads beside main.tsx
 * (vite.config.ts, `earlyBoot`), so it runs while React is still downloading. On a shop's page
 * opened from its QR code it asks for the shop's data and the screen's code at once and, when
 * the data is here, preloads the images the page opens with (the shop's logo and the first row of
 * the menu's products, the largest paint). React then renders with all of it at hand (docs/performance.md: LCP).
 *
 * A shop's page the server rendered has all of that in its markup already, and its data in a
 * JSON block (main.tsx reads it): only the screen's code is asked for then.
 */

// An old `/#/tienda/x` link (a printed QR poster) becomes `/tienda/x` before anything reads it.
rewriteLegacyHash();

// A tap on a button the server rendered, before the app has the page, is kept and made again
// then. The built page's first, classic script has started that before the page was painted
// (vite.config.ts, `toquesAlPintar`); in development this module does it.
if (import.meta.env.DEV) keepToquesTempranos();

const tiendaUrl = /^\/tienda\/([^/]+)(\/.)?/.exec(window.location.pathname);
const usuario = tiendaUrl?.[1] ? decoded(tiendaUrl[1]) : undefined;

/** The shop the app opened on, and whether on its own page (not a category or product under it). */
export const tiendaDeEntrada = usuario ? { usuario, propia: !tiendaUrl?.[2] } : undefined;

if (tiendaDeEntrada?.propia) {
  void import('./app/routes/tienda').catch(() => undefined); // main.tsx shows a failure.
}
if (tiendaDeEntrada) {
  // This script is `async` in <head>: it may run before the page's body is parsed. The data
  // block (if any) is known once parsing ends, still before main.tsx runs.
  whenParsed(() => {
    if (document.getElementById(DATOS_ID)) return;
    const answer = prefetchTiendaPublica(tiendaDeEntrada.usuario);
    if (!tiendaDeEntrada.propia) return;
    void answer.then(
      ({ tienda }) => {
        preloadImage(tienda.imageUrl, '64px');
        // The menu opens on its first category's first row of products.
        const primera = categoriasConProductos(tienda)[0];
        for (const producto of primera ? productosOrdenados(primera).slice(0, 2) : []) {
          preloadImage(producto.imageUrl, cardImageSizes);
        }
      },
      () => undefined,
    );
  });
}

function whenParsed(run: () => void): void {
  if (document.readyState !== 'loading') run();
  else document.addEventListener('readystatechange', run, { once: true });
}

function decoded(segment: string): string | undefined {
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined; // A malformed address: the screen shows its not-found page.
  }
}

/** The variant the screen's <img> will choose (TiendaImage: the same srcset and sizes). */
function preloadImage(src: string, sizes: string): void {
  if (!hasImage(src)) return;
  const link = document.createElement('link');
  link.rel = 'preload';
  link.as = 'image';
  link.href = src;
  const srcSet = imageSrcSet(src);
  if (srcSet) {
    link.imageSrcset = srcSet;
    link.imageSizes = sizes;
  }
  link.fetchPriority = 'high';
  document.head.append(link);
}
