import type { AceptarInvitacion } from '@tianguis/domain';
import { api } from '../../../lib/api';

/**
 * POST /api/personal/aceptar: creates the staff account and answers a token as
 * `authenticate` does. 400 INVITACION_INVALIDA for an unknown, used or expired token.
 */
export function acceptInvitacion(input: AceptarInvitacion): Promise<{ token: string }> {
  return api<{ token: string }>('/api/personal/aceptar', { body: input });
}
