import type { GrupoDef } from '@tianguis/domain';
import type { DbOrTx } from '../../db/database.js';
import { insertedId } from '../../db/rows.js';

/**
 * The option groups of some products (or of every product of some shops), each with its options
 * in the owner's order: all of them, inactive ones marked, or only the active ones. Products
 * without groups are absent from the map. Prices in centavos.
 */
export async function loadGrupos(
  db: DbOrTx,
  of: { productoIds: readonly number[] } | { tiendaIds: readonly number[] },
  onlyActive = false,
): Promise<Map<number, GrupoDef[]>> {
  const porProducto = new Map<number, GrupoDef[]>();
  const [column, list] =
    'productoIds' in of
      ? (['producto_id', of.productoIds] as const)
      : (['tienda_id', of.tiendaIds] as const);
  if (list.length === 0) return porProducto;
  const ids = [...new Set(list)];
  let opcionesQuery = db
    .selectFrom('producto_opcion')
    .select(['id', 'grupo_id', 'nombre', 'precio_extra', 'activo'])
    .where(column, 'in', ids);
  if (onlyActive) opcionesQuery = opcionesQuery.where('activo', '=', 1);
  const [grupos, opciones] = await Promise.all([
    db
      .selectFrom('producto_grupo')
      .select(['id', 'producto_id', 'nombre', 'minimo', 'maximo'])
      .where(column, 'in', ids)
      .orderBy('producto_id')
      .orderBy('orden')
      .orderBy('id')
      .execute(),
    opcionesQuery.orderBy('grupo_id').orderBy('orden').orderBy('id').execute(),
  ]);
  const opcionesPorGrupo = new Map<number, GrupoDef['opciones'][number][]>();
  for (const o of opciones) {
    const opcion = {
      id: o.id,
      nombre: o.nombre,
      precioExtra: o.precio_extra,
      activo: o.activo === 1,
    };
    const group = opcionesPorGrupo.get(o.grupo_id);
    if (group) group.push(opcion);
    else opcionesPorGrupo.set(o.grupo_id, [opcion]);
  }
  for (const g of grupos) {
    const grupo: GrupoDef = {
      id: g.id,
      nombre: g.nombre,
      minimo: g.minimo,
      maximo: g.maximo,
      opciones: opcionesPorGrupo.get(g.id) ?? [],
    };
    const deProducto = porProducto.get(g.producto_id);
    if (deProducto) deProducto.push(grupo);
    else porProducto.set(g.producto_id, [grupo]);
  }
  return porProducto;
}

/** The ids of a product's groups and options as stored (what an edit may keep). */
export async function listGrupoIdsOf(db: DbOrTx, productoId: number) {
  const [grupos, opciones] = await Promise.all([
    db.selectFrom('producto_grupo').select('id').where('producto_id', '=', productoId).execute(),
    db
      .selectFrom('producto_opcion')
      .select(['id', 'grupo_id'])
      .where('producto_id', '=', productoId)
      .execute(),
  ]);
  return { grupoIds: grupos.map((g) => g.id), opciones };
}

/** Deletes the product's options and groups whose ids are not kept (options first). */
export async function deleteGruposExcept(
  db: DbOrTx,
  productoId: number,
  keep: { grupoIds: number[]; opcionIds: number[] },
) {
  let opciones = db.deleteFrom('producto_opcion').where('producto_id', '=', productoId);
  if (keep.opcionIds.length > 0) opciones = opciones.where('id', 'not in', keep.opcionIds);
  await opciones.execute();
  let grupos = db.deleteFrom('producto_grupo').where('producto_id', '=', productoId);
  if (keep.grupoIds.length > 0) grupos = grupos.where('id', 'not in', keep.grupoIds);
  await grupos.execute();
}

export interface GrupoValues {
  nombre: string;
  minimo: number;
  maximo: number;
  orden: number;
}

export async function insertGrupo(
  db: DbOrTx,
  values: GrupoValues & { tiendaId: number; productoId: number },
): Promise<number> {
  return insertedId(
    db
      .insertInto('producto_grupo')
      .values({
        tienda_id: values.tiendaId,
        producto_id: values.productoId,
        nombre: values.nombre,
        minimo: values.minimo,
        maximo: values.maximo,
        orden: values.orden,
      })
      .returning('id'),
  );
}

export async function updateGrupo(db: DbOrTx, id: number, values: GrupoValues) {
  await db
    .updateTable('producto_grupo')
    .set({
      nombre: values.nombre,
      minimo: values.minimo,
      maximo: values.maximo,
      orden: values.orden,
    })
    .where('id', '=', id)
    .execute();
}

export interface OpcionValues {
  nombre: string;
  /** Centavos. */
  precioExtra: number;
  activo: boolean;
  orden: number;
}

export async function insertOpcion(
  db: DbOrTx,
  values: OpcionValues & { tiendaId: number; productoId: number; grupoId: number },
) {
  await db
    .insertInto('producto_opcion')
    .values({
      tienda_id: values.tiendaId,
      producto_id: values.productoId,
      grupo_id: values.grupoId,
      nombre: values.nombre,
      precio_extra: values.precioExtra,
      activo: values.activo ? 1 : 0,
      orden: values.orden,
    })
    .execute();
}

export async function updateOpcion(db: DbOrTx, id: number, values: OpcionValues) {
  await db
    .updateTable('producto_opcion')
    .set({
      nombre: values.nombre,
      precio_extra: values.precioExtra,
      activo: values.activo ? 1 : 0,
      orden: values.orden,
    })
    .where('id', '=', id)
    .execute();
}
