import type { PersonalVista } from '@tianguis/domain';
import { api } from '../../../lib/api';
import { getQueryData, invalidateQueries, setQueryData, useQuery } from '../../../lib/query';

/** The owner's staff: members, invitations under way and removed members. */
export const personalKey = ['personal'] as const;

/** GET /api/tienda/personal (docs/api.md, "Staff and the kitchen"). */
export function getPersonal(): Promise<PersonalVista[]> {
  return api<PersonalVista[]>('/api/tienda/personal');
}

export function usePersonal() {
  return useQuery(personalKey, getPersonal, { staleMs: 10_000 });
}

/**
 * A member as a mutation answered it goes into the list at once (in place, or last when new),
 * and the list is read again so its order and the others' states are the server's.
 */
export function upsertMiembro(miembro: PersonalVista): void {
  const lista = getQueryData<PersonalVista[]>(personalKey);
  if (lista) {
    const existe = lista.some((m) => m.personalId === miembro.personalId);
    setQueryData(
      personalKey,
      existe
        ? lista.map((m) => (m.personalId === miembro.personalId ? miembro : m))
        : [...lista, miembro],
    );
  }
  void invalidateQueries(personalKey).catch(() => undefined);
}
