import { type MiTienda, callOwnerMutation } from '../../mi-tienda';

/**
 * "Estamos ocupados" (POST /api/tienda/demora {minutos}, docs/api.md, "Orders for later"): 0–90
 * minutes added to every estimate until the end of the shop's day; 0 clears it. Answers the
 * owner's shop list (its `demoraMin` goes into the cache). Rejects with the server's message.
 */
export function setDemora(minutos: number): Promise<MiTienda | undefined> {
  return callOwnerMutation('/api/tienda/demora', { minutos });
}
