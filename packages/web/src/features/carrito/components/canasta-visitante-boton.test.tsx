import { act, cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { addLocal, CANASTA_KEY } from '../canasta/canasta-local';
import CanastaVisitanteBoton from './canasta-visitante-boton';

const taqueria = { tiendaId: 7, usuario: 'taqueria-lupe', nombre: 'Taquería Lupe' };
const linea = {
  productoId: 3,
  opciones: [],
  nota: null,
  nombre: 'Taco de pastor',
  opcionesVista: [],
};

function renderBoton() {
  const router = createMemoryRouter(
    [
      { path: '/', element: <CanastaVisitanteBoton /> },
      { path: '/checkout', element: <h1>Tu canasta</h1> },
    ],
    { initialEntries: ['/'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe("the visitor's basket in the top bar", () => {
  beforeEach(() => localStorage.removeItem(CANASTA_KEY));
  afterEach(cleanup);

  it('counts the pieces of every browser basket and follows additions', () => {
    addLocal(taqueria, linea, 2);
    renderBoton();
    expect(screen.getByRole('link', { name: 'Carrito, 2 productos' })).toBeTruthy();
    act(() => addLocal({ ...taqueria, tiendaId: 8, usuario: 'pan' }, linea, 1));
    expect(screen.getByRole('link', { name: 'Carrito, 3 productos' })).toBeTruthy();
  });

  it('leads to the cart screen, also when the basket is empty', async () => {
    const router = renderBoton();
    const link = screen.getByRole('link', { name: 'Carrito, 0 productos' });
    act(() => link.click());
    expect(router.state.location.pathname).toBe('/checkout');
    expect(await screen.findByRole('heading', { name: 'Tu canasta' })).toBeTruthy();
  });
});
