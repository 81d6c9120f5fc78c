import type { Dia, DiaEspecialVista, HorarioVista } from '@tianguis/domain';
import { api } from '../../../lib/api';
import { ApiError } from '../../../lib/api-client';
import { useQuery, type QueryKey } from '../../../lib/query';

/**
 * One stored day of the week as GET /api/horario/getbytienda/{tiendaId} answers it (the
 * domain's `HorarioVista`; `apertura` and `cierre` are HH:MM:SS).
 */
export type HorarioGuardado = Omit<HorarioVista, 'dia'> & { dia: Dia | string };

/** A special (closed) day as GET /api/horariosdias/getbytienda/{tiendaId} answers it. */
export type DiaEspecialGuardado = DiaEspecialVista;

const MAX_RETRIES = 3;
const RETRY_BASE_MS = 500;

/** Lost connections and server faults may pass; a refusal (4xx) will answer the same again. */
function isWorthRetrying(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 0 || error.status >= 500);
}

/** Runs `load`, trying again at most 3 times (growing pauses) when the failure may pass. */
export async function withRetries<T>(
  load: () => Promise<T>,
  retries = MAX_RETRIES,
  wait: (ms: number) => Promise<void> = (ms) => new Promise((r) => setTimeout(r, ms)),
): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await load();
    } catch (error) {
      if (attempt >= retries || !isWorthRetrying(error)) throw error;
      await wait(RETRY_BASE_MS * (attempt + 1));
    }
  }
}

export const horariosKey = (tiendaId: number) => ['horarios', tiendaId] as const;

export function getHorarios(tiendaId: number): Promise<HorarioGuardado[]> {
  return withRetries(() => api<HorarioGuardado[]>(`/api/horario/getbytienda/${tiendaId}`));
}

/** A shop's list (its week, its special days) as a query, asked once the shop is known. */
export function useListaDeTienda<T>(
  key: (tiendaId: number) => QueryKey,
  get: (tiendaId: number) => Promise<T>,
  tiendaId: number | undefined,
) {
  const id = tiendaId ?? 0;
  return useQuery(key(id), () => get(id), { enabled: id > 0 });
}

export function useHorarios(tiendaId: number | undefined) {
  return useListaDeTienda(horariosKey, getHorarios, tiendaId);
}
