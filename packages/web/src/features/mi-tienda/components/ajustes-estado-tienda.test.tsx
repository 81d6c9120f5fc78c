import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearQueryCache } from '../../../lib/query';
import type { MiTienda } from '../api/get-mi-tienda';
import AjustesEstadoTienda from './ajustes-estado-tienda';
import { categoriaDePrueba, productoDePrueba, tiendaDePrueba } from '#test/mi-tienda/fixtures';

// Unmounted first: a dot still on screen would refill the cache it is emptied of.
afterEach(() => {
  cleanup();
  clearQueryCache();
  vi.unstubAllGlobals();
});

/** The owner's shop as GET /api/tienda/mitienda answers it. */
function servirTienda(tienda: MiTienda) {
  vi.stubGlobal('fetch', async (url: string) => {
    expect(url).toBe('/api/tienda/mitienda');
    return new Response(JSON.stringify(tienda), { status: 200 });
  });
}

/** Configured, activated, with an active product: only the admin's approval is left to see. */
function lista(overrides: Partial<MiTienda> = {}): MiTienda {
  return tiendaDePrueba({
    categorias: [categoriaDePrueba({ productos: [productoDePrueba()] })],
    ...overrides,
  });
}

async function estadoMostrado(tienda: MiTienda): Promise<string> {
  servirTienda(tienda);
  render(<AjustesEstadoTienda />);
  const punto = await screen.findByTitle(/./);
  return punto.textContent ?? '';
}

describe('AjustesEstadoTienda', () => {
  it('says "En línea" for an approved, activated, configured shop with an active product', async () => {
    expect(await estadoMostrado(lista())).toBe('En línea');
  });

  it('says a ready shop is pending while the admin has not approved it, never "En línea"', async () => {
    const texto = await estadoMostrado(lista({ approved: false }));
    expect(texto).toBe('Pendiente de aprobación');
    expect(screen.queryByText('En línea')).toBeNull();
  });

  it('says "Desactivada" for an approved shop its owner switched off', async () => {
    expect(await estadoMostrado(lista({ activarODesactivar: false }))).toBe('Desactivada');
  });

  it('is offline when its only products are inactive or deleted', async () => {
    const sinActivos = lista({
      categorias: [
        categoriaDePrueba({
          productos: [
            productoDePrueba({ activarODesactivar: false }),
            productoDePrueba({ deleted: true }),
          ],
        }),
        categoriaDePrueba({ deleted: true, productos: [productoDePrueba()] }),
      ],
    });
    expect(await estadoMostrado(sinActivos)).toBe('Fuera de línea');
  });

  it('is offline when not configured', async () => {
    expect(await estadoMostrado(lista({ configured: false }))).toBe('Fuera de línea');
  });
});
