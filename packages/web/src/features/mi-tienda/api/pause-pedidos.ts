import type { MiTienda } from './get-mi-tienda';
import { callOwnerMutation } from './owner-call';

/** The owner's pause choices, in minutes (docs/api.md, "Shop settings": 15 to 240). */
export const MINUTOS_PAUSA = [15, 30, 60, 120] as const;

/**
 * POST /api/tienda/pausar {minutos}: stops new orders for that long; 0 resumes. Answers the
 * owner's shop list (its `pausadoHasta` goes into the cache).
 */
export function pausePedidos(minutos: number): Promise<MiTienda | undefined> {
  return callOwnerMutation('/api/tienda/pausar', { minutos });
}
