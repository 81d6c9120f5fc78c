import { callOwnerMutation } from './owner-call';

export interface UpdateCategoriaBody {
  id: number;
  title: string;
  imageUrl: string;
}

/** POST /api/tienda/updatecategoria; the token goes in the header. */
export function updateCategoria(body: UpdateCategoriaBody) {
  return callOwnerMutation('/api/tienda/updatecategoria', body);
}
