import { sql, type ExpressionBuilder } from 'kysely';
import type { Database, DbOrTx } from '../../db/database.js';

/**
 * What other modules read of the catalogue (the shops' pages and lists): categories, products,
 * the visibility condition and the sold-out bounds. The catalogue's tables are this module's:
 * other modules read them through these functions, never with queries of their own.
 */

/** A shop with a live product in a live category: the catalogue half of public visibility. */
export function hasVisibleProduct(eb: ExpressionBuilder<Database, 'tienda'>) {
  return eb.exists(
    eb
      .selectFrom('producto')
      .innerJoin('categoria', 'categoria.id', 'producto.categoria_id')
      .select(sql.lit(1).as('one'))
      .whereRef('producto.tienda_id', '=', 'tienda.id')
      .where('producto.deleted', '=', 0)
      .where('producto.activated', '=', 1)
      .where('categoria.deleted', '=', 0),
  );
}

export function listCategoriasOf(db: DbOrTx, tiendaIds: number[]) {
  if (tiendaIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('categoria')
    .select(['id', 'tienda_id', 'title', 'title_without_spaces', 'image_url'])
    .where('tienda_id', 'in', tiendaIds)
    .where('deleted', '=', 0)
    .orderBy('title')
    .orderBy('id')
    .execute();
}

/**
 * The categories the public sees in these shops (live, with a live active product), id, shop and
 * title only, in no particular order: the directory's "what it sells", in one query.
 */
export function listCategoriasVisiblesOf(db: DbOrTx, tiendaIds: number[]) {
  if (tiendaIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('categoria')
    .select(['categoria.id', 'categoria.tienda_id', 'categoria.title'])
    .where('categoria.tienda_id', 'in', tiendaIds)
    .where('categoria.deleted', '=', 0)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('producto')
          .select(sql.lit(1).as('one'))
          .whereRef('producto.categoria_id', '=', 'categoria.id')
          .where('producto.deleted', '=', 0)
          .where('producto.activated', '=', 1),
      ),
    )
    .execute();
}

export function listProductosOf(db: DbOrTx, tiendaIds: number[], onlyActive: boolean) {
  if (tiendaIds.length === 0) return Promise.resolve([]);
  let query = db
    .selectFrom('producto')
    .select([
      'id',
      'tienda_id',
      'categoria_id',
      'name',
      'price',
      'image_url',
      'descripcion',
      'detalle',
      'activated',
      'agotado_hasta',
    ])
    .where('tienda_id', 'in', tiendaIds)
    .where('deleted', '=', 0);
  if (onlyActive) query = query.where('activated', '=', 1);
  return query.orderBy('name').orderBy('id').execute();
}

/**
 * The future ends of sold-out marks (distinct ISO texts): the moments a cached answer holding
 * `agotado: true` stops being right without any change to the data.
 */
export async function listAgotadoHastaAfter(db: DbOrTx, nowIso: string): Promise<string[]> {
  const rows = await db
    .selectFrom('producto')
    .select('agotado_hasta')
    .distinct()
    .where('agotado_hasta', '>', nowIso)
    .where('deleted', '=', 0)
    .execute();
  return rows.map((r) => r.agotado_hasta ?? '');
}
