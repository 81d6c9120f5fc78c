import { type MiTienda, updateTienda } from '../../mi-tienda';
import type { ZonasUpdateBody } from '../logic/cuerpo-de-zonas';

/**
 * Saves the zones (POST /api/tienda/updatetienda with `zonas` and `ubicacion`): the owner's shop
 * from the answer goes into the cache, as every owner mutation's does. Rejects with the server's
 * Spanish message (a zone's VALIDACION names it).
 */
export function saveZonas(body: ZonasUpdateBody): Promise<MiTienda | undefined> {
  return updateTienda(body);
}
