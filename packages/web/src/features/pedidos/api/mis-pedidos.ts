import { api } from '../../../lib/api';
import { useQuery } from '../../../lib/query';

export interface PedidoDetalle {
  nombreProducto: string;
  imagenProducto: string;
  cantidad: number;
  /** Unit price in pesos. */
  precio: number;
}

/** An order as the API answers it (API.md, the spec's shape). */
export interface PedidoView {
  id: number;
  tiendaId: number;
  usuarioId?: number;
  status: string;
  /** ISO-8601 with offset. */
  fecha: string;
  cantidadDeArticulos: number;
  /** Pesos: lines plus shipping. */
  montoTotal: number;
  costoDeEnvio: number;
  nombreTienda: string;
  usuarioTienda: string;
  tiendaImageUrl: string;
  celularTienda: string;
  nombreCompleto: string;
  celular: string;
  direccionEntrega: string;
  pedidoDetalles: PedidoDetalle[];
}

/** Also refreshed by checkout after an order (features/carrito/api/process-cart.ts). */
export const misPedidosKey = ['mis-pedidos'] as const;

export function getMisPedidos(): Promise<PedidoView[]> {
  // The token goes in the Authorization header; the body may stay empty.
  return api<PedidoView[]>('/api/pedido/listarpedidosbyid', { body: {} });
}

/** The shopper's orders, fetched again every time a screen showing them is entered. */
export function useMisPedidos(options: { refetchInterval?: number } = {}) {
  return useQuery(misPedidosKey, getMisPedidos, { refetchInterval: options.refetchInterval });
}

/** The list with one order replaced (same id) or added. */
export function upsertPedido(lista: readonly PedidoView[], pedido: PedidoView): PedidoView[] {
  const i = lista.findIndex((p) => p.id === pedido.id);
  if (i === -1) return [...lista, pedido];
  const copia = [...lista];
  copia[i] = pedido;
  return copia;
}

/** Whether a value (navigation state, an event) looks like an order this client can show. */
export function isPedidoView(value: unknown): value is PedidoView {
  const p = value as Partial<PedidoView> | null;
  return (
    typeof p === 'object' &&
    p !== null &&
    typeof p.id === 'number' &&
    typeof p.status === 'string' &&
    typeof p.fecha === 'string' &&
    Array.isArray(p.pedidoDetalles)
  );
}
