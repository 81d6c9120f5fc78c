import type { Db } from '../../db/database.js';
import type { Session } from '../../http/auth.js';
import { matchesIfNoneMatch } from '../../http/etag.js';
import { JsonAnswerCache } from '../../http/json-answer-cache.js';
import { findCatalogueVersion } from './tienda.repository.js';
import {
  mergeOwnTienda,
  serializeList,
  type CachedAnswer,
  type ListIndex,
} from './tienda-lista.js';
import * as tiendas from './tienda.service.js';
import { diaUtc, listDirectorio } from './tienda-directorio.js';

interface Built {
  json: string;
  agotadoBounds?: number[];
  index?: ListIndex;
}

/** Keeps `value` under `key` as the most recent of at most `max` entries. */
function keepRecent<V>(map: Map<string, V>, key: string, value: V, max = 8): void {
  map.delete(key);
  map.set(key, value);
  if (map.size > max) map.delete(map.keys().next().value!);
}

export type TiendaListas = ReturnType<typeof createTiendaListas>;

/**
 * `listartiendas` and the directory, with their caches and ETags. The anonymous shop list
 * (13 MB with 1,000 shops) and the directory are the same for every visitor until some shop
 * changes: kept serialised under the catalogue's version (docs/performance.md).
 */
export function createTiendaListas(db: Db) {
  const catalogue = new JsonAnswerCache(8, 96 * 1024 * 1024);
  // The instants at which a sold-out mark or a busy delay ends, per catalogue version (they
  // change only with a write, which moves the version): the list's `agotado` and `demoraMin`
  // fields stay right until the next one.
  const agotadoBounds = new Map<string, number[]>();
  // Where each shop sits in a cached anonymous list, by its ETag: an owner's list is that list
  // with the owner's own shop taken out and put first, whole (docs/performance.md).
  const listIndexes = new Map<string, ListIndex>();
  // Owners' lists, by the anonymous list's ETag and the shop: made from the cached anonymous
  // bytes, so an owner asking once a second costs a lookup, not a marketplace.
  const ownerLists = new JsonAnswerCache(16, 64 * 1024 * 1024);

  /** The ETag naming the catalogue's state now for `kind`; builds when its bounds are unknown. */
  async function catalogueEtagOf(
    kind: string,
    now: Date,
    build: (now: Date) => Promise<Built>,
  ): Promise<{ etag: string; built?: Built }> {
    const versionKey = `${kind}${await findCatalogueVersion(db)}`;
    let built: Built | undefined;
    let bounds = agotadoBounds.get(versionKey);
    if (!bounds) {
      built = await build(now);
      bounds = built.agotadoBounds ?? [];
      keepRecent(agotadoBounds, versionKey, bounds);
    }
    // The next end of a sold-out mark still ahead names the time-dependent state: the same
    // whenever the bounds were read (at or after this version), since passed ones don't count.
    const next = bounds.find((ms) => ms > now.getTime());
    return { etag: `W/"${versionKey}${next === undefined ? '' : `a${next.toString(36)}`}"`, built };
  }

  /**
   * The cached answer under `etag`, built when missing (or, for an owner's list, when the
   * shop index of the cached anonymous list is gone).
   */
  async function cachedCatalogue(
    etag: string,
    now: Date,
    built: Built | undefined,
    build: (now: Date) => Promise<Built>,
    needsIndex = false,
  ) {
    let cached = catalogue.get(etag);
    let index = listIndexes.get(etag);
    if (!cached || (needsIndex && !index)) {
      built ??= await build(now);
      cached = catalogue.set(etag, built.json);
      if (built.index) keepRecent(listIndexes, etag, (index = built.index));
    }
    return { cached, index };
  }

  async function catalogueAnswer(
    ifNoneMatch: string | undefined,
    kind: string,
    build: (now: Date) => Promise<Built>,
  ): Promise<CachedAnswer> {
    const now = new Date();
    const { etag, built } = await catalogueEtagOf(kind, now, build);
    if (matchesIfNoneMatch(ifNoneMatch, etag)) return { notModified: true, etag };
    const { cached } = await cachedCatalogue(etag, now, built, build);
    return { notModified: false, etag, cache: catalogue, key: etag, entry: cached };
  }

  async function buildPublicList(now: Date): Promise<Built> {
    const list = await tiendas.listPublicTiendasWithBounds(db, now);
    return { ...serializeList(list.views), agotadoBounds: list.agotadoBounds };
  }

  async function buildAdminList(now: Date): Promise<Built> {
    const list = await tiendas.listAllTiendasWithBounds(db, now);
    return { json: JSON.stringify(list.views), agotadoBounds: list.agotadoBounds };
  }

  /**
   * An owner's list: its own shop first, whatever its state and with its transfer details
   * whole, then the anonymous list's bytes without it (where the public sees its redacted copy).
   * Cached under the anonymous ETag and the shop: the catalogue's version covers the owner's
   * own shop too, and its sold-out bounds every product, hidden ones included.
   */
  async function ownerListAnswer(
    ifNoneMatch: string | undefined,
    session: Session,
  ): Promise<CachedAnswer> {
    const now = new Date();
    const { etag: publicEtag, built } = await catalogueEtagOf('l', now, buildPublicList);
    const etag = `${publicEtag.slice(0, -1)}t${session.tiendaId}"`;
    if (matchesIfNoneMatch(ifNoneMatch, etag)) return { notModified: true, etag };
    let answer = ownerLists.get(etag);
    if (!answer) {
      const [{ cached, index }, own] = await Promise.all([
        cachedCatalogue(publicEtag, now, built, buildPublicList, true),
        tiendas.findOwnTiendaListView(db, session, now),
      ]);
      if (!own || !index) {
        return { notModified: false, etag, cache: catalogue, key: publicEtag, entry: cached };
      }
      answer = ownerLists.set(etag, mergeOwnTienda(cached.body, index, own));
    }
    return { notModified: false, etag, cache: ownerLists, key: etag, entry: answer };
  }

  return {
    /** `listartiendas` for whoever asks; owners and admins from the cache too (docs/performance.md). */
    listFor(session: Session | null, ifNoneMatch: string | undefined): Promise<CachedAnswer> {
      if (session?.role === 'ADMIN') return catalogueAnswer(ifNoneMatch, 'A', buildAdminList);
      if (session?.role === 'TIENDA') return ownerListAnswer(ifNoneMatch, session);
      // A shopper sees what an anonymous visitor sees.
      return catalogueAnswer(ifNoneMatch, 'l', buildPublicList);
    },
    /**
     * The visible shops by name, without catalogues (the home page's list). It carries the
     * special days around its UTC date, so it is also named by that date (docs/api.md).
     */
    directorio(ifNoneMatch: string | undefined): Promise<CachedAnswer> {
      const dia = diaUtc(new Date());
      return catalogueAnswer(ifNoneMatch, `d${dia}:`, async () => ({
        json: JSON.stringify(await listDirectorio(db, dia)),
      }));
    },
  };
}
