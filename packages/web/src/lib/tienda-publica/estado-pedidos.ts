import { getEstadoPedidos, type DiaEspecial, type HorarioDia } from '@tianguis/domain';
import type { TiendaPublica } from './get-tienda-publica';
import { avisoDeCierre, zonaDe, type AvisoDeCierre } from './estado';

// Apart from estado.ts (in the shop pages' first chunk): the pause rule (the domain's
// tienda-estado) loads with the pages that add to the basket, or when a shop is paused.

/** The notice of a shop that paused orders: until when (HH:MM on its clock). */
export interface AvisoDePausa {
  titulo: string;
  motivo: string;
}

export type AvisoDeTienda =
  ({ tipo: 'CERRADA' } & AvisoDeCierre) | ({ tipo: 'PAUSADA' } & AvisoDePausa);

/**
 * Whether the shop takes orders at `now` (the domain's getEstadoPedidos: hours, special days and
 * the owner's pause), as the notice to show; undefined while it takes orders. Computed from the
 * clock every time, never cached: the page's clock ticks every minute.
 */
export function avisoDeTienda(
  tienda: Pick<TiendaPublica, 'nombre' | 'timeZone' | 'pausadoHasta'>,
  horarios: readonly HorarioDia[],
  diasEspeciales: readonly DiaEspecial[],
  now: Date,
): AvisoDeTienda | undefined {
  const cierre = avisoDeCierre(tienda, horarios, diasEspeciales, now);
  if (cierre) return { tipo: 'CERRADA', ...cierre };
  const estado = getEstadoPedidos(
    {
      nombre: tienda.nombre,
      pausadoHasta: tienda.pausadoHasta ?? null,
      timeZone: zonaDe(tienda.timeZone),
    },
    horarios,
    diasEspeciales,
    now,
  );
  if (estado.abierta) return undefined;
  return {
    tipo: 'PAUSADA',
    titulo: `${tienda.nombre} no recibe pedidos por ahora`,
    motivo: estado.mensaje,
  };
}
