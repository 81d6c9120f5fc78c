import type { GrupoInputBody } from '@tianguis/domain';
import { callOwnerMutation } from './owner-call';

export interface AddProductoBody {
  name: string;
  descripcion: string;
  detalle: string;
  /** Pesos, at most two decimals (docs/api.md). */
  price: number;
  categoriaId: number;
  imageUrl: string;
  /** The whole list of option groups; left out keeps the stored ones (docs/api.md). */
  grupos?: GrupoInputBody[];
  tiendaId: number;
}

/** POST /api/tienda/addproducto; the answered shop replaces the cached one. */
export function addProducto(body: AddProductoBody) {
  return callOwnerMutation('/api/tienda/addproducto', body);
}
