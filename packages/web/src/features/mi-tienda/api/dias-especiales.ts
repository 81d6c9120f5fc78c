import { api } from '../../../lib/api';
import { setQueryData } from '../../../lib/query';
import { useListaDeTienda, withRetries, type DiaEspecialGuardado } from './get-horarios';

export const diasEspecialesKey = (tiendaId: number) => ['dias-especiales', tiendaId] as const;

export function getDiasEspeciales(tiendaId: number): Promise<DiaEspecialGuardado[]> {
  return withRetries(() => api<DiaEspecialGuardado[]>(`/api/horariosdias/getbytienda/${tiendaId}`));
}

export function useDiasEspeciales(tiendaId: number | undefined) {
  return useListaDeTienda(diasEspecialesKey, getDiasEspeciales, tiendaId);
}

export interface DiaEspecialBody {
  tiendaId: number;
  /** YYYY-MM-DD */
  fecha: string;
  recurrenteCadaAnio: boolean;
}

/** Each change answers the shop's whole list (the first edition's client reloads it after each). */
async function change(tiendaId: number, path: string, body?: unknown) {
  const list = await api<DiaEspecialGuardado[]>(path, { method: 'POST', body: body ?? {} });
  setQueryData(diasEspecialesKey(tiendaId), list);
  return list;
}

export function addDiaEspecial(body: DiaEspecialBody) {
  return change(body.tiendaId, '/api/horariosdias/add', body);
}

export function deleteDiaEspecial(tiendaId: number, id: number) {
  return change(tiendaId, `/api/horariosdias/delete/${id}`);
}
