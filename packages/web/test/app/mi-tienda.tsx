import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router';
import { miTiendaKey, type MiTienda } from '../../src/features/mi-tienda/api/get-mi-tienda';
import { setQueryData } from '../../src/lib/query';

/**
 * Opens one of the owner's screens (`pantalla`) at `path`. With `tienda`, the shop is already
 * loaded, as after Mi Tienda (no request for it); without, the screen asks for it.
 */
export function openMiTiendaScreen(path: string, pantalla: ReactElement, tienda?: MiTienda) {
  if (tienda) setQueryData(miTiendaKey, tienda);
  return render(<MemoryRouter initialEntries={[path]}>{pantalla}</MemoryRouter>);
}
