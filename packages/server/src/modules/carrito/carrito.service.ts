import { CANTIDAD_MAXIMA_POR_LINEA, carritoMessages, centavosToPesos } from '@tianguis/domain';
import type { Db, DbOrTx } from '../../db/database.js';
import { runInWriteTransaction, runWrite } from '../../db/group-commit.js';
import { AppError } from '../../http/app-error.js';
import type { Session } from '../../http/auth.js';
import { nowIso } from '../../lib/clock.js';
import * as repo from './carrito.repository.js';

/** A basket line as the spec's client reads it, plus whether it can still be ordered. */
export interface CarritoItemView {
  productoId: number;
  nombreProducto: string;
  precio: number;
  cantidad: number;
  imageurl: string;
  shoppingCartId: number;
  tiendaId: number;
  loginId: number;
  disponible: boolean;
}

/** One basket per shop (API.md). */
export interface CarritoGrupoView {
  tiendaId: number;
  nombreTienda: string;
  usuarioTienda: string;
  celularTienda: string;
  montoMinimo: number;
  costoDeEnvio: number;
  listOfShoppingCartMarketStore: CarritoItemView[];
}

/** Whether the line's shop takes orders at all: live, approved, switched on and configured. */
export function isTiendaDeLineaPublica(l: repo.LineaRow): boolean {
  return (
    l.tienda_deleted === 0 &&
    l.tienda_approved === 1 &&
    l.tienda_activated === 1 &&
    l.tienda_configured === 1
  );
}

/** Whether a line's product could be ordered right now from the catalogue's point of view. */
export function isLineaDisponible(l: repo.LineaRow): boolean {
  return (
    l.producto_deleted === 0 &&
    l.producto_activated === 1 &&
    l.categoria_deleted === 0 &&
    isTiendaDeLineaPublica(l)
  );
}

export function groupLineas(lineas: repo.LineaRow[]): CarritoGrupoView[] {
  const grupos = new Map<number, CarritoGrupoView>();
  for (const l of lineas) {
    let grupo = grupos.get(l.tienda_id);
    if (!grupo) {
      grupo = {
        tiendaId: l.tienda_id,
        nombreTienda: l.tienda_nombre,
        usuarioTienda: l.tienda_usuario,
        celularTienda: l.tienda_celular ?? '',
        montoMinimo: centavosToPesos(l.monto_minimo),
        costoDeEnvio: centavosToPesos(l.costo_de_envio),
        listOfShoppingCartMarketStore: [],
      };
      grupos.set(l.tienda_id, grupo);
    }
    grupo.listOfShoppingCartMarketStore.push({
      productoId: l.producto_id,
      nombreProducto: l.name,
      precio: centavosToPesos(l.price),
      cantidad: l.cantidad,
      imageurl: l.image_url,
      shoppingCartId: l.linea_id,
      tiendaId: l.tienda_id,
      loginId: l.account_id,
      disponible: isLineaDisponible(l),
    });
  }
  return [...grupos.values()];
}

export async function listCarrito(db: Db, session: Session): Promise<CarritoGrupoView[]> {
  return groupLineas(await repo.listLineas(db, session.accountId));
}

export async function addItem(db: Db, session: Session, productoId: number) {
  const producto = await repo.findBuyableProducto(db, productoId);
  if (!producto) throw new AppError('NO_ENCONTRADO', 'El producto no existe o no está disponible');
  const added = await runWrite(db, (trx) =>
    repo.addUnit(trx, {
      accountId: session.accountId,
      productoId,
      tiendaId: producto.tienda_id,
      now: nowIso(),
      max: CANTIDAD_MAXIMA_POR_LINEA,
    }),
  );
  if (!added) throw new AppError('VALIDACION', carritoMessages.cantidadMaxima);
  return listCarrito(db, session);
}

export async function removeItem(db: Db, session: Session, shoppingCartId: number) {
  const removed = await runInWriteTransaction(db, (trx) =>
    repo.removeUnit(trx, session.accountId, shoppingCartId, nowIso()),
  );
  if (!removed) throw new AppError('NO_ENCONTRADO', 'Ese producto no está en tu canasta');
  return listCarrito(db, session);
}

export async function clearItem(db: Db, session: Session, productoId: number) {
  const deleted = await runWrite(db, (trx) =>
    repo.deleteLineaOfProducto(trx, session.accountId, productoId),
  );
  if (!deleted) {
    throw new AppError('NO_ENCONTRADO', 'Ese producto no está en tu canasta');
  }
  return listCarrito(db, session);
}

export async function removeCart(db: Db, session: Session, tiendaId: number) {
  await runWrite(db, (trx) => repo.deleteLineasOfTienda(trx, session.accountId, tiendaId));
  return listCarrito(db, session);
}

/**
 * Takes a shop's basket out of the cart inside the order's transaction. The delete is the
 * claim: of two simultaneous checkouts of one basket, the second finds nothing to delete
 * (PostgreSQL waits on the first's row locks; SQLite runs them one after the other). Also
 * answers the shopper's other lines, the cart as the order leaves it.
 */
export async function takeGrupoForOrder(
  trx: DbOrTx,
  accountId: number,
  tiendaId: number,
): Promise<{ lineas: repo.LineaRow[]; restantes: repo.LineaRow[] }> {
  const todas = await repo.listLineas(trx, accountId);
  const lineas = todas.filter((l) => l.tienda_id === tiendaId);
  const restantes = todas.filter((l) => l.tienda_id !== tiendaId);
  if (lineas.length === 0) return { lineas, restantes };
  const deleted = await repo.deleteLineasOfTienda(trx, accountId, tiendaId);
  if (deleted !== lineas.length) {
    throw new AppError('ESTADO_INVALIDO', 'Tu canasta cambió mientras se procesaba; revísala');
  }
  return { lineas, restantes };
}
