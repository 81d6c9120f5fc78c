import type { GrupoInputBody } from '@tianguis/domain';
import { callOwnerMutation } from './owner-call';

export interface UpdateProductoBody {
  id: number;
  name: string;
  descripcion: string;
  detalle: string;
  /** Pesos, at most two decimals (docs/api.md). */
  price: number;
  categoriaId: number;
  imageUrl: string;
  /** The whole list of option groups; left out keeps the stored ones (docs/api.md). */
  grupos?: GrupoInputBody[];
  activarODesactivar: boolean;
}

/** POST /api/tienda/updateproducto; the answered shop replaces the cached one. */
export function updateProducto(body: UpdateProductoBody) {
  return callOwnerMutation('/api/tienda/updateproducto', body);
}
