import type { Registro } from '@tianguis/domain';
import { api } from '../../../lib/api';

/** POST /api/login/registerUser; a shopper's usuario is 'N/A' (the domain schema shapes it). */
export function registerUser(payload: Registro): Promise<{ mensaje: string; id: number }> {
  return api<{ mensaje: string; id: number }>('/api/login/registerUser', { body: payload });
}
