import { esTipoEventoPedido, type TipoEventoPedido } from '@tianguis/domain';
import type { PedidoTienda } from './get-pedidos-tienda';

/**
 * One `pedido` event of the live stream: a new order ('NUEVO'), its new status, or 'ESCALADO'
 * (it waited too long as NUEVO), among TIPOS_EVENTO_PEDIDO. Every event carries the whole
 * order, so a tipo this screen doesn't know (a newer server's: `tipo` undefined) still updates
 * the order in place.
 */
export interface EventoPedido {
  tipo: TipoEventoPedido | undefined;
  pedido: PedidoTienda | undefined;
}

/** The event's data, or undefined when it can't be read. */
export function parseEventoPedido(data: unknown): EventoPedido | undefined {
  if (typeof data !== 'string') return undefined;
  try {
    const value = JSON.parse(data) as { tipo?: unknown; pedido?: unknown };
    if (typeof value.tipo !== 'string') return undefined;
    const pedido = value.pedido as PedidoTienda | undefined;
    const valid = pedido !== undefined && pedido !== null && typeof pedido.id === 'number';
    return {
      tipo: esTipoEventoPedido(value.tipo) ? value.tipo : undefined,
      pedido: valid ? pedido : undefined,
    };
  } catch {
    return undefined;
  }
}
