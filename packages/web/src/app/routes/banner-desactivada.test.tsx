import { cleanup, render, screen } from '@testing-library/react';
import type { ComponentType } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { miTiendaKey } from '../../features/mi-tienda/api/get-mi-tienda';
import { tiendaDePrueba } from '#test/mi-tienda/fixtures';
import { clearQueryCache, setQueryData } from '../../lib/query';
import ActivarTienda from './activar-tienda';
import CodigoQr from './codigo-qr';
import ConfigurarTienda from './configurar-tienda';
import Pedidos from './pedidos';

afterEach(() => {
  cleanup();
  clearQueryCache();
});

// docs/api.md, "Texts and forms": an owner who switched the shop off sees 'Tienda desactivada'.
describe.each<[string, ComponentType]>([
  ['/activartienda', ActivarTienda],
  ['/codigoqr', CodigoQr],
  ['/configurar-tienda', ConfigurarTienda],
  ['/pedidos', Pedidos],
])('%s', (path, Screen) => {
  it.each([
    [false, 1],
    [true, 0],
  ])('activarODesactivar %s: the red banner shows %i time(s)', (activa, veces) => {
    setQueryData(miTiendaKey, tiendaDePrueba({ activarODesactivar: activa }));
    render(
      <MemoryRouter initialEntries={[path]}>
        <Screen />
      </MemoryRouter>,
    );
    expect(screen.queryAllByText('Tienda desactivada')).toHaveLength(veces);
  });
});
