import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/database.js';
import { sessionOf, type AuthGuards } from '../../http/auth.js';
import { matchesIfNoneMatch } from '../../http/etag.js';
import { JsonAnswerCache, sendCachedJson } from '../../http/json-answer-cache.js';
import type { PedidoEventBus } from './pedido-eventos.js';
import { idSchema, tokenBodySchema } from '../../http/schemas.js';
import * as pedidos from './pedido.service.js';

const tags = ['pedidos'];

export function registerPedidoRoutes(
  app: FastifyInstance,
  deps: { db: Db; guards: AuthGuards; bus: PedidoEventBus },
) {
  const { db, guards, bus } = deps;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const owner = guards.requireRole('TIENDA');
  // Owners' order lists, serialised: 500 orders with their lines are about 300 KB.
  const ownerLists = new JsonAnswerCache(200, 128 * 1024 * 1024);

  api.post(
    '/api/pedido/listarpedidosbyid',
    {
      schema: { tags, summary: 'Los pedidos del consumidor', body: tokenBodySchema },
      preValidation: guards.requireRole('USUARIO'),
    },
    async (request) => pedidos.listPedidosOfShopper(db, sessionOf(request)),
  );

  api.post(
    '/api/pedido/listarpedidosbytiendaid',
    {
      schema: {
        tags,
        summary: 'Los pedidos de la tienda, el más nuevo primero',
        description:
          'Filtros opcionales: status, desde (ids mayores), antes (ids menores), limite (500 por omisión). Responde 304 si If-None-Match coincide.',
        body: z
          .object({
            token: z.string().optional(),
            status: z.enum(pedidos.PEDIDO_STATUSES, { error: 'Estado inválido' }).optional(),
            desde: z.number().int().min(0).max(2_147_483_647).optional(),
            antes: z.number().int().positive().max(2_147_483_647).optional(),
            limite: z.number().int().min(1).max(1000).optional(),
          })
          .nullish(),
      },
      preValidation: owner,
    },
    async (request, reply) => {
      const { token: _token, ...query } = request.body ?? {};
      const answer = await pedidos.listPedidosOfTienda(db, sessionOf(request), query);
      void reply.header('etag', answer.etag).header('cache-control', 'private, no-cache');
      if (matchesIfNoneMatch(request.headers['if-none-match'], answer.etag)) {
        return reply.status(304).send();
      }
      // The ETag names the shop, its order version and the query: one exact list. A shop's
      // phone and kitchen tablet reloading the same list share one read and one gzip.
      const cached =
        ownerLists.get(answer.etag) ??
        ownerLists.set(answer.etag, JSON.stringify(await answer.load()));
      return sendCachedJson(request, reply, ownerLists, answer.etag, cached);
    },
  );

  for (const [path, status, summary] of [
    ['/api/pedido/completarpedidobypedidoid', 'COMPLETADO', 'Completa un pedido NUEVO'],
    ['/api/pedido/cancelarpedidobypedidoid', 'CANCELADO', 'Cancela un pedido NUEVO'],
  ] as const) {
    api.post(
      path,
      { schema: { tags, summary, body: z.object({ pedidoId: idSchema }) }, preValidation: owner },
      async (request) =>
        pedidos.finishPedido(db, bus, sessionOf(request), request.body.pedidoId, status),
    );
  }
}
