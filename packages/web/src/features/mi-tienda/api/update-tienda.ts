import type { MiTienda } from './get-mi-tienda';
import { callOwnerMutation } from './owner-call';
import type { TiendaUpdateBody } from '../components/wizard-tienda-values';

/**
 * Saves the setup wizard (POST /api/tienda/updatetienda): the shop's fields as typed (amounts in
 * pesos) with its delivery and payments; the server runs the same domain schemas and answers
 * the first broken rule's message.
 */
export function updateTienda(input: TiendaUpdateBody): Promise<MiTienda | undefined> {
  return callOwnerMutation('/api/tienda/updatetienda', input);
}
