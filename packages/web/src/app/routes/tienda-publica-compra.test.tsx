import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import {
  categoria,
  grupoExtras,
  grupoTortilla,
  producto,
  taqueria,
} from '#test/tienda-publica/fixtures';
import { signInAs } from '#test/session';
import { setupTaqueriaAbierta } from '#test/tienda-publica/session';
import { openTiendaPublica } from '#test/app/tienda-publica';

// The second edition on the public pages: conditions up front, closed and paused shops offer no
// adding, sold-out products, quick add with − quantity +, and the options sheet.

const TIENDA_URL = '/api/tienda/publica/taqueria-lupe';

setupTaqueriaAbierta();

const grupos = [grupoTortilla(), grupoExtras()];

function tiendaSegunda(overrides: Parameters<typeof taqueria>[0] = {}) {
  return taqueria({
    entrega: { recoger: true, domicilio: true },
    pagos: { efectivo: true, terminal: true, transferencia: { banco: 'BBVA' } },
    pausadoHasta: null,
    categorias: [
      categoria('Tacos Al Pastor', [
        producto('Taco de pastor', 18, { id: 11 }),
        producto('Gringa', 45.5, { id: 12, grupos }),
        producto('Costra', 30, { id: 13, agotado: true }),
      ]),
    ],
    ...overrides,
  });
}

function open(path: string, body = tiendaSegunda(), extra: Record<string, { body: unknown }> = {}) {
  return openTiendaPublica(path, { [TIENDA_URL]: { body }, ...extra });
}

describe('shop conditions and state', () => {
  it('shows minimum, shipping, delivery and payment under the header', async () => {
    open('/tienda/taqueria-lupe');
    const fila = await screen.findByRole('list', { name: 'Condiciones de compra' });
    expect(
      within(fila)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Pedido mínimo $ 100.00',
      'Envío $ 20.00',
      'A domicilio o para recoger',
      'Pago: efectivo, tarjeta (terminal), transferencia (BBVA)',
    ]);
  });

  it('a long one-word shop name may break anywhere instead of widening the page', async () => {
    const nombre = 'Taquería'.repeat(12);
    open('/tienda/taqueria-lupe', tiendaSegunda({ nombre }));
    const h1 = await screen.findByRole('heading', { level: 1, name: nombre });
    expect(within(h1).getByText(nombre).className).toContain('[overflow-wrap:anywhere]');
  });

  it('a closed shop says when it opens and offers no adding', async () => {
    vi.setSystemTime(new Date('2025-09-01T18:00:00Z')); // Monday 12:00: before 18:00.
    open('/tienda/taqueria-lupe/tacosalpastor');
    await screen.findByRole('heading', { name: 'Taquería Lupe está cerrada' });
    screen.getByText('Próxima apertura: Hoy a las 18:00');
    screen.getByText('Taco de pastor');
    expect(screen.queryByRole('button', { name: /^Agregar/ })).toBeNull();
  });

  it('a paused shop says until when and offers no adding', async () => {
    // Paused until 20:45 Mexico City time.
    open(
      '/tienda/taqueria-lupe/tacosalpastor',
      tiendaSegunda({ pausadoHasta: '2025-09-02T02:45:00.000Z' }),
    );
    await screen.findByText('La tienda pausó los pedidos hasta las 20:45');
    expect(screen.queryByRole('button', { name: /^Agregar/ })).toBeNull();
  });

  it("the shop's own page says it is paused too", async () => {
    open('/tienda/taqueria-lupe', tiendaSegunda({ pausadoHasta: '2025-09-02T02:45:00.000Z' }));
    await screen.findByText('La tienda pausó los pedidos hasta las 20:45');
  });

  it('a sold-out product says "Agotado hoy" and cannot be added', async () => {
    open('/tienda/taqueria-lupe/tacosalpastor');
    await screen.findByText('Agotado hoy');
    screen.getByRole('button', { name: 'Agregar Taco de pastor' });
    expect(screen.queryByRole('button', { name: 'Agregar Costra' })).toBeNull();
  });
});

describe('quick add and the options sheet', () => {
  it('quick add turns into − quantity + on the card', async () => {
    open('/tienda/taqueria-lupe/tacosalpastor');
    const user = userEvent.setup();
    const agregar = await screen.findByRole('button', { name: 'Agregar Taco de pastor' });
    // The name starts with the visible text (label-content-name-mismatch).
    expect(agregar.textContent).toBe('Agregar');
    await user.click(agregar);
    const mas = await screen.findByRole('button', { name: 'Aumentar cantidad de Taco de pastor' });
    await user.click(mas);
    expect(screen.getByText('Cantidad:').parentElement?.textContent).toBe('Cantidad: 2');
    // The basket bar: pieces and subtotal, what is missing for the $ 100.00 minimum, shipping.
    const barra = screen.getByRole('region', { name: 'Tu canasta' });
    expect(within(barra).getByRole('link').getAttribute('href')).toBe('/checkout');
    expect(barra.textContent).toBe(
      'Te faltan $ 64.00 para el mínimoEnvío $ 20.00Ver canasta · 2 · $ 36.00',
    );
    expect(within(barra).getByRole('link').textContent).toBe('Ver canasta · 2 · $ 36.00');
  });

  it('on the menu, the first tap adds once the basket code is here, and the bar follows', async () => {
    open('/tienda/taqueria-lupe');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Agregar Taco de pastor' }));
    const mas = await screen.findByRole('button', { name: 'Aumentar cantidad de Taco de pastor' });
    await user.click(mas);
    await user.click(mas);
    const barra = screen.getByRole('region', { name: 'Tu canasta' });
    await within(barra).findByText('Ver canasta · 3 · $ 54.00');
    within(barra).getByText('Te faltan $ 46.00 para el mínimo');
    for (let i = 0; i < 3; i += 1) await user.click(mas);
    await within(barra).findByText('Ver canasta · 6 · $ 108.00');
    expect(within(barra).queryByText(/Te faltan/)).toBeNull();
    // A product with options opens its sheet from the menu too.
    await user.click(screen.getByRole('button', { name: 'Agregar Gringa' }));
    await screen.findByRole('dialog', { name: 'Gringa' }, { timeout: 5000 });
  });

  it('the sheet marks required groups, uses radios and check boxes, and prices live', async () => {
    signInAs('USUARIO');
    const calls = open('/tienda/taqueria-lupe/tacosalpastor', tiendaSegunda(), {
      '/api/shoppingcartmarket/listarcarrito': { body: [] },
      '/api/shoppingcartmarket/addItem': { body: [] },
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Agregar Gringa' }));
    const sheet = await screen.findByRole('dialog', { name: 'Gringa' }, { timeout: 5000 });
    const tortilla = within(sheet).getByRole('group', { name: /Tortilla/ });
    expect(tortilla.textContent).toContain('Obligatorio');
    expect(tortilla.textContent).toContain('Elige 1');
    const extras = within(sheet).getByRole('group', { name: /Extras/ });
    expect(extras.textContent).not.toContain('Obligatorio');

    const agregar = () => within(sheet).getByRole('button', { name: /^Agregar \$/ });
    expect(agregar().textContent).toBe('Agregar $ 45.50');
    expect((agregar() as HTMLButtonElement).disabled).toBe(true);
    within(sheet).getByText('Elige al menos 1 opción en Tortilla');

    await user.click(within(tortilla).getByRole('radio', { name: 'Harina +$ 5.00' }));
    expect((agregar() as HTMLButtonElement).disabled).toBe(false);
    expect(agregar().textContent).toBe('Agregar $ 50.50');

    await user.click(within(extras).getByRole('checkbox', { name: 'Queso +$ 10.00' }));
    await user.click(within(extras).getByRole('checkbox', { name: 'Aguacate +$ 15.00' }));
    const cebollitas = within(extras).getByRole('checkbox', { name: 'Cebollitas +$ 3.00' });
    expect((cebollitas as HTMLInputElement).disabled).toBe(true);
    expect(agregar().textContent).toBe('Agregar $ 75.50');

    await user.click(within(sheet).getByRole('button', { name: 'Aumentar cantidad de Gringa' }));
    expect(agregar().textContent).toBe('Agregar $ 151.00');
    const nota = within(sheet).getByRole('textbox', { name: 'Nota para la tienda (opcional)' });
    expect(nota.getAttribute('placeholder')).toBe('Ej. sin cebolla');
    expect(nota.getAttribute('maxlength')).toBe('140');
    await user.type(nota, 'sin cebolla');
    await user.click(agregar());

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const adds = calls.filter((c) => c.url === '/api/shoppingcartmarket/addItem');
    expect(adds.map((c) => c.body)).toEqual([
      { productoId: 12, opciones: [12, 21, 22], nota: 'sin cebolla' },
    ]);
  });

  it('Escape closes the sheet and focus goes back to the card', async () => {
    open('/tienda/taqueria-lupe/tacosalpastor');
    const user = userEvent.setup();
    const boton = await screen.findByRole('button', { name: 'Agregar Gringa' });
    await user.click(boton);
    const sheet = await screen.findByRole('dialog', { name: 'Gringa' }, { timeout: 5000 });
    expect(sheet.contains(document.activeElement)).toBe(true);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(boton);
  });
});
