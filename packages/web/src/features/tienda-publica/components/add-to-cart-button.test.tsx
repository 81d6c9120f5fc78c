import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { openTiendaPublica } from '#test/app/tienda-publica';
import { CANASTA_KEY } from '../../carrito/canasta/canasta-local';
import { taqueria } from '#test/tienda-publica/fixtures';
import { signInAs } from '#test/session';
import { setupTaqueriaAbierta } from '#test/tienda-publica/session';

const TIENDA_URL = '/api/tienda/publica/taqueria-lupe';
const GRINGA = '/tienda/taqueria-lupe/tacosalpastor/productodetalle/12';
const TOAST = { timeout: 5000 };

setupTaqueriaAbierta();

function linea(cantidad: number) {
  return {
    productoId: 12,
    nombreProducto: 'Gringa',
    precio: 45.5,
    cantidad,
    imageurl: 'N/A',
    shoppingCartId: 501,
    tiendaId: 1,
    loginId: 7,
    disponible: true,
    opciones: [],
    nota: null,
  };
}

function carrito(cantidad: number) {
  const { tienda } = taqueria();
  return [
    {
      tiendaId: 1,
      nombreTienda: tienda.nombre,
      usuarioTienda: tienda.usuario,
      celularTienda: tienda.celularTienda,
      montoMinimo: 100,
      costoDeEnvio: 20,
      subtotal: 45.5 * cantidad,
      entrega: { recoger: true, domicilio: true },
      pagos: { efectivo: true, terminal: false, transferencia: null },
      abierta: true,
      mensajeCerrada: null,
      listOfShoppingCartMarketStore: cantidad > 0 ? [linea(cantidad)] : [],
    },
  ];
}

describe('AddToCartButton (product page)', () => {
  it.each(['TIENDA', 'ADMIN'] as const)(
    'does not let a %s account buy, and says why',
    async (role) => {
      signInAs(role);
      openTiendaPublica(GRINGA, { [TIENDA_URL]: { body: taqueria() } });
      const button = (await screen.findByRole('button', {
        name: 'Agregar al carrito',
      })) as HTMLButtonElement;
      expect(button.disabled).toBe(true);
      const explanation = document.getElementById(button.getAttribute('aria-describedby') ?? '');
      expect(explanation?.textContent).toMatch(/no pueden comprar/);
    },
  );

  it("keeps a visitor's basket in this browser: add, then − quantity +, and a way to the cart", async () => {
    const calls = openTiendaPublica(GRINGA, { [TIENDA_URL]: { body: taqueria() } });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Agregar al carrito' }));
    await screen.findByText('Producto agregado', {}, TOAST);
    expect(screen.getByText('Cantidad:').parentElement?.textContent).toBe('Cantidad: 1');
    await user.click(screen.getByRole('button', { name: 'Aumentar cantidad de Gringa' }));
    expect(screen.getByText('Cantidad:').parentElement?.textContent).toBe('Cantidad: 2');
    expect(
      screen.getByRole('link', { name: 'Ver canasta · 2 · $ 91.00' }).getAttribute('href'),
    ).toBe('/checkout');
    const guardada = JSON.parse(localStorage.getItem(CANASTA_KEY) ?? '[]');
    expect(guardada).toMatchObject([
      {
        tiendaId: 1,
        usuario: 'taqueria-lupe',
        lineas: [{ productoId: 12, opciones: [], nota: null, cantidad: 2, nombre: 'Gringa' }],
      },
    ]);
    await user.click(screen.getByRole('button', { name: 'Disminuir cantidad de Gringa' }));
    await user.click(screen.getByRole('button', { name: 'Disminuir cantidad de Gringa' }));
    screen.getByRole('button', { name: 'Agregar al carrito' });
    expect(localStorage.getItem(CANASTA_KEY)).toBeNull();
    // Nothing went to the server's cart.
    expect(calls.map((c) => c.url)).toEqual([TIENDA_URL]);
  });

  it("adds to a shopper's server cart, then the stepper sets the line's quantity", async () => {
    signInAs('USUARIO');
    const calls = openTiendaPublica(GRINGA, {
      [TIENDA_URL]: { body: taqueria() },
      '/api/shoppingcartmarket/listarcarrito': { body: carrito(0) },
      '/api/shoppingcartmarket/addItem': { body: carrito(1) },
      '/api/shoppingcartmarket/cantidad': { body: carrito(0) },
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Agregar al carrito' }));
    await screen.findByText('Cantidad:');
    await user.click(screen.getByRole('button', { name: 'Disminuir cantidad de Gringa' }));
    await screen.findByRole('button', { name: 'Agregar al carrito' });
    const escritas = calls.filter((c) => c.method === 'POST' && !c.url.endsWith('listarcarrito'));
    expect(escritas.map((c) => [c.url, c.body])).toEqual([
      ['/api/shoppingcartmarket/addItem', { productoId: 12 }],
      ['/api/shoppingcartmarket/cantidad', { shoppingCartId: 501, cantidad: 0 }],
    ]);
  });

  it('shows the server’s reason when adding fails', async () => {
    signInAs('USUARIO');
    openTiendaPublica(GRINGA, {
      [TIENDA_URL]: { body: taqueria() },
      '/api/shoppingcartmarket/listarcarrito': { body: carrito(0) },
      '/api/shoppingcartmarket/addItem': {
        status: 409,
        body: { code: 'PRODUCTO_AGOTADO', message: 'Gringa está agotado por hoy' },
      },
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Agregar al carrito' }));
    await screen.findByText('Gringa está agotado por hoy', {}, TOAST);
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Agregar al carrito' })).toBeTruthy(),
    );
  });
});
