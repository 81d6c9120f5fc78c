import { sql } from 'kysely';
import type { DbOrTx } from '../../db/database.js';

// Reads for the owner's sales (docs/sales.md). Every query names its shop and a UTC [inicio,
// fin) interval of `pedido.fecha` (ISO text, so text order is time order). Sales queries repeat
// `status = 'COMPLETADO'` as a literal: with a bound parameter SQLite could not use the partial
// index `pedido_ventas` (migration 2026_11_27_0900_ventas). PostgreSQL answers sum() and count()
// as bigint, which the driver hands over as text: every figure goes through Number().

const COMPLETADO = sql.lit('COMPLETADO');

/**
 * The filter every sales query starts from: the shop's completed orders placed in the interval,
 * on `pedido` under its own name or an alias.
 */
function completadosEn(rango: Intervalo, tabla = 'pedido') {
  const columna = (nombre: string) => sql.ref(`${tabla}.${nombre}`);
  return sql<boolean>`${columna('tienda_id')} = ${rango.tiendaId} and ${columna('status')} = ${COMPLETADO} and ${columna('fecha')} >= ${rango.inicio} and ${columna('fecha')} < ${rango.fin}`;
}

export interface Intervalo {
  tiendaId: number;
  /** ISO instant, included. */
  inicio: string;
  /** ISO instant, excluded. */
  fin: string;
}

export async function findTimeZone(db: DbOrTx, tiendaId: number): Promise<string | undefined> {
  const row = await db
    .selectFrom('tienda')
    .select('time_zone')
    .where('id', '=', tiendaId)
    .executeTakeFirst();
  return row?.time_zone;
}

export interface Franja {
  /** The first `largo` characters of `fecha`: a UTC hour ('2026-11-01T18') or minute. */
  franja: string;
  metodo: string;
  pedidos: number;
  /** Centavos. */
  total: number;
}

/**
 * Completed orders counted and summed per UTC slice of time and payment method: a year of a busy
 * shop comes back as a few thousand rows instead of one per order. `largo` 13 slices by hour,
 * 16 by minute (for zones whose days don't start on a whole UTC hour).
 */
export async function ventasPorFranja(
  db: DbOrTx,
  rango: Intervalo,
  largo: 13 | 16,
): Promise<Franja[]> {
  const franja = sql<string>`substr(fecha, 1, ${sql.lit(largo)})`;
  const rows = await db
    .selectFrom('pedido')
    .select([
      franja.as('franja'),
      'pago_metodo as metodo',
      (eb) => eb.fn.countAll().as('pedidos'),
      (eb) => eb.fn.sum('monto_total').as('total'),
    ])
    .where(completadosEn(rango))
    .groupBy([franja, 'pago_metodo'])
    .execute();
  return rows.map((r) => ({
    franja: r.franja,
    metodo: r.metodo,
    pedidos: Number(r.pedidos),
    total: Number(r.total),
  }));
}

export interface VentaDeProducto {
  productoId: number;
  /** The name of its newest line. */
  nombre: string;
  cantidad: number;
  /** Centavos: unit price (options included) × quantity. */
  total: number;
  /** The newest line's id. */
  ultimaLinea: number;
}

/**
 * Units and amount per product in completed orders of the interval, with the id of its newest
 * line. Only columns of the index `pedido_detalle_ventas` are read per line; the names come
 * after, from those newest lines (a product may be renamed: it is listed under its last name).
 */
export async function ventasPorProducto(db: DbOrTx, rango: Intervalo): Promise<VentaDeProducto[]> {
  const rows = await db
    .selectFrom('pedido as p')
    .innerJoin('pedido_detalle as d', 'd.pedido_id', 'p.id')
    .select([
      'd.producto_id as productoId',
      (eb) => eb.fn.sum('d.cantidad').as('cantidad'),
      sql<number>`sum(d.cantidad * d.precio)`.as('total'),
      (eb) => eb.fn.max('d.id').as('ultimaLinea'),
    ])
    .where(completadosEn(rango, 'p'))
    .groupBy('d.producto_id')
    .execute();
  const ultimas = rows.map((r) => Number(r.ultimaLinea));
  const nombres = new Map<number, string>();
  for (let i = 0; i < ultimas.length; i += 500) {
    const lineas = await db
      .selectFrom('pedido_detalle')
      .select(['id', 'nombre_producto'])
      .where('id', 'in', ultimas.slice(i, i + 500))
      .execute();
    for (const l of lineas) nombres.set(l.id, l.nombre_producto);
  }
  return rows.map((r) => ({
    productoId: r.productoId,
    nombre: nombres.get(Number(r.ultimaLinea)) ?? '',
    cantidad: Number(r.cantidad),
    total: Number(r.total),
    ultimaLinea: Number(r.ultimaLinea),
  }));
}

export interface CuentaDeCorte {
  metodo: string;
  pagado: boolean;
  pedidos: number;
  /** Centavos. */
  total: number;
}

/** Completed orders of the interval per payment method and paid mark. */
export async function corte(db: DbOrTx, rango: Intervalo): Promise<CuentaDeCorte[]> {
  const rows = await db
    .selectFrom('pedido')
    .select([
      'pago_metodo as metodo',
      'pagado',
      (eb) => eb.fn.countAll().as('pedidos'),
      (eb) => eb.fn.sum('monto_total').as('total'),
    ])
    .where(completadosEn(rango))
    .groupBy(['pago_metodo', 'pagado'])
    .execute();
  return rows.map((r) => ({
    metodo: r.metodo,
    pagado: Number(r.pagado) === 1,
    pedidos: Number(r.pedidos),
    total: Number(r.total),
  }));
}

export interface PedidoExportado {
  id: number;
  fecha: string;
  status: string;
  nombre_completo: string;
  celular: string;
  entrega_tipo: string;
  pago_metodo: string;
  monto_total: number;
}

/**
 * One page of the interval's orders, every status, in (fecha, id) order after the cursor: the
 * export reads a year a page at a time instead of holding it all (index pedido_tienda_fecha).
 */
export async function pedidosParaExportar(
  db: DbOrTx,
  rango: Intervalo,
  despues: { fecha: string; id: number } | undefined,
  limite: number,
): Promise<PedidoExportado[]> {
  let query = db
    .selectFrom('pedido')
    .select([
      'id',
      'fecha',
      'status',
      'nombre_completo',
      'celular',
      'entrega_tipo',
      'pago_metodo',
      'monto_total',
    ])
    .where('tienda_id', '=', rango.tiendaId)
    .where('fecha', '>=', rango.inicio)
    .where('fecha', '<', rango.fin);
  if (despues) {
    query = query.where((eb) =>
      eb.or([
        eb('fecha', '>', despues.fecha),
        eb.and([eb('fecha', '=', despues.fecha), eb('id', '>', despues.id)]),
      ]),
    );
  }
  return query.orderBy('fecha').orderBy('id').limit(limite).execute();
}

/** The lines of these orders (of this shop), in order and line order. */
export function lineasDe(db: DbOrTx, tiendaId: number, pedidoIds: number[]) {
  if (pedidoIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('pedido_detalle')
    .select(['pedido_id', 'nombre_producto', 'opciones', 'cantidad', 'precio'])
    .where('tienda_id', '=', tiendaId)
    .where('pedido_id', 'in', pedidoIds)
    .orderBy('pedido_id')
    .orderBy('id')
    .execute();
}
