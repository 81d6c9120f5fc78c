import type { ProductoBody } from './add-producto';
import { callOwnerMutation } from './owner-call';

export interface UpdateProductoBody extends ProductoBody {
  id: number;
  activarODesactivar: boolean;
}

/** POST /api/tienda/updateproducto; the answered shop replaces the cached one. */
export function updateProducto(body: UpdateProductoBody) {
  return callOwnerMutation('/api/tienda/updateproducto', body);
}
