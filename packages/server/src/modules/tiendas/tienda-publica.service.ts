import type { Db } from '../../db/database.js';
import { AppError } from '../../http/app-error.js';
import { listDiasEspecialesOf, listHorariosOf } from '../horarios/horario.service.js';
import * as repo from './tienda.repository.js';
import { assembleTiendas } from './tienda.view.js';

export interface PublicTiendaAnswer {
  etag: string;
  /** The serialised JSON, kept so a repeat visit costs one indexed read. */
  body: string;
}

const notFound = () => new AppError('NO_ENCONTRADO', 'La tienda no existe o no está disponible');

/**
 * The one-shop public read (shop, visible categories and products, hours, special days).
 * Every change under a shop raises its version, so (id, version) names one exact answer: it
 * is the ETag and the cache key, and stays correct with several processes on one database.
 */
export function createPublicTiendaReader(db: Db, maxEntries = 2000) {
  const cache = new Map<number, { version: number; answer: PublicTiendaAnswer }>();

  async function build(
    usuario: string,
  ): Promise<{ version: number; answer: PublicTiendaAnswer } | undefined> {
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
      version: tienda.version,
      answer: {
        etag: `W/"t${tienda.id}v${tienda.version}"`,
        body: JSON.stringify({ tienda: view, horarios, diasEspeciales }),
      },
    };
  }

  return async function readPublicTienda(usuario: string): Promise<PublicTiendaAnswer> {
    const key = usuario.trim().toLowerCase();
    const current = await repo.findTiendaVersionByUsuario(db, key);
    if (!current) throw notFound();
    const cached = cache.get(current.id);
    if (cached && cached.version === current.version) return cached.answer;
    const built = await build(key);
    if (!built) throw notFound();
    // Kept under the version the answer was built from (the version may have moved between
    // the two reads), so a stale entry is simply missed next time.
    if (cache.size >= maxEntries) cache.delete(cache.keys().next().value!);
    cache.set(current.id, built);
    return built.answer;
  };
}
