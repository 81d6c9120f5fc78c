import { callOwnerMutation } from './owner-call';

/** POST /api/tienda/activateproducto: only the on/off flag changes. */
export function activateProducto(productoId: number, activate: boolean) {
  return callOwnerMutation('/api/tienda/activateproducto', { productoId, activate });
}
