import { fetchArchivo } from '../../../lib/api-archivo';
import type { AnchoPapel } from '../transporte';

/**
 * An order's ticket as the printer takes it: `GET /api/pedido/ticket/{id}?ancho=58|80` (docs/api.md,
 * "Staff and the kitchen") answers ESC/POS bytes, so it is fetched as bytes with the session's
 * token rather than through the JSON client.
 */
export async function getTicket(pedidoId: number, ancho: AnchoPapel): Promise<Uint8Array> {
  const response = await fetchArchivo(`/api/pedido/ticket/${pedidoId}?ancho=${ancho}`, {
    accept: 'application/octet-stream',
    fallo: 'No se pudo obtener el ticket. Inténtalo de nuevo.',
  });
  return new Uint8Array(await response.arrayBuffer());
}
