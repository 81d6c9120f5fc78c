import { api } from '../../../lib/api';

/** POST /api/restaurar/restaurarpassword: texts a 6-digit code; 404 when the phone is unknown. */
export async function restaurarPassword(celular: string): Promise<{ mensaje: string }> {
  return api<{ mensaje: string }>('/api/restaurar/restaurarpassword', { body: { celular } });
}
