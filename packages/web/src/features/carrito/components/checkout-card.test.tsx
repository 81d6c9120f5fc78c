import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { totalesDeCanasta } from '@tianguis/domain';
import type { Canasta, LineaCanasta, TiendaDeCanasta } from '../canasta/use-canasta';
import { CheckoutCard, type PedidoEnviado, type ProcesarCanasta } from './checkout-card';

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

const tienda: TiendaDeCanasta = {
  tiendaId: 7,
  nombre: 'Taquería Lupe',
  usuario: 'taqueria-lupe',
  celular: '5512345678',
  montoMinimo: 100,
  costoDeEnvio: 15.5,
  entrega: { recoger: true, domicilio: true },
  pagos: { efectivo: true, terminal: false, transferencia: { banco: 'BBVA' } },
  abierta: true,
  mensajeCerrada: null,
};

const pastor: LineaCanasta = {
  clave: '11|12,21|sin cebolla',
  productoId: 11,
  nombre: 'Taco al pastor',
  imageUrl: '/images/pastor.jpg',
  opciones: [
    { id: 12, grupo: 'Tortilla', nombre: 'Harina', precioExtra: 5 },
    { id: 21, grupo: 'Extras', nombre: 'Queso', precioExtra: 10 },
  ],
  nota: 'sin cebolla',
  cantidad: 3,
  precio: 33.33,
  disponible: true,
  shoppingCartId: 101,
};

const horchata: LineaCanasta = {
  clave: '12||',
  productoId: 12,
  nombre: 'Agua de horchata',
  imageUrl: 'N/A',
  opciones: [],
  nota: null,
  cantidad: 1,
  precio: 20,
  disponible: false,
  shoppingCartId: 102,
};

/** A basket as useCanasta gives it; every action is recorded. */
function canastaDe(overrides: Partial<Canasta> = {}, t: Partial<TiendaDeCanasta> = {}) {
  const calls: [string, ...unknown[]][] = [];
  const lineas = overrides.lineas ?? [pastor, horchata];
  const datos = { ...tienda, ...t };
  const canasta: Canasta = {
    origen: 'servidor',
    puedeComprar: true,
    tiendaId: 7,
    tienda: datos,
    lineas,
    totales: totalesDeCanasta({
      montoMinimo: datos.montoMinimo,
      costoDeEnvio: datos.costoDeEnvio,
      lineas: lineas.filter((l) => l.disponible),
    }),
    piezas: lineas.reduce((n, l) => n + l.cantidad, 0),
    paraCheckout: undefined,
    isLoading: false,
    error: undefined,
    refetch: async () => undefined,
    cantidadDe: () => 0,
    add: async (linea, cantidad) => void calls.push(['add', linea, cantidad]),
    setCantidad: async (clave, cantidad) => void calls.push(['setCantidad', clave, cantidad]),
    remove: async (clave) => void calls.push(['remove', clave]),
    clear: async () => void calls.push(['clear']),
    ...overrides,
  };
  return { canasta, calls };
}

/** processCart answers what the test queues. */
function fakeProcesar(respuestas: (() => Promise<{ pedidoId: number | undefined }>)[] = []) {
  const calls: [string, ...unknown[]][] = [];
  const procesar: ProcesarCanasta = async (tiendaId, key) => {
    calls.push(['processCart', tiendaId, key]);
    const next = respuestas.shift();
    return next ? next() : { pedidoId: 55 };
  };
  return { procesar, calls };
}

function renderCard(canasta: Canasta, procesar: ProcesarCanasta = fakeProcesar().procesar) {
  const enviados: PedidoEnviado[] = [];
  render(
    <MemoryRouter>
      <CheckoutCard canasta={canasta} procesar={procesar} onProcessed={(p) => enviados.push(p)} />
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
  it('shows each line with its options, note and unit price; an unavailable one is not counted', () => {
    const { card } = renderCard(canastaDe().canasta);
    const lineas = within(within(card).getAllByRole('list')[1]!).getAllByRole('listitem');
    expect(lineas).toHaveLength(2);
    expect(lineas[0]?.textContent).toContain('Taco al pastor');
    expect(lineas[0]?.textContent).toContain('Tortilla: Harina · Extras: Queso');
    expect(lineas[0]?.textContent).toContain('Nota: sin cebolla');
    expect(lineas[0]?.textContent).toContain('$ 99.99');
    expect(lineas[0]?.textContent).toContain('$ 33.33 c/u');
    expect(lineas[0]?.textContent).toContain('Cantidad: 3');
    expect(lineas[0]?.textContent).not.toContain('Ya no disponible');
    expect(lineas[1]?.textContent).toContain('Ya no disponible: no se cuenta en el total');
    // 3 × 33.33 = 99.99 (the horchata is not counted); plus 15.50 shipping.
    expect(valorDe(card, 'Monto mínimo')).toBe('$ 100.00');
    expect(valorDe(card, 'Subtotal')).toBe('$ 99.99');
    expect(valorDe(card, 'Envío')).toBe('$ 15.50');
    expect(valorDe(card, 'Total')).toBe('$ 115.49');
    const imagen = card.querySelector('img');
    expect(imagen?.getAttribute('loading')).toBe('lazy');
    expect(imagen?.getAttribute('width')).toBe('64');
  });

  it("shows the shop's terms and its opening state before checkout", () => {
    const { card } = renderCard(
      canastaDe(
        {},
        { abierta: false, mensajeCerrada: 'La tienda pausó los pedidos hasta las 20:45' },
      ).canasta,
    );
    const terminos = within(card).getByRole('list', { name: 'Condiciones de la tienda' });
    expect(terminos.textContent).toContain('Pedido mínimo $ 100.00');
    expect(terminos.textContent).toContain('Envío $ 15.50');
    expect(terminos.textContent).toContain('A domicilio o para recoger');
    expect(terminos.textContent).toContain('Pago: efectivo, transferencia (BBVA)');
    expect(within(card).getByRole('status').textContent).toBe(
      'La tienda pausó los pedidos hasta las 20:45',
    );
  });

  it('minus, plus and remove act on the right line; plus is off for a product that is gone', async () => {
    const user = userEvent.setup();
    const { canasta, calls } = canastaDe();
    renderCard(canasta);
    await user.click(screen.getByRole('button', { name: 'Quitar una pieza de Taco al pastor' }));
    await user.click(screen.getByRole('button', { name: 'Agregar una pieza de Taco al pastor' }));
    await user.click(screen.getByRole('button', { name: 'Eliminar Agua de horchata del carrito' }));
    expect(calls).toEqual([
      ['setCantidad', '11|12,21|sin cebolla', 2],
      ['setCantidad', '11|12,21|sin cebolla', 4],
      ['remove', '12||'],
    ]);
    expect(
      screen.getByRole('button', { name: 'Agregar una pieza de Agua de horchata' }),
    ).toHaveProperty('disabled', true);
  });

  it("refuses to pay below the minimum with the spec's message, without asking the server", async () => {
    const user = userEvent.setup();
    const { procesar, calls } = fakeProcesar();
    renderCard(canastaDe({}, { montoMinimo: 150 }).canasta, procesar);
    expect(screen.queryByText(MONTO_MINIMO)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Pagar' }));
    expect(screen.getByRole('alert').textContent).toContain(MONTO_MINIMO);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls).toEqual([]);
  });

  it('confirms the order with its lines and totals, then places it and reports it', async () => {
    const user = userEvent.setup();
    const { procesar, calls } = fakeProcesar();
    const { enviados } = renderCard(canastaDe({}, { montoMinimo: 50 }).canasta, procesar);
    await user.click(screen.getByRole('button', { name: 'Pagar' }));
    const dialog = screen.getByRole('dialog', {
      name: 'Desea procesar la orden de @taqueria-lupe',
    });
    const filas = within(dialog).getAllByRole('row');
    expect(filas.map((f) => f.textContent)).toEqual([
      'ProductoCantidadImporte',
      'Taco al pastorTortilla: Harina · Extras: Queso3$ 99.99',
    ]);
    expect(valorDe(dialog, 'Subtotal')).toBe('$ 99.99');
    expect(valorDe(dialog, 'Envío')).toBe('$ 15.50');
    expect(valorDe(dialog, 'Total')).toBe('$ 115.49');

    await user.click(within(dialog).getByRole('button', { name: 'Procesar' }));
    expect(calls).toEqual([['processCart', 7, expect.stringMatching(/^[0-9a-f-]{32,36}$/)]]);
    expect(enviados).toEqual([
      {
        celularTienda: '5512345678',
        resumen: {
          pedidoId: 55,
          nombreTienda: 'Taquería Lupe',
          costoDeEnvio: 15.5,
          lineas: [{ nombre: 'Taco al pastor', cantidad: 3, precio: 33.33 }],
        },
      },
    ]);
    // The report is handed over as the answer arrives; React closes the dialog on its next render.
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it("shows the server's refusal in the dialog and retries with the same Idempotency-Key", async () => {
    const user = userEvent.setup();
    const refusal = 'El producto Agua de horchata ya no está disponible; quítalo de tu canasta';
    const { procesar, calls } = fakeProcesar([
      () => Promise.reject(new ApiError(400, 'PRODUCTO_NO_DISPONIBLE', refusal)),
      () => Promise.reject(new ApiError(0, 'SIN_CONEXION', 'No hay conexión con el servidor.')),
    ]);
    const { enviados } = renderCard(canastaDe({}, { montoMinimo: 50 }).canasta, procesar);
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
    const { canasta, calls } = canastaDe();
    renderCard(canasta);
    await user.click(screen.getByRole('button', { name: 'Vaciar Canasta' }));
    const pregunta = screen.getByRole('dialog', {
      name: 'Desea eliminar los elementos de esta tienda?',
    });
    await user.click(within(pregunta).getByRole('button', { name: 'Cancelar' }));
    expect(calls).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Vaciar Canasta' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Vaciar' }));
    expect(calls).toEqual([['clear']]);
  });

  it("a visitor's basket asks to sign in where the checkout form goes, and takes the form there", () => {
    const { canasta } = canastaDe({ origen: 'local' });
    const { card } = renderCard(canasta);
    expect(within(card).queryByRole('button', { name: 'Pagar' })).toBeNull();
    expect(within(card).getByRole('link', { name: 'inicia sesión' }).getAttribute('href')).toBe(
      '/signin',
    );
    cleanup();
    render(
      <MemoryRouter>
        <CheckoutCard
          canasta={canasta}
          onProcessed={() => undefined}
          pago={() => <form aria-label="Formulario" />}
        />
      </MemoryRouter>,
    );
    screen.getByRole('form', { name: 'Formulario' });
  });
});
