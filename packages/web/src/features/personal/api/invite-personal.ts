import type { InvitarPersonal, PersonalVista } from '@tianguis/domain';
import { api } from '../../../lib/api';
import { upsertMiembro } from './get-personal';

/**
 * POST /api/tienda/personal: invites someone by email (they get a link to
 * /personal/aceptar). Rejects with the server's message: 409 CORREO_EN_USO, 400 VALIDACION (the
 * 20-member limit, or a field).
 */
export async function invitePersonal(input: InvitarPersonal): Promise<PersonalVista> {
  const miembro = await api<PersonalVista>('/api/tienda/personal', { body: input });
  upsertMiembro(miembro);
  return miembro;
}
