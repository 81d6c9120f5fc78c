import type { DbOrTx } from '../db/database.js';

/**
 * Keeps what a loader reads about one shop under the shop's version (`tienda.version`, raised by
 * every change to the shop, its catalogue, hours, special days, pause or sold-out marks): a
 * basket or a checkout reads a shop's hours and option groups once per version instead of on
 * every request. Correct with several processes on one database (the version is read from the
 * database each time) and never stale for time-dependent state, which callers compute from the
 * kept rows and the clock. One cache per database: keyed by the Kysely adapter, which a
 * transaction shares with its database.
 */
export function cachedByTiendaVersion<T>(
  load: (db: DbOrTx, tiendaId: number) => Promise<T>,
  maxEntries = 5000,
): (db: DbOrTx, tiendaId: number, version: number) => Promise<T> {
  const caches = new WeakMap<object, Map<number, { version: number; value: Promise<T> }>>();
  return (db, tiendaId, version) => {
    const owner = db.getExecutor().adapter;
    let cache = caches.get(owner);
    if (!cache) {
      cache = new Map();
      caches.set(owner, cache);
    }
    const hit = cache.get(tiendaId);
    // Re-inserted on use, so the Map's order is least recently used first.
    cache.delete(tiendaId);
    if (hit && hit.version === version) {
      cache.set(tiendaId, hit);
      return hit.value;
    }
    const entry = { version, value: load(db, tiendaId) };
    cache.set(tiendaId, entry);
    if (cache.size > maxEntries) cache.delete(cache.keys().next().value!);
    // A failed read is not kept.
    entry.value.catch(() => {
      if (cache.get(tiendaId) === entry) cache.delete(tiendaId);
    });
    return entry.value;
  };
}
