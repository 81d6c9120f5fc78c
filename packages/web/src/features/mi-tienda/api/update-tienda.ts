import type { TiendaUpdateInput } from '@tianguis/domain';
import type { MiTienda } from './get-mi-tienda';
import { callOwnerMutation } from './owner-call';

/**
 * Saves the setup wizard (POST /api/tienda/updatetienda). The body is what the form typed (amounts
 * as text, in pesos): the server runs the same domain schema and answers its first message.
 */
export function updateTienda(input: TiendaUpdateInput): Promise<MiTienda | undefined> {
  return callOwnerMutation('/api/tienda/updatetienda', input);
}
