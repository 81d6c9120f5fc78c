import type { MiTienda } from './get-mi-tienda';
import { callOwnerMutation } from './owner-call';

/**
 * POST /api/tienda/agotarproducto {productoId, agotado}: sold out until the end of today in the
 * shop's time zone (it comes back by itself tomorrow), or back on sale. Answers the shop list.
 */
export function setProductoAgotado(
  productoId: number,
  agotado: boolean,
): Promise<MiTienda | undefined> {
  return callOwnerMutation('/api/tienda/agotarproducto', { productoId, agotado });
}
