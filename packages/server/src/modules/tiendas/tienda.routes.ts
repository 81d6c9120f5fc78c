import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { tiendaUpdateSchema } from '@tianguis/domain';
import type { Db } from '../../db/database.js';
import { sessionOf, type AuthGuards } from '../../http/auth.js';
import { matchesIfNoneMatch } from '../../http/etag.js';
import { JsonAnswerCache, sendCachedJson } from '../../http/json-answer-cache.js';
import { idSchema } from '../../http/schemas.js';
import { createPublicTiendaReader } from './tienda-publica.service.js';
import { findCatalogueVersion } from './tienda.repository.js';
import * as tiendas from './tienda.service.js';

const tiendaListDescription =
  'Lista de tiendas con sus categorias y productos (forma del spec: tiendaId, usuario, nombre, ...)';

export function registerTiendaRoutes(app: FastifyInstance, deps: { db: Db; guards: AuthGuards }) {
  const { db, guards } = deps;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const readPublicTienda = createPublicTiendaReader(db);

  // The anonymous shop list (13 MB with 1,000 shops) and the directory are the same for every
  // visitor until some shop changes: kept serialised under the catalogue's version.
  const catalogue = new JsonAnswerCache(8, 96 * 1024 * 1024);
  async function sendCatalogueAnswer(
    request: FastifyRequest,
    reply: FastifyReply,
    kind: string,
    build: () => Promise<string>,
  ) {
    const etag = `W/"${kind}${await findCatalogueVersion(db)}"`;
    void reply.header('etag', etag).header('cache-control', 'no-cache');
    if (matchesIfNoneMatch(request.headers['if-none-match'], etag)) {
      return reply.status(304).send();
    }
    const cached = catalogue.get(etag) ?? catalogue.set(etag, await build());
    return sendCachedJson(request, reply, catalogue, etag, cached);
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
    async (request, reply) => {
      // Owners and admins see more than the public and get their own answer each time; a
      // shopper sees what an anonymous visitor sees.
      const role = request.session?.role;
      if (role === 'TIENDA' || role === 'ADMIN') return tiendas.listTiendasFor(db, request.session);
      return sendCatalogueAnswer(request, reply, 'l', async () =>
        JSON.stringify(await tiendas.listTiendasFor(db, null)),
      );
    },
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
      sendCatalogueAnswer(request, reply, 'd', async () =>
        JSON.stringify(await tiendas.listDirectorio(db)),
      ),
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
        summary: 'Configura la tienda del dueño (nombre, imagen, monto mínimo, envío)',
        body: tiendaUpdateSchema,
      },
      preValidation: guards.requireRole('TIENDA'),
    },
    async (request) => tiendas.updateTienda(db, sessionOf(request), request.body),
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
