import { api } from '../../../lib/api';
import { invalidateQueries, setQueryData } from '../../../lib/query';
import { carritoKey, type CarritoGrupo } from './get-carrito';

/** The shopper's order list key prefix (features/pedidos), refreshed after an order. */
const misPedidosPrefix = ['mis-pedidos'] as const;

export interface PedidoProcesado {
  carrito: CarritoGrupo[];
  /** From the X-Pedido-Id header; undefined if a proxy dropped it. */
  pedidoId: number | undefined;
}

/**
 * A key for one checkout attempt. Sending the same key again (a retry after a lost answer)
 * gets the same order back instead of a second one. crypto.randomUUID exists only on secure
 * pages (https or localhost); a shop reached over a plain-http LAN address still gets a key.
 */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** Turns one shop's basket into an order; the answer is the cart without that basket. */
export async function processCart(
  tiendaId: number,
  idempotencyKey: string,
): Promise<PedidoProcesado> {
  let header: string | null = null;
  const carrito = await api<CarritoGrupo[]>('/api/shoppingcartmarket/proccesscart', {
    body: { tiendaId },
    headers: { 'Idempotency-Key': idempotencyKey },
    onResponse: (response) => (header = response.headers.get('x-pedido-id')),
  });
  setQueryData(carritoKey, carrito);
  void invalidateQueries(misPedidosPrefix);
  const pedidoId = Number(header);
  return {
    carrito,
    pedidoId: Number.isSafeInteger(pedidoId) && pedidoId > 0 ? pedidoId : undefined,
  };
}
