import { api } from '../../../lib/api';
import { setQueryData } from '../../../lib/query';
import { carritoKey, type CarritoGrupo } from './get-carrito';

/** Drops a product's whole line; the updated cart goes in the cache. */
export async function clearItem(productoId: number): Promise<CarritoGrupo[]> {
  const carrito = await api<CarritoGrupo[]>('/api/shoppingcartmarket/clearItem', {
    body: { productoId },
  });
  setQueryData(carritoKey, carrito);
  return carrito;
}
