import type { Dia } from '@tianguis/domain';
import { api } from '../../../lib/api';
import { setQueryData } from '../../../lib/query';
import { horariosKey, type HorarioGuardado } from './get-horarios';

/** One day as POST /api/horario/addrange takes it (times HH:MM:SS). */
export interface HorarioEntryBody {
  tiendaId: number;
  dia: Dia;
  apertura: string;
  cierre: string;
  cerrado: boolean;
}

/** Replaces the owner's whole week; the answered week goes straight into the cache. */
export async function saveHorarios(
  tiendaId: number,
  entries: readonly HorarioEntryBody[],
): Promise<HorarioGuardado[]> {
  const semana = await api<HorarioGuardado[]>('/api/horario/addrange', {
    method: 'POST',
    body: entries,
  });
  setQueryData(horariosKey(tiendaId), semana);
  return semana;
}
