import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { totalesDeCanasta } from '@tianguis/domain';
import type { Canasta, LineaCanasta, TiendaDeCanasta } from '../../carrito/canasta/use-canasta';
import { CheckoutCard } from './checkout-card';

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

/** The card with a stand-in for the checkout form, which receives the basket. */
function renderCard(canasta: Canasta) {
  const recibidas: Canasta[] = [];
  render(
    <MemoryRouter>
      <CheckoutCard
        canasta={canasta}
        pago={(c) => {
          recibidas.push(c);
          return <form aria-label="Formulario" />;
        }}
      />
    </MemoryRouter>,
  );
  return { recibidas, card: screen.getByRole('region', { name: 'Taquería Lupe' }) };
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
    // The checkout form shows the totals, for the delivery chosen there: none in the card.
    expect(card.querySelector('dl')).toBeNull();
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
    await user.click(screen.getByRole('button', { name: 'Disminuir cantidad de Taco al pastor' }));
    await user.click(screen.getByRole('button', { name: 'Aumentar cantidad de Taco al pastor' }));
    await user.click(screen.getByRole('button', { name: 'Eliminar Agua de horchata del carrito' }));
    expect(calls).toEqual([
      ['setCantidad', '11|12,21|sin cebolla', 2],
      ['setCantidad', '11|12,21|sin cebolla', 4],
      ['remove', '12||'],
    ]);
    expect(
      screen.getByRole('button', { name: 'Aumentar cantidad de Agua de horchata' }),
    ).toHaveProperty('disabled', true);
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

  it("the checkout form goes below the lines and receives the basket, a visitor's too", () => {
    const { canasta } = canastaDe({ origen: 'local' });
    const { card, recibidas } = renderCard(canasta);
    within(card).getByRole('form', { name: 'Formulario' });
    expect(recibidas.at(-1)).toBe(canasta);
  });
});
