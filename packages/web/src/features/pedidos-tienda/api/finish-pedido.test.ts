import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearQueryCache, getQueryData, setQueryData } from '../../../lib/query';
import { makePedido } from '#test/pedidos-tienda/fixtures';
import { runAccionPedido } from './finish-pedido';
import { pedidosTiendaKey, type PedidoTienda } from './get-pedidos-tienda';
import { markVisto, forgetVistos } from './mark-visto';

/** The server: answers `answer` to every call and keeps what was asked. */
function server(answer: PedidoTienda) {
  const requests: { url: string; body: unknown }[] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    requests.push({ url, body: JSON.parse(String(init.body)) });
    return new Response(JSON.stringify(answer), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  });
  return requests;
}

afterEach(() => {
  vi.unstubAllGlobals();
  clearQueryCache();
  forgetVistos();
});

describe('the owner’s order calls', () => {
  it('accepts with {pedidoId, minutos} and puts the answered order in the list', async () => {
    setQueryData(pedidosTiendaKey, [makePedido({ id: 9 }), makePedido({ id: 8 })]);
    const aceptado = makePedido({ id: 9, status: 'ACEPTADO' });
    const requests = server(aceptado);
    await expect(runAccionPedido(9, { tipo: 'aceptar', minutos: 20 })).resolves.toEqual(aceptado);
    expect(requests[0]).toEqual({
      url: '/api/pedido/aceptarpedido',
      body: { pedidoId: 9, minutos: 20 },
    });
    const list = getQueryData<PedidoTienda[]>(pedidosTiendaKey);
    expect(list?.find((p) => p.id === 9)?.status).toBe('ACEPTADO');
  });

  it('cancels with the reason, or without one', async () => {
    const requests = server(makePedido({ id: 9, status: 'CANCELADO' }));
    await runAccionPedido(9, { tipo: 'cancelar', motivo: 'Sin gas' });
    await runAccionPedido(9, { tipo: 'cancelar', motivo: null });
    expect(requests).toEqual([
      { url: '/api/pedido/cancelarpedidobypedidoid', body: { pedidoId: 9, motivo: 'Sin gas' } },
      { url: '/api/pedido/cancelarpedidobypedidoid', body: { pedidoId: 9 } },
    ]);
  });

  it('completes and marks paid with {pedidoId}', async () => {
    const requests = server(makePedido({ id: 9 }));
    await runAccionPedido(9, { tipo: 'completar' });
    await runAccionPedido(9, { tipo: 'marcarPagado' });
    expect(requests).toEqual([
      { url: '/api/pedido/completarpedidobypedidoid', body: { pedidoId: 9 } },
      { url: '/api/pedido/marcarpagado', body: { pedidoId: 9 } },
    ]);
  });

  it('tells the server an order was seen once per visit', async () => {
    const requests = server(makePedido({ id: 9, vistoEn: '2025-03-12T16:00:00Z' }));
    markVisto(9);
    markVisto(9);
    await vi.waitFor(() => expect(requests).toHaveLength(1));
    expect(requests[0]).toEqual({ url: '/api/pedido/visto', body: { pedidoId: 9 } });
  });
});
