import type { Db } from '../../db/database.js';
import { AppError } from '../../http/app-error.js';
import { JsonAnswerCache, type CachedJson } from '../../http/json-answer-cache.js';
import { listDiasEspecialesOf, listHorariosOf } from '../horarios/horario.service.js';
import * as repo from './tienda.repository.js';
import { assembleTiendas } from './tienda.view.js';

export interface PublicTiendaAnswer {
  etag: string;
  /** The serialised JSON, kept so a repeat visit costs one indexed read. */
  body: CachedJson;
}

const notFound = () => new AppError('NO_ENCONTRADO', 'La tienda no existe o no está disponible');

/**
 * The one-shop public read (shop, visible categories and products, hours, special days).
 * Every change under a shop raises its version, so (id, version) names one exact answer: it
 * is the ETag and the cache key, and stays correct with several processes on one database.
 */
export function createPublicTiendaReader(db: Db, maxEntries = 2000) {
  const cache = new JsonAnswerCache(maxEntries, 64 * 1024 * 1024);
  const etagOf = (id: number, version: number) => `W/"t${id}v${version}"`;

  async function build(usuario: string): Promise<{ etag: string; json: string } | undefined> {
    const tienda = await repo.findPublicTiendaByUsuario(db, usuario);
    if (!tienda) return undefined;
    const [categorias, productos, horarios, diasEspeciales] = await Promise.all([
      repo.listCategoriasOf(db, [tienda.id]),
      repo.listProductosOf(db, [tienda.id], true),
      listHorariosOf(db, tienda.id),
      listDiasEspecialesOf(db, tienda.id),
    ]);
    const [view] = assembleTiendas([tienda], categorias, productos, () => true);
    return {
      etag: etagOf(tienda.id, tienda.version),
      json: JSON.stringify({ tienda: view, horarios, diasEspeciales }),
    };
  }

  /** The cache, for the routes that send its entries (gzip copies are kept in it too). */
  readPublicTienda.cache = cache;
  async function readPublicTienda(usuario: string): Promise<PublicTiendaAnswer> {
    const key = usuario.trim().toLowerCase();
    const current = await repo.findTiendaVersionByUsuario(db, key);
    if (!current) throw notFound();
    const etag = etagOf(current.id, current.version);
    const cached = cache.get(etag);
    if (cached) return { etag, body: cached };
    const built = await build(key);
    if (!built) throw notFound();
    // Kept under the version the answer was built from (the version may have moved between
    // the two reads), so a stale entry is simply missed next time.
    return { etag: built.etag, body: cache.set(built.etag, built.json) };
  }
  return readPublicTienda;
}
