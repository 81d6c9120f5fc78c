import type { PersonalVista, RolPersonal } from '@tianguis/domain';
import { api } from '../../../lib/api';
import { upsertMiembro } from './get-personal';

/** POST /api/tienda/personal/rol: applies to the member's open sessions at once. */
export async function changeRol(personalId: number, rol: RolPersonal): Promise<PersonalVista> {
  const miembro = await api<PersonalVista>('/api/tienda/personal/rol', {
    body: { personalId, rol },
  });
  upsertMiembro(miembro);
  return miembro;
}
