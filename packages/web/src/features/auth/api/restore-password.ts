import { api } from '../../../lib/api';

/**
 * POST /api/restaurar/restaurarpassword: texts a 6-digit code to a registered phone; the same 200
 * for any phone (docs/api.md, "Password reset").
 */
export async function restorePassword(celular: string): Promise<{ mensaje: string }> {
  return api<{ mensaje: string }>('/api/restaurar/restaurarpassword', { body: { celular } });
}
