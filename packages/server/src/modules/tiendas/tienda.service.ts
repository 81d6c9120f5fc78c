import {
  finDelDia,
  zonasSinUbicacion,
  type ContactoTienda,
  type EntregaTienda,
  type PagosTienda,
  type PausaAutomatica,
  type Programacion,
  type TiendaUpdate,
  type ZonaInput,
} from '@tianguis/domain';
import type { Db, DbOrTx } from '../../db/database.js';
import { runInWriteTransaction } from '../../db/group-commit.js';
import { AppError } from '../../http/app-error.js';
import type { Session } from '../../http/auth.js';
import { nowIso } from '../../lib/clock.js';
import { loadGruposDeTiendas } from '../catalogo/opciones.service.js';
import * as repo from './tienda.repository.js';
import * as catalogo from '../catalogo/catalogo.service.js';
import { assembleTiendas, gruposVista, type TiendaView } from './tienda.view.js';
import { readZonas, replaceZonas } from './zonas.service.js';

/**
 * A shop registration creates its tienda: name and image 'N/A', not configured, not approved,
 * activated (docs/api.md). Runs inside the registration's transaction.
 */
export function createTiendaForOwner(
  trx: DbOrTx,
  owner: { accountId: number; usuario: string; now: string },
): Promise<number> {
  return repo.insertTienda(trx, owner);
}

export async function findTiendaIdOfOwner(db: DbOrTx, accountId: number): Promise<number> {
  return (await repo.findTiendaIdByAccountId(db, accountId)) ?? 0;
}

export function findTiendaById(db: DbOrTx, tiendaId: number) {
  return repo.findTiendaById(db, tiendaId);
}

export function bumpTiendaVersion(db: DbOrTx, tiendaId: number): Promise<void> {
  return repo.bumpTiendaVersion(db, tiendaId, nowIso());
}

/**
 * The owner payloads may name a shop (`tiendaId`, docs/api.md); naming any but the caller's own is
 * refused whole, before anything changes.
 */
export function assertOwnTiendaId(
  session: Session,
  tiendaId: number | undefined,
  message = 'Solo puedes cambiar tu propia tienda',
): void {
  if (tiendaId !== undefined && tiendaId !== session.tiendaId) {
    throw new AppError('PROHIBIDO', message);
  }
}

/** The caller's own live shop, or 403 for a token without one. */
export async function requireOwnTienda(db: DbOrTx, session: Session) {
  const tienda = session.tiendaId > 0 ? await repo.findTiendaById(db, session.tiendaId) : undefined;
  if (!tienda) throw new AppError('PROHIBIDO', 'Tu cuenta no tiene una tienda activa');
  return tienda;
}

/**
 * Shops as `listartiendas` answers them, from six flat reads whatever their number. `full`:
 * every live category and product with every option (the owner's and the admin's view);
 * otherwise only what the public sees. `seesPagos` names the shops whose transfer details go
 * out whole.
 */
async function loadViews(
  db: DbOrTx,
  tiendas: repo.TiendaRow[],
  full: boolean,
  seesPagos: (tiendaId: number) => boolean,
  now: Date,
): Promise<TiendaView[]> {
  const ids = tiendas.map((t) => t.id);
  const [categorias, productos, grupos, zonas] = await Promise.all([
    catalogo.listCategoriasOf(db, ids),
    catalogo.listProductosOf(db, ids, !full),
    loadGruposDeTiendas(db, ids, !full),
    readZonas(db, ids),
  ]);
  return assembleTiendas(tiendas, categorias, productos, () => !full, {
    now,
    grupos: gruposVista(grupos),
    seesPagos,
    zonas,
  });
}

const nobody = () => false;
const everyone = () => true;

async function loadPublicViews(db: DbOrTx, now: Date, excludeId?: number) {
  const tiendas = (await repo.listPublicTiendas(db)).filter((t) => t.id !== excludeId);
  return loadViews(db, tiendas, false, nobody, now);
}

/**
 * The anonymous `listartiendas` (the same for every visitor, so it is cached) and the instants
 * at which a product's sold-out mark ends: until the next of them passes, or the catalogue
 * changes, the answer stays right.
 */
export async function listPublicTiendasWithBounds(
  db: DbOrTx,
  now: Date,
): Promise<{ views: TiendaView[]; agotadoBounds: number[] }> {
  const tiendas = await repo.listPublicTiendas(db);
  const views = await loadViews(db, tiendas, false, nobody, now);
  return { views, agotadoBounds: await listTimeBounds(db, now) };
}

/**
 * The future instants at which a shop answer's time-dependent fields change with no write: a
 * product's sold-out mark ending (`agotado`) and a shop's busy delay ending (`demoraMin`),
 * ascending.
 */
async function listTimeBounds(db: DbOrTx, now: Date): Promise<number[]> {
  const [agotados, demoras] = await Promise.all([
    catalogo.listAgotadoHastaAfter(db, now.toISOString()),
    repo.listDemoraHastaAfter(db, now.toISOString()),
  ]);
  return [...agotados, ...demoras]
    .map((hasta) => Date.parse(hasta))
    .filter((ms) => !Number.isNaN(ms))
    .sort((a, b) => a - b);
}

/**
 * The admin's `listartiendas`: every shop, everything in it, transfer details whole. Cached by
 * the catalogue's version like the anonymous one, with the same sold-out bounds.
 */
export async function listAllTiendasWithBounds(
  db: DbOrTx,
  now: Date,
): Promise<{ views: TiendaView[]; agotadoBounds: number[] }> {
  const views = await loadViews(db, await repo.listAllTiendas(db), true, everyone, now);
  return { views, agotadoBounds: await listTimeBounds(db, now) };
}

/**
 * The owner's own shop as its `listartiendas` shows it (first, whatever its state, everything
 * in it, transfer details whole); undefined for a token without a shop. The rest of the owner's
 * list is the anonymous one.
 */
export async function findOwnTiendaListView(
  db: DbOrTx,
  session: Session,
  now: Date,
): Promise<TiendaView | undefined> {
  if (session.tiendaId <= 0) return undefined;
  const own = await repo.findTiendaById(db, session.tiendaId);
  if (!own) return undefined;
  const [view] = await loadViews(db, [own], true, everyone, now);
  return view;
}

/**
 * `listartiendas` as docs/api.md ("Shops") fixes it: anyone gets the publicly visible shops (visible
 * categories and active products only); an owner also gets its own shop whatever its state,
 * with everything in it; an ADMIN gets every shop.
 */
export async function listTiendasFor(db: DbOrTx, session: Session | null): Promise<TiendaView[]> {
  const now = new Date();
  if (session?.role === 'ADMIN') {
    return loadViews(db, await repo.listAllTiendas(db), true, everyone, now);
  }
  if (session?.role === 'TIENDA' && session.tiendaId > 0) {
    const own = await repo.findTiendaById(db, session.tiendaId);
    const publicViews = await loadPublicViews(db, now, session.tiendaId);
    if (!own) return publicViews;
    const [ownView] = await loadViews(db, [own], true, everyone, now);
    return [ownView!, ...publicViews];
  }
  return loadPublicViews(db, now);
}

/**
 * The owner's own shop with everything in it, whatever its state (the owner screens' read).
 * Its staff read it too, without the transfer details, the zones' settings or the automatic
 * pause, which only the owner sees and changes (docs/api.md, "Staff and the kitchen").
 */
export async function getOwnTiendaView(db: DbOrTx, session: Session): Promise<TiendaView> {
  const tienda = await requireOwnTienda(db, session);
  const seesPagos = session.actor === 'DUENO' ? everyone : () => false;
  const [view] = await loadViews(db, [tienda], true, seesPagos, new Date());
  return view!;
}

/**
 * `updatetienda`: the settings (`entrega`, `pagos`, contact, `programacion`, `pausaAutomatica`:
 * each left out is kept), and the delivery zones when `zonas` is sent ([] removes them),
 * in one transaction that raises the shop's version. A zone with a radius needs the shop's
 * point as it stands after the request (the body's `ubicacion`, else the stored one); that is
 * checked after the writes, on the locked shop row, so a request removing the point and another
 * adding a radius at once cannot both pass, and a refusal rolls every part of the request back.
 */
export async function updateTienda(
  db: Db,
  session: Session,
  input: TiendaUpdate & {
    entrega?: EntregaTienda | undefined;
    pagos?: PagosTienda | undefined;
    zonas?: ZonaInput[] | undefined;
    programacion?: Programacion | undefined;
    pausaAutomatica?: PausaAutomatica | undefined;
  } & Partial<ContactoTienda>,
) {
  const tienda = await requireOwnTienda(db, session);
  const { zonas, ...ajustes } = input;
  await runInWriteTransaction(db, async (trx) => {
    await repo.updateTiendaSettings(trx, tienda.id, { ...ajustes, now: nowIso() });
    if (zonas !== undefined) await replaceZonas(trx, tienda.id, zonas);
    if (zonas === undefined && ajustes.ubicacion !== null) return;
    const punto = await repo.findUbicacionDeTienda(trx, tienda.id);
    const guardadas = zonas ?? (await readZonas(trx, [tienda.id])).get(tienda.id) ?? [];
    const message = zonasSinUbicacion(guardadas, punto);
    if (message !== undefined) throw new AppError('VALIDACION', message);
  });
  return listTiendasFor(db, session);
}

export async function activateTienda(db: Db, session: Session, activate: boolean) {
  const tienda = await requireOwnTienda(db, session);
  await repo.updateTiendaFlag(db, tienda.id, 'activated', activate, nowIso());
  return listTiendasFor(db, session);
}

/**
 * Pauses new orders for `minutos` (15–240) from now, or resumes them with 0. The version
 * moves, so every cached answer of the shop is made again.
 */
export async function pauseTienda(db: Db, session: Session, minutos: number) {
  const tienda = await requireOwnTienda(db, session);
  const now = new Date();
  const hasta = minutos === 0 ? null : new Date(now.getTime() + minutos * 60_000).toISOString();
  await repo.updatePausadoHasta(db, tienda.id, hasta, now.toISOString());
  return listTiendasFor(db, session);
}

/**
 * The busy delay (docs/api.md, "Orders for later"): `minutos` (0–90) added to the estimate of
 * an order placed now until the end of the shop's day on its own clock; 0 clears it. The
 * version moves, so every cached answer carrying `demoraMin` is made again.
 */
export async function delayTienda(db: Db, session: Session, minutos: number) {
  const tienda = await requireOwnTienda(db, session);
  const now = new Date();
  const hasta = minutos === 0 ? null : finDelDia(now, tienda.time_zone).toISOString();
  await repo.updateDemora(db, tienda.id, minutos, hasta, now.toISOString());
  return listTiendasFor(db, session);
}

/**
 * `approveTienda` (ADMIN). `onAprobada` runs once, for the call that turned a pending shop
 * approved (the owner's messages, tienda-aprobacion.ts); approving it again changes nothing else.
 */
export async function approveTienda(
  db: Db,
  session: Session,
  tiendaId: number,
  onAprobada?: (tiendaId: number) => void,
) {
  const now = nowIso();
  const aprobadaAhora = await repo.approvePendingTienda(db, tiendaId, now);
  if (!aprobadaAhora && !(await repo.updateTiendaFlag(db, tiendaId, 'approved', true, now))) {
    throw new AppError('NO_ENCONTRADO', 'La tienda no existe');
  }
  if (aprobadaAhora) onAprobada?.(tiendaId);
  return listTiendasFor(db, session);
}

/** A shop, a category and a product as every answer carries them (tienda.view.ts). */
export type { CategoriaView, ProductoView, TiendaView } from './tienda.view.js';

/**
 * What the checkout and the orders read of shops: whether one exists, where its alerts go; and
 * the columns of a shop's delivery and payment choices, for the catalogue's line pricing.
 */
export {
  ENTREGA_Y_PAGOS_DE_TIENDA,
  existsTienda,
  findContactosDeTiendas,
  findContactosPublicosDeTiendas,
  type ContactoDeTienda,
  type ContactoPublicoDeTienda,
} from './tienda.repository.js';
