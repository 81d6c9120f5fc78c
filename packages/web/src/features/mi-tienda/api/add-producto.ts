import type { GrupoInputBody } from '@tianguis/domain';
import { callOwnerMutation } from './owner-call';

/** A product's fields as addproducto and updateproducto both take them. */
export interface ProductoBody {
  name: string;
  descripcion: string;
  detalle: string;
  /** Pesos, at most two decimals (docs/api.md). */
  price: number;
  categoriaId: number;
  imageUrl: string;
  /** The whole list of option groups; left out keeps the stored ones (docs/api.md). */
  grupos?: GrupoInputBody[];
}

export interface AddProductoBody extends ProductoBody {
  tiendaId: number;
}

/** POST /api/tienda/addproducto; the answered shop replaces the cached one. */
export function addProducto(body: AddProductoBody) {
  return callOwnerMutation('/api/tienda/addproducto', body);
}
