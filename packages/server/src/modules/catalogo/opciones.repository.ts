import type { GrupoDef } from '@tianguis/domain';
import type { DbOrTx } from '../../db/database.js';

/**
 * The option groups of these products, each with all its options (inactive ones too, marked),
 * in the owner's order. Products without groups are absent from the map.
 */
export async function loadGruposDe(
  db: DbOrTx,
  productoIds: readonly number[],
): Promise<Map<number, GrupoDef[]>> {
  const porProducto = new Map<number, GrupoDef[]>();
  if (productoIds.length === 0) return porProducto;
  const ids = [...new Set(productoIds)];
  const [grupos, opciones] = await Promise.all([
    db
      .selectFrom('producto_grupo')
      .select(['id', 'producto_id', 'nombre', 'minimo', 'maximo'])
      .where('producto_id', 'in', ids)
      .orderBy('producto_id')
      .orderBy('orden')
      .orderBy('id')
      .execute(),
    db
      .selectFrom('producto_opcion')
      .select(['id', 'grupo_id', 'nombre', 'precio_extra', 'activo'])
      .where('producto_id', 'in', ids)
      .orderBy('grupo_id')
      .orderBy('orden')
      .orderBy('id')
      .execute(),
  ]);
  const opcionesPorGrupo = new Map<number, GrupoDef['opciones'][number][]>();
  for (const o of opciones) {
    const opcion = {
      id: o.id,
      nombre: o.nombre,
      precioExtra: o.precio_extra,
      activo: o.activo === 1,
    };
    const list = opcionesPorGrupo.get(o.grupo_id);
    if (list) list.push(opcion);
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
    const list = porProducto.get(g.producto_id);
    if (list) list.push(grupo);
    else porProducto.set(g.producto_id, [grupo]);
  }
  return porProducto;
}
