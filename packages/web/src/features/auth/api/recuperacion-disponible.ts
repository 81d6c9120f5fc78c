import { api } from '../../../lib/api';
import { useQuery } from '../../../lib/query';

/** Which reset paths can reach a person now (the server has no SMS provider in some setups). */
export interface RecuperacionDisponible {
  celular: boolean;
}

export const recuperacionDisponibleKey = ['auth', 'recuperacion'] as const;

/** GET /api/login/recuperacion. */
export function getRecuperacionDisponible(): Promise<RecuperacionDisponible> {
  return api<RecuperacionDisponible>('/api/login/recuperacion', { method: 'GET' });
}

export function useRecuperacionDisponible() {
  return useQuery(recuperacionDisponibleKey, getRecuperacionDisponible);
}
