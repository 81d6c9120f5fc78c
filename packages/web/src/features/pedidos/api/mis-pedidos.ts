import type { PedidoVista } from '@tianguis/domain';
import { api } from '../../../lib/api';
import { useQuery } from '../../../lib/query';

/** Also refreshed by checkout after an order (features/checkout/api/hacer-pedido.ts). */
export const misPedidosKey = ['mis-pedidos'] as const;

export function getMisPedidos(): Promise<PedidoVista[]> {
  // The token goes in the Authorization header; the body may stay empty.
  return api<PedidoVista[]>('/api/pedido/listarpedidosbyid', { body: {} });
}

/** The shopper's orders, fetched again every time a screen showing them is entered. */
export function useMisPedidos(options: { refetchInterval?: number } = {}) {
  return useQuery(misPedidosKey, getMisPedidos, { refetchInterval: options.refetchInterval });
}

/** The list with one order replaced (same id) or added. */
export function upsertPedido(lista: readonly PedidoVista[], pedido: PedidoVista): PedidoVista[] {
  const i = lista.findIndex((p) => p.id === pedido.id);
  if (i === -1) return [...lista, pedido];
  const copia = [...lista];
  copia[i] = pedido;
  return copia;
}

/** Whether a value (navigation state, an event) looks like an order this client can show. */
export function isPedidoVista(value: unknown): value is PedidoVista {
  const p = value as Partial<PedidoVista> | null;
  return (
    typeof p === 'object' &&
    p !== null &&
    typeof p.id === 'number' &&
    typeof p.status === 'string' &&
    typeof p.fecha === 'string' &&
    Array.isArray(p.pedidoDetalles)
  );
}
