import { mergePedido } from '@tianguis/domain';
import { api } from '../../../lib/api';
import { getQueryData, invalidateQueries, setQueryData } from '../../../lib/query';
import { pedidosTiendaKey, type PedidoTienda } from './get-pedidos-tienda';
import { updatePedidoAnterior } from './pedidos-anteriores';

/**
 * Posts one order call (each answers the order, docs/api.md, "Order life") and puts the answered order in the
 * cached list at once, so the board and the detail show it without waiting for the reload.
 */
export async function postPedido(
  path: string,
  body: unknown,
  options: { reload?: boolean } = {},
): Promise<PedidoTienda> {
  try {
    const pedido = await api<PedidoTienda>(path, { body });
    const list = getQueryData<PedidoTienda[]>(pedidosTiendaKey);
    if (list) setQueryData(pedidosTiendaKey, mergePedido(list, pedido));
    updatePedidoAnterior(pedido);
    return pedido;
  } finally {
    // A refusal (409: another device changed it first) is best answered by the list as it is.
    if (options.reload !== false) void invalidateQueries(pedidosTiendaKey);
  }
}
