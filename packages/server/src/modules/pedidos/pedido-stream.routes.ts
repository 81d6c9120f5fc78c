import { once } from 'node:events';
import type { OutgoingHttpHeaders } from 'node:http';
import type { ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/database.js';
import {
  sessionOf,
  type AuthGuards,
  type Session,
  type StillValidSessions,
} from '../../http/auth.js';
import type { PedidoEventBus, PedidoEvento } from './pedido-eventos.js';
import type { EventoFilter } from './pedido.repository.js';
import { seguimientoParams } from './pedido.routes.js';
import {
  findLastEventoId,
  findPedidoIdBySeguimiento,
  findPedidoView,
  listEventosSince,
} from './pedido.service.js';
import { isDatabaseUnavailable } from '../../lib/db-errors.js';
import { AppError } from '../../http/app-error.js';

const REPLAY_LIMIT = 500;

/**
 * Writes one chunk, respecting backpressure: when the socket's buffer is full, waits for it to
 * drain before answering, and gives up on a client that reads nothing for `stallMs` (the
 * connection is destroyed). Answers whether the stream can go on.
 */
async function send(raw: ServerResponse, chunk: string, stallMs: number): Promise<boolean> {
  if (raw.writableEnded || raw.destroyed) return false;
  if (raw.write(chunk)) return true;
  const stop = new AbortController();
  const timer = setTimeout(() => stop.abort(), stallMs);
  try {
    await Promise.race([
      once(raw, 'drain', { signal: stop.signal }),
      once(raw, 'close', { signal: stop.signal }),
    ]);
  } catch {
    // Nothing read for stallMs.
    raw.destroy();
  } finally {
    clearTimeout(timer);
    stop.abort();
  }
  return !raw.writableEnded && !raw.destroyed;
}

/**
 * Open streams one account (or one tracking secret) may hold in this process (issue 19, F1):
 * a few tabs and devices. The next one is refused with 429 rather than closing the oldest, so
 * a stolen or shared token cannot switch off the owner's own order board.
 */
export const MAX_STREAMS_PER_KEY = 5;

const streamQuery = z.object({
  // EventSource can't send headers: the token may come in the query (it is kept out of logs).
  token: z.string().max(4096).optional(),
  lastEventId: z.coerce.number().int().min(0).max(2_147_483_647).optional(),
});

/**
 * Server-Sent Events of order changes: an owner gets its shop's, a shopper its own orders'.
 * With Last-Event-ID (header, or `lastEventId` in the query) the stream first replays what was
 * missed from the outbox table, then goes live, in id order and without duplicates.
 */
export function registerPedidoStreamRoutes(
  app: FastifyInstance,
  deps: {
    db: Db;
    guards: AuthGuards;
    bus: PedidoEventBus;
    /** Re-checks the sessions of every open stream at each heartbeat, in one query. */
    stillValid: StillValidSessions;
    heartbeatMs: number;
    /**
     * How long a stream may wait for its client to read (its socket's buffer full) before it is
     * closed: a phone that went to sleep holds no server memory, and reconnects with
     * Last-Event-ID.
     */
    stallMs: number;
    /** Counts the streams open now, up and down (the SSE gauge of http/metrics.ts). */
    openStreams?: { inc(): void; dec(): void };
  },
) {
  const { db, guards, bus, stillValid, heartbeatMs, openStreams } = deps;
  const { stallMs } = deps;
  /** Every open stream, with the session it was opened under (none: a guest's tracking). */
  const open = new Map<ServerResponse, Session | undefined>();
  const openPerKey = new Map<string, number>();

  /**
   * One heartbeat for all the process's streams: a ping to each (skipped while its buffer is
   * still full: the client is behind, a ping would only add to it), and one query re-checking
   * every session, so after a logout or a password change a stream stops instead of going on
   * showing customers' names and addresses. The database away for a moment is no reason to drop
   * any stream; a session that is no longer valid is.
   */
  let beating = false;
  const beat = async () => {
    if (beating) return;
    beating = true;
    try {
      const sessions = [...open.values()].filter((s): s is Session => s !== undefined);
      let valid: Set<string> | undefined;
      try {
        if (sessions.length > 0) valid = await stillValid(sessions);
      } catch (error) {
        if (!isDatabaseUnavailable(error))
          app.log.warn(
            { err: error },
            'no se pudieron revisar las sesiones de los eventos en vivo',
          );
      }
      for (const [raw, session] of open) {
        if (session && valid && !valid.has(session.jti)) raw.end();
        else if (!raw.writableNeedDrain) raw.write(': ping\n\n');
      }
    } finally {
      beating = false;
    }
  };
  const heartbeat = setInterval(() => void beat(), heartbeatMs);
  heartbeat.unref();
  // Open streams would hold a graceful shutdown forever: end them first.
  app.addHook('preClose', async () => {
    clearInterval(heartbeat);
    for (const raw of open.keys()) raw.end();
  });

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
      const query = request.query as z.infer<typeof streamQuery>;
      const filter = await filterOf(request);
      const limitKey = keyOf(request);
      const matches = (e: PedidoEvento) =>
        'tiendaId' in filter
          ? e.tiendaId === filter.tiendaId
          : 'accountId' in filter
            ? e.accountId === filter.accountId
            : e.pedidoId === filter.pedidoId;
      const header = request.headers['last-event-id'];
      const lastEventId =
        (typeof header === 'string' && /^\d{1,9}$/.test(header) ? Number(header) : undefined) ??
        query.lastEventId;

      const head = {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        'x-accel-buffering': 'no',
      };
      // A HEAD gets the stream's head and ends: Node sends no head for a bodiless answer until
      // it ends, so a held-open HEAD would never answer (found by fuzz.test.ts).
      if (request.method === 'HEAD') return reply.status(200).headers(head).send();

      // Counted with no await between the check and the stream's start, so streams opened
      // all at once are all counted.
      const alreadyOpen = openPerKey.get(limitKey) ?? 0;
      if (alreadyOpen >= MAX_STREAMS_PER_KEY) {
        throw new AppError(
          'DEMASIADOS_INTENTOS',
          'Tienes demasiadas conexiones en vivo abiertas. Cierra alguna pestaña e inténtalo de nuevo.',
          { headers: { 'retry-after': '30' } },
        );
      }
      openPerKey.set(limitKey, alreadyOpen + 1);
      reply.hijack();
      const raw = reply.raw;
      // Hijacked: Fastify sends nothing more, so the headers set so far (the security
      // headers) go out with the stream's own.
      raw.writeHead(200, {
        ...(reply.getHeaders() as OutgoingHttpHeaders),
        ...head,
        connection: 'keep-alive',
      });
      raw.write('retry: 3000\n\n');
      open.set(raw, 'pedidoId' in filter ? undefined : sessionOf(request));
      openStreams?.inc();

      // A notification only says "something happened here": the events themselves are read
      // from the outbox, after the last one sent. Notifications may arrive in any order (another
      // process, a late publish); the ids are in commit order (insertPedidoEvento), so reading
      // after the last id sent never skips one.
      // Wakes arriving while a read is queued add nothing: that read sends everything after
      // the last id sent, so a burst of orders (or a client slow to read) queues one read, not
      // one per notification.
      let lastSent: number | undefined = lastEventId;
      let chain = Promise.resolve();
      let queued = false;
      const wake = () => {
        if (queued) return;
        queued = true;
        chain = chain
          .then(async () => {
            queued = false;
            if (raw.writableEnded) return;
            let after = (lastSent ??= await findLastEventoId(db, filter));
            for (;;) {
              const eventos = await listEventosSince(db, filter, after, REPLAY_LIMIT);
              for (const e of eventos) {
                if (raw.writableEnded) return;
                lastSent = after = e.id;
                const pedido = await findPedidoView(db, e.pedidoId);
                const chunk = `id: ${e.id}\nevent: pedido\ndata: ${JSON.stringify({ tipo: e.tipo, pedido })}\n\n`;
                if (!(await send(raw, chunk, stallMs))) return;
              }
              if (eventos.length < REPLAY_LIMIT) return;
            }
          })
          .catch((error: unknown) => request.log.warn({ err: error }, 'evento no enviado'));
      };

      // Subscribed before the starting point is read: whatever commits after it wakes the stream.
      const unsubscribe = bus.subscribe((e) => {
        if (matches(e)) wake();
      });
      wake();
      raw.on('close', () => {
        unsubscribe();
        open.delete(raw);
        openStreams?.dec();
        const left = (openPerKey.get(limitKey) ?? 1) - 1;
        if (left > 0) openPerKey.set(limitKey, left);
        else openPerKey.delete(limitKey);
      });
    };

  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    '/api/pedido/eventos',
    {
      schema: {
        tags: ['pedidos'],
        summary: 'Eventos en vivo (SSE) de los pedidos de la tienda del dueño',
        querystring: streamQuery,
      },
      onRequest: tokenFromQuery,
      preValidation: guards.requireRole('TIENDA'),
    },
    stream(
      async (request) => ({ tiendaId: sessionOf(request).tiendaId }),
      (request) => `a${sessionOf(request).accountId}`,
    ),
  );
  api.get(
    '/api/pedido/mis-eventos',
    {
      schema: {
        tags: ['pedidos'],
        summary: 'Eventos en vivo (SSE) de los pedidos del consumidor',
        querystring: streamQuery,
      },
      onRequest: tokenFromQuery,
      preValidation: guards.requireRole('USUARIO'),
    },
    stream(
      async (request) => ({ accountId: sessionOf(request).accountId }),
      (request) => `a${sessionOf(request).accountId}`,
    ),
  );
  api.get(
    '/api/pedido/seguimiento/:seguimiento/eventos',
    {
      schema: {
        tags: ['pedidos'],
        summary: 'Eventos en vivo (SSE) de un pedido, por su clave de seguimiento',
        params: seguimientoParams,
        querystring: streamQuery,
      },
    },
    stream(
      async (request) => {
        const { seguimiento } = request.params as z.infer<typeof seguimientoParams>;
        return { pedidoId: await findPedidoIdBySeguimiento(db, seguimiento) };
      },
      // A guest has no account: the tracking secret is what the limit counts.
      (request) => `s${(request.params as z.infer<typeof seguimientoParams>).seguimiento}`,
    ),
  );
}
