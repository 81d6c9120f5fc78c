import type { MiTienda } from './get-mi-tienda';
import { callOwnerMutation } from './owner-call';

/** Turns the owner's shop on or off (POST /api/tienda/activatetienda). */
export function activateTienda(activate: boolean): Promise<MiTienda | undefined> {
  return callOwnerMutation('/api/tienda/activatetienda', { activate });
}
