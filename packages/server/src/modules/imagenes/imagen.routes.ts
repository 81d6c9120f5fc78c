import fs from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { imagenSubidaSchema } from '@tianguis/domain';
import { AppError, serviceUnavailable } from '../../http/app-error.js';
import type { Db } from '../../db/database.js';
import { sessionOf, type AuthGuards } from '../../http/auth.js';
import type { RateLimiter } from '../../http/rate-limit.js';
import { nowIso } from '../../lib/clock.js';
import { MAX_IMAGE_BYTES, storeImage } from './imagen.service.js';
import { isSafeImageName, type ImageStorage } from './imagen.storage.js';
import { findImagen, recordImagen, sumBytesOfTienda } from './imagen.repository.js';

/** The hourly upload limit's window; the limiter handed in counts over it. */
export const UPLOAD_WINDOW_MS = 60 * 60 * 1000;

export const CUOTA_EXCEDIDA_IMAGEN = 'Tu tienda alcanzó el límite de espacio para imágenes';

/**
 * The one file of field `files`. A broken multipart body (cut short, no boundary) is the
 * client's mistake: 400, not a fault. Past 5 MB: ARCHIVO_GRANDE (413), from FST_REQ_FILE_TOO_LARGE
 * or from the stream's own mark.
 */
async function readUpload(request: FastifyRequest): Promise<Buffer> {
  try {
    const file = await request.file({ limits: { fileSize: MAX_IMAGE_BYTES, files: 1 } });
    if (!file || file.fieldname !== 'files') {
      throw new AppError('VALIDACION', 'Falta la imagen en el campo files');
    }
    const data = await file.toBuffer();
    // toBuffer refuses a file over the limit only when a piece of it arrives once the limit is
    // passed; a file whose pieces end right at 5 MB comes back cut there, without an error. The
    // stream's own mark says it was cut.
    if (file.file.truncated) throw new AppError('ARCHIVO_GRANDE');
    return data;
  } catch (error) {
    const status = (error as { statusCode?: number }).statusCode;
    if (error instanceof AppError || (status !== undefined && status < 500)) throw error;
    throw new AppError('VALIDACION', 'La imagen no se pudo leer: el envío llegó incompleto');
  }
}

export function registerImageRoutes(
  app: FastifyInstance,
  deps: {
    db: Db;
    guards: AuthGuards;
    storage: ImageStorage;
    /** Counts over UPLOAD_WINDOW_MS, shared by every process on PostgreSQL. */
    limiter: RateLimiter;
    limits: { perHour: number; quotaBytes: number };
  },
): void {
  const { db, limiter, limits } = deps;
  /** Refuses an image that would take the shop past its quota (one already stored is free). */
  const admitFor = (tiendaId: number) => async (name: string, bytes: number) => {
    if (await findImagen(db, name)) return;
    if ((await sumBytesOfTienda(db, tiendaId)) + bytes > limits.quotaBytes) {
      throw new AppError('CUOTA_EXCEDIDA', CUOTA_EXCEDIDA_IMAGEN);
    }
  };
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/ImageStorage/uploadImage',
    {
      schema: {
        tags: ['imagenes'],
        summary: 'Sube una imagen JPG o PNG (campo multipart "files", máximo 5 MB)',
        consumes: ['multipart/form-data'],
        response: { 200: imagenSubidaSchema },
      },
      preValidation: deps.guards.requirePermiso('catalogo'),
    },
    async (request) => {
      if (!request.isMultipart()) {
        throw new AppError(
          'VALIDACION',
          'Envía la imagen como multipart/form-data en el campo files',
        );
      }
      const { tiendaId } = sessionOf(request);
      // Every attempt counts, refused ones too: a refused image costs the server its decoding.
      await limiter.consume(`upload-tienda:${tiendaId}`, limits.perHour);
      const data = await readUpload(request);
      try {
        const stored = await storeImage(deps.storage, data, admitFor(tiendaId));
        await recordImagen(db, { name: stored.name, tiendaId, bytes: stored.bytes, now: nowIso() });
        return { path: stored.path };
      } catch (error) {
        // The owner reads a plain Spanish sentence; the administrator needs the disk's own
        // error (ENOSPC, EROFS, the path) to fix it.
        if (error instanceof AppError && error.status >= 500 && error.cause !== undefined) {
          request.log.error({ err: error.cause, code: error.code }, 'no se pudo guardar la imagen');
        }
        throw error;
      }
    },
  );
}

/** What GET /images/<name> answers: the stored file's own type. */
const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'];
const IMMUTABLE = 'public, max-age=31536000, immutable';
const FALLBACK = 'public, max-age=86400';
const VARIANT = /^([a-f0-9]{32})-\d+\.webp$/;

/** The originals a variant (`<hash>-320.webp`) is made from, to answer in its place. */
function originalsOf(variant: RegExpExecArray): string[] {
  return [`${variant[1]}.jpg`, `${variant[1]}.png`];
}

/**
 * GET /images/:name for a name the stores could hold; any other name is 404 before `answer`
 * looks anywhere.
 */
function getImageFile(
  app: FastifyInstance,
  answer: (name: string, request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply>,
): void {
  app.get<{ Params: { name: string } }>(
    '/images/:name',
    { schema: { hide: true, produces: IMAGE_TYPES } },
    async (request, reply) => {
      const { name } = request.params;
      if (!isSafeImageName(name)) throw new AppError('NO_ENCONTRADO', 'No existe esa imagen');
      return answer(name, request, reply);
    },
  );
}

/**
 * GET /images/<name>. Names are content hashes: an address never changes meaning, so it is
 * cached for a year. A variant (`<hash>-320.webp`, decision 0009) of an image uploaded before
 * variants existed is answered with the original instead, cached for a day only, so the web
 * can always ask for variants. Files in a local folder are served by @fastify/static; from any
 * other store (S3, docs/operations.md) through `storage.read`, with the same headers.
 */
export async function registerImageFiles(
  app: FastifyInstance,
  storage: ImageStorage,
): Promise<void> {
  if (storage.localDir !== undefined) {
    await registerLocalImageFiles(app, storage.localDir);
    return;
  }
  getImageFile(app, async (name, request, reply) => {
    const since = request.headers['if-modified-since'];
    const sinceDate = since === undefined ? undefined : new Date(since);
    const conditions = {
      ifNoneMatch: request.headers['if-none-match'],
      ifModifiedSince: sinceDate && !Number.isNaN(sinceDate.getTime()) ? sinceDate : undefined,
    };
    const variant = VARIANT.exec(name);
    const candidates = variant ? [name, ...originalsOf(variant)] : [name];
    for (const candidate of candidates) {
      let file;
      try {
        file = await storage.read(candidate, conditions);
      } catch (error) {
        // The store is down or slow: the image fails fast (its timeouts are short) and the
        // page around it still renders. One log line per request, with the store's reason.
        throw serviceUnavailable(5, { cause: error });
      }
      if (!file) continue;
      void reply.header('cache-control', candidate === name ? IMMUTABLE : FALLBACK);
      if (file.etag !== undefined) void reply.header('etag', file.etag);
      if (file.notModified) return reply.status(304).send();
      if (file.lastModified) void reply.header('last-modified', file.lastModified.toUTCString());
      return reply
        .type(file.contentType)
        .header('content-length', String(file.length))
        .send(file.body);
    }
    throw new AppError('NO_ENCONTRADO', 'No existe esa imagen');
  });
}

async function registerLocalImageFiles(app: FastifyInstance, imagesDir: string): Promise<void> {
  await app.register(fastifyStatic, {
    root: imagesDir,
    serve: false,
    dotfiles: 'deny',
    index: false,
    setHeaders(reply, filePath) {
      const served = path.basename(filePath);
      const asked = path.basename(reply.request.url.split('?')[0] ?? '');
      reply.header('cache-control', served === asked ? IMMUTABLE : FALLBACK);
    },
  });
  const exists = (name: string) =>
    fs.access(path.join(imagesDir, name)).then(
      () => true,
      () => false,
    );
  getImageFile(app, async (name, _request, reply) => {
    const variant = VARIANT.exec(name);
    if (variant && !(await exists(name))) {
      for (const original of originalsOf(variant)) {
        if (await exists(original)) return reply.sendFile(original);
      }
    }
    return reply.sendFile(name);
  });
}
