import { ApiError } from '../../../lib/api-client';

/**
 * The server's Spanish text when it sent one (docs/api.md, "Errors": every refusal carries it), else the
 * screen's own. No connection or an unreadable answer means the server said nothing.
 */
export function errorMessage(error: unknown, fallback: string): string {
  if (!(error instanceof ApiError)) return fallback;
  if (error.status === 0 || error.code === 'RESPUESTA_INVALIDA' || !error.message) return fallback;
  return error.message;
}
