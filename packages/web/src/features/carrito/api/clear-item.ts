import { api } from '../../../lib/api';
import { setQueryData } from '../../../lib/query';
import { carritoKey, type CarritoGrupo } from './get-carrito';

/**
 * Drops one line (`{shoppingCartId}`) or every line of a product (`{productoId}`); the updated
 * cart goes in the cache.
 */
export async function clearItem(
  linea: { shoppingCartId: number } | { productoId: number },
): Promise<CarritoGrupo[]> {
  const carrito = await api<CarritoGrupo[]>('/api/shoppingcartmarket/clearItem', { body: linea });
  setQueryData(carritoKey, carrito);
  return carrito;
}
