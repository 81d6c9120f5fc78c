import { api } from '../../../lib/api';

/**
 * POST /api/recuperarcontrasena/emailderecuperacion?email=...: mails a link to
 * /recuperar-contrasena?secret=... The server answers 200 whether the address exists or not.
 */
export async function sendEmailDeRecuperacion(email: string): Promise<void> {
  await api<unknown>(
    `/api/recuperarcontrasena/emailderecuperacion?email=${encodeURIComponent(email)}`,
    { method: 'POST' },
  );
}
