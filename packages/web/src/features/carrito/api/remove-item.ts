import { api } from '../../../lib/api';
import { setQueryData } from '../../../lib/query';
import { carritoKey, type CarritoGrupo } from './get-carrito';

/** Takes one unit off a line (the line goes at zero); the updated cart goes in the cache. */
export async function removeItem(shoppingCartId: number): Promise<CarritoGrupo[]> {
  const carrito = await api<CarritoGrupo[]>('/api/shoppingcartmarket/removeItem', {
    body: { shoppingCartId },
  });
  setQueryData(carritoKey, carrito);
  return carrito;
}
