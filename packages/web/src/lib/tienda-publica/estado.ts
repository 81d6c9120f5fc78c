import {
  getTiendaStatus,
  cierreMessages,
  isValidTimeZone,
  ZONA_HORARIA_POR_DEFECTO,
  type DiaEspecial,
  type HorarioDia,
} from '@tianguis/domain';
import { ApiError } from '../api-client';
import type { TiendaPublica } from './get-tienda-publica';

/** The open/closed state is rechecked every 60 seconds (docs/web-screens.md, timings). */
export const RECHEQUEO_MS = 60_000;

/**
 * A shop that doesn't exist (the API's 404), has no name yet ('N/A') or is switched off shows
 * the not-found page (docs/web-screens.md, "Shop pages").
 */
export function isTiendaNoEncontrada(
  tienda: Pick<TiendaPublica, 'nombre' | 'activarODesactivar'> | undefined,
  error: Error | undefined,
): boolean {
  if (error instanceof ApiError && error.status === 404) return true;
  if (!tienda) return false;
  return tienda.nombre.trim() === '' || tienda.nombre === 'N/A' || !tienda.activarODesactivar;
}

/**
 * The shop's time zone, or Mexico City's when it has none or this browser doesn't know it: every
 * rule of the shop's clock on its pages reads it through here.
 */
export function zonaDe(timeZone: string | undefined): string {
  return timeZone && isValidTimeZone(timeZone) ? timeZone : ZONA_HORARIA_POR_DEFECTO;
}

export interface AvisoDeCierre {
  /** '{nombre} está cerrada' */
  titulo: string;
  /** The reason, one of the closed-shop messages (docs/api.md, "Hours and special days"). */
  motivo: string;
  /** 'Próxima apertura: ...' or the 'no hours' text. */
  proximaApertura: string;
  footer: string;
}

/**
 * The closed notice for an instant, or undefined while the shop is open. The rule is evaluated
 * in the shop's own time zone; a zone the browser doesn't know falls back to Mexico City.
 */
export function avisoDeCierre(
  tienda: Pick<TiendaPublica, 'nombre' | 'timeZone'>,
  horarios: readonly HorarioDia[],
  diasEspeciales: readonly DiaEspecial[],
  now: Date,
): AvisoDeCierre | undefined {
  const status = getTiendaStatus(horarios, diasEspeciales, now, zonaDe(tienda.timeZone));
  if (status.abierta) return undefined;
  return {
    titulo: `${tienda.nombre} ${cierreMessages.titulo}`,
    motivo: status.mensaje,
    proximaApertura: status.proximaApertura,
    footer: cierreMessages.footer,
  };
}
