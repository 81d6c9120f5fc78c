import { printOnAccept } from '../../impresora';
import { postPedido } from './post-pedido';
import type { PedidoTienda } from './get-pedidos-tienda';

/**
 * What the shop can do with an order from its card, its detail or the kitchen. Each call
 * answers the order (thrown as ApiError with the server's text when refused, e.g. 409
 * ESTADO_INVALIDO).
 */
export type AccionPedido =
  /** Without `minutos`, a scheduled order is ready at its `programadoPara`. */
  | { tipo: 'aceptar'; minutos?: number }
  /** ACEPTADO → LISTO (docs/api.md, "Staff and the kitchen"). */
  | { tipo: 'listo' }
  | { tipo: 'completar' }
  | { tipo: 'cancelar'; motivo: string | null }
  | { tipo: 'marcarPagado' };

/** Marks an ACEPTADO order ready (LISTO); any other state is 409 ESTADO_INVALIDO. */
export function markListo(pedidoId: number): Promise<PedidoTienda> {
  return postPedido('/api/pedido/listo', { pedidoId });
}

/** Completes a NUEVO, ACEPTADO or LISTO order. */
export function completePedido(pedidoId: number): Promise<PedidoTienda> {
  return postPedido('/api/pedido/completarpedidobypedidoid', { pedidoId });
}

/** Cancels a NUEVO, ACEPTADO or LISTO order; the reason (optional, ≤ 140) is shown to the shopper. */
export function cancelPedido(pedidoId: number, motivo: string | null): Promise<PedidoTienda> {
  return postPedido(
    '/api/pedido/cancelarpedidobypedidoid',
    motivo ? { pedidoId, motivo } : { pedidoId },
  );
}

/** The call behind each action. */
export function runAccionPedido(pedidoId: number, accion: AccionPedido): Promise<PedidoTienda> {
  switch (accion.tipo) {
    case 'aceptar':
      return postPedido(
        '/api/pedido/aceptarpedido',
        accion.minutos === undefined ? { pedidoId } : { pedidoId, minutos: accion.minutos },
      ).then(printOnAccept);
    case 'listo':
      return markListo(pedidoId);
    case 'completar':
      return completePedido(pedidoId);
    case 'cancelar':
      return cancelPedido(pedidoId, accion.motivo);
    case 'marcarPagado':
      return postPedido('/api/pedido/marcarpagado', { pedidoId });
  }
}
