import { api } from '../../../lib/api';

/** POST /api/recuperarcontrasena/actualizarContrasena with the secret of the emailed link. */
export async function updateContrasena(input: {
  newPassword: string;
  secret: string;
}): Promise<void> {
  await api<unknown>('/api/recuperarcontrasena/actualizarContrasena', { body: input });
}
