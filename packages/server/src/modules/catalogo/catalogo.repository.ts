import type { SelectQueryBuilder, Updateable } from 'kysely';
import type { Database, DbOrTx } from '../../db/database.js';
import { existsRow, insertedId } from '../../db/rows.js';
import type { CategoriaTable, ProductoTable } from './catalogo.table.js';

type Catalogo = 'categoria' | 'producto';
/** A query of categories or of products (both are deleted softly, and belong to a shop). */
type CatalogoQuery<T extends Catalogo> = SelectQueryBuilder<Database, T, Record<never, never>>;

/** The shop's category or product by id, unless deleted: what the owner may change. */
function selectOfTienda<T extends Catalogo>(db: DbOrTx, table: T, id: number, tiendaId: number) {
  return db
    .selectFrom(table as Catalogo)
    .where('id', '=', id)
    .where('tienda_id', '=', tiendaId)
    .where('deleted', '=', 0) as CatalogoQuery<T>;
}

/** The live categories or products other than `exceptId`: where a new name must not be. */
function selectOthers<T extends Catalogo>(db: DbOrTx, table: T, exceptId: number) {
  return db
    .selectFrom(table as Catalogo)
    .where('deleted', '=', 0)
    .where('id', '<>', exceptId) as CatalogoQuery<T>;
}

export function findCategoriaOfTienda(db: DbOrTx, id: number, tiendaId: number) {
  return selectOfTienda(db, 'categoria', id, tiendaId)
    .select(['id', 'tienda_id', 'title', 'title_without_spaces', 'image_url'])
    .executeTakeFirst();
}

/** Another live category of the shop with the same URL segment. */
export function existsCategoriaSegment(
  db: DbOrTx,
  tiendaId: number,
  segment: string,
  exceptId = 0,
) {
  return existsRow(
    selectOthers(db, 'categoria', exceptId)
      .select('id')
      .where('tienda_id', '=', tiendaId)
      .where('title_without_spaces', '=', segment),
  );
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

/** Sets columns of one category. */
async function setCategoria(db: DbOrTx, id: number, set: Updateable<CategoriaTable>) {
  await db.updateTable('categoria').set(set).where('id', '=', id).execute();
}

export function updateCategoria(
  db: DbOrTx,
  values: { id: number; title: string; segment: string; imageUrl: string; now: string },
) {
  return setCategoria(db, values.id, {
    title: values.title,
    title_without_spaces: values.segment,
    image_url: values.imageUrl,
    updated_at: values.now,
  });
}

/** Soft delete; the category's products go with it so they can't be ordered any more. */
export async function softDeleteCategoria(db: DbOrTx, id: number, now: string) {
  await setCategoria(db, id, { deleted: 1, updated_at: now });
  await db
    .updateTable('producto')
    .set({ deleted: 1, updated_at: now })
    .where('categoria_id', '=', id)
    .where('deleted', '=', 0)
    .execute();
}

export function findProductoOfTienda(db: DbOrTx, id: number, tiendaId: number) {
  return selectOfTienda(db, 'producto', id, tiendaId)
    .select(['id', 'tienda_id', 'categoria_id', 'name', 'activated'])
    .executeTakeFirst();
}

export function existsProductoName(db: DbOrTx, categoriaId: number, nameKey: string, exceptId = 0) {
  return existsRow(
    selectOthers(db, 'producto', exceptId)
      .select('id')
      .where('categoria_id', '=', categoriaId)
      .where('name_key', '=', nameKey),
  );
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

/** The columns a product's values fill, as an insert and an update write them. */
function productoColumns(values: ProductoValues) {
  return {
    categoria_id: values.categoriaId,
    name: values.name,
    name_key: values.nameKey,
    price: values.price,
    image_url: values.imageUrl,
    descripcion: values.descripcion,
    detalle: values.detalle,
  };
}

export async function insertProducto(
  db: DbOrTx,
  values: ProductoValues & { tiendaId: number; now: string },
): Promise<number> {
  return insertedId(
    db
      .insertInto('producto')
      .values({
        tienda_id: values.tiendaId,
        ...productoColumns(values),
        created_at: values.now,
        updated_at: values.now,
      })
      .returning('id'),
  );
}

/** Sets columns of one product. */
async function setProducto(db: DbOrTx, id: number, set: Updateable<ProductoTable>) {
  await db.updateTable('producto').set(set).where('id', '=', id).execute();
}

export function updateProducto(
  db: DbOrTx,
  values: ProductoValues & { id: number; activated: boolean; now: string },
) {
  return setProducto(db, values.id, {
    ...productoColumns(values),
    activated: values.activated ? 1 : 0,
    updated_at: values.now,
  });
}

export function setProductoActivated(db: DbOrTx, id: number, activated: boolean, now: string) {
  return setProducto(db, id, { activated: activated ? 1 : 0, updated_at: now });
}

export function softDeleteProducto(db: DbOrTx, id: number, now: string) {
  return setProducto(db, id, { deleted: 1, updated_at: now });
}

/** Sold out until `hasta` (ISO; null: on sale again). */
export function setProductoAgotadoHasta(db: DbOrTx, id: number, hasta: string | null, now: string) {
  return setProducto(db, id, { agotado_hasta: hasta, updated_at: now });
}
