import { FILTROS_INICIALES } from '@tianguis/domain';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NOW, renderDetalle, Tablero, TZ, type TableroProps } from '#test/pedidos-tienda/tablero';
import { clearQueryCache, getQueryData, setQueryData } from '../../../lib/query';
import type { AccionPedido } from '../api/finish-pedido';
import { pedidosTiendaKey, type PedidoTienda } from '../api/get-pedidos-tienda';
import { filterTablero } from './tablero-tabs';
import { makePedido } from '#test/pedidos-tienda/fixtures';
import { TicketCocina } from './ticket-cocina';

// Orders for later on the owner's board (docs/api.md, "Orders for later"): the Programados tab
// by time, "Para las 14:00" wherever a scheduled order shows, and accepting it for its time.

// NOW is Wednesday 2025-03-12, 10:00 in Mexico City (UTC-6).
const HOY_14 = '2025-03-12T20:00:00.000Z';
const HOY_12_30 = '2025-03-12T18:30:00.000Z';
const MANANA_14 = '2025-03-13T20:00:00.000Z';
const SABADO_9 = '2025-03-15T15:00:00.000Z';

const PEDIDOS: PedidoTienda[] = [
  makePedido({ id: 1, nombreCompleto: 'Sin programar' }),
  // Placed in this order (ids), scheduled in another.
  makePedido({ id: 2, nombreCompleto: 'Beto', programadoPara: MANANA_14 }),
  makePedido({ id: 3, nombreCompleto: 'Carla', programadoPara: HOY_14, status: 'ACEPTADO' }),
  makePedido({ id: 4, nombreCompleto: 'Dora', programadoPara: HOY_12_30 }),
  makePedido({ id: 5, nombreCompleto: 'Eva', programadoPara: HOY_14 }),
  makePedido({ id: 6, nombreCompleto: 'Fer', programadoPara: SABADO_9 }),
  // Done or cancelled: not in the kitchen's queue any more.
  makePedido({ id: 7, nombreCompleto: 'Gil', programadoPara: HOY_14, status: 'COMPLETADO' }),
  makePedido({ id: 8, nombreCompleto: 'Hugo', programadoPara: HOY_14, status: 'CANCELADO' }),
];

/** The board with these orders unless a test gives its own. */
const Harness = (props: Partial<TableroProps>) => <Tablero pedidos={PEDIDOS} {...props} />;

const rows = () => screen.queryAllByRole('article');
const ids = () =>
  rows().map((r) => within(r).getByRole('link').getAttribute('href')?.replace(/.*id=/, ''));
const tarjeta = (id: number) =>
  rows().find((r) => within(r).getByRole('link').getAttribute('href')?.endsWith(`id=${id}`))!;
const tabs = () => screen.getAllByRole('tab').map((t) => t.textContent);

afterEach(() => {
  vi.unstubAllGlobals();
  clearQueryCache();
});

describe('Programados on the board', () => {
  it('lists the active scheduled orders earliest time first, each saying for when', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    expect(tabs()).toEqual([
      'Activos (6)',
      'Programados (5)',
      'Completados (1)',
      'Cancelados (1)',
      'Sin atender (1)',
    ]);
    await user.click(screen.getByRole('tab', { name: /Programados/ }));
    expect(screen.getByRole('tab', { name: 'Programados (5)' }).getAttribute('aria-selected')).toBe(
      'true',
    );
    // 12:30, then the two for 14:00 in the order they came, tomorrow, Saturday.
    expect(ids()).toEqual(['4', '3', '5', '2', '6']);
    expect(screen.getByRole('status').textContent).toBe('Mostrando 5 de 5 pedidos');
    // The card's line (its accept button says the time too).
    const para = (id: number) =>
      within(tarjeta(id)).getByText(/^Para /, { selector: 'p' }).textContent;
    expect(para(4)).toBe('Para las 12:30');
    expect(para(3)).toBe('Para las 14:00');
    expect(para(2)).toBe('Para mañana a las 14:00');
    expect(para(6)).toBe('Para el sábado 15 a las 09:00');
    // Search narrows the tab, its order kept.
    await user.click(screen.getByRole('button', { name: 'Buscar y filtrar' }));
    await user.type(screen.getByLabelText('Buscar por usuario'), 'a');
    expect(ids()).toEqual(['4', '3', '5']);
  });

  it('shows "Para las" on a scheduled order under Activos too, newest first as ever', () => {
    render(<Harness />);
    expect(ids()).toEqual(['6', '5', '4', '3', '2', '1']);
    expect(within(tarjeta(2)).getByText('Para mañana a las 14:00', { selector: 'p' })).toBeTruthy();
    expect(within(tarjeta(1)).queryByText(/^Para /)).toBeNull();
  });

  it('keeps the tab away from a shop that takes no orders for later, and shows it when it does', async () => {
    const sinProgramar = [makePedido({ id: 1 }), makePedido({ id: 2, status: 'COMPLETADO' })];
    const { unmount } = render(<Harness pedidos={sinProgramar} />);
    expect(screen.queryByRole('tab', { name: /Programados/ })).toBeNull();
    expect(tabs()).toHaveLength(4);
    unmount();
    const user = userEvent.setup();
    render(<Harness pedidos={sinProgramar} programacionActiva />);
    await user.click(screen.getByRole('tab', { name: 'Programados (0)' }));
    expect(screen.getByText('No hay pedidos programados')).toBeTruthy();
  });

  it('moves through five tabs with the arrow keys, Home and End', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole('tab', { name: /Activos/ }));
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: /Programados/ }));
    expect(ids()[0]).toBe('4');
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: /Completados/ }));
    await user.keyboard('{End}');
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: /Sin atender/ }));
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: /Programados/ }));
  });

  it('opens on Programados from the address, even before any order is scheduled', () => {
    render(
      <Harness
        pedidos={[makePedido({ id: 1 })]}
        inicial={{ ...FILTROS_INICIALES, tab: 'PROGRAMADOS' }}
      />,
    );
    expect(screen.getByRole('tab', { name: 'Programados (0)' }).getAttribute('aria-selected')).toBe(
      'true',
    );
    expect(screen.getByText('No hay pedidos programados')).toBeTruthy();
  });

  it('sorts by the domain rule: time, then the order placed first', () => {
    const r = filterTablero(PEDIDOS, { ...FILTROS_INICIALES, tab: 'PROGRAMADOS' }, NOW, TZ);
    expect(r.visibles.map((p) => p.id)).toEqual([4, 3, 5, 2, 6]);
    expect(r.conteo.PROGRAMADOS).toBe(5);
    expect(r.conteo.ACTIVOS).toBe(6);
  });
});

/** The server: answers the order accepted, and keeps what was asked. */
function server() {
  const requests: { url: string; body: unknown }[] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    const body = JSON.parse(String(init.body)) as { pedidoId: number; minutos?: number };
    requests.push({ url, body });
    const pedido = PEDIDOS.find((p) => p.id === body.pedidoId)!;
    const listo =
      body.minutos === undefined
        ? pedido.programadoPara
        : new Date(NOW.getTime() + body.minutos * 60_000).toISOString();
    return new Response(JSON.stringify({ ...pedido, status: 'ACEPTADO', listoEstimado: listo }), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  });
  return requests;
}

describe('accepting an order for later', () => {
  it('on its card: "Para las 14:00" first (no minutes sent), "Otro", then every quick time', async () => {
    const requests = server();
    setQueryData(pedidosTiendaKey, PEDIDOS);
    const user = userEvent.setup();
    render(<Harness />);
    const grupo = within(tarjeta(5)).getByRole('group', { name: 'Aceptar el pedido 5' });
    expect(
      within(grupo)
        .getAllByRole('button')
        .map((b) => b.getAttribute('aria-label') ?? b.textContent),
    ).toEqual([
      'Para las 14:00',
      'Aceptar con otro tiempo',
      'Aceptar · 10 min',
      'Aceptar · 15 min',
      'Aceptar · 20 min',
      'Aceptar · 30 min',
      'Aceptar · 45 min',
    ]);
    await user.click(within(grupo).getByRole('button', { name: 'Para las 14:00' }));
    expect(requests).toEqual([{ url: '/api/pedido/aceptarpedido', body: { pedidoId: 5 } }]);
    await waitFor(() => {
      const lista = getQueryData<PedidoTienda[]>(pedidosTiendaKey);
      expect(lista?.find((p) => p.id === 5)).toMatchObject({
        status: 'ACEPTADO',
        listoEstimado: HOY_14,
      });
    });

    // Another day says which; a quick time still sends its minutes.
    const manana = within(tarjeta(2)).getByRole('group', { name: 'Aceptar el pedido 2' });
    expect(within(manana).getAllByRole('button')[0]?.textContent).toBe('Para las 14:00 · mañana');
    await user.click(within(manana).getByRole('button', { name: 'Aceptar · 20 min' }));
    expect(requests.at(-1)).toEqual({
      url: '/api/pedido/aceptarpedido',
      body: { pedidoId: 2, minutos: 20 },
    });
  });

  it('an order for now keeps "Aceptar · 15 min" first and no "Para las"', () => {
    render(<Harness />);
    const grupo = within(tarjeta(1)).getByRole('group', { name: 'Aceptar el pedido 1' });
    expect(within(grupo).getAllByRole('button')[0]?.textContent).toBe('Aceptar · 15 min');
    expect(within(grupo).queryByText(/^Para las/)).toBeNull();
  });

  it('in the detail: the dialog offers its time, chosen, and sends no minutes; or a time picked', async () => {
    const user = userEvent.setup();
    const onAccion = vi.fn(async (_a: AccionPedido) => undefined);
    const pedido = PEDIDOS.find((p) => p.id === 2)!;
    const { unmount } = renderDetalle(pedido, onAccion, NOW);
    expect(screen.getByText('Para mañana a las 14:00')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Aceptar' }));
    let dialog = screen.getByRole('dialog', { name: 'Aceptar pedido' });
    expect(within(dialog).getByRole('group', { name: '¿Cuándo estará listo?' })).toBeTruthy();
    const para = within(dialog).getByRole('radio', { name: 'Para las 14:00 · mañana' });
    expect((para as HTMLInputElement).checked).toBe(true);
    expect((within(dialog).getByLabelText('Otro tiempo (minutos)') as HTMLInputElement).value).toBe(
      '',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Aceptar' }));
    expect(onAccion).toHaveBeenLastCalledWith({ tipo: 'aceptar' });
    unmount();

    renderDetalle(pedido, onAccion, NOW);
    await user.click(screen.getByRole('button', { name: 'Aceptar' }));
    dialog = screen.getByRole('dialog', { name: 'Aceptar pedido' });
    await user.click(within(dialog).getByRole('radio', { name: '30 min' }));
    expect(
      (within(dialog).getByRole('radio', { name: 'Para las 14:00 · mañana' }) as HTMLInputElement)
        .checked,
    ).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Aceptar' }));
    expect(onAccion).toHaveBeenLastCalledWith({ tipo: 'aceptar', minutos: 30 });
  });

  it('an order for now asks for minutes, as before', async () => {
    const user = userEvent.setup();
    renderDetalle(PEDIDOS[0]!, async () => undefined, NOW);
    expect(screen.queryByText(/^Para /)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Aceptar' }));
    const dialog = screen.getByRole('dialog', { name: 'Aceptar pedido' });
    expect(
      within(dialog).getByRole('group', { name: '¿En cuántos minutos estará listo?' }),
    ).toBeTruthy();
    expect(within(dialog).queryByRole('radio', { name: /^Para las/ })).toBeNull();
  });
});

describe('the kitchen ticket of an order for later', () => {
  it('says for when, under the date', () => {
    render(
      <TicketCocina
        pedido={makePedido({ id: 42, fecha: '2025-03-12T15:30:00Z', programadoPara: MANANA_14 })}
        timeZone={TZ}
        ancho={58}
        now={NOW}
      />,
    );
    const ticket = screen.getByRole('article', { name: 'Ticket del pedido 42' });
    const lineas = Array.from(ticket.querySelectorAll('header p')).map((p) => p.textContent);
    expect(lineas).toEqual([
      'Taquería Lupe',
      'PEDIDO #42',
      '12/03/2025 09:30',
      'Estado: Nuevo',
      'Para mañana a las 14:00',
    ]);
  });

  it('an order for now has no such line', () => {
    render(<TicketCocina pedido={makePedido({ id: 43 })} timeZone={TZ} ancho={80} now={NOW} />);
    expect(screen.queryByText(/^Para /)).toBeNull();
  });
});
