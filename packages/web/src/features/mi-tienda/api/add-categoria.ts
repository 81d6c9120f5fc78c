import { callOwnerMutation } from './owner-call';

export interface AddCategoriaBody {
  title: string;
  imageUrl: string;
  tiendaId: number;
}

/** POST /api/tienda/addcategoria; the answered shop replaces the cached one. */
export function addCategoria(body: AddCategoriaBody) {
  return callOwnerMutation('/api/tienda/addcategoria', body);
}
