import { api } from '../../../lib/api';
import { setQueryData } from '../../../lib/query';
import { carritoKey, type CarritoGrupo } from './get-carrito';

/** Sets a line's quantity (1–99; 0 drops the line); the updated cart goes in the cache. */
export async function setCantidad(
  shoppingCartId: number,
  cantidad: number,
): Promise<CarritoGrupo[]> {
  const carrito = await api<CarritoGrupo[]>('/api/shoppingcartmarket/cantidad', {
    body: { shoppingCartId, cantidad },
  });
  setQueryData(carritoKey, carrito);
  return carrito;
}
