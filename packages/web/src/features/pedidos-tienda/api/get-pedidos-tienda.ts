import { api } from '../../../lib/api';
import { useQuery } from '../../../lib/query';

/** One order as `listarpedidosbytiendaid` answers it (spec section 3; amounts in pesos). */
export interface PedidoTienda {
  id: number;
  tiendaId: number;
  usuarioId: number;
  status: string;
  fecha: string;
  cantidadDeArticulos: number;
  montoTotal: number;
  costoDeEnvio: number;
  nombreTienda: string;
  usuarioTienda: string;
  tiendaImageUrl: string;
  nombreCompleto: string;
  celular: string;
  direccionEntrega: string;
  pedidoDetalles: {
    nombreProducto: string;
    imagenProducto: string;
    cantidad: number;
    precio: number;
  }[];
}

export const pedidosTiendaKey = ['pedidos-tienda'] as const;

/**
 * The shop's orders, newest first (the server's default limit, 500). The answer carries an ETag
 * with `no-cache`, so the browser's own cache revalidates and an unchanged list costs a 304.
 */
export function listPedidosTienda(signal?: AbortSignal): Promise<PedidoTienda[]> {
  return api<PedidoTienda[]>('/api/pedido/listarpedidosbytiendaid', { body: {}, signal });
}

export function usePedidosTienda(
  fetcher: () => Promise<PedidoTienda[]> = listPedidosTienda,
  options: { enabled?: boolean; refetchInterval?: number; staleMs?: number } = {},
) {
  return useQuery(pedidosTiendaKey, fetcher, options);
}
