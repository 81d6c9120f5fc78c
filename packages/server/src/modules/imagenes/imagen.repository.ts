import type { DbOrTx } from '../../db/database.js';

/**
 * Records an upload. The same image uploaded again (same content, same name) keeps its first
 * shop and size but counts as new for the orphan sweep.
 */
export async function recordImagen(
  db: DbOrTx,
  values: { name: string; tiendaId: number; bytes: number; now: string },
): Promise<void> {
  await db
    .insertInto('imagen')
    .values({
      name: values.name,
      tienda_id: values.tiendaId,
      bytes: values.bytes,
      created_at: values.now,
    })
    .onConflict((oc) => oc.column('name').doUpdateSet({ created_at: values.now }))
    .execute();
}

export async function findImagen(db: DbOrTx, name: string) {
  return db.selectFrom('imagen').selectAll().where('name', '=', name).executeTakeFirst();
}

/** Bytes the shop's uploads take on disk. */
export async function sumBytesOfTienda(db: DbOrTx, tiendaId: number): Promise<number> {
  const row = await db
    .selectFrom('imagen')
    .select((eb) => eb.fn.sum<number | string | null>('bytes').as('total'))
    .where('tienda_id', '=', tiendaId)
    .executeTakeFirst();
  return Number(row?.total ?? 0);
}

/** Uploads older than `beforeIso`, oldest first, after the (created_at, name) cursor. */
export async function listImagenesBefore(
  db: DbOrTx,
  beforeIso: string,
  limit: number,
  after?: { createdAt: string; name: string },
) {
  let query = db
    .selectFrom('imagen')
    .select(['name', 'created_at'])
    .where('created_at', '<', beforeIso);
  if (after) {
    query = query.where((eb) =>
      eb(eb.refTuple('created_at', 'name'), '>', eb.tuple(after.createdAt, after.name)),
    );
  }
  return query.orderBy('created_at').orderBy('name').limit(limit).execute();
}

/**
 * Which of `paths` something still shows: a shop, category or product (deleted ones too: they
 * may come back) or an order's snapshot (an old order keeps its pictures).
 */
export async function listReferencedImageUrls(db: DbOrTx, paths: string[]): Promise<Set<string>> {
  if (paths.length === 0) return new Set();
  const reads = await Promise.all([
    db.selectFrom('tienda').select('image_url as url').where('image_url', 'in', paths).execute(),
    db.selectFrom('categoria').select('image_url as url').where('image_url', 'in', paths).execute(),
    db.selectFrom('producto').select('image_url as url').where('image_url', 'in', paths).execute(),
    db
      .selectFrom('pedido')
      .select('tienda_image_url as url')
      .where('tienda_image_url', 'in', paths)
      .execute(),
    db
      .selectFrom('pedido_detalle')
      .select('imagen_producto as url')
      .where('imagen_producto', 'in', paths)
      .execute(),
  ]);
  return new Set(reads.flat().map((r) => r.url));
}

/** Forgets an upload unless it was uploaded again since `beforeIso`; whether it was removed. */
export async function deleteImagenIfBefore(
  db: DbOrTx,
  name: string,
  beforeIso: string,
): Promise<boolean> {
  const result = await db
    .deleteFrom('imagen')
    .where('name', '=', name)
    .where('created_at', '<', beforeIso)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
