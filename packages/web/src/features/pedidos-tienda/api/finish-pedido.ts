import { mergePedido } from '@tianguis/domain';
import { api } from '../../../lib/api';
import { getQueryData, invalidateQueries, setQueryData } from '../../../lib/query';
import { pedidosTiendaKey, type PedidoTienda } from './get-pedidos-tienda';

export type AccionPedido = 'completar' | 'cancelar';

const PATHS: Record<AccionPedido, string> = {
  completar: '/api/pedido/completarpedidobypedidoid',
  cancelar: '/api/pedido/cancelarpedidobypedidoid',
};

/**
 * Completes or cancels a NUEVO order (409 ESTADO_INVALIDO otherwise, thrown as ApiError with
 * the server's text). The answered order replaces the listed one, and the list reloads.
 */
export async function finishPedido(accion: AccionPedido, pedidoId: number): Promise<PedidoTienda> {
  try {
    const pedido = await api<PedidoTienda>(PATHS[accion], { body: { pedidoId } });
    const list = getQueryData<PedidoTienda[]>(pedidosTiendaKey);
    if (list) setQueryData(pedidosTiendaKey, mergePedido(list, pedido));
    return pedido;
  } finally {
    void invalidateQueries(pedidosTiendaKey);
  }
}
