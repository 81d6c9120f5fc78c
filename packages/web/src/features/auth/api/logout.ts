import { api } from '../../../lib/api';

/**
 * POST /api/login/logout: the server revokes the token. The token travels in the body because
 * the session is cleared on this side without waiting for the answer.
 */
export async function logout(token: string): Promise<void> {
  await api<unknown>('/api/login/logout', { body: { token } });
}
