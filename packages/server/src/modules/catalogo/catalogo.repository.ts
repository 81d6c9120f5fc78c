import type { DbOrTx } from '../../db/database.js';

export function findCategoriaOfTienda(db: DbOrTx, id: number, tiendaId: number) {
  return db
    .selectFrom('categoria')
    .select(['id', 'tienda_id', 'title', 'title_without_spaces', 'image_url'])
    .where('id', '=', id)
    .where('tienda_id', '=', tiendaId)
    .where('deleted', '=', 0)
    .executeTakeFirst();
}

/** Another live category of the shop with the same URL segment. */
export async function existsCategoriaSegment(
  db: DbOrTx,
  tiendaId: number,
  segment: string,
  exceptId = 0,
) {
  const row = await db
    .selectFrom('categoria')
    .select('id')
    .where('tienda_id', '=', tiendaId)
    .where('title_without_spaces', '=', segment)
    .where('deleted', '=', 0)
    .where('id', '<>', exceptId)
    .executeTakeFirst();
  return row !== undefined;
}

export async function insertCategoria(
  db: DbOrTx,
  values: { tiendaId: number; title: string; segment: string; imageUrl: string; now: string },
) {
  await db
    .insertInto('categoria')
    .values({
      tienda_id: values.tiendaId,
      title: values.title,
      title_without_spaces: values.segment,
      image_url: values.imageUrl,
      created_at: values.now,
      updated_at: values.now,
    })
    .execute();
}

export async function updateCategoria(
  db: DbOrTx,
  values: { id: number; title: string; segment: string; imageUrl: string; now: string },
) {
  await db
    .updateTable('categoria')
    .set({
      title: values.title,
      title_without_spaces: values.segment,
      image_url: values.imageUrl,
      updated_at: values.now,
    })
    .where('id', '=', values.id)
    .execute();
}

/** Soft delete; the category's products go with it so they can't be ordered any more. */
export async function softDeleteCategoria(db: DbOrTx, id: number, now: string) {
  await db
    .updateTable('categoria')
    .set({ deleted: 1, updated_at: now })
    .where('id', '=', id)
    .execute();
  await db
    .updateTable('producto')
    .set({ deleted: 1, updated_at: now })
    .where('categoria_id', '=', id)
    .where('deleted', '=', 0)
    .execute();
}

export function findProductoOfTienda(db: DbOrTx, id: number, tiendaId: number) {
  return db
    .selectFrom('producto')
    .select(['id', 'tienda_id', 'categoria_id', 'name', 'activated'])
    .where('id', '=', id)
    .where('tienda_id', '=', tiendaId)
    .where('deleted', '=', 0)
    .executeTakeFirst();
}

export async function existsProductoName(
  db: DbOrTx,
  categoriaId: number,
  nameKey: string,
  exceptId = 0,
) {
  const row = await db
    .selectFrom('producto')
    .select('id')
    .where('categoria_id', '=', categoriaId)
    .where('name_key', '=', nameKey)
    .where('deleted', '=', 0)
    .where('id', '<>', exceptId)
    .executeTakeFirst();
  return row !== undefined;
}

export interface ProductoValues {
  categoriaId: number;
  name: string;
  nameKey: string;
  price: number;
  imageUrl: string;
  descripcion: string;
  detalle: string;
}

export async function insertProducto(
  db: DbOrTx,
  values: ProductoValues & { tiendaId: number; now: string },
): Promise<number> {
  const row = await db
    .insertInto('producto')
    .values({
      tienda_id: values.tiendaId,
      categoria_id: values.categoriaId,
      name: values.name,
      name_key: values.nameKey,
      price: values.price,
      image_url: values.imageUrl,
      descripcion: values.descripcion,
      detalle: values.detalle,
      created_at: values.now,
      updated_at: values.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateProducto(
  db: DbOrTx,
  values: ProductoValues & { id: number; activated: boolean; now: string },
) {
  await db
    .updateTable('producto')
    .set({
      categoria_id: values.categoriaId,
      name: values.name,
      name_key: values.nameKey,
      price: values.price,
      image_url: values.imageUrl,
      descripcion: values.descripcion,
      detalle: values.detalle,
      activated: values.activated ? 1 : 0,
      updated_at: values.now,
    })
    .where('id', '=', values.id)
    .execute();
}

export async function setProductoActivated(
  db: DbOrTx,
  id: number,
  activated: boolean,
  now: string,
) {
  await db
    .updateTable('producto')
    .set({ activated: activated ? 1 : 0, updated_at: now })
    .where('id', '=', id)
    .execute();
}

export async function softDeleteProducto(db: DbOrTx, id: number, now: string) {
  await db
    .updateTable('producto')
    .set({ deleted: 1, updated_at: now })
    .where('id', '=', id)
    .execute();
}

/** Sold out until `hasta` (ISO; null: on sale again). */
export async function setProductoAgotadoHasta(
  db: DbOrTx,
  id: number,
  hasta: string | null,
  now: string,
) {
  await db
    .updateTable('producto')
    .set({ agotado_hasta: hasta, updated_at: now })
    .where('id', '=', id)
    .execute();
}
