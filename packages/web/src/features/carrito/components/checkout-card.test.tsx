import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import type { CarritoGrupo } from '../api/get-carrito';
import { CheckoutCard, type CarritoAcciones, type PedidoEnviado } from './checkout-card';

// jsdom has no modal dialogs: opening one only sets `open`, which is what makes it visible.
beforeAll(() => {
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    this.removeAttribute('open');
  };
});

const MONTO_MINIMO =
  'El monto para poder comprar debe ser igual o mayor al monto mínimo (sin contar el costo de envio)';

function grupo(overrides: Partial<CarritoGrupo> = {}): CarritoGrupo {
  return {
    tiendaId: 7,
    nombreTienda: 'Taquería Lupe',
    usuarioTienda: 'taqueria-lupe',
    celularTienda: '5512345678',
    montoMinimo: 100,
    costoDeEnvio: 15.5,
    listOfShoppingCartMarketStore: [
      {
        productoId: 11,
        nombreProducto: 'Taco al pastor',
        precio: 33.33,
        cantidad: 3,
        imageurl: '/images/pastor.jpg',
        shoppingCartId: 101,
        tiendaId: 7,
        loginId: 3,
        disponible: true,
      },
      {
        productoId: 12,
        nombreProducto: 'Agua de horchata',
        precio: 20,
        cantidad: 1,
        imageurl: 'N/A',
        shoppingCartId: 102,
        tiendaId: 7,
        loginId: 3,
        disponible: false,
      },
    ],
    ...overrides,
  };
}

/** Records every call; processCart answers what the test queues. */
function fakeAcciones(respuestas: (() => Promise<{ pedidoId: number | undefined }>)[] = []) {
  const calls: [string, ...unknown[]][] = [];
  const acciones: CarritoAcciones = {
    addItem: async (id) => void calls.push(['addItem', id]),
    removeItem: async (id) => void calls.push(['removeItem', id]),
    clearItem: async (id) => void calls.push(['clearItem', id]),
    removeCart: async (id) => void calls.push(['removeCart', id]),
    processCart: async (tiendaId, key) => {
      calls.push(['processCart', tiendaId, key]);
      const next = respuestas.shift();
      return next ? next() : { pedidoId: 55 };
    },
  };
  return { acciones, calls };
}

function renderCard(g: CarritoGrupo, acciones: CarritoAcciones) {
  const enviados: PedidoEnviado[] = [];
  render(
    <MemoryRouter>
      <CheckoutCard grupo={g} acciones={acciones} onProcessed={(p) => enviados.push(p)} />
    </MemoryRouter>,
  );
  return { enviados, card: screen.getByRole('region', { name: 'Taquería Lupe' }) };
}

function valorDe(scope: HTMLElement, termino: string): string | null | undefined {
  const dt = within(scope).getByText(termino, { selector: 'dt' });
  return dt.nextElementSibling?.textContent;
}

// Role queries name every element, which jsdom does slowly on a busy machine.
describe('CheckoutCard', { timeout: 20_000 }, () => {
  it('shows each line, its amounts, the unavailable mark and the totals in pesos', () => {
    const { card } = renderCard(grupo(), fakeAcciones().acciones);
    const lineas = within(card).getAllByRole('listitem');
    expect(lineas).toHaveLength(2);
    expect(lineas[0]?.textContent).toContain('Taco al pastor');
    expect(lineas[0]?.textContent).toContain('$ 99.99');
    expect(lineas[0]?.textContent).toContain('$ 33.33 c/u');
    expect(lineas[0]?.textContent).toContain('Cantidad: 3');
    expect(lineas[0]?.textContent).not.toContain('Ya no disponible');
    expect(lineas[1]?.textContent).toContain('Ya no disponible');
    // 3 × 33.33 + 20 = 119.99; plus 15.50 shipping.
    expect(valorDe(card, 'Monto mínimo')).toBe('$ 100.00');
    expect(valorDe(card, 'Subtotal')).toBe('$ 119.99');
    expect(valorDe(card, 'Envío')).toBe('$ 15.50');
    expect(valorDe(card, 'Total')).toBe('$ 135.49');
    const imagen = card.querySelector('img');
    expect(imagen?.getAttribute('loading')).toBe('lazy');
    expect(imagen?.getAttribute('width')).toBe('64');
  });

  it('minus, plus and remove act on the right line; plus is off for a product that is gone', async () => {
    const user = userEvent.setup();
    const { acciones, calls } = fakeAcciones();
    renderCard(grupo(), acciones);
    await user.click(screen.getByRole('button', { name: 'Quitar una pieza de Taco al pastor' }));
    await user.click(screen.getByRole('button', { name: 'Agregar una pieza de Taco al pastor' }));
    await user.click(screen.getByRole('button', { name: 'Eliminar Agua de horchata del carrito' }));
    expect(calls).toEqual([
      ['removeItem', 101],
      ['addItem', 11],
      ['clearItem', 12],
    ]);
    expect(
      screen.getByRole('button', { name: 'Agregar una pieza de Agua de horchata' }),
    ).toHaveProperty('disabled', true);
  });

  it("refuses to pay below the minimum with the spec's message, without asking the server", async () => {
    const user = userEvent.setup();
    const { acciones, calls } = fakeAcciones();
    const g = grupo({ montoMinimo: 150 });
    renderCard(g, acciones);
    expect(screen.queryByText(MONTO_MINIMO)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Pagar' }));
    expect(screen.getByRole('alert').textContent).toContain(MONTO_MINIMO);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls).toEqual([]);
  });

  it('confirms the order with its lines and totals, then places it and reports it', async () => {
    const user = userEvent.setup();
    const { acciones, calls } = fakeAcciones();
    const { enviados } = renderCard(grupo(), acciones);
    await user.click(screen.getByRole('button', { name: 'Pagar' }));
    const dialog = screen.getByRole('dialog', {
      name: 'Desea procesar la orden de @taqueria-lupe',
    });
    const filas = within(dialog).getAllByRole('row');
    expect(filas.map((f) => f.textContent)).toEqual([
      'ProductoCantidadImporte',
      'Taco al pastor3$ 99.99',
      'Agua de horchata1$ 20.00',
    ]);
    expect(valorDe(dialog, 'Subtotal')).toBe('$ 119.99');
    expect(valorDe(dialog, 'Envío')).toBe('$ 15.50');
    expect(valorDe(dialog, 'Total')).toBe('$ 135.49');

    await user.click(within(dialog).getByRole('button', { name: 'Procesar' }));
    expect(calls).toEqual([['processCart', 7, expect.stringMatching(/^[0-9a-f-]{32,36}$/)]]);
    expect(enviados).toEqual([
      {
        celularTienda: '5512345678',
        resumen: {
          pedidoId: 55,
          nombreTienda: 'Taquería Lupe',
          costoDeEnvio: 15.5,
          lineas: [
            { nombre: 'Taco al pastor', cantidad: 3, precio: 33.33 },
            { nombre: 'Agua de horchata', cantidad: 1, precio: 20 },
          ],
        },
      },
    ]);
    // The report is handed over as the answer arrives; React closes the dialog on its next render.
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it("shows the server's refusal in the dialog and retries with the same Idempotency-Key", async () => {
    const user = userEvent.setup();
    const refusal = 'El producto Agua de horchata ya no está disponible; quítalo de tu canasta';
    const { acciones, calls } = fakeAcciones([
      () => Promise.reject(new ApiError(400, 'PRODUCTO_NO_DISPONIBLE', refusal)),
      () => Promise.reject(new ApiError(0, 'SIN_CONEXION', 'No hay conexión con el servidor.')),
    ]);
    const { enviados } = renderCard(grupo(), acciones);
    await user.click(screen.getByRole('button', { name: 'Pagar' }));
    const dialog = screen.getByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Procesar' }));
    expect(within(dialog).getByRole('alert').textContent).toContain(refusal);
    await user.click(within(dialog).getByRole('button', { name: 'Procesar' }));
    expect(within(dialog).getByRole('alert').textContent).toContain('No hay conexión');
    // Cancelling and coming back is still the same attempt.
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await user.click(screen.getByRole('button', { name: 'Pagar' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Procesar' }));
    expect(enviados).toHaveLength(1);
    const keys = calls.map((c) => c[2]);
    expect(keys).toHaveLength(3);
    expect(new Set(keys).size).toBe(1);
  });

  it("'Vaciar Canasta' asks first and empties this shop's basket only when confirmed", async () => {
    const user = userEvent.setup();
    const { acciones, calls } = fakeAcciones();
    renderCard(grupo(), acciones);
    await user.click(screen.getByRole('button', { name: 'Vaciar Canasta' }));
    const pregunta = screen.getByRole('dialog', {
      name: 'Desea eliminar los elementos de esta tienda?',
    });
    await user.click(within(pregunta).getByRole('button', { name: 'Cancelar' }));
    expect(calls).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Vaciar Canasta' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Vaciar' }));
    expect(calls).toEqual([['removeCart', 7]]);
  });
});
