import { api } from '../../../lib/api';
import { setQueryData } from '../../../lib/query';
import { carritoKey, type CarritoGrupo } from './get-carrito';

/** Adds one unit of a product; the answer is the whole updated cart, put straight in the cache. */
export async function addItem(productoId: number): Promise<CarritoGrupo[]> {
  const carrito = await api<CarritoGrupo[]>('/api/shoppingcartmarket/addItem', {
    body: { productoId },
  });
  setQueryData(carritoKey, carrito);
  return carrito;
}
