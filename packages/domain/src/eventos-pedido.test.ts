import { describe, expect, it } from 'vitest';
import { PEDIDO_STATUSES } from './pedidos.js';
import { esTipoEventoPedido, TIPOS_EVENTO_PEDIDO } from './eventos-pedido.js';

describe('TIPOS_EVENTO_PEDIDO', () => {
  it('holds every order status (a status change is an event of that status) and each type once', () => {
    for (const status of PEDIDO_STATUSES) expect(TIPOS_EVENTO_PEDIDO).toContain(status);
    expect(new Set(TIPOS_EVENTO_PEDIDO).size).toBe(TIPOS_EVENTO_PEDIDO.length);
  });

  it('tells a known event type from anything else', () => {
    expect(esTipoEventoPedido('NUEVO')).toBe(true);
    expect(esTipoEventoPedido('ESCALADO')).toBe(true);
    expect(esTipoEventoPedido('nuevo')).toBe(false);
    expect(esTipoEventoPedido('OTRO')).toBe(false);
    expect(esTipoEventoPedido(null)).toBe(false);
  });
});
