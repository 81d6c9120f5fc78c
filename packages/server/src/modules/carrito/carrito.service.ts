import {
  CANTIDAD_MAXIMA_POR_LINEA,
  carritoMessages,
  centavosToPesos,
  claveDeOpciones,
  chooseOpciones,
  estadoMessages,
  getEstadoPedidos,
  isAgotado,
  normalizeNota,
  opcionesVista,
  redactPagos,
  sumLineas,
  toEntregaTienda,
  toPagosTienda,
  type LineaDeMonto,
  type CarritoGrupo,
  type CarritoItem,
} from '@tianguis/domain';
import type { Db, DbOrTx } from '../../db/database.js';
import { runInWriteTransaction, runWrite } from '../../db/group-commit.js';
import { AppError } from '../../http/app-error.js';
import type { Session } from '../../http/auth.js';
import { nowIso } from '../../lib/clock.js';
import { loadGruposDeTienda } from '../catalogo/opciones.service.js';
import { isTiendaDeLineaPublica, resolveLineas } from '../catalogo/precio.service.js';
import { findCalendarioDe } from '../horarios/horario.service.js';
import * as repo from './carrito.repository.js';

/** A basket line as the first edition's client reads it, plus options, note and availability. */
export type CarritoItemView = CarritoItem;
/** One basket per shop (docs/api.md, "Cart lines"). */
export type CarritoGrupoView = CarritoGrupo;

export type LineaRow = repo.LineaRow;

/** The shop's open state for its basket group: hours, special days and pause, at `now`. */
async function estadoDe(db: DbOrTx, l: repo.LineaRow, now: Date) {
  if (!isTiendaDeLineaPublica(l)) {
    return { abierta: false, mensaje: 'La tienda no está disponible en este momento' };
  }
  const { horarios, diasEspeciales } = await findCalendarioDe(db, l.tienda_id, l.tienda_version);
  return getEstadoPedidos(
    { nombre: l.tienda_nombre, timeZone: l.time_zone, pausadoHasta: l.pausado_hasta },
    horarios,
    diasEspeciales,
    now,
  );
}

export async function groupLineas(
  db: DbOrTx,
  lineas: repo.LineaRow[],
  now: Date,
): Promise<CarritoGrupoView[]> {
  const resueltas = await resolveLineas(db, lineas, now);
  // The lines still available count towards the subtotal (money.ts, the one rule for totals).
  const grupos = new Map<number, { view: CarritoGrupoView; disponibles: LineaDeMonto[] }>();
  const pendientes: Promise<void>[] = [];
  for (const linea of resueltas) {
    const l = linea.row;
    let grupo = grupos.get(l.tienda_id);
    if (!grupo) {
      const view: CarritoGrupoView = {
        tiendaId: l.tienda_id,
        nombreTienda: l.tienda_nombre,
        usuarioTienda: l.tienda_usuario,
        celularTienda: l.tienda_celular ?? '',
        montoMinimo: centavosToPesos(l.monto_minimo),
        costoDeEnvio: centavosToPesos(l.costo_de_envio),
        subtotal: 0,
        entrega: toEntregaTienda(l),
        pagos: redactPagos(toPagosTienda(l)),
        abierta: true,
        mensajeCerrada: null,
        listOfShoppingCartMarketStore: [],
      };
      grupo = { view, disponibles: [] };
      grupos.set(l.tienda_id, grupo);
      pendientes.push(
        estadoDe(db, l, now).then((estado) => {
          view.abierta = estado.abierta;
          view.mensajeCerrada = estado.mensaje;
        }),
      );
    }
    const disponible = linea.problema === undefined;
    if (disponible) grupo.disponibles.push({ precio: linea.precio, cantidad: l.cantidad });
    grupo.view.listOfShoppingCartMarketStore.push({
      productoId: l.producto_id,
      nombreProducto: l.name,
      precio: centavosToPesos(linea.precio),
      cantidad: l.cantidad,
      imageurl: l.image_url,
      shoppingCartId: l.linea_id,
      tiendaId: l.tienda_id,
      loginId: l.account_id,
      disponible,
      opciones: opcionesVista(linea.opciones),
      nota: l.nota === '' ? null : l.nota,
    });
  }
  await Promise.all(pendientes);
  return [...grupos.values()].map(({ view, disponibles }) => ({
    ...view,
    subtotal: centavosToPesos(sumLineas(disponibles)),
  }));
}

export async function listCarrito(db: Db, session: Session): Promise<CarritoGrupoView[]> {
  return groupLineas(db, await repo.listLineas(db, session.accountId), new Date());
}

/**
 * The last read of each product a shopper added (findBuyableProducto), per database, at most
 * PRODUCTOS_LEIDOS_MAX, the oldest read dropped first. addItem checks the options against it
 * and writes with one statement that checks the product again and requires its shop's version
 * unchanged (addUnitIfVersion): every change to a product, its options, its sold-out mark or
 * its shop raises that version (docs/write-path.md, "Adding to the basket").
 */
const productosLeidos = new WeakMap<object, Map<number, repo.BuyableProducto>>();
const PRODUCTOS_LEIDOS_MAX = 10_000;

function productosLeidosDe(db: Db): Map<number, repo.BuyableProducto> {
  const owner = db.getExecutor().adapter;
  let leidos = productosLeidos.get(owner);
  if (!leidos) {
    leidos = new Map();
    productosLeidos.set(owner, leidos);
  }
  return leidos;
}

/**
 * Why the product, as `producto` read it, can't go into the basket with these options: sold out,
 * or options its groups refuse; undefined when it can.
 */
async function problemaAlAgregar(
  db: Db,
  producto: repo.BuyableProducto,
  ids: number[],
): Promise<AppError | undefined> {
  if (isAgotado(producto.agotado_hasta, new Date())) {
    return new AppError('PRODUCTO_AGOTADO', estadoMessages.agotado(producto.name));
  }
  const grupos =
    (await loadGruposDeTienda(db, producto.tienda_id, producto.tienda_version)).get(producto.id) ??
    [];
  const elegidas = chooseOpciones(grupos, ids);
  return elegidas.ok ? undefined : new AppError('OPCIONES_INVALIDAS', elegidas.message);
}

export async function addItem(
  db: Db,
  session: Session,
  input: { productoId: number; opciones?: number[] | undefined; nota?: string | null },
) {
  const ids = input.opciones ?? [];
  const unit = {
    accountId: session.accountId,
    productoId: input.productoId,
    opciones: claveDeOpciones(ids),
    nota: normalizeNota(input.nota),
    now: nowIso(),
    max: CANTIDAD_MAXIMA_POR_LINEA,
  };
  const leidos = productosLeidosDe(db);
  const leido = leidos.get(input.productoId);
  // A product added before, unchanged since: one statement. Anything else (a product not read
  // yet, a change, a refusal, the line at its maximum) goes the long way, which says why.
  if (
    leido &&
    (await problemaAlAgregar(db, leido, ids)) === undefined &&
    (await runWrite(db, (trx) =>
      repo.addUnitIfVersion(trx, { ...unit, version: leido.tienda_version }),
    ))
  ) {
    return listCarrito(db, session);
  }
  leidos.delete(input.productoId);
  const producto = await repo.findBuyableProducto(db, input.productoId);
  if (!producto) throw new AppError('NO_ENCONTRADO', 'El producto no existe o no está disponible');
  leidos.set(input.productoId, producto);
  if (leidos.size > PRODUCTOS_LEIDOS_MAX) leidos.delete(leidos.keys().next().value!);
  const problema = await problemaAlAgregar(db, producto, ids);
  if (problema) throw problema;
  const added = await runWrite(db, (trx) =>
    repo.addUnit(trx, { ...unit, tiendaId: producto.tienda_id }),
  );
  if (!added) throw new AppError('VALIDACION', carritoMessages.cantidadMaxima);
  return listCarrito(db, session);
}

const noEnCanasta = () => new AppError('NO_ENCONTRADO', 'Ese producto no está en tu canasta');

export async function removeItem(db: Db, session: Session, shoppingCartId: number) {
  const removed = await runInWriteTransaction(db, (trx) =>
    repo.removeUnit(trx, session.accountId, shoppingCartId, nowIso()),
  );
  if (!removed) throw noEnCanasta();
  return listCarrito(db, session);
}

/** `cantidad`: sets a line's quantity (1–99; 0 drops the line). */
export async function setCantidad(
  db: Db,
  session: Session,
  shoppingCartId: number,
  cantidad: number,
) {
  const changed = await runWrite(db, (trx) =>
    repo.setCantidad(trx, session.accountId, shoppingCartId, cantidad, nowIso()),
  );
  if (!changed) throw noEnCanasta();
  return listCarrito(db, session);
}

/** `clearItem`: `{shoppingCartId}` drops that line; `{productoId}` every line of that product. */
export async function clearItem(
  db: Db,
  session: Session,
  target: { productoId: number } | { shoppingCartId: number },
) {
  const deleted = await runWrite(db, (trx) =>
    'shoppingCartId' in target
      ? repo.deleteLinea(trx, session.accountId, target.shoppingCartId)
      : repo.deleteLineaOfProducto(trx, session.accountId, target.productoId),
  );
  if (!deleted) throw noEnCanasta();
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
  const { todas, borradas } = await repo.listLineasDeletingTienda(trx, accountId, tiendaId);
  const lineas = todas.filter((l) => l.tienda_id === tiendaId);
  const restantes = todas.filter((l) => l.tienda_id !== tiendaId);
  if (borradas !== lineas.length) {
    throw new AppError('ESTADO_INVALIDO', 'Tu canasta cambió mientras se procesaba; revísala');
  }
  return { lineas, restantes };
}
