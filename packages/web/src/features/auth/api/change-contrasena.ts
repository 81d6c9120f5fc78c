import { api } from '../../../lib/api';

/**
 * POST /api/restaurar/cambiarcontrasena. The first edition's payload had only the phone and the
 * password; the code texted to the phone is added (docs/api.md) so that knowing a number isn't
 * enough.
 */
export async function changeContrasena(input: {
  celular: string;
  password: string;
  codigo: string;
}): Promise<void> {
  await api<unknown>('/api/restaurar/cambiarcontrasena', { body: input });
}
