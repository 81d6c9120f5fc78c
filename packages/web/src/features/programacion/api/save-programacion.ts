import { type MiTienda, updateTienda } from '../../mi-tienda';
import type { ProgramacionUpdateBody } from '../logic/programacion-form';

/**
 * Saves the scheduling settings and the automatic pause (POST /api/tienda/updatetienda with
 * `programacion` and `pausaAutomatica`): the owner's shop from the answer goes into the cache,
 * as every owner mutation's does. Rejects with the server's Spanish message.
 */
export function saveProgramacion(body: ProgramacionUpdateBody): Promise<MiTienda | undefined> {
  return updateTienda(body);
}
