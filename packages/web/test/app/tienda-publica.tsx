import { render } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { vi } from 'vitest';
import { fakeFetch } from '../tienda-publica/session';
import { ToastHost } from '../../src/lib/toast';
import ProductoDetalleScreen from '../../src/app/routes/producto-detalle';
import TiendaScreen from '../../src/app/routes/tienda';
import TiendaCategoriaScreen from '../../src/app/routes/tienda-categoria';

/**
 * Opens a URL of the public shop's pages (shop, category, product) the way a QR scan does: no
 * earlier page, no navigation state; fetch answers from `answers` (path → answer) and records
 * every request in the calls it answers.
 */
export function openTiendaPublica(
  path: string,
  answers: Record<string, { status?: number; body: unknown }>,
) {
  const { fetch, calls } = fakeFetch(answers);
  vi.stubGlobal('fetch', fetch);
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="tienda/:usuario" element={<TiendaScreen />} />
        <Route path="tienda/:usuario/:subcategoria" element={<TiendaCategoriaScreen />} />
        <Route
          path="tienda/:usuario/:subcategoria/productodetalle/:id"
          element={<ProductoDetalleScreen />}
        />
        <Route path="checkout" element={<p>Pantalla del carrito</p>} />
      </Routes>
      <ToastHost />
    </MemoryRouter>,
  );
  return calls;
}
