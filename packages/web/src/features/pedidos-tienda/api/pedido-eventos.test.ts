import { describe, expect, it } from 'vitest';
import { parseEventoPedido, pedidoEventosUrl } from './pedido-eventos';

describe('the live stream of orders', () => {
  it('puts the token in the query, and a numeric last event id when it has one', () => {
    expect(pedidoEventosUrl('a.b+c')).toBe('/api/pedido/eventos?token=a.b%2Bc');
    expect(pedidoEventosUrl('t', '41')).toBe('/api/pedido/eventos?token=t&lastEventId=41');
    expect(pedidoEventosUrl('t', 'x')).toBe('/api/pedido/eventos?token=t');
  });

  it('reads an event, and refuses what it can’t read', () => {
    expect(parseEventoPedido('{"tipo":"NUEVO","pedido":{"id":5,"status":"NUEVO"}}')).toEqual({
      tipo: 'NUEVO',
      pedido: { id: 5, status: 'NUEVO' },
    });
    expect(parseEventoPedido('{"tipo":"COMPLETADO"}')).toEqual({
      tipo: 'COMPLETADO',
      pedido: undefined,
    });
    expect(parseEventoPedido('no json')).toBeUndefined();
    expect(parseEventoPedido('{"pedido":{"id":1}}')).toBeUndefined();
  });
});
