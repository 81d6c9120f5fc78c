import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { clearQueryCache, setQueryData } from '../../../lib/query';
import { carritoKey, type CarritoGrupo } from '../api/get-carrito';
import CartButton from './cart-button';
import { etiquetaCarrito } from './carrito-icono';

afterEach(() => clearQueryCache());

const linea = (productoId: number, nombreProducto: string, precio: number, cantidad: number) => ({
  productoId,
  nombreProducto,
  precio,
  cantidad,
  imageurl: '',
  shoppingCartId: productoId * 10,
  tiendaId: 0,
  loginId: 3,
  disponible: true,
  opciones: [],
  nota: null,
});

const condiciones = {
  entrega: { recoger: false, domicilio: true },
  pagos: { efectivo: true, terminal: false, transferencia: null },
  abierta: true,
  mensajeCerrada: null,
};

const carrito: CarritoGrupo[] = [
  {
    tiendaId: 1,
    nombreTienda: 'Taquería Lupe',
    usuarioTienda: 'taqueria-lupe',
    celularTienda: '5512345678',
    montoMinimo: 100,
    costoDeEnvio: 15,
    subtotal: 54,
    ...condiciones,
    listOfShoppingCartMarketStore: [linea(1, 'Taco al pastor', 18, 3)],
  },
  {
    tiendaId: 2,
    nombreTienda: 'Panadería Sol',
    usuarioTienda: 'panaderia-sol',
    celularTienda: '5587654321',
    montoMinimo: 0,
    costoDeEnvio: 0,
    subtotal: 12.5,
    ...condiciones,
    listOfShoppingCartMarketStore: [linea(2, 'Concha', 12.5, 1)],
  },
];

function renderEnBarra() {
  render(
    <MemoryRouter initialEntries={['/tienda/taqueria-lupe']}>
      <CartButton />
      <Routes>
        <Route path="/tienda/:usuario" element={<p>Página de la tienda</p>} />
        <Route path="/checkout" element={<p>Pantalla de checkout</p>} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('CartButton', () => {
  it('names the count of pieces in Spanish', () => {
    expect(etiquetaCarrito(0)).toBe('Carrito, 0 productos');
    expect(etiquetaCarrito(1)).toBe('Carrito, 1 producto');
    expect(etiquetaCarrito(4)).toBe('Carrito, 4 productos');
  });

  it("shows the badge, lists each shop's lines and goes to checkout", async () => {
    // Fresh data in the cache: the button reads it without asking the server.
    setQueryData(carritoKey, carrito);
    const user = userEvent.setup();
    renderEnBarra();
    const boton = screen.getByRole('button', { name: 'Carrito, 4 productos' });
    expect(boton.textContent).toBe('4');
    expect(boton.getAttribute('aria-expanded')).toBe('false');

    await user.click(boton);
    const panel = screen.getByRole('region', { name: 'Tu carrito' });
    const lupe = within(panel).getByRole('region', { name: 'Taquería Lupe' });
    expect(lupe.textContent).toContain('3 x Taco al pastor');
    expect(lupe.textContent).toContain('$ 54.00');
    const sol = within(panel).getByRole('region', { name: 'Panadería Sol' });
    expect(sol.textContent).toContain('1 x Concha');
    expect(sol.textContent).toContain('$ 12.50');

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('region', { name: 'Tu carrito' })).toBeNull();
    await user.click(boton);
    await user.click(screen.getByRole('button', { name: 'Ir a Checkout' }));
    expect(screen.getByText('Pantalla de checkout')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Tu carrito' })).toBeNull();
  });

  it('an empty cart says so and shows no badge', async () => {
    setQueryData(carritoKey, []);
    const user = userEvent.setup();
    renderEnBarra();
    const boton = screen.getByRole('button', { name: 'Carrito, 0 productos' });
    expect(boton.textContent).toBe('');
    await user.click(boton);
    expect(screen.getByText('Tu carrito esta vacio')).toBeTruthy();
  });
});
