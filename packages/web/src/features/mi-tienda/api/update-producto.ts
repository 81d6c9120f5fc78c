import { callOwnerMutation } from './owner-call';

export interface UpdateProductoBody {
  id: number;
  name: string;
  descripcion: string;
  detalle: string;
  /** Pesos, at most two decimals (API.md). */
  price: number;
  categoriaId: number;
  imageUrl: string;
  activarODesactivar: boolean;
}

/** POST /api/tienda/updateproducto; the answered shop replaces the cached one. */
export function updateProducto(body: UpdateProductoBody) {
  return callOwnerMutation('/api/tienda/updateproducto', body);
}
