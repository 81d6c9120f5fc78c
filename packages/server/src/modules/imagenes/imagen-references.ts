import { catalogoMessages } from '@tianguis/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../../db/database.js';
import { AppError, serviceUnavailable } from '../../http/app-error.js';
import type { ImageStorage } from './imagen.storage.js';
import { findImagen } from './imagen.repository.js';

/** What the upload answers: an original under its content hash (imagen.service.ts). */
const ISSUED_PATH = /^\/images\/([a-f0-9]{32}\.(?:jpg|png))$/;

/** The routes that store an `imageUrl` in the catalogue. */
const ROUTES_WITH_IMAGE = new Set([
  '/api/tienda/updatetienda',
  '/api/tienda/addcategoria',
  '/api/tienda/updatecategoria',
  '/api/tienda/addproducto',
  '/api/tienda/updateproducto',
]);

/**
 * Whether `imageUrl` is 'N/A' or a path this server issued: the upload's name format, and the
 * image recorded as uploaded or present in storage (images stored before the record existed,
 * the demo's).
 */
export async function isIssuedImageUrl(
  db: Db,
  storage: ImageStorage,
  imageUrl: string,
): Promise<boolean> {
  if (imageUrl === 'N/A') return true;
  const name = ISSUED_PATH.exec(imageUrl)?.[1];
  if (!name) return false;
  if ((await findImagen(db, name)) !== undefined) return true;
  try {
    return await storage.exists(name);
  } catch {
    // The store away (S3 down): not the owner's mistake, and nothing was saved.
    throw serviceUnavailable(5, { message: IMAGEN_NO_VERIFICABLE });
  }
}

export const IMAGEN_NO_VERIFICABLE =
  'No se pudo comprobar la imagen porque el almacenamiento del sitio no responde. Inténtalo de nuevo en unos segundos.';

/**
 * docs/reliability.md, "Limits": a catalogue's images can only be ones this server stored, so a shop cannot
 * make its visitors' browsers load `javascript:`, another host or a path outside the images
 * folder. The domain's checkImagen already refused anything but an `/images/<name>` shape; this
 * runs after it (and after the access checks), before the route's handler.
 */
export function registerImageReferenceCheck(
  app: FastifyInstance,
  deps: { db: Db; storage: ImageStorage; enabled: boolean },
): void {
  if (!deps.enabled) return;
  const check = async (request: FastifyRequest) => {
    const imageUrl = (request.body as { imageUrl?: unknown } | undefined)?.imageUrl;
    if (typeof imageUrl !== 'string') return;
    if (!(await isIssuedImageUrl(deps.db, deps.storage, imageUrl))) {
      const message = catalogoMessages.imagenInvalida;
      throw new AppError('VALIDACION', message, { errors: [{ field: 'imageUrl', message }] });
    }
  };
  // On those routes only: a hook on every request would cost every read (the public shop page
  // is read tens of thousands of times a second).
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (!methods.includes('POST') || !ROUTES_WITH_IMAGE.has(route.url)) return;
    const existing = route.preHandler;
    route.preHandler = existing
      ? [...(Array.isArray(existing) ? existing : [existing]), check]
      : [check];
  });
}
