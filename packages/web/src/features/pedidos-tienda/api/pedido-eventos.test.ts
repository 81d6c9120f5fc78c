import { describe, expect, it } from 'vitest';
import { parseEventoPedido } from './pedido-eventos';

describe('the live stream of orders', () => {
  it('reads an event, and refuses what it can’t read', () => {
    expect(parseEventoPedido('{"tipo":"NUEVO","pedido":{"id":5,"status":"NUEVO"}}')).toEqual({
      tipo: 'NUEVO',
      pedido: { id: 5, status: 'NUEVO' },
    });
    expect(parseEventoPedido('{"tipo":"COMPLETADO"}')).toEqual({
      tipo: 'COMPLETADO',
      pedido: undefined,
    });
    expect(
      parseEventoPedido('{"tipo":"ESCALADO","pedido":{"id":7,"status":"NUEVO","escalado":true}}'),
    ).toEqual({ tipo: 'ESCALADO', pedido: { id: 7, status: 'NUEVO', escalado: true } });
    expect(parseEventoPedido('no json')).toBeUndefined();
    expect(parseEventoPedido('{"tipo":2,"pedido":{"id":1}}')).toBeUndefined();
    expect(parseEventoPedido('{"pedido":{"id":1}}')).toBeUndefined();
  });

  it('still carries the order of an event whose tipo this build does not know', () => {
    expect(
      parseEventoPedido('{"tipo":"REEMBOLSADO","pedido":{"id":9,"status":"COMPLETADO"}}'),
    ).toEqual({
      tipo: undefined,
      pedido: { id: 9, status: 'COMPLETADO' },
    });
  });
});
