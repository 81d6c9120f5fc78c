import { ApiError, SIN_CONEXION } from '../../../lib/api-client';
import { clearSession, getToken } from '../../auth/session-store';
import type { AnchoPapel } from '../transporte';

/**
 * An order's ticket as the printer takes it: `GET /api/pedido/ticket/{id}?ancho=58|80` (docs/api.md,
 * "Staff and the kitchen") answers ESC/POS bytes, so it is fetched as bytes with the session's
 * token rather than through the JSON client.
 */
export async function getTicket(pedidoId: number, ancho: AnchoPapel): Promise<Uint8Array> {
  const token = getToken();
  let response: Response;
  try {
    response = await fetch(`/api/pedido/ticket/${pedidoId}?ancho=${ancho}`, {
      headers: {
        accept: 'application/octet-stream',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
    });
  } catch {
    throw new ApiError(0, 'SIN_CONEXION', SIN_CONEXION);
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => ({}))) as { code?: string; message?: string };
    if (response.status === 401 && token) clearSession();
    throw new ApiError(
      response.status,
      body.code ?? 'ERROR',
      body.message ?? 'No se pudo obtener el ticket. Inténtalo de nuevo.',
    );
  }
  return new Uint8Array(await response.arrayBuffer());
}
