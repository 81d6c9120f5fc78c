import { TIENDA_VISIBLE } from '@tianguis/domain';
import { PostgresAdapter, sql, type OnConflictBuilder } from 'kysely';
import type { Database, DbOrTx } from '../../db/database.js';
import { preparedQuery } from '../../db/prepared-query.js';
import { PRODUCTO_Y_TIENDA } from '../catalogo/precio.service.js';

/** The product when a shopper may put it in a basket: live, active, in a live category of a public shop. */
function buyableProducto(db: DbOrTx, productoId: number) {
  return (
    db
      .selectFrom('producto')
      .innerJoin('categoria', 'categoria.id', 'producto.categoria_id')
      .innerJoin('tienda', 'tienda.id', 'producto.tienda_id')
      .where('producto.id', '=', productoId)
      // Literals, not parameters: SQLite re-plans a statement on every run when a parameter meets
      // a partial index's `deleted = 0` (and, after ANALYZE, an indexed column), 5x its cost here.
      .where('producto.deleted', '=', sql.lit(0))
      .where('producto.activated', '=', sql.lit(1))
      .where('categoria.deleted', '=', sql.lit(0))
      .where('tienda.deleted', '=', sql.lit(TIENDA_VISIBLE.deleted))
      .where('tienda.approved', '=', sql.lit(TIENDA_VISIBLE.approved))
      .where('tienda.activated', '=', sql.lit(TIENDA_VISIBLE.activated))
      .where('tienda.configured', '=', sql.lit(TIENDA_VISIBLE.configured))
  );
}

const selectBuyableProducto = preparedQuery((db, productoId: number) =>
  buyableProducto(db, productoId).select([
    'producto.id',
    'producto.tienda_id',
    'producto.name',
    'producto.agotado_hasta',
    'tienda.version as tienda_version',
  ]),
);

export type BuyableProducto = NonNullable<Awaited<ReturnType<typeof findBuyableProducto>>>;

/** A product a shopper may put in a basket (buyableProducto), with its shop's version. */
export async function findBuyableProducto(db: DbOrTx, productoId: number) {
  return (await selectBuyableProducto(db, productoId)).rows[0];
}

/** An existing line (product, options, note) takes one piece more, while under `max`. */
function unaPiezaMas(now: string, max: number) {
  return (oc: OnConflictBuilder<Database, 'carrito_linea'>) =>
    oc
      .columns(['account_id', 'producto_id', 'opciones', 'nota'])
      .doUpdateSet({ cantidad: sql`carrito_linea.cantidad + 1`, updated_at: now })
      .where('carrito_linea.cantidad', '<', max);
}

const upsertUnit = preparedQuery(
  (
    db,
    accountId: number,
    productoId: number,
    tiendaId: number,
    opciones: string,
    nota: string,
    now: string,
    max: number,
  ) =>
    db
      .insertInto('carrito_linea')
      .values({
        account_id: accountId,
        producto_id: productoId,
        tienda_id: tiendaId,
        opciones,
        nota,
        cantidad: 1,
        created_at: now,
        updated_at: now,
      })
      .onConflict(unaPiezaMas(now, max)),
);

/**
 * One unit more of a line (product + option set + note): a new line at 1, or the existing line
 * plus one up to `max`; false at `max`.
 */
export async function addUnit(
  db: DbOrTx,
  values: {
    accountId: number;
    productoId: number;
    tiendaId: number;
    /** claveDeOpciones of the chosen ids. */
    opciones: string;
    /** Trimmed note, '' for none. */
    nota: string;
    now: string;
    max: number;
  },
): Promise<boolean> {
  const result = await upsertUnit(
    db,
    values.accountId,
    values.productoId,
    values.tiendaId,
    values.opciones,
    values.nota,
    values.now,
    values.max,
  );
  return Number(result.numAffectedRows ?? 0n) === 1;
}

const upsertUnitIfVersion = preparedQuery(
  (
    db,
    accountId: number,
    productoId: number,
    opciones: string,
    nota: string,
    now: string,
    max: number,
    version: number,
  ) =>
    db
      .insertInto('carrito_linea')
      .columns([
        'account_id',
        'producto_id',
        'tienda_id',
        'opciones',
        'nota',
        'cantidad',
        'created_at',
        'updated_at',
      ])
      .expression(
        buyableProducto(db, productoId)
          .where('tienda.version', '=', version)
          .select((eb) => [
            eb.val(accountId).as('account_id'),
            'producto.id',
            'producto.tienda_id',
            eb.val(opciones).as('opciones'),
            eb.val(nota).as('nota'),
            sql.lit(1).as('cantidad'),
            eb.val(now).as('created_at'),
            eb.val(now).as('updated_at'),
          ]),
      )
      .onConflict(unaPiezaMas(now, max)),
);

/**
 * addUnit in one statement with the product's check, when the product is still buyable and its
 * shop still at `version` (the one its options were checked against); false otherwise, or at
 * `max`, with nothing changed: the caller then reads the product again.
 */
export async function addUnitIfVersion(
  db: DbOrTx,
  values: Omit<Parameters<typeof addUnit>[1], 'tiendaId'> & { version: number },
): Promise<boolean> {
  const result = await upsertUnitIfVersion(
    db,
    values.accountId,
    values.productoId,
    values.opciones,
    values.nota,
    values.now,
    values.max,
    values.version,
  );
  return Number(result.numAffectedRows ?? 0n) === 1;
}

/** Sets the quantity of the caller's own line (0 deletes it). False when the line isn't theirs. */
export async function setCantidad(
  db: DbOrTx,
  accountId: number,
  lineaId: number,
  cantidad: number,
  now: string,
): Promise<boolean> {
  if (cantidad === 0) return deleteLinea(db, accountId, lineaId);
  const result = await db
    .updateTable('carrito_linea')
    .set({ cantidad, updated_at: now })
    .where('id', '=', lineaId)
    .where('account_id', '=', accountId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function deleteLinea(db: DbOrTx, accountId: number, lineaId: number) {
  const result = await db
    .deleteFrom('carrito_linea')
    .where('id', '=', lineaId)
    .where('account_id', '=', accountId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

/** One unit less on the caller's own line; the line goes at zero. False when not theirs. */
export async function removeUnit(db: DbOrTx, accountId: number, lineaId: number, now: string) {
  const updated = await db
    .updateTable('carrito_linea')
    .set({ cantidad: sql`cantidad - 1`, updated_at: now })
    .where('id', '=', lineaId)
    .where('account_id', '=', accountId)
    .where('cantidad', '>', 0)
    .executeTakeFirst();
  await db
    .deleteFrom('carrito_linea')
    .where('id', '=', lineaId)
    .where('account_id', '=', accountId)
    .where('cantidad', '<=', 0)
    .execute();
  return Number(updated.numUpdatedRows) === 1;
}

export async function deleteLineaOfProducto(db: DbOrTx, accountId: number, productoId: number) {
  const result = await db
    .deleteFrom('carrito_linea')
    .where('account_id', '=', accountId)
    .where('producto_id', '=', productoId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

const deleteLineasOfTiendaQuery = preparedQuery((db, accountId: number, tiendaId: number) =>
  db
    .deleteFrom('carrito_linea')
    .where('account_id', '=', accountId)
    .where('tienda_id', '=', tiendaId),
);

export async function deleteLineasOfTienda(db: DbOrTx, accountId: number, tiendaId: number) {
  const result = await deleteLineasOfTiendaQuery(db, accountId, tiendaId);
  return Number(result.numAffectedRows ?? 0n);
}

/**
 * Every line of the shopper with what PRODUCTO_Y_TIENDA reads of its product and shop: the
 * catalogue's columns of a line, so it prices and checks basket lines like any other.
 */
function lineasOf(db: DbOrTx, accountId: number) {
  return db
    .selectFrom('carrito_linea')
    .innerJoin('producto', 'producto.id', 'carrito_linea.producto_id')
    .innerJoin('categoria', 'categoria.id', 'producto.categoria_id')
    .innerJoin('tienda', 'tienda.id', 'carrito_linea.tienda_id')
    .innerJoin('account', 'account.id', 'tienda.account_id')
    .select([
      'carrito_linea.id as linea_id',
      'carrito_linea.producto_id',
      'carrito_linea.cantidad',
      'carrito_linea.opciones',
      'carrito_linea.nota',
      'carrito_linea.tienda_id',
      'carrito_linea.account_id',
      ...PRODUCTO_Y_TIENDA,
    ])
    .where('carrito_linea.account_id', '=', accountId)
    .orderBy('carrito_linea.tienda_id')
    .orderBy('carrito_linea.id');
}

const selectLineas = preparedQuery(lineasOf);

/** Every line of the shopper with today's name, price and image from the catalogue. */
export async function listLineas(db: DbOrTx, accountId: number) {
  return (await selectLineas(db, accountId)).rows;
}

// PostgreSQL only: a data-modifying WITH. Its SELECT reads the snapshot from before the DELETE,
// so it answers the shop's lines too.
const selectLineasDeletingTienda = preparedQuery((db, accountId: number, tiendaId: number) =>
  db
    .with('borradas', (qb) =>
      qb
        .deleteFrom('carrito_linea')
        .where('account_id', '=', accountId)
        .where('tienda_id', '=', tiendaId)
        .returning('id'),
    )
    .selectFrom(lineasOf(db, accountId).as('l'))
    .selectAll('l')
    .select(sql<string | number>`(SELECT count(*) FROM borradas)`.as('borradas'))
    .orderBy('l.tienda_id')
    .orderBy('l.linea_id'),
);

/**
 * Every line of the shopper as listLineas reads them, and removes the lines of one shop;
 * answers how many it removed. One statement on PostgreSQL.
 */
export async function listLineasDeletingTienda(
  db: DbOrTx,
  accountId: number,
  tiendaId: number,
): Promise<{ todas: LineaRow[]; borradas: number }> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) {
    const todas = await listLineas(db, accountId);
    const tiene = todas.some((l) => l.tienda_id === tiendaId);
    return { todas, borradas: tiene ? await deleteLineasOfTienda(db, accountId, tiendaId) : 0 };
  }
  const { rows } = await selectLineasDeletingTienda(db, accountId, tiendaId);
  return {
    todas: rows.map(({ borradas: _, ...linea }) => linea),
    borradas: Number(rows[0]?.borradas ?? 0),
  };
}

export type LineaRow = Awaited<ReturnType<typeof listLineas>>[number];
