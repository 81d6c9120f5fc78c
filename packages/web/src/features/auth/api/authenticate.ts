import type { SignIn } from '@tianguis/domain';
import { api } from '../../../lib/api';

/** POST /api/login/authenticate: the JWT the session is decoded from. */
export function authenticate(credentials: SignIn): Promise<{ token: string }> {
  return api<{ token: string }>('/api/login/authenticate', { body: credentials });
}
