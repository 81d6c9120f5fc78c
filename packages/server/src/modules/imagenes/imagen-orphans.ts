import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.js';
import { filesOfImage } from './imagen.service.js';
import type { ImageStorage } from './imagen.storage.js';
import * as repo from './imagen.repository.js';

const BATCH = 200;

/**
 * Removes uploads older than `olderThanMs` that no shop, category, product or order shows
 * (docs/reliability.md, "Limits"): an owner who uploads and never saves leaves nothing behind for long. Only
 * uploads recorded in the `imagen` table are considered (images stored before it existed, and
 * the demo's, are never removed). Answers the names removed.
 */
export async function sweepOrphanImages(
  deps: { db: Db; storage: ImageStorage },
  options: { now?: Date; olderThanMs: number },
): Promise<string[]> {
  const { db, storage } = deps;
  const before = new Date((options.now ?? new Date()).getTime() - options.olderThanMs);
  const beforeIso = before.toISOString();
  const removed: string[] = [];
  let after: { createdAt: string; name: string } | undefined;
  for (;;) {
    const rows = await repo.listImagenesBefore(db, beforeIso, BATCH, after);
    if (rows.length === 0) return removed;
    const last = rows[rows.length - 1]!;
    after = { createdAt: last.created_at, name: last.name };
    const referenced = await repo.listReferencedImageUrls(
      db,
      rows.map((r) => `/images/${r.name}`),
    );
    for (const { name } of rows) {
      if (referenced.has(`/images/${name}`)) continue;
      // The row goes first: an upload of the same image from now on records it again.
      if (!(await repo.deleteImagenIfBefore(db, name, beforeIso))) continue;
      await Promise.all(filesOfImage(name).map((file) => storage.remove(file)));
      removed.push(name);
    }
    if (rows.length < BATCH) return removed;
  }
}

/** Runs the sweep every `everyMs` (first one shortly after boot); the answer stops it. */
export function startOrphanImageSweep(
  deps: { db: Db; storage: ImageStorage; log: FastifyBaseLogger },
  options: { everyMs: number; olderThanMs: number },
): () => Promise<unknown> {
  let running: Promise<unknown> = Promise.resolve();
  const run = () => {
    running = sweepOrphanImages(deps, { olderThanMs: options.olderThanMs }).then(
      (removed) => {
        if (removed.length > 0)
          deps.log.info({ imagenes: removed.length }, 'imágenes huérfanas borradas');
      },
      (error: unknown) =>
        deps.log.warn({ err: error }, 'no se pudieron borrar las imágenes huérfanas'),
    );
  };
  const first = setTimeout(run, Math.min(options.everyMs, 60_000));
  const timer = setInterval(run, options.everyMs);
  first.unref();
  timer.unref();
  return () => {
    clearTimeout(first);
    clearInterval(timer);
    return running;
  };
}
