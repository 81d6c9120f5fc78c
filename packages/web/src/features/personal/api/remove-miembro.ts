import type { PersonalVista } from '@tianguis/domain';
import { api } from '../../../lib/api';
import { upsertMiembro } from './get-personal';

/** POST /api/tienda/personal/baja: the member's sessions end at once and they can't sign in. */
export async function removeMiembro(personalId: number): Promise<PersonalVista> {
  const miembro = await api<PersonalVista>('/api/tienda/personal/baja', { body: { personalId } });
  upsertMiembro(miembro);
  return miembro;
}
