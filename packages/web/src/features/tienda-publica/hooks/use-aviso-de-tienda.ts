import type { TiendaPublicaAnswer } from '../../../lib/tienda-publica/get-tienda-publica';
import { RECHEQUEO_MS } from '../../../lib/tienda-publica/estado';
import { avisoDeTienda, type AvisoDeTienda } from '../../../lib/tienda-publica/estado-pedidos';
import { useNow } from '../../../lib/use-now';

/**
 * Whether the shop takes orders now (hours, special days, the owner's pause: the domain's
 * getEstadoPedidos), re-evaluated every minute and when the tab comes back: the notice, or
 * undefined while it is open. Screens offer adding to the basket only while this is undefined.
 */
export function useAvisoDeTienda(
  answer: TiendaPublicaAnswer | undefined,
): AvisoDeTienda | undefined {
  const now = useNow(RECHEQUEO_MS);
  if (!answer) return undefined;
  return avisoDeTienda(answer.tienda, answer.horarios, answer.diasEspeciales, now);
}
