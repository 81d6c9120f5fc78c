import { once } from 'node:events';
import type { ServerResponse } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import { textoPedidoListo, vistaDeCocina, type TipoEventoPedido } from '@tianguis/domain';
import type { Db } from '../../db/database.js';
import { AppError } from '../../http/app-error.js';
import type { Session, StillValidSessions } from '../../http/auth.js';
import { isDatabaseUnavailable } from '../../lib/db-errors.js';
import { findMiembroDeCuenta } from '../personal/personal.service.js';
import type { PedidoEventBus, PedidoEvento } from './pedido-eventos.js';
import type { EventoFilter } from './pedido.repository.js';
import {
  findLastEventoId,
  findPedidoIdBySeguimiento,
  findPedidoView,
  listEventosSince,
  paraCocina,
} from './pedido.service.js';

const REPLAY_LIMIT = 500;

/** Waits before a stream reads again after a failed read: doubled each time, up to the cap. */
const RETRY_FIRST_MS = 250;
const RETRY_MAX_MS = 5_000;

/**
 * Open streams one account (or one tracking secret) may hold in this process
 * (docs/reliability.md): a few tabs and devices. The next one is refused with 429 rather than
 * closing the oldest, so a stolen or shared token cannot switch off the owner's own order board.
 */
export const MAX_STREAMS_PER_KEY = 5;

export type { EventoFilter };

/**
 * The events a kitchen's stream carries: an accepted order arriving, becoming ready, leaving
 * (docs/api.md, "Staff and the kitchen"). New orders, seen, paid and escalations are the
 * counter's, not the kitchen's.
 */
const TIPOS_COCINA: ReadonlySet<TipoEventoPedido> = new Set<TipoEventoPedido>([
  'ACEPTADO',
  'LISTO',
  'COMPLETADO',
  'CANCELADO',
]);

/**
 * Whether a staff member's stream may go on sending: still active at the same shop with the
 * same role as when it opened. A role change applies to open streams at once (docs/api.md,
 * "Staff and the kitchen"): the stream ends before sending anything more, and the client's
 * reconnection is served under the new role (or refused). One read per batch of events, for
 * staff streams only.
 */
async function sigueIgual(db: Db, session: Session | undefined): Promise<boolean> {
  if (session?.role !== 'PERSONAL') return true;
  const miembro = await findMiembroDeCuenta(db, session.accountId);
  return (
    miembro !== undefined &&
    miembro.estado === 'ACTIVO' &&
    miembro.tienda_id === session.tiendaId &&
    miembro.rol === session.actor
  );
}

/**
 * The `data:` of one event on one stream, or undefined when that stream does not carry it. A
 * shop's stream carries the order as the shop reads it, and a kitchen's (COCINA) only the
 * orders it may see (accepted at some point), as paraCocina copies them. A shopper's or a
 * guest's carries where to pick up, as their reads do, and on LISTO the words their screen
 * shows (`mensaje`: '¡Tu pedido está listo para recoger!' or 'Tu pedido va en camino').
 */
async function dataDeEvento(
  db: Db,
  e: PedidoEvento,
  deTienda: boolean,
  cocina: boolean,
): Promise<string | undefined> {
  if (cocina && !TIPOS_COCINA.has(e.tipo)) return undefined;
  const pedido = await findPedidoView(db, e.pedidoId, { recogerEn: !deTienda });
  if (cocina) {
    if (!pedido || pedido.aceptadoEn === null) return undefined;
    return JSON.stringify({ tipo: e.tipo, pedido: paraCocina(pedido) });
  }
  const mensaje =
    !deTienda && e.tipo === 'LISTO' && pedido ? textoPedidoListo(pedido.entrega.tipo) : undefined;
  return JSON.stringify({ tipo: e.tipo, pedido, mensaje });
}

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

export interface PedidoStreamsDeps {
  db: Db;
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
  log: FastifyBaseLogger;
}

/**
 * The live order streams of one server (docs/api.md, "Live order events"): who may open one,
 * the shared heartbeat, and each stream's replay-then-live loop. The routes only parse,
 * authorise and hand over the raw response.
 */
export function createPedidoStreams(deps: PedidoStreamsDeps) {
  const { db, bus, stillValid, heartbeatMs, stallMs, openStreams, log } = deps;
  /** Every open stream, with the session it was opened under (none: a guest's tracking). */
  const open = new Map<ServerResponse, Session | undefined>();
  const openPerKey = new Map<string, number>();

  /**
   * One heartbeat for all the process's streams: a ping to each (skipped while its buffer is
   * still full: the client is behind, a ping would only add to it), and one query re-checking
   * every session, so after a logout or a password change a stream stops instead of going on
   * showing shoppers' names and addresses. The database away for a moment is no reason to drop
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
          log.warn({ err: error }, 'no se pudieron revisar las sesiones de los eventos en vivo');
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

  return {
    /** The order a tracking secret names: its guest's stream follows that one order. */
    async filterOfSeguimiento(seguimiento: string): Promise<EventoFilter> {
      return { pedidoId: await findPedidoIdBySeguimiento(db, seguimiento) };
    },

    /**
     * Takes one of `limitKey`'s stream places, or refuses with 429. Counted with no await
     * between the check and the stream's start, so streams opened all at once are all counted;
     * `attach` gives the place back when the stream closes.
     */
    reserve(limitKey: string): void {
      const alreadyOpen = openPerKey.get(limitKey) ?? 0;
      if (alreadyOpen >= MAX_STREAMS_PER_KEY) {
        throw new AppError(
          'DEMASIADOS_INTENTOS',
          'Tienes demasiadas conexiones en vivo abiertas. Cierra alguna pestaña e inténtalo de nuevo.',
          { headers: { 'retry-after': '30' } },
        );
      }
      openPerKey.set(limitKey, alreadyOpen + 1);
    },

    /**
     * Where a stream opened without Last-Event-ID starts: the newest event of its own (ids of
     * different streams may commit out of order). Read before the stream's head is written, so
     * a client that sees the stream open gets every event committed from then on, and a
     * database away at that moment is a 503 the client retries, not an open stream with no
     * starting point.
     */
    startingPoint(filter: EventoFilter): Promise<number> {
      return findLastEventoId(db, filter);
    },

    /**
     * Runs a stream whose head is written, from `lastEventId` (the client's Last-Event-ID, or
     * startingPoint): it first sends what the outbox holds after it, then goes live, in id
     * order and without duplicates.
     */
    attach(
      raw: ServerResponse,
      s: {
        filter: EventoFilter;
        session: Session | undefined;
        limitKey: string;
        lastEventId: number;
        log: FastifyBaseLogger;
      },
    ): void {
      const { filter, limitKey } = s;
      const deTienda = 'tiendaId' in filter;
      // The role the stream was opened with; a staff member's stream ends when it changes.
      const cocina = vistaDeCocina(s.session?.actor);
      const matches = (e: PedidoEvento) =>
        'tiendaId' in filter
          ? e.tiendaId === filter.tiendaId
          : 'accountId' in filter
            ? e.accountId === filter.accountId
            : e.pedidoId === filter.pedidoId;
      open.set(raw, s.session);
      openStreams?.inc();

      // A notification only says "something happened here": the events themselves are read
      // from the outbox, after the last one sent. Notifications may arrive in any order (another
      // process, a late publish); the ids are in commit order within a stream
      // (insertPedidoEventos), so reading after the last id sent never skips one.
      // Wakes arriving while a read is queued add nothing: that read sends everything after
      // the last id sent, so a burst of orders (or a client slow to read) queues one read, not
      // one per notification.
      // `lastSent` moves only once an event is written to the socket: a read that fails midway
      // (PostgreSQL restarting between the list and the order's view) leaves it where it was,
      // and the read is tried again (RETRY_*) until it succeeds or the stream closes, so a
      // failed read never skips an event nor waits for the next order to be found again.
      let lastSent = s.lastEventId;
      let chain = Promise.resolve();
      let queued = false;
      let closed = false;
      let retry: NodeJS.Timeout | undefined;
      let retryMs = RETRY_FIRST_MS;
      const wake = () => {
        if (queued || closed) return;
        queued = true;
        clearTimeout(retry);
        retry = undefined;
        chain = chain
          .then(async () => {
            queued = false;
            if (raw.writableEnded) return;
            if (!(await sigueIgual(db, s.session))) {
              raw.end();
              return;
            }
            for (;;) {
              const eventos = await listEventosSince(db, filter, lastSent, REPLAY_LIMIT);
              for (const e of eventos) {
                if (raw.writableEnded) return;
                const data = await dataDeEvento(db, e, deTienda, cocina);
                // An event this stream does not carry is passed over, never read again.
                if (data !== undefined) {
                  const chunk = `id: ${e.id}\nevent: pedido\ndata: ${data}\n\n`;
                  if (!(await send(raw, chunk, stallMs))) return;
                }
                lastSent = e.id;
              }
              if (eventos.length < REPLAY_LIMIT) break;
            }
            retryMs = RETRY_FIRST_MS;
          })
          .catch((error: unknown) => {
            if (closed) return;
            if (!isDatabaseUnavailable(error)) s.log.warn({ err: error }, 'evento no enviado');
            if (!retry && !queued) {
              retry = setTimeout(() => {
                retry = undefined;
                wake();
              }, retryMs);
              retry.unref();
            }
            retryMs = Math.min(retryMs * 2, RETRY_MAX_MS);
          });
      };

      // Subscribed before the first read: whatever commits after `lastEventId` is either read by
      // it or wakes the stream afterwards.
      const unsubscribe = bus.subscribe((e) => {
        if (matches(e)) wake();
      });
      wake();
      const done = () => {
        if (closed) return;
        closed = true;
        clearTimeout(retry);
        unsubscribe();
        open.delete(raw);
        openStreams?.dec();
        const left = (openPerKey.get(limitKey) ?? 1) - 1;
        if (left > 0) openPerKey.set(limitKey, left);
        else openPerKey.delete(limitKey);
      };
      raw.on('close', done);
      // The client may have gone while the starting point was read: its 'close' has passed.
      if (raw.destroyed || !raw.socket || raw.socket.destroyed) done();
    },

    /** Open streams would hold a graceful shutdown forever: they end first. */
    close(): void {
      clearInterval(heartbeat);
      for (const raw of open.keys()) raw.end();
    },
  };
}
export type PedidoStreams = ReturnType<typeof createPedidoStreams>;
