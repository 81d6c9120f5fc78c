import { imprimirAlAceptar } from '../../impresora/imprimir-al-aceptar';
import { postPedido } from './guardar-pedido';
import type { PedidoTienda } from './get-pedidos-tienda';

/**
 * What the owner can do with an order from its detail. Each call answers the order (thrown as
 * ApiError with the server's text when refused, e.g. 409 ESTADO_INVALIDO).
 */
export type AccionPedido =
  /** Without `minutos`, a scheduled order is ready at its `programadoPara`. */
  | { tipo: 'aceptar'; minutos?: number }
  | { tipo: 'completar' }
  | { tipo: 'cancelar'; motivo: string | null }
  | { tipo: 'marcarPagado' };

/** Completes a NUEVO or ACEPTADO order. */
export function completarPedido(pedidoId: number): Promise<PedidoTienda> {
  return postPedido('/api/pedido/completarpedidobypedidoid', { pedidoId });
}

/** Cancels a NUEVO or ACEPTADO order; the reason (optional, ≤ 140) is shown to the shopper. */
export function cancelarPedido(pedidoId: number, motivo: string | null): Promise<PedidoTienda> {
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
      ).then(imprimirAlAceptar);
    case 'completar':
      return completarPedido(pedidoId);
    case 'cancelar':
      return cancelarPedido(pedidoId, accion.motivo);
    case 'marcarPagado':
      return postPedido('/api/pedido/marcarpagado', { pedidoId });
  }
}
