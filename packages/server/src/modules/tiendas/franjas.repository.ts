import type { DbOrTx } from '../../db/database.js';
import { preparedQuery } from '../../db/prepared-query.js';
import { hasVisibleProduct } from '../catalogo/catalogo.service.js';

// The places taken in a shop's slots (docs/api.md, "Orders for later"): every order scheduled
// in a slot and not cancelled holds one; a cancelled order frees its place. Both reads go
// through the partial index pedido_tienda_programado (tienda_id, programado_para), which holds
// orders for later only. `programado_para` is the slot's start as `toISOString()` writes it, so
// equal instants are equal texts and a range of instants is a range of texts.

/** The status of an order that no longer holds a place. */
const CANCELADO = 'CANCELADO';

const selectOcupadosEnFranja = preparedQuery((db, tiendaId: number, inicio: string) =>
  db
    .selectFrom('pedido')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('tienda_id', '=', tiendaId)
    .where('programado_para', '=', inicio)
    .where('status', '<>', CANCELADO),
);

/**
 * How many of the shop's orders not cancelled are scheduled in the slot starting at `inicioIso`
 * (an ISO instant in `toISOString()` form). The checkout reads it inside the transaction that
 * writes the order, to refuse a full slot.
 */
export async function countEnFranja(
  db: DbOrTx,
  tiendaId: number,
  inicioIso: string,
): Promise<number> {
  const row = (await selectOcupadosEnFranja(db, tiendaId, inicioIso)).rows[0];
  return Number(row?.n ?? 0);
}

const selectProgramacionDeTienda = preparedQuery((db, tiendaId: number) =>
  db
    .selectFrom('tienda')
    .select([
      'programacion_activa',
      'programacion_dias_adelante',
      'programacion_intervalo_min',
      'programacion_pedidos_por_intervalo',
      'programacion_preparacion_min',
    ])
    .where('id', '=', tiendaId),
);

/** A shop's orders-for-later settings as stored (undefined for an unknown shop). */
export async function findProgramacionDeTienda(db: DbOrTx, tiendaId: number) {
  return (await selectProgramacionDeTienda(db, tiendaId)).rows[0];
}

const selectOcupadosPorFranja = preparedQuery(
  (db, tiendaId: number, desde: string, hasta: string) =>
    db
      .selectFrom('pedido')
      .select((eb) => ['programado_para', eb.fn.countAll<number>().as('n')])
      .where('tienda_id', '=', tiendaId)
      .where('programado_para', '>=', desde)
      .where('programado_para', '<=', hasta)
      .where('status', '<>', CANCELADO)
      .groupBy('programado_para'),
);

/**
 * Places taken in every slot starting from `desdeIso` through `hastaIso` (both included), in
 * one query: the slot's start in epoch milliseconds → orders not cancelled in it. Slots with no
 * order are absent.
 */
export async function countPorFranja(
  db: DbOrTx,
  tiendaId: number,
  desdeIso: string,
  hastaIso: string,
): Promise<Map<number, number>> {
  const { rows } = await selectOcupadosPorFranja(db, tiendaId, desdeIso, hastaIso);
  const ocupados = new Map<number, number>();
  for (const r of rows) {
    if (r.programado_para !== null) ocupados.set(Date.parse(r.programado_para), Number(r.n));
  }
  return ocupados;
}

// A shop's row by its address, with what the slots and the estimate need and the flags of the
// public page's rule (findPublicTiendaByUsuario): a plain indexed read. Whether it has something
// to sell is asked apart (hasProductoVisible), once per shop version.
const selectTiendaProgramable = preparedQuery((db, usuario: string) =>
  db
    .selectFrom('tienda')
    .select([
      'tienda.id',
      'tienda.version',
      'tienda.nombre',
      'tienda.time_zone',
      'tienda.pausado_hasta',
      'tienda.deleted',
      'tienda.approved',
      'tienda.activated',
      'tienda.configured',
      'tienda.programacion_activa',
      'tienda.programacion_dias_adelante',
      'tienda.programacion_intervalo_min',
      'tienda.programacion_pedidos_por_intervalo',
      'tienda.programacion_preparacion_min',
      'tienda.demora_min',
      'tienda.demora_hasta',
    ])
    .where('tienda.usuario', '=', usuario)
    .where('tienda.deleted', '=', 0),
);

/** A shop's scheduling settings, pause, busy delay and visibility flags; undefined if none. */
export async function findTiendaProgramable(db: DbOrTx, usuario: string) {
  return (await selectTiendaProgramable(db, usuario)).rows[0];
}

const selectProductoVisible = preparedQuery((db, tiendaId: number) =>
  db
    .selectFrom('tienda')
    .select('tienda.id')
    .where('tienda.id', '=', tiendaId)
    .where(hasVisibleProduct),
);

/** Whether the shop has a product to sell (the public page's rule, hasVisibleProduct). */
export async function hasProductoVisible(db: DbOrTx, tiendaId: number): Promise<boolean> {
  return (await selectProductoVisible(db, tiendaId)).rows.length > 0;
}
