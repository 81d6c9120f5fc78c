import type { TiendaUpdate } from '@tianguis/domain';
import type { Db, DbOrTx } from '../../db/database.js';
import { AppError } from '../../http/app-error.js';
import type { Session } from '../../http/auth.js';
import { nowIso } from '../../lib/clock.js';
import * as repo from './tienda.repository.js';
import { assembleTiendas, type TiendaView } from './tienda.view.js';

/**
 * A shop registration creates its tienda: name and image 'N/A', not configured, not approved,
 * activated (API.md). Runs inside the registration's transaction.
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
 * The spec's owner payloads may name a shop (`tiendaId`); naming any but the caller's own is
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

async function loadPublicViews(db: DbOrTx, excludeId?: number): Promise<TiendaView[]> {
  const tiendas = (await repo.listPublicTiendas(db)).filter((t) => t.id !== excludeId);
  const ids = tiendas.map((t) => t.id);
  const [categorias, productos] = await Promise.all([
    repo.listCategoriasOf(db, ids),
    repo.listProductosOf(db, ids, true),
  ]);
  return assembleTiendas(tiendas, categorias, productos, () => true);
}

async function loadFullViews(db: DbOrTx, tiendas: repo.TiendaRow[]): Promise<TiendaView[]> {
  const ids = tiendas.map((t) => t.id);
  const [categorias, productos] = await Promise.all([
    repo.listCategoriasOf(db, ids),
    repo.listProductosOf(db, ids, false),
  ]);
  return assembleTiendas(tiendas, categorias, productos, () => false);
}

/** A shop as the home page lists it: enough for a card that links to its public page. */
export interface TiendaDirectorio {
  tiendaId: number;
  usuario: string;
  nombre: string;
  imageUrl: string;
}

const collator = new Intl.Collator('es');

/** The publicly visible shops, by name: the home page's list without whole catalogues. */
export async function listDirectorio(db: DbOrTx): Promise<TiendaDirectorio[]> {
  return (await repo.listPublicTiendas(db))
    .map((t) => ({ tiendaId: t.id, usuario: t.usuario, nombre: t.nombre, imageUrl: t.image_url }))
    .sort((a, b) => collator.compare(a.nombre, b.nombre) || a.tiendaId - b.tiendaId);
}

/**
 * `listartiendas` as API.md fixes it: anyone gets the publicly visible shops (visible
 * categories and active products only); an owner also gets its own shop whatever its state,
 * with everything in it; an ADMIN gets every shop.
 */
export async function listTiendasFor(db: DbOrTx, session: Session | null): Promise<TiendaView[]> {
  if (session?.role === 'ADMIN') return loadFullViews(db, await repo.listAllTiendas(db));
  if (session?.role === 'TIENDA' && session.tiendaId > 0) {
    const own = await repo.findTiendaById(db, session.tiendaId);
    const publicViews = await loadPublicViews(db, session.tiendaId);
    if (!own) return publicViews;
    const [ownView] = await loadFullViews(db, [own]);
    return [ownView!, ...publicViews];
  }
  return loadPublicViews(db);
}

/** The owner's own shop with everything in it, whatever its state (the owner screens' read). */
export async function getOwnTiendaView(db: DbOrTx, session: Session): Promise<TiendaView> {
  const tienda = await requireOwnTienda(db, session);
  const [view] = await loadFullViews(db, [tienda]);
  return view!;
}

export async function updateTienda(db: Db, session: Session, input: TiendaUpdate) {
  const tienda = await requireOwnTienda(db, session);
  await repo.updateTiendaSettings(db, tienda.id, { ...input, now: nowIso() });
  return listTiendasFor(db, session);
}

export async function activateTienda(db: Db, session: Session, activate: boolean) {
  const tienda = await requireOwnTienda(db, session);
  await repo.updateTiendaFlag(db, tienda.id, 'activated', activate, nowIso());
  return listTiendasFor(db, session);
}

export async function approveTienda(db: Db, session: Session, tiendaId: number) {
  const updated = await repo.updateTiendaFlag(db, tiendaId, 'approved', true, nowIso());
  if (!updated) throw new AppError('NO_ENCONTRADO', 'La tienda no existe');
  return listTiendasFor(db, session);
}
