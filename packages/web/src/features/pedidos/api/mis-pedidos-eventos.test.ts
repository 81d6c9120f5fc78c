import { afterEach, describe, expect, it } from 'vitest';
import { clearQueryCache, getQueryData, setQueryData } from '../../../lib/query';
import { formatFechaPedido } from '../mis-pedidos-fecha';
import { applyPedidoEvento } from './mis-pedidos-eventos';
import type { PedidoVista } from '@tianguis/domain';
import { pedidoVista } from '#test/pedidos/fixtures';
import { misPedidosKey } from './mis-pedidos';

afterEach(() => clearQueryCache());

const pedido = (id: number, status: string): PedidoVista =>
  pedidoVista({ id, status, nombreTienda: 'Panadería Sol' });

/** The data line of an event as pedido-stream.routes.ts writes it. */
const evento = (tipo: string, p: PedidoVista) => JSON.stringify({ tipo, pedido: p });

describe('applyPedidoEvento', () => {
  it("replaces an order whose status changed and adds one it didn't have", () => {
    setQueryData(misPedidosKey, [pedido(1, 'NUEVO'), pedido(2, 'NUEVO')]);
    applyPedidoEvento(evento('COMPLETADO', pedido(2, 'COMPLETADO')));
    applyPedidoEvento(evento('NUEVO', pedido(3, 'NUEVO')));
    const lista = getQueryData<PedidoVista[]>(misPedidosKey);
    expect(lista?.map((p) => [p.id, p.status])).toEqual([
      [1, 'NUEVO'],
      [2, 'COMPLETADO'],
      [3, 'NUEVO'],
    ]);
  });

  it('leaves the list alone when the event is unreadable (the list reloads instead)', () => {
    const antes = [pedido(1, 'NUEVO')];
    setQueryData(misPedidosKey, antes);
    applyPedidoEvento('no es json');
    applyPedidoEvento(JSON.stringify({ tipo: 'NUEVO', pedido: null }));
    expect(getQueryData(misPedidosKey)).toBe(antes);
  });
});

describe('formatFechaPedido', () => {
  it('writes the date the Mexican way in the given time zone (5 de marzo de 2025, 10:30)', () => {
    const texto = formatFechaPedido('2025-03-05T10:30:00-06:00', 'America/Mexico_City');
    expect(texto).toMatch(/^5 de marzo de 2025\b.*10:30/);
  });

  it('shows an unreadable date as it came', () => {
    expect(formatFechaPedido('ayer')).toBe('ayer');
  });
});
