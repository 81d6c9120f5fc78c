import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { miTiendaKey } from '../../features/mi-tienda/api/get-mi-tienda';
import { tiendaDePrueba } from '#test/mi-tienda/fixtures';
import {
  pedidosTiendaKey,
  type PedidoTienda,
} from '../../features/pedidos-tienda/api/get-pedidos-tienda';
import { forgetVistos } from '../../features/pedidos-tienda/api/mark-visto';
import { makePedido } from '#test/pedidos-tienda/fixtures';
import { clearQueryCache, getQueryData, setQueryData } from '../../lib/query';
import PedidosDetalleScreen from './pedidos-detalle';

afterEach(() => {
  clearQueryCache();
  forgetVistos();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** The server: answers each order call with `answer(path, body)`; calls are kept. */
function server(answer: (path: string, body: { pedidoId: number }) => PedidoTienda) {
  const calls: { path: string; body: Record<string, unknown> }[] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    const body = JSON.parse(String(init.body ?? '{}')) as { pedidoId: number };
    calls.push({ path: url, body });
    // The board's reload after a change: the list with that order as the server has it now.
    const listar = url === '/api/pedido/listarpedidosbytiendaid';
    const answered = listar ? [answer(url, { pedidoId: 9 })] : answer(url, body);
    return new Response(JSON.stringify(answered), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  });
  return calls;
}

function renderDetalle(pedidos: PedidoTienda[], id: number) {
  setQueryData(miTiendaKey, tiendaDePrueba());
  setQueryData(pedidosTiendaKey, pedidos);
  const user = userEvent.setup();
  render(
    <MemoryRouter initialEntries={[`/pedidosdetalle?id=${id}`]}>
      <Routes>
        <Route path="/pedidosdetalle" element={<PedidosDetalleScreen />} />
        <Route path="/pedidos" element={<p>Tablero</p>} />
      </Routes>
    </MemoryRouter>,
  );
  return { user };
}

describe('/pedidosdetalle', () => {
  it('opens at the top of the page and tells the server the order was seen, once', async () => {
    const scroll = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    const calls = server((_p, body) =>
      makePedido({ id: body.pedidoId, vistoEn: '2025-03-12T16:00:00Z' }),
    );
    renderDetalle([makePedido({ id: 9 })], 9);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Pedido #9');
    expect(scroll).toHaveBeenCalledWith({ top: 0, left: 0 });
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toEqual({ path: '/api/pedido/visto', body: { pedidoId: 9 } });
    // The answer (now seen) replaced the listed order; nothing more is sent.
    await vi.waitFor(() =>
      expect(getQueryData<PedidoTienda[]>(pedidosTiendaKey)?.[0]?.vistoEn).not.toBeNull(),
    );
    expect(calls).toHaveLength(1);
  });

  it('does not send "seen" again for an order already seen', () => {
    vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    const calls = server((_p, body) => makePedido({ id: body.pedidoId }));
    renderDetalle([makePedido({ id: 9, vistoEn: '2025-03-12T16:00:00Z' })], 9);
    expect(calls).toEqual([]);
  });

  it('accepts with the minutes chosen and stays on the order, now accepted', async () => {
    vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    let aceptado = false;
    const calls = server((path, body) => {
      if (path === '/api/pedido/aceptarpedido') aceptado = true;
      return aceptado
        ? makePedido({
            id: body.pedidoId,
            status: 'ACEPTADO',
            vistoEn: '2025-03-12T16:00:00Z',
            listoEstimado: '2025-03-12T16:45:00Z',
          })
        : makePedido({ id: body.pedidoId, vistoEn: '2025-03-12T16:00:00Z' });
    });
    const { user } = renderDetalle([makePedido({ id: 9, vistoEn: '2025-03-12T16:00:00Z' })], 9);
    await user.click(screen.getByRole('button', { name: 'Aceptar' }));
    const dialog = screen.getByRole('dialog', { name: 'Aceptar pedido' });
    await user.click(within(dialog).getByRole('radio', { name: '45 min' }));
    await user.click(within(dialog).getByRole('button', { name: 'Aceptar' }));
    expect(calls.filter((c) => c.path === '/api/pedido/aceptarpedido')).toEqual([
      { path: '/api/pedido/aceptarpedido', body: { pedidoId: 9, minutos: 45 } },
    ]);
    const region = screen.getByRole('heading', { level: 1 }).parentElement?.parentElement;
    await vi.waitFor(() =>
      expect(
        within(region as HTMLElement).getAllByText('Listo aprox. a las 10:45').length,
      ).toBeGreaterThan(0),
    );
    expect(screen.getAllByText('Aceptado').length).toBeGreaterThan(0);
    expect(screen.queryByText('Tablero')).toBeNull();
  });
});
