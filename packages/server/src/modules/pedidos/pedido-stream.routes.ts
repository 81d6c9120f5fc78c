import type { OutgoingHttpHeaders } from 'node:http';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  preValidationAsyncHookHandler,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import {
  pedidoEventStreamResponse,
  pedidoStreamQuerySchema,
  seguimientoParamsSchema,
} from '@tianguis/domain';
import type { Db } from '../../db/database.js';
import {
  sessionOf,
  type AuthGuards,
  type Session,
  type StillValidSessions,
} from '../../http/auth.js';
import type { PedidoEventBus } from './pedido-eventos.js';
import { createPedidoStreams, type EventoFilter } from './pedido-stream.service.js';

export { MAX_STREAMS_PER_KEY } from './pedido-stream.service.js';

const STREAM_HEAD = {
  'content-type': 'text/event-stream; charset=utf-8',
  'cache-control': 'no-cache, no-transform',
  'x-accel-buffering': 'no',
};

/**
 * Server-Sent Events of order changes: an owner gets its shop's, a shopper its own orders', a
 * guest one order's by its tracking secret. The streams themselves (replay from Last-Event-ID,
 * heartbeat, limits) live in pedido-stream.service.ts.
 */
export function registerPedidoStreamRoutes(
  app: FastifyInstance,
  deps: {
    db: Db;
    guards: AuthGuards;
    bus: PedidoEventBus;
    stillValid: StillValidSessions;
    heartbeatMs: number;
    stallMs: number;
    openStreams?: { inc(): void; dec(): void };
  },
) {
  const { guards } = deps;
  const streams = createPedidoStreams({ ...deps, log: app.log });
  app.addHook('preClose', async () => streams.close());

  const tokenFromQuery = async (request: { query: unknown; headers: Record<string, unknown> }) => {
    const { token } = (request.query ?? {}) as { token?: unknown };
    if (!request.headers.authorization && typeof token === 'string' && token !== '') {
      request.headers.authorization = `Bearer ${token}`;
    }
  };

  const stream =
    (
      filterOf: (request: FastifyRequest) => Promise<EventoFilter>,
      keyOf: (request: FastifyRequest) => string,
    ) =>
    async (request: FastifyRequest, reply: FastifyReply) => {
      // Validated by the route's querystring schema.
      const query = request.query as z.infer<typeof pedidoStreamQuerySchema>;
      const filter = await filterOf(request);
      const limitKey = keyOf(request);
      const header = request.headers['last-event-id'];
      const lastEventId =
        (typeof header === 'string' && /^\d{1,9}$/.test(header) ? Number(header) : undefined) ??
        query.lastEventId;

      // A HEAD gets the stream's head and ends: Node sends no head for a bodiless answer until
      // it ends, so a held-open HEAD would never answer (found by fuzz.test.ts).
      if (request.method === 'HEAD') return reply.status(200).headers(STREAM_HEAD).send();

      // Before the head: once the client sees the stream open, every later event reaches it.
      const from = lastEventId ?? (await streams.startingPoint(filter));
      streams.reserve(limitKey);
      reply.hijack();
      const raw = reply.raw;
      // Hijacked: Fastify sends nothing more, so the headers set so far (the security
      // headers) go out with the stream's own.
      raw.writeHead(200, {
        ...(reply.getHeaders() as OutgoingHttpHeaders),
        ...STREAM_HEAD,
        connection: 'keep-alive',
      });
      raw.write('retry: 3000\n\n');
      streams.attach(raw, {
        filter,
        session: 'pedidoId' in filter ? undefined : sessionOf(request),
        limitKey,
        lastEventId: from,
        log: request.log,
      });
    };

  const api = app.withTypeProvider<ZodTypeProvider>();
  const response = { 200: pedidoEventStreamResponse };
  /**
   * A signed-in stream (the shop's or the shopper's): EventSource sends no headers, so the token
   * may come in the query; the limit counts the account's streams.
   */
  const sessionStream = (
    path: string,
    summary: string,
    guard: preValidationAsyncHookHandler,
    filterOf: (session: Session) => EventoFilter,
  ) =>
    api.get(
      path,
      {
        schema: { tags: ['pedidos'], summary, querystring: pedidoStreamQuerySchema, response },
        onRequest: tokenFromQuery,
        preValidation: guard,
      },
      stream(
        async (request) => filterOf(sessionOf(request)),
        (request) => `a${sessionOf(request).accountId}`,
      ),
    );
  sessionStream(
    '/api/pedido/eventos',
    'Eventos en vivo (SSE) de los pedidos de la tienda del dueño',
    guards.requirePermiso('pedidos'),
    (session) => ({ tiendaId: session.tiendaId }),
  );
  sessionStream(
    '/api/pedido/mis-eventos',
    'Eventos en vivo (SSE) de los pedidos del consumidor',
    guards.requireRole('USUARIO'),
    (session) => ({ accountId: session.accountId }),
  );
  api.get(
    '/api/pedido/seguimiento/:seguimiento/eventos',
    {
      schema: {
        tags: ['pedidos'],
        summary: 'Eventos en vivo (SSE) de un pedido, por su clave de seguimiento',
        params: seguimientoParamsSchema,
        querystring: pedidoStreamQuerySchema,
        response,
      },
    },
    stream(
      (request) =>
        streams.filterOfSeguimiento(
          (request.params as z.infer<typeof seguimientoParamsSchema>).seguimiento,
        ),
      // A guest has no account: the tracking secret is what the limit counts.
      (request) => `s${(request.params as z.infer<typeof seguimientoParamsSchema>).seguimiento}`,
    ),
  );
}
