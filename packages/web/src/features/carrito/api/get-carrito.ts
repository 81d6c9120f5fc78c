import type { CarritoGrupo, CarritoItem } from '@tianguis/domain';
import { api } from '../../../lib/api';
import { useQuery } from '../../../lib/query';

// The wire shapes are the domain's (pedido.schema.ts): one basket per shop, lines with their
// options, note, unit price with options (`precio`) and `disponible`.
export type { CarritoGrupo, CarritoItem };

export const carritoKey = ['carrito'] as const;

export function getCarrito(): Promise<CarritoGrupo[]> {
  return api<CarritoGrupo[]>('/api/shoppingcartmarket/listarcarrito', { body: {} });
}

/**
 * The shopper's cart; only fetched for a signed-in USUARIO. Checkout passes staleMs 0 so that
 * entering it always shows what can still be ordered.
 */
export function useCarrito(enabled: boolean, staleMs = 10_000) {
  return useQuery(carritoKey, getCarrito, { enabled, staleMs });
}

/** Pieces in the whole cart, for the top bar's badge. */
export function countPiezas(grupos: readonly CarritoGrupo[] | undefined): number {
  let total = 0;
  for (const g of grupos ?? [])
    for (const item of g.listOfShoppingCartMarketStore) total += item.cantidad;
  return total;
}
