import { api } from '../../../lib/api';
import { setQueryData } from '../../../lib/query';
import { carritoKey, type CarritoGrupo } from './get-carrito';

/** Empties one shop's basket ('Vaciar Canasta'); the updated cart goes in the cache. */
export async function removeCart(tiendaId: number): Promise<CarritoGrupo[]> {
  const carrito = await api<CarritoGrupo[]>('/api/shoppingcartmarket/removecart', {
    body: { tiendaId },
  });
  setQueryData(carritoKey, carrito);
  return carrito;
}
