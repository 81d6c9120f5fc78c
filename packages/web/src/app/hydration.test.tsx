import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CANASTA_KEY } from '../features/carrito/canasta/canasta-clave';
import {
  tiendaPublicaKey,
  type TiendaPublicaAnswer,
} from '../lib/tienda-publica/get-tienda-publica';
import { categoria, producto, taqueria } from '#test/tienda-publica/fixtures';
import { clearQueryCache, setQueryData } from '../lib/query';
import { App } from './app';
import { TiendaCategoria } from './router';

// A page the server rendered, taken over by the app in a browser whose clock and storage say
// otherwise than the server knew (a closed shop by now, a basket from an earlier visit): the
// first render matches the server's markup (no hydration error), then the page shows the truth.

// Monday 20:00 in Mexico City: open. The phone's clock: Monday 12:00 there, closed.
const SERVIDOR = Date.UTC(2026, 10, 24, 2, 0);
const TELEFONO = new Date(Date.UTC(2026, 10, 23, 18, 0));

function tienda(): TiendaPublicaAnswer {
  return taqueria({
    categorias: [categoria('Tacos', [producto('Gringa', 45, { id: 12 })])],
  });
}

let container: HTMLElement;
beforeEach(() => {
  // hydrateRoot itself, not Testing Library's render (which sets this for its own roots).
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(TELEFONO);
});
afterEach(() => {
  container.remove();
  clearQueryCache();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  window.history.replaceState(null, '', '/');
});

describe('hydrating a server-rendered shop page', () => {
  it('matches the server, then follows the live clock and storage, fetching nothing', async () => {
    const answer = tienda();
    const fetched: string[] = [];
    vi.stubGlobal('fetch', (input: RequestInfo | URL) => {
      fetched.push(String(input));
      return Promise.reject(new Error('sin red'));
    });
    await TiendaCategoria.preload();
    window.history.replaceState(null, '', '/tienda/taqueria-lupe/tacos');
    // The server's markup: the same tree for nobody signed in, no basket and its clock
    // (entry-server.tsx renders it with a StaticRouter; entry-server.test.tsx tests that in Node).
    setQueryData(tiendaPublicaKey('taqueria-lupe'), answer);
    const html = renderToString(<App now={SERVIDOR} />);
    expect(html).not.toContain('está cerrada');
    expect(html).toContain('Agregar Gringa');

    // This phone has a basket with two gringas.
    localStorage.setItem(
      CANASTA_KEY,
      JSON.stringify([
        {
          tiendaId: 1,
          usuario: 'taqueria-lupe',
          nombre: 'Taquería Lupe',
          lineas: [
            {
              productoId: 12,
              opciones: [],
              nota: null,
              cantidad: 2,
              nombre: 'Gringa',
              opcionesVista: [],
            },
          ],
        },
      ]),
    );
    // The page as the browser parses it from the server.
    const parsed = new DOMParser().parseFromString(`<div id="root">${html}</div>`, 'text/html');
    container = document.adoptNode(parsed.getElementById('root') as HTMLElement);
    document.body.append(container);
    const errors: unknown[] = [];
    const consoleError = vi
      .spyOn(console, 'error')
      .mockImplementation((...args) => errors.push(args));
    let root: ReturnType<typeof hydrateRoot> | undefined;
    await act(async () => {
      root = hydrateRoot(container, <App now={SERVIDOR} />, {
        onRecoverableError: (error) => errors.push(error),
      });
    });
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 150));
    });
    consoleError.mockRestore();

    expect(errors).toEqual([]);
    // Now the phone's clock: closed, nothing to add.
    expect(container.textContent).toContain('Taquería Lupe está cerrada');
    expect(container.textContent).not.toContain('Agregar Gringa');
    expect(fetched).toEqual([]);
    act(() => root?.unmount());
  });
});
