import { FILTROS_INICIALES } from '@tianguis/domain';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NOW, renderDetalle, Tablero } from '#test/pedidos-tienda/tablero';
import { clearQueryCache, getQueryData, setQueryData } from '../../../lib/query';
import type { AccionPedido } from '../api/finish-pedido';
import { pedidosTiendaKey, type PedidoTienda } from '../api/get-pedidos-tienda';
import { makePedido } from '#test/pedidos-tienda/fixtures';

// The owner's board and detail with the kitchen's LISTO state (docs/api.md, "Staff and the
// kitchen").

// NOW is Wednesday 2025-03-12, 10:00 in Mexico City.
const min = (m: number) => new Date(NOW.getTime() + m * 60_000).toISOString();

afterEach(() => {
  clearQueryCache();
  vi.unstubAllGlobals();
});

/** The server: answers each order call with the order in its new state; calls are kept. */
function servidor(responder: (url: string, pedidoId: number) => Response) {
  const llamadas: { url: string; body: unknown }[] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    const body = JSON.parse(String(init.body ?? '{}')) as { pedidoId: number };
    llamadas.push({ url, body });
    return responder(url, body.pedidoId);
  });
  return llamadas;
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const tarjeta = (id: number) =>
  screen
    .getAllByRole('article')
    .find((a) => within(a).getByRole('link').getAttribute('href') === `/pedidosdetalle?id=${id}`);

describe('the board with ready orders', () => {
  const pedidos = [
    makePedido({ id: 1, status: 'NUEVO' }),
    makePedido({ id: 2, status: 'ACEPTADO', listoEstimado: min(15) }),
    makePedido({ id: 3, status: 'LISTO', listoEn: min(-5) }),
    makePedido({ id: 4, status: 'COMPLETADO' }),
  ];

  it('keeps LISTO orders under Activos with a "Listo" badge in words', () => {
    render(<Tablero pedidos={pedidos} />);
    expect(screen.getByRole('tab', { name: 'Activos (3)' })).toBeTruthy();
    const listo = tarjeta(3) as HTMLElement;
    expect(within(listo).getByText('Listo')).toBeTruthy();
    expect(within(listo).getByText('Listo hace 5 min')).toBeTruthy();
    expect(within(listo).getByRole('button', { name: 'Completar, pedido #3' })).toBeTruthy();
    expect(within(listo).queryByRole('button', { name: /Marcar listo/ })).toBeNull();
    const aceptado = tarjeta(2) as HTMLElement;
    expect(within(aceptado).getByText('Aceptado')).toBeTruthy();
    expect(within(aceptado).getByRole('button', { name: 'Marcar listo, pedido #2' })).toBeTruthy();
    expect(within(aceptado).queryByRole('button', { name: /Completar/ })).toBeNull();
    const nuevo = tarjeta(1) as HTMLElement;
    expect(within(nuevo).queryByRole('button', { name: /Marcar listo|Completar/ })).toBeNull();
  });

  it('"Marcar listo" sends listo and puts the answered order in the shared list', async () => {
    const llamadas = servidor((url, pedidoId) =>
      url === '/api/pedido/listo'
        ? json(makePedido({ id: pedidoId, status: 'LISTO', listoEn: min(0) }))
        : json([]),
    );
    setQueryData(pedidosTiendaKey, pedidos);
    const user = userEvent.setup();
    render(<Tablero pedidos={pedidos} />);
    await user.click(screen.getByRole('button', { name: 'Marcar listo, pedido #2' }));
    expect(llamadas[0]).toEqual({ url: '/api/pedido/listo', body: { pedidoId: 2 } });
    await vi.waitFor(() =>
      expect(getQueryData<PedidoTienda[]>(pedidosTiendaKey)?.find((p) => p.id === 2)?.status).toBe(
        'LISTO',
      ),
    );
  });

  it('"Completar" on a ready order completes it; a refusal stays on the card', async () => {
    const llamadas = servidor(() =>
      json({ code: 'ESTADO_INVALIDO', message: 'El pedido ya no está en estado NUEVO' }, 409),
    );
    const user = userEvent.setup();
    render(<Tablero pedidos={pedidos} />);
    const listo = tarjeta(3) as HTMLElement;
    await user.click(within(listo).getByRole('button', { name: 'Completar, pedido #3' }));
    expect(llamadas[0]).toEqual({
      url: '/api/pedido/completarpedidobypedidoid',
      body: { pedidoId: 3 },
    });
    expect((await within(listo).findByRole('alert')).textContent).toBe(
      'El pedido ya no está en estado NUEVO',
    );
  });

  it('lists ready orders for later under Programados, by their time', () => {
    render(
      <Tablero
        inicial={{ ...FILTROS_INICIALES, tab: 'PROGRAMADOS' }}
        pedidos={[
          makePedido({ id: 5, status: 'ACEPTADO', programadoPara: min(90) }),
          makePedido({ id: 6, status: 'LISTO', programadoPara: min(30), listoEn: min(-1) }),
          makePedido({ id: 7, status: 'COMPLETADO', programadoPara: min(10) }),
        ]}
      />,
    );
    expect(screen.getByRole('tab', { name: 'Programados (2)' })).toBeTruthy();
    const hrefs = screen
      .getAllByRole('article')
      .map((a) => within(a).getByRole('link').getAttribute('href'));
    expect(hrefs).toEqual(['/pedidosdetalle?id=6', '/pedidosdetalle?id=5']);
  });
});

describe('the order detail with ready orders and who acted', () => {
  function detalle(pedido: PedidoTienda, onAccion = vi.fn(async (_a: AccionPedido) => undefined)) {
    renderDetalle(pedido, onAccion, NOW);
    return { onAccion, user: userEvent.setup() };
  }

  it('says who accepted, readied, completed or cancelled it, with their role', () => {
    detalle(
      makePedido({
        id: 9,
        status: 'COMPLETADO',
        aceptadoPor: { nombreCompleto: 'Ana López', rol: 'ENCARGADO' },
        listoPor: { nombreCompleto: 'Juan', rol: 'COCINA' },
        completadoPor: { nombreCompleto: 'Rosa', rol: 'DUENO' },
      }),
    );
    const lista = screen.getByRole('list', { name: 'Quién lo atendió' });
    expect(
      within(lista)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Aceptado por Ana López (Encargado)',
      'Listo: Juan (Cocina)',
      'Completado por Rosa (Dueño)',
    ]);
  });

  it('says who cancelled it, and nothing for an order without anyone recorded', () => {
    const { unmount } = renderDetalle(
      makePedido({
        id: 9,
        status: 'CANCELADO',
        canceladoPor: { nombreCompleto: 'Carla', rol: 'CAJERO' },
      }),
      async () => undefined,
      NOW,
    );
    expect(screen.getByText('Cancelado por Carla (Cajero)')).toBeTruthy();
    unmount();
    detalle(makePedido({ id: 10, status: 'NUEVO' }));
    expect(screen.queryByRole('list', { name: 'Quién lo atendió' })).toBeNull();
  });

  it('an accepted order is marked ready in one tap, then offers to complete it', async () => {
    const { onAccion, user } = detalle(makePedido({ id: 9, status: 'ACEPTADO' }));
    expect(screen.queryByRole('button', { name: 'Aceptar' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Marcar listo' }));
    expect(onAccion).toHaveBeenCalledWith({ tipo: 'listo' });
    expect(screen.getByRole('status').textContent).toBe('Pedido listo');
    expect(screen.queryByRole('button', { name: 'Marcar listo' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Completar Pedido' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Cancelar Pedido' })).toBeTruthy();
  });

  it('a ready order shows since when, and may be completed or cancelled', async () => {
    const { onAccion, user } = detalle(
      makePedido({ id: 9, status: 'LISTO', listoEn: '2025-03-12T15:52:00Z' }),
    );
    expect(screen.getByText('Listo', { selector: 'span' })).toBeTruthy();
    expect(screen.getByText('Listo desde las 09:52')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Marcar listo' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Completar Pedido' }));
    const dialogo = screen.getByRole('dialog', { name: 'Desea completar este pedido?' });
    await user.click(within(dialogo).getByRole('button', { name: 'Completar' }));
    expect(onAccion).toHaveBeenCalledWith({ tipo: 'completar' });
  });
});
