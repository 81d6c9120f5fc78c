import { callOwnerMutation } from './owner-call';

/** POST /api/tienda/deletecategoria/{id}: soft delete, its products go with it. */
export function deleteCategoria(id: number) {
  return callOwnerMutation(`/api/tienda/deletecategoria/${id}`);
}
