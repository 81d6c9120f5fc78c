import {
  carritoMessages,
  centavosToPesos,
  computeTotal,
  getTiendaStatus,
  horarioMessages,
  MONTO_MAXIMO_CENTAVOS,
} from '@tianguis/domain';
import type { Db, DbOrTx } from '../../db/database.js';
import { runInWriteTransaction } from '../../db/group-commit.js';
import { AppError } from '../../http/app-error.js';
import type { Session } from '../../http/auth.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import { nowIso } from '../../lib/clock.js';
import {
  groupLineas,
  isLineaDisponible,
  isTiendaDeLineaPublica,
  listCarrito,
  takeGrupoForOrder,
  type CarritoGrupoView,
} from '../carrito/carrito.service.js';
import { listDiasEspecialesOf, listHorariosOf } from '../horarios/horario.service.js';
import type { PedidoEventBus, PedidoEvento } from './pedido-eventos.js';
import * as repo from './pedido.repository.js';

export const PEDIDO_STATUSES = ['NUEVO', 'COMPLETADO', 'CANCELADO'] as const;
export type PedidoStatus = (typeof PEDIDO_STATUSES)[number];

export interface PedidoView {
  id: number;
  tiendaId: number;
  usuarioId: number;
  status: string;
  fecha: string;
  cantidadDeArticulos: number;
  montoTotal: number;
  costoDeEnvio: number;
  nombreTienda: string;
  usuarioTienda: string;
  tiendaImageUrl: string;
  celularTienda: string;
  nombreCompleto: string;
  celular: string;
  direccionEntrega: string;
  pedidoDetalles: {
    nombreProducto: string;
    imagenProducto: string;
    cantidad: number;
    precio: number;
  }[];
}

async function toViews(db: Db, rows: repo.PedidoRow[]): Promise<PedidoView[]> {
  const detalles = await repo.listDetallesOf(
    db,
    rows.map((r) => r.id),
  );
  const byPedido = new Map<number, PedidoView['pedidoDetalles']>();
  for (const d of detalles) {
    const line = {
      nombreProducto: d.nombre_producto,
      imagenProducto: d.imagen_producto,
      cantidad: d.cantidad,
      precio: centavosToPesos(d.precio),
    };
    const list = byPedido.get(d.pedido_id);
    if (list) list.push(line);
    else byPedido.set(d.pedido_id, [line]);
  }
  return rows.map((r) => ({
    id: r.id,
    tiendaId: r.tienda_id,
    usuarioId: r.account_id,
    status: r.status,
    fecha: r.fecha,
    cantidadDeArticulos: r.cantidad_de_articulos,
    montoTotal: centavosToPesos(r.monto_total),
    costoDeEnvio: centavosToPesos(r.costo_de_envio),
    nombreTienda: r.nombre_tienda,
    usuarioTienda: r.usuario_tienda,
    tiendaImageUrl: r.tienda_image_url,
    celularTienda: r.celular_tienda,
    nombreCompleto: r.nombre_completo,
    celular: r.celular,
    direccionEntrega: r.direccion_entrega,
    pedidoDetalles: byPedido.get(r.id) ?? [],
  }));
}

/**
 * `proccesscart`: turns the shopper's basket for one shop into one order, in one transaction,
 * with names and prices read from the catalogue now. The same Idempotency-Key answers the
 * first order again instead of making a second one. On SQLite the transaction is shared with
 * the other writes of the moment (group commit); a refusal rolls back only this order's part,
 * and the answer comes only once the order is committed.
 */
export async function placePedido(
  db: Db,
  bus: PedidoEventBus,
  session: Session,
  tiendaId: number,
  idempotencyKey: string | undefined,
  now: Date = new Date(),
): Promise<{ pedidoId: number; carrito: CarritoGrupoView[] }> {
  try {
    const result = await runInWriteTransaction(db, (trx) =>
      writePedido(trx, session.accountId, tiendaId, idempotencyKey, now),
    );
    if ('existingPedidoId' in result) {
      return { pedidoId: result.existingPedidoId, carrito: await listCarrito(db, session) };
    }
    await publishQuietly(bus, result.evento);
    return { pedidoId: result.evento.pedidoId, carrito: result.carrito };
  } catch (error) {
    // Belt and braces: if the same key still raced itself, the first one's order is the answer.
    if (idempotencyKey && isUniqueViolation(error)) {
      const existing = await repo.findPedidoIdByIdempotencyKey(
        db,
        session.accountId,
        idempotencyKey,
      );
      if (existing !== undefined) {
        return { pedidoId: existing, carrito: await listCarrito(db, session) };
      }
    }
    throw error;
  }
}

/**
 * The order's writes, all on `trx`. Answers the order's event and the shopper's cart as the
 * order leaves it (read in the same transaction, so no second read after the commit), or the
 * id of the order the Idempotency-Key already made.
 */
async function writePedido(
  trx: DbOrTx,
  accountId: number,
  tiendaId: number,
  idempotencyKey: string | undefined,
  now: Date,
): Promise<{ evento: PedidoEvento; carrito: CarritoGrupoView[] } | { existingPedidoId: number }> {
  const cliente = await repo.lockShopperForCheckout(trx, accountId);
  if (!cliente) throw new AppError('NO_AUTENTICADO');
  if (idempotencyKey) {
    const existing = await repo.findPedidoIdByIdempotencyKey(trx, accountId, idempotencyKey);
    if (existing !== undefined) return { existingPedidoId: existing };
  }
  const { lineas, restantes } = await takeGrupoForOrder(trx, accountId, tiendaId);
  const first = lineas[0];
  if (!first) throw new AppError('VALIDACION', carritoMessages.carritoVacio);
  if (!isTiendaDeLineaPublica(first)) {
    throw new AppError('TIENDA_CERRADA', 'La tienda no está disponible en este momento');
  }
  const agotado = lineas.find((l) => !isLineaDisponible(l));
  if (agotado) {
    throw new AppError(
      'PRODUCTO_NO_DISPONIBLE',
      `El producto ${agotado.name} ya no está disponible; quítalo de tu canasta`,
    );
  }
  const [horarios, diasEspeciales] = await Promise.all([
    listHorariosOf(trx, tiendaId),
    listDiasEspecialesOf(trx, tiendaId),
  ]);
  const status = getTiendaStatus(horarios, diasEspeciales, now, first.time_zone);
  if (!status.abierta) {
    throw new AppError(
      'TIENDA_CERRADA',
      // The shop page's closed notice, as one line: title, reason, next opening, footer.
      `${first.tienda_nombre} ${horarioMessages.titulo}. ${status.mensaje}. ${status.proximaApertura}. ${horarioMessages.footer}`,
    );
  }
  const totals = computeTotal({
    lineas: lineas.map((l) => ({ precio: l.price, cantidad: l.cantidad })),
    costoDeEnvio: first.costo_de_envio,
  });
  if (totals.subtotal < first.monto_minimo) throw new AppError('MONTO_MINIMO');
  if (totals.total > MONTO_MAXIMO_CENTAVOS) {
    throw new AppError('VALIDACION', carritoMessages.montoMaximo);
  }
  const fecha = nowIso();
  const pedidoId = await repo.insertPedido(
    trx,
    {
      tienda_id: tiendaId,
      account_id: accountId,
      status: 'NUEVO',
      fecha,
      cantidad_de_articulos: totals.cantidadDeArticulos,
      subtotal: totals.subtotal,
      costo_de_envio: first.costo_de_envio,
      monto_total: totals.total,
      nombre_tienda: first.tienda_nombre,
      usuario_tienda: first.tienda_usuario,
      tienda_image_url: first.tienda_image_url,
      celular_tienda: first.tienda_celular ?? '',
      nombre_completo: cliente.nombre_completo,
      celular: cliente.celular ?? '',
      direccion_entrega: cliente.direccion_entrega,
      idempotency_key: idempotencyKey ?? null,
      updated_at: fecha,
    },
    lineas.map((l) => ({
      producto_id: l.producto_id,
      nombre_producto: l.name,
      imagen_producto: l.image_url,
      cantidad: l.cantidad,
      precio: l.price,
    })),
  );
  // The shop's row lock (every order into the shop waits for it) and the event lock are taken
  // last before the commit, so they are held for as short a time as possible.
  await repo.bumpPedidosVersion(trx, tiendaId);
  const pedidoEvento = { tiendaId, accountId, pedidoId, tipo: 'NUEVO' };
  const id = await repo.insertPedidoEvento(trx, { ...pedidoEvento, now: fecha });
  return { evento: { id, ...pedidoEvento }, carrito: groupLineas(restantes) };
}

export async function listPedidosOfShopper(db: Db, session: Session): Promise<PedidoView[]> {
  return toViews(db, await repo.listPedidos(db, { accountId: session.accountId, limite: 1000 }));
}

export interface OwnerPedidoQuery {
  status?: PedidoStatus;
  desde?: number;
  antes?: number;
  limite?: number;
}

/** The owner's orders, newest first; `etag` changes with every new order or status change. */
export async function listPedidosOfTienda(
  db: Db,
  session: Session,
  query: OwnerPedidoQuery,
): Promise<{ etag: string; load: () => Promise<PedidoView[]> }> {
  const version = await repo.findPedidosVersion(db, session.tiendaId);
  if (version === undefined) throw new AppError('PROHIBIDO', 'Tu cuenta no tiene una tienda');
  const key = [query.status ?? '', query.desde ?? '', query.antes ?? '', query.limite ?? ''].join(
    '.',
  );
  return {
    etag: `W/"p${session.tiendaId}v${version}q${key}"`,
    load: async () =>
      toViews(
        db,
        await repo.listPedidos(db, {
          tiendaId: session.tiendaId,
          ...query,
          limite: query.limite ?? 500,
        }),
      ),
  };
}

export async function findPedidoView(db: Db, id: number): Promise<PedidoView | undefined> {
  const row = await repo.findPedidoById(db, id);
  return row ? (await toViews(db, [row]))[0] : undefined;
}

export async function finishPedido(
  db: Db,
  bus: PedidoEventBus,
  session: Session,
  pedidoId: number,
  status: 'COMPLETADO' | 'CANCELADO',
): Promise<PedidoView> {
  // Shares SQLite's group commit like checkout: an owner completing orders must not hold up
  // every other request while its own commit reaches the disk.
  const evento = await runInWriteTransaction(db, async (trx): Promise<PedidoEvento> => {
    const now = nowIso();
    const done = await repo.finishPedido(trx, {
      id: pedidoId,
      tiendaId: session.tiendaId,
      status,
      now,
    });
    const pedido = await repo.findPedidoOfTienda(trx, pedidoId, session.tiendaId);
    if (!pedido) throw new AppError('NO_ENCONTRADO', 'El pedido no existe');
    if (!done) throw new AppError('ESTADO_INVALIDO', `El pedido ya está ${pedido.status}`);
    await repo.bumpPedidosVersion(trx, session.tiendaId);
    const pedidoEvento = {
      tiendaId: session.tiendaId,
      accountId: pedido.account_id,
      pedidoId,
      tipo: status,
    };
    const id = await repo.insertPedidoEvento(trx, { ...pedidoEvento, now });
    return { id, ...pedidoEvento };
  });
  await publishQuietly(bus, evento);
  return (await findPedidoView(db, pedidoId))!;
}

/**
 * The order is committed whatever happens here: a stream that misses this live event gets it
 * from the outbox when it reconnects with Last-Event-ID, and polling sees it anyway.
 */
async function publishQuietly(bus: PedidoEventBus, evento: PedidoEvento) {
  try {
    await bus.publish(evento);
  } catch {
    // Deliberately ignored: see above.
  }
}

/** The newest order event's id (0 when none): a new stream sends only what comes after it. */
export function findLastEventoId(db: Db): Promise<number> {
  return repo.findLastEventoId(db);
}

/** Order events after `afterId` for one shop or one shopper, oldest first (stream catch-up). */
export async function listEventosSince(
  db: Db,
  filter: { tiendaId: number } | { accountId: number },
  afterId: number,
  limit: number,
): Promise<PedidoEvento[]> {
  const rows = await repo.listEventosSince(db, filter, afterId, limit);
  return rows.map((r) => ({
    id: r.id,
    tiendaId: r.tienda_id,
    accountId: r.account_id,
    pedidoId: r.pedido_id,
    tipo: r.tipo,
  }));
}
