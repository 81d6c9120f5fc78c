import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ajustesTiendaSchema, pausarSchema, tiendaUpdateSchema } from '@tianguis/domain';
import type { Db } from '../../db/database.js';
import { sessionOf, type AuthGuards, type Session } from '../../http/auth.js';
import { matchesIfNoneMatch } from '../../http/etag.js';
import { JsonAnswerCache, sendCachedJson } from '../../http/json-answer-cache.js';
import { idSchema } from '../../http/schemas.js';
import { createPublicTiendaReader, type PublicTiendaReader } from './tienda-publica.service.js';
import { findCatalogueVersion } from './tienda.repository.js';
import { mergeOwnTienda, serializeList, type ListIndex } from './tienda-lista.js';
import * as tiendas from './tienda.service.js';

const tiendaListDescription =
  'Lista de tiendas con sus categorias y productos (forma del spec: tiendaId, usuario, nombre, ...)';

export function registerTiendaRoutes(
  app: FastifyInstance,
  /** `readPublicTienda`: one reader (and its cache) shared with the shop pages. */
  deps: { db: Db; guards: AuthGuards; readPublicTienda?: PublicTiendaReader },
) {
  const { db, guards } = deps;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const readPublicTienda = deps.readPublicTienda ?? createPublicTiendaReader(db);

  // The anonymous shop list (13 MB with 1,000 shops) and the directory are the same for every
  // visitor until some shop changes: kept serialised under the catalogue's version.
  const catalogue = new JsonAnswerCache(8, 96 * 1024 * 1024);
  // The instants at which a sold-out mark ends, per catalogue version (they change only with a
  // write, which moves the version): the list's `agotado` fields stay right until the next one.
  const agotadoBounds = new Map<string, number[]>();
  function keepBounds(key: string, bounds: number[]) {
    agotadoBounds.delete(key);
    agotadoBounds.set(key, bounds);
    if (agotadoBounds.size > 8) agotadoBounds.delete(agotadoBounds.keys().next().value!);
  }
  // Where each shop sits in a cached anonymous list, by its ETag: an owner's list is that list
  // with the owner's own shop taken out and put first, whole (issue 19, F2).
  const listIndexes = new Map<string, ListIndex>();
  function keepIndex(etag: string, index: ListIndex) {
    listIndexes.delete(etag);
    listIndexes.set(etag, index);
    if (listIndexes.size > 8) listIndexes.delete(listIndexes.keys().next().value!);
  }
  // Owners' lists, by the anonymous list's ETag and the shop: made from the cached anonymous
  // bytes, so an owner asking once a second costs a lookup, not a marketplace.
  const ownerLists = new JsonAnswerCache(16, 64 * 1024 * 1024);

  interface Built {
    json: string;
    agotadoBounds?: number[];
    index?: ListIndex;
  }

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
      keepBounds(versionKey, bounds);
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
      if (built.index) keepIndex(etag, (index = built.index));
    }
    return { cached, index };
  }

  /** Sets the answer's ETag; whether the client already has it (304). */
  function notModified(request: FastifyRequest, reply: FastifyReply, etag: string): boolean {
    void reply.header('etag', etag).header('cache-control', 'no-cache');
    return matchesIfNoneMatch(request.headers['if-none-match'], etag);
  }

  async function sendCatalogueAnswer(
    request: FastifyRequest,
    reply: FastifyReply,
    kind: string,
    build: (now: Date) => Promise<Built>,
  ) {
    const now = new Date();
    const { etag, built } = await catalogueEtagOf(kind, now, build);
    if (notModified(request, reply, etag)) return reply.status(304).send();
    const { cached } = await cachedCatalogue(etag, now, built, build);
    return sendCachedJson(request, reply, catalogue, etag, cached);
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
  async function sendOwnerList(request: FastifyRequest, reply: FastifyReply, session: Session) {
    const now = new Date();
    const { etag: publicEtag, built } = await catalogueEtagOf('l', now, buildPublicList);
    const etag = `${publicEtag.slice(0, -1)}t${session.tiendaId}"`;
    if (notModified(request, reply, etag)) return reply.status(304).send();
    let answer = ownerLists.get(etag);
    if (!answer) {
      const [{ cached, index }, own] = await Promise.all([
        cachedCatalogue(publicEtag, now, built, buildPublicList, true),
        tiendas.findOwnTiendaListView(db, session, now),
      ]);
      if (!own || !index) return sendCachedJson(request, reply, catalogue, publicEtag, cached);
      answer = ownerLists.set(etag, mergeOwnTienda(cached.body, index, own));
    }
    return sendCachedJson(request, reply, ownerLists, etag, answer);
  }

  /** `listartiendas` for whoever asks: owners and admins from the cache too (issue 19, F2). */
  function sendListFor(request: FastifyRequest, reply: FastifyReply) {
    const session = request.session;
    if (session?.role === 'ADMIN') return sendCatalogueAnswer(request, reply, 'A', buildAdminList);
    if (session?.role === 'TIENDA') return sendOwnerList(request, reply, session);
    // A shopper sees what an anonymous visitor sees.
    return sendCatalogueAnswer(request, reply, 'l', buildPublicList);
  }

  api.get(
    '/api/tienda/listartiendas',
    {
      schema: {
        tags: ['tiendas'],
        summary: 'Tiendas visibles; el dueño también recibe la suya y el ADMIN todas',
        description: tiendaListDescription,
      },
      preValidation: guards.optionalSession,
    },
    async (request, reply) => sendListFor(request, reply),
  );

  api.get(
    '/api/tienda/directorio',
    {
      schema: {
        tags: ['tiendas'],
        summary: 'Las tiendas visibles por nombre, sin catálogo: la lista de la página de inicio',
        description: 'Responde 304 cuando If-None-Match coincide con el ETag.',
      },
    },
    async (request, reply) =>
      sendCatalogueAnswer(request, reply, 'd', async () => ({
        json: JSON.stringify(await tiendas.listDirectorio(db)),
      })),
  );

  api.get(
    '/api/tienda/mitienda',
    {
      schema: {
        tags: ['tiendas'],
        summary: 'La tienda del dueño con todas sus categorias y productos, en cualquier estado',
        description: tiendaListDescription,
      },
      preValidation: guards.requireRole('TIENDA'),
    },
    async (request) => tiendas.getOwnTiendaView(db, sessionOf(request)),
  );

  api.get(
    '/api/tienda/publica/:usuario',
    {
      schema: {
        tags: ['tiendas'],
        summary: 'Página pública de una tienda: tienda, categorias, productos, horarios',
        description: 'Responde 304 cuando If-None-Match coincide con el ETag.',
        params: z.object({ usuario: z.string().min(1).max(100) }),
      },
    },
    async (request, reply) => {
      const answer = await readPublicTienda(request.params.usuario);
      void reply.header('etag', answer.etag).header('cache-control', 'no-cache');
      if (matchesIfNoneMatch(request.headers['if-none-match'], answer.etag)) {
        return reply.status(304).send();
      }
      return sendCachedJson(request, reply, readPublicTienda.cache, answer.etag, answer.body);
    },
  );

  api.post(
    '/api/tienda/updatetienda',
    {
      schema: {
        tags: ['tiendas'],
        summary:
          'Configura la tienda del dueño (nombre, imagen, monto mínimo, envío; entrega y pagos opcionales)',
        body: tiendaUpdateSchema.and(ajustesTiendaSchema),
      },
      preValidation: guards.requireRole('TIENDA'),
    },
    async (request) => tiendas.updateTienda(db, sessionOf(request), request.body),
  );

  api.post(
    '/api/tienda/pausar',
    {
      schema: {
        tags: ['tiendas'],
        summary: 'Pausa los pedidos nuevos de 15 a 240 minutos; 0 los reanuda',
        body: pausarSchema,
      },
      preValidation: guards.requireRole('TIENDA'),
    },
    async (request) => tiendas.pausarTienda(db, sessionOf(request), request.body.minutos),
  );

  api.post(
    '/api/tienda/activatetienda',
    {
      schema: {
        tags: ['tiendas'],
        summary: 'Activa o desactiva la tienda del dueño',
        body: z.object({ activate: z.boolean({ error: 'activate debe ser true o false' }) }),
      },
      preValidation: guards.requireRole('TIENDA'),
    },
    async (request) => tiendas.activateTienda(db, sessionOf(request), request.body.activate),
  );

  api.post(
    '/api/tienda/approveTienda',
    {
      schema: {
        tags: ['tiendas'],
        summary: 'Aprueba una tienda (solo ADMIN)',
        body: z.object({ tiendaId: idSchema }),
      },
      preValidation: guards.requireRole('ADMIN'),
    },
    async (request) => tiendas.approveTienda(db, sessionOf(request), request.body.tiendaId),
  );
}
