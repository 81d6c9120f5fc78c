import type { PedidoVista } from '@tianguis/domain';
import { getToken } from '../../../lib/session-store';
import { api } from '../../../lib/api';
import { revalidatingPost } from '../../../lib/revalidating-post';
import { useQuery } from '../../../lib/query';

/**
 * One order as `listarpedidosbytiendaid` and every order call answer it (docs/api.md,
 * "Order life"; amounts in pesos): the domain's wire shape, written once.
 */
export type PedidoTienda = PedidoVista;

export const pedidosTiendaKey = ['pedidos-tienda'] as const;

/**
 * What one read of `listarpedidosbytiendaid` answers at most: the server's default `limite`
 * (docs/api.md, "Order life"). The live list is the newest page; older pages are read with
 * `antes` (pedidos-anteriores.ts).
 */
export const PEDIDOS_POR_PAGINA = 500;

/**
 * The shop's orders, newest first (the server's default limit, PEDIDOS_POR_PAGINA). An unchanged list (most
 * polls, and the reload when the live stream reopens) costs a 304 instead of about 300 KB.
 */
export const listPedidosTienda: (signal?: AbortSignal) => Promise<PedidoTienda[]> =
  revalidatingPost(api, '/api/pedido/listarpedidosbytiendaid', getToken);

export function usePedidosTienda(
  fetcher: () => Promise<PedidoTienda[]> = listPedidosTienda,
  options: { enabled?: boolean; refetchInterval?: number; staleMs?: number } = {},
) {
  return useQuery(pedidosTiendaKey, fetcher, options);
}

/** A page of the shop's orders older than `antes` (an order id), newest first. */
export function listPedidosAnteriores(
  antes: number,
  limite = PEDIDOS_POR_PAGINA,
): Promise<PedidoTienda[]> {
  return api<PedidoTienda[]>('/api/pedido/listarpedidosbytiendaid', { body: { antes, limite } });
}
