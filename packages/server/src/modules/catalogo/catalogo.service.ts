import {
  catalogoMessages,
  finDelDia,
  tituloSinEspacios,
  type Categoria,
  type GrupoInput,
  type Producto,
} from '@tianguis/domain';
import type { Db, DbOrTx } from '../../db/database.js';
import { AppError } from '../../http/app-error.js';
import type { Session } from '../../http/auth.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import { nowIso } from '../../lib/clock.js';
import {
  assertOwnTiendaId,
  bumpTiendaVersion,
  listTiendasFor,
  requireOwnTienda,
} from '../tiendas/tienda.service.js';
import type { TiendaView } from '../tiendas/tienda.service.js';
import * as repo from './catalogo.repository.js';
import * as opcionesRepo from './opciones.repository.js';

/**
 * What other modules read of the catalogue (the shops' pages and lists), in catalogo-lectura.ts:
 * the catalogue's tables are this module's, read elsewhere only through these functions.
 */
export {
  hasVisibleProduct,
  listAgotadoHastaAfter,
  listCategoriasOf,
  listCategoriasVisiblesOf,
  listProductosOf,
} from './catalogo-lectura.js';

/** A category and a product as the domain schemas answer them (price in centavos). */
export type CategoriaInput = Categoria;
export type ProductoInput = Producto;

const categoriaNoEncontrada = () => new AppError('NO_ENCONTRADO', 'La categoría no existe');
const productoNoEncontrado = () => new AppError('NO_ENCONTRADO', 'El producto no existe');

/**
 * Runs one change to the caller's catalogue in a transaction that also raises the shop's
 * version, then answers the shop list as the owner sees it (docs/api.md).
 */
async function changeCatalogo(
  db: Db,
  session: Session,
  change: (
    trx: DbOrTx,
    tienda: { id: number; configured: number; time_zone: string },
    now: string,
  ) => Promise<void>,
): Promise<TiendaView[]> {
  const tienda = await requireOwnTienda(db, session);
  await db.transaction().execute(async (trx) => {
    // The version bump comes first: its row lock makes two changes of one shop take turns, so
    // each one's checks (name taken? category still there?) see the other's result.
    await bumpTiendaVersion(trx, tienda.id);
    await change(trx, tienda, nowIso());
  });
  return listTiendasFor(db, session);
}

function nameKeyOf(name: string): string {
  return name.trim().toLowerCase();
}

/** The unique indexes back up the checks when two saves race: answer with the same marker. */
async function withMarker<T>(
  code: 'CATEGORIA_EXISTENTE' | 'PRODUCTO_EXISTENTE',
  run: () => Promise<T>,
) {
  try {
    return await run();
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError(code);
    throw error;
  }
}

export function addCategoria(
  db: Db,
  session: Session,
  input: CategoriaInput & { tiendaId?: number },
) {
  assertOwnTiendaId(session, input.tiendaId);
  return withMarker('CATEGORIA_EXISTENTE', () =>
    changeCatalogo(db, session, async (trx, tienda, now) => {
      if (tienda.configured !== 1) {
        throw new AppError(
          'VALIDACION',
          'Debe configurar la tienda antes de agregar una categoría',
        );
      }
      const segment = tituloSinEspacios(input.title);
      if (await repo.existsCategoriaSegment(trx, tienda.id, segment)) {
        throw new AppError('CATEGORIA_EXISTENTE');
      }
      await repo.insertCategoria(trx, { ...input, tiendaId: tienda.id, segment, now });
    }),
  );
}

export function updateCategoria(db: Db, session: Session, input: CategoriaInput & { id: number }) {
  return withMarker('CATEGORIA_EXISTENTE', () =>
    changeCatalogo(db, session, async (trx, tienda, now) => {
      if (!(await repo.findCategoriaOfTienda(trx, input.id, tienda.id))) {
        throw categoriaNoEncontrada();
      }
      const segment = tituloSinEspacios(input.title);
      if (await repo.existsCategoriaSegment(trx, tienda.id, segment, input.id)) {
        throw new AppError('CATEGORIA_EXISTENTE');
      }
      await repo.updateCategoria(trx, { ...input, segment, now });
    }),
  );
}

export function deleteCategoria(db: Db, session: Session, id: number) {
  return changeCatalogo(db, session, async (trx, tienda, now) => {
    if (!(await repo.findCategoriaOfTienda(trx, id, tienda.id))) throw categoriaNoEncontrada();
    await repo.softDeleteCategoria(trx, id, now);
  });
}

async function assertProductoFree(
  trx: DbOrTx,
  tiendaId: number,
  input: ProductoInput,
  exceptId?: number,
) {
  if (!(await repo.findCategoriaOfTienda(trx, input.categoriaId, tiendaId))) {
    throw categoriaNoEncontrada();
  }
  if (await repo.existsProductoName(trx, input.categoriaId, nameKeyOf(input.name), exceptId)) {
    throw new AppError('PRODUCTO_EXISTENTE');
  }
}

/** `grupos` of addproducto / updateproducto: left out keeps them, `[]` removes them all. */
type ConGrupos = { grupos?: GrupoInput[] | undefined };

/**
 * Makes a product's option groups the given list, in its order: an item with an id keeps that
 * group or option (it must be this product's, else 400 and nothing changes), one without is
 * new, one left out is deleted. Orders keep their own copy of the options they hold.
 */
async function replaceGrupos(
  trx: DbOrTx,
  tiendaId: number,
  productoId: number,
  grupos: readonly GrupoInput[],
) {
  const current = await opcionesRepo.listGrupoIdsOf(trx, productoId);
  const grupoIds = new Set(current.grupoIds);
  const grupoDeOpcion = new Map(current.opciones.map((o) => [o.id, o.grupo_id]));
  const keep = { grupoIds: [] as number[], opcionIds: [] as number[] };
  for (const g of grupos) {
    if (g.id !== undefined) {
      if (!grupoIds.has(g.id) || keep.grupoIds.includes(g.id)) throw grupoAjeno();
      keep.grupoIds.push(g.id);
    }
    for (const o of g.opciones) {
      if (o.id === undefined) continue;
      // An option stays in its group: naming it under another one is a mistake, not a move.
      if (g.id === undefined || grupoDeOpcion.get(o.id) !== g.id) throw grupoAjeno();
      if (keep.opcionIds.includes(o.id)) throw grupoAjeno();
      keep.opcionIds.push(o.id);
    }
  }
  await opcionesRepo.deleteGruposExcept(trx, productoId, keep);
  for (const [orden, g] of grupos.entries()) {
    const values = { nombre: g.nombre, minimo: g.minimo, maximo: g.maximo, orden };
    let grupoId = g.id;
    if (grupoId === undefined) {
      grupoId = await opcionesRepo.insertGrupo(trx, { ...values, tiendaId, productoId });
    } else {
      await opcionesRepo.updateGrupo(trx, grupoId, values);
    }
    for (const [ordenOpcion, o] of g.opciones.entries()) {
      const opcion = {
        nombre: o.nombre,
        precioExtra: o.precioExtra,
        activo: o.activo,
        orden: ordenOpcion,
      };
      if (o.id === undefined) {
        await opcionesRepo.insertOpcion(trx, { ...opcion, tiendaId, productoId, grupoId });
      } else {
        await opcionesRepo.updateOpcion(trx, o.id, opcion);
      }
    }
  }
}

const grupoAjeno = () => new AppError('VALIDACION', catalogoMessages.grupoAjeno);

export function addProducto(
  db: Db,
  session: Session,
  input: ProductoInput & ConGrupos & { tiendaId?: number },
) {
  assertOwnTiendaId(session, input.tiendaId);
  return withMarker('PRODUCTO_EXISTENTE', () =>
    changeCatalogo(db, session, async (trx, tienda, now) => {
      await assertProductoFree(trx, tienda.id, input);
      const id = await repo.insertProducto(trx, {
        ...input,
        nameKey: nameKeyOf(input.name),
        tiendaId: tienda.id,
        now,
      });
      if (input.grupos) await replaceGrupos(trx, tienda.id, id, input.grupos);
    }),
  );
}

export function updateProducto(
  db: Db,
  session: Session,
  input: ProductoInput & ConGrupos & { id: number; activarODesactivar?: boolean },
) {
  return withMarker('PRODUCTO_EXISTENTE', () =>
    changeCatalogo(db, session, async (trx, tienda, now) => {
      const current = await repo.findProductoOfTienda(trx, input.id, tienda.id);
      if (!current) throw productoNoEncontrado();
      await assertProductoFree(trx, tienda.id, input, input.id);
      await repo.updateProducto(trx, {
        ...input,
        nameKey: nameKeyOf(input.name),
        activated: input.activarODesactivar ?? current.activated === 1,
        now,
      });
      if (input.grupos) await replaceGrupos(trx, tienda.id, input.id, input.grupos);
    }),
  );
}

export function deleteProducto(db: Db, session: Session, id: number) {
  return changeCatalogo(db, session, async (trx, tienda, now) => {
    if (!(await repo.findProductoOfTienda(trx, id, tienda.id))) throw productoNoEncontrado();
    await repo.softDeleteProducto(trx, id, now);
  });
}

export function activateProducto(db: Db, session: Session, id: number, activate: boolean) {
  return changeCatalogo(db, session, async (trx, tienda, now) => {
    if (!(await repo.findProductoOfTienda(trx, id, tienda.id))) throw productoNoEncontrado();
    await repo.setProductoActivated(trx, id, activate, now);
  });
}

/**
 * Marks the caller's product sold out until the end of today in the shop's time zone (it comes
 * back by itself), or on sale again. Another shop's product is 404 and nothing changes.
 */
export function setProductoAgotado(db: Db, session: Session, productoId: number, agotado: boolean) {
  return changeCatalogo(db, session, async (trx, tienda, now) => {
    if (!(await repo.findProductoOfTienda(trx, productoId, tienda.id))) {
      throw productoNoEncontrado();
    }
    const hasta = agotado ? finDelDia(new Date(now), tienda.time_zone).toISOString() : null;
    await repo.setProductoAgotadoHasta(trx, productoId, hasta, now);
  });
}
