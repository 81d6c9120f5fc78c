import { PEDIDO_STATUSES_COCINA, vistaDeCocina, ZONA_HORARIA_POR_DEFECTO } from '@tianguis/domain';
import type { Db } from '../../db/database.js';
import { AppError } from '../../http/app-error.js';
import type { Session } from '../../http/auth.js';
import { findTiendaById } from '../tiendas/tienda.service.js';
import { findPedidoView, vistaParaSesion } from './pedido.service.js';
import { encodeTicket } from './ticket-escpos.js';
import { COLUMNAS_TICKET, lineasDeTicket, type AnchoTicket } from './ticket-lineas.js';

/**
 * `GET /api/pedido/ticket/{pedidoId}` (docs/api.md, "Staff and the kitchen"): one of the shop's
 * orders as ESC/POS bytes, for anyone of the shop (the route's guard: `pedidos`). Another shop's
 * order is 404 like the other order routes answer it. The kitchen sees accepted and ready orders
 * only, without phone or address: any other order is 404 to it too, as it is absent from its
 * list, and its ticket is printed from the kitchen's copy of the order (the zone's name stays).
 */
export async function findTicketDePedido(
  db: Db,
  session: Session,
  pedidoId: number,
  ancho: AnchoTicket,
  now: Date = new Date(),
): Promise<Uint8Array> {
  const pedido = await findPedidoView(db, pedidoId);
  const cocina = vistaDeCocina(session.actor);
  const visible =
    pedido !== undefined &&
    pedido.tiendaId === session.tiendaId &&
    (!cocina || (PEDIDO_STATUSES_COCINA as readonly string[]).includes(pedido.status));
  if (!visible) throw new AppError('NO_ENCONTRADO', 'El pedido no existe');
  const tienda = await findTiendaById(db, session.tiendaId);
  const timeZone = tienda?.time_zone ?? ZONA_HORARIA_POR_DEFECTO;
  // The kitchen's copy (pedido.service.ts, paraCocina) holds no phone or address to print.
  return encodeTicket(
    lineasDeTicket({ pedido: vistaParaSesion(session, pedido), timeZone, ancho, cocina, now }),
    COLUMNAS_TICKET[ancho],
  );
}
