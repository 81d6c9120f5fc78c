import { callOwnerMutation } from './owner-call';

/** POST /api/tienda/deleteproducto/{id}: soft delete, the product disappears from every list. */
export function deleteProducto(id: number) {
  return callOwnerMutation(`/api/tienda/deleteproducto/${id}`);
}
