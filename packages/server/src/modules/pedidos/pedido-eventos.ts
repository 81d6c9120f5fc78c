import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import type { TipoEventoPedido } from '@tianguis/domain';

/** A committed change to an order: a new one (NUEVO) or its new status. */
export interface PedidoEvento {
  id: number;
  tiendaId: number;
  /** Null for an order without an account (guest or owner-typed). */
  accountId: number | null;
  pedidoId: number;
  tipo: TipoEventoPedido;
}

type Listener = (evento: PedidoEvento) => void;

/** Delivers order events to the live streams of every server process. */
export interface PedidoEventBus {
  /**
   * Call after the commit that wrote the event row. On PostgreSQL it queues the event for the
   * next NOTIFY, which every process's LISTEN (this one's included) hears; on SQLite it wakes
   * this process's streams. What wraps it (push alerts, the orders counter) runs here too.
   */
  publish(evento: PedidoEvento): Promise<void>;
  subscribe(listener: Listener): () => void;
  /** Resolves once events from other processes can be received. */
  ready(): Promise<void>;
  close(): Promise<void>;
}

function createListeners() {
  const listeners = new Set<Listener>();
  return {
    subscribe(listener: Listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    emit(evento: PedidoEvento) {
      for (const listener of listeners) listener(evento);
    },
  };
}

/** SQLite runs in one process: events go straight to this process's streams. */
export function createLocalEventBus(): PedidoEventBus {
  const listeners = createListeners();
  return {
    publish: async (evento) => listeners.emit(evento),
    subscribe: listeners.subscribe,
    ready: async () => undefined,
    close: async () => undefined,
  };
}

/** The NOTIFY channel of order events (payload: a JSON array of PedidoEvento). */
export const PEDIDO_EVENTO_CHANNEL = 'tianguis_pedido_evento';
const CHANNEL = PEDIDO_EVENTO_CHANNEL;

/** How the LISTEN session shows in pg_stat_activity. */
export const LISTEN_APPLICATION_NAME = 'tianguis-eventos';

/** Waits between attempts to reopen the LISTEN connection: doubled each time, up to the cap. */
export const LISTEN_RETRY_FIRST_MS = 250;
export const LISTEN_RETRY_MAX_MS = 5_000;

/**
 * The LISTEN connection only receives, so a connection that died without a word (a failover,
 * a cut network: no reset ever arrives) would look alive for hours. Every CHECK_EVERY_MS it is
 * asked `SELECT 1`; no answer within CHECK_TIMEOUT_MS counts as lost: it is dropped, reopened
 * and what was missed meanwhile is caught up, with a warning in the log.
 */
export const LISTEN_CHECK_EVERY_MS = 30_000;
export const LISTEN_CHECK_TIMEOUT_MS = 5_000;

/**
 * How far below the newest event id heard the catch-up after a reconnection starts: an order
 * that committed just before the connection was lost, but whose NOTIFY never went out, may
 * have an id below one already heard from another process.
 */
const CATCH_UP_MARGIN = 100;

/**
 * Events kept for the next NOTIFY while the LISTEN connection is down. Past this the oldest are
 * dropped: the other instances' sweeps find them in the outbox all the same.
 */
export const MAX_PENDING = 10_000;

/** PostgreSQL refuses a NOTIFY payload of 8,000 bytes or more: a longer batch is split. */
export const NOTIFY_MAX_BYTES = 7_500;

/**
 * Splits events into NOTIFY payloads (JSON arrays) under NOTIFY_MAX_BYTES each, in order.
 * Exported for its test.
 */
export function notifyPayloads(eventos: readonly PedidoEvento[]): string[] {
  const payloads: string[] = [];
  let parts: string[] = [];
  let bytes = 2;
  for (const evento of eventos) {
    const part = JSON.stringify(evento);
    const size = Buffer.byteLength(part) + 1;
    if (parts.length > 0 && bytes + size > NOTIFY_MAX_BYTES) {
      payloads.push(`[${parts.join(',')}]`);
      parts = [];
      bytes = 2;
    }
    parts.push(part);
    bytes += size;
  }
  if (parts.length > 0) payloads.push(`[${parts.join(',')}]`);
  return payloads;
}

/** The events of a NOTIFY payload: an array, or one event (a build before batching). */
export function eventosDePayload(payload: string): PedidoEvento[] {
  const parsed = JSON.parse(payload) as PedidoEvento | PedidoEvento[];
  return Array.isArray(parsed) ? parsed : [parsed];
}

/**
 * The newest event of each shop and shopper (and of each order without an account: a guest's
 * tracking stream follows one order) after `afterId`, oldest first: enough to wake every
 * stream that may have missed something, each of which then reads the outbox from its own
 * last id (pedido-stream.service.ts).
 */
const CATCH_UP_QUERY = `
  SELECT id, tienda_id, account_id, pedido_id, tipo FROM (
    SELECT DISTINCT ON (tienda_id, account_id, sin_cuenta) id, tienda_id, account_id, pedido_id, tipo
    FROM (
      SELECT *, CASE WHEN account_id IS NULL THEN pedido_id END AS sin_cuenta FROM pedido_evento
      WHERE id > $1 AND ($2::bigint IS NULL OR id <= $2::bigint)
    ) AS recientes
    ORDER BY tienda_id, account_id, sin_cuenta, id DESC
  ) AS newest ORDER BY id`;

async function readNewestId(client: pg.Client): Promise<number> {
  const { rows } = await client.query<{ id: unknown }>('SELECT max(id) AS id FROM pedido_evento');
  return Number(rows[0]?.id ?? 0);
}

async function readNewestPerStream(
  client: pg.Client,
  afterId: number,
  upToId: number | null = null,
): Promise<PedidoEvento[]> {
  const { rows } = await client.query<{
    id: unknown;
    tienda_id: number;
    account_id: number | null;
    pedido_id: number;
    tipo: TipoEventoPedido;
  }>(CATCH_UP_QUERY, [afterId, upToId]);
  return rows.map((r) => ({
    id: Number(r.id),
    tiendaId: r.tienda_id,
    accountId: r.account_id,
    pedidoId: r.pedido_id,
    tipo: r.tipo,
  }));
}

/**
 * PostgreSQL: every process LISTENs on one channel. Events are published after their commit,
 * and the process that committed them sends them on its LISTEN connection, several to a NOTIFY:
 * one NOTIFY at a time, the next carrying whatever was published meanwhile. A transaction that
 * notifies holds a lock of the whole database cluster through its commit, so a NOTIFY inside
 * each order's transaction would make every order's commit wait for the others'
 * (docs/write-path.md, "Notifications"). An order placed through any process reaches the
 * streams of all of them, this one's included.
 *
 * A process that stops between an order's commit and its NOTIFY leaves the event unheard: each
 * health check re-reads the outbox between the two previous checks and wakes the streams whose
 * newest event there was never heard, so such an event reaches them within two checks.
 *
 * The LISTEN connection is lost when PostgreSQL restarts; it is reopened by itself, with a
 * growing wait (LISTEN_RETRY_*) for as long as the server stays away. Notifications sent while
 * nobody listened are gone, so each reconnection re-delivers, for every shop and shopper with
 * events after the newest one heard, its newest event: subscribers treat an event as "look at
 * the outbox", never as the only copy of what happened.
 */
export function createPostgresEventBus(
  connectionString: string,
  log: FastifyBaseLogger,
  options: { checkEveryMs?: number; checkTimeoutMs?: number } = {},
): PedidoEventBus {
  const checkEveryMs = options.checkEveryMs ?? LISTEN_CHECK_EVERY_MS;
  const checkTimeoutMs = options.checkTimeoutMs ?? LISTEN_CHECK_TIMEOUT_MS;
  const listeners = createListeners();
  let client: pg.Client | undefined;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;
  let opening: Promise<void> | undefined;
  let attempts = 0;
  /** The newest event id this process knows of; undefined until the first connection. */
  let newestHeard: number | undefined;
  /** Ids heard since the older of the two last checks (the health check's sweep). */
  const heardIds = new Set<number>();
  /** The outbox's newest id at the last two checks (or the connection's opening): the sweep's window. */
  let marks: number[] = [];
  /** Published here, not yet sent in a NOTIFY. */
  let pending: PedidoEvento[] = [];
  let sending: Promise<void> | undefined;

  const hear = (evento: PedidoEvento) => {
    if (newestHeard === undefined || evento.id > newestHeard) newestHeard = evento.id;
    heardIds.add(evento.id);
    listeners.emit(evento);
  };

  /** Sends what is pending, one NOTIFY at a time; a failed one is kept for the next connection. */
  const flush = () => {
    const current = client;
    if (sending || pending.length === 0 || !current) return;
    const batch = pending;
    pending = [];
    sending = (async () => {
      for (const payload of notifyPayloads(batch)) {
        await current.query('SELECT pg_notify($1, $2)', [CHANNEL, payload]);
      }
    })().then(
      () => {
        sending = undefined;
        flush();
      },
      (error: unknown) => {
        // Sent again on the reopened connection (a duplicate only wakes a stream twice).
        pending = [...batch, ...pending].slice(-MAX_PENDING);
        sending = undefined;
        lost(current, error);
      },
    );
  };

  const lost = (which: pg.Client, error?: unknown) => {
    if (which !== client) return;
    client = undefined;
    void which.end().catch(() => undefined);
    // A connection that stopped answering never acknowledges the goodbye: its socket goes anyway.
    const socket = (which as unknown as { connection?: { stream?: { destroy(): void } } })
      .connection?.stream;
    setTimeout(() => socket?.destroy(), 1_000).unref();
    if (closed) return;
    log.warn({ err: error }, 'se perdió la conexión LISTEN de eventos de pedidos; reintentando');
    scheduleReconnect();
  };

  const open = async (): Promise<void> => {
    const next = new pg.Client({
      connectionString,
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
      connectionTimeoutMillis: 10_000,
      application_name: LISTEN_APPLICATION_NAME,
    });
    next.on('notification', (message) => {
      if (message.channel !== CHANNEL || !message.payload) return;
      try {
        for (const evento of eventosDePayload(message.payload)) hear(evento);
      } catch (error) {
        log.warn({ err: error }, 'evento de pedido ilegible');
      }
    });
    // A restart ends the session with an error (57P01), a cut socket just ends: either way,
    // `lost` runs once for this client and schedules the next attempt.
    next.on('error', (error) => lost(next, error));
    next.on('end', () => lost(next));
    try {
      await next.connect();
      await next.query(`LISTEN ${CHANNEL}`);
      // Listening from here on: whatever committed before is in the outbox.
      const missed =
        newestHeard === undefined
          ? []
          : await readNewestPerStream(next, Math.max(0, newestHeard - CATCH_UP_MARGIN));
      const newest = newestHeard ?? (await readNewestId(next));
      if (closed) throw new Error('bus cerrado');
      client = next;
      newestHeard = newest;
      // The sweep goes on from where it was: the window the lost connection had not swept yet
      // (an instance that died before its NOTIFY meanwhile) is still swept.
      marks = [marks[0] ?? newest];
      if (missed.length > 0) {
        log.warn(
          { eventos: missed.length, desde: newestHeard },
          'eventos de pedidos recuperados tras reabrir la conexión LISTEN',
        );
      }
      for (const evento of missed) hear(evento);
      flush();
    } catch (error) {
      await next.end().catch(() => undefined);
      throw error;
    }
  };

  function scheduleReconnect() {
    if (closed || retry) return;
    const wait = Math.min(LISTEN_RETRY_MAX_MS, LISTEN_RETRY_FIRST_MS * 2 ** attempts);
    attempts += 1;
    retry = setTimeout(() => {
      retry = undefined;
      opening = open();
      opening.then(
        () => {
          log.info({ intentos: attempts }, 'conexión LISTEN de eventos de pedidos restablecida');
          attempts = 0;
        },
        (error: unknown) => {
          if (closed) return;
          log.warn({ err: error, intentos: attempts }, 'LISTEN sigue sin conexión; reintentando');
          scheduleReconnect();
        },
      );
    }, wait);
    retry.unref();
  }

  const ready = (opening = open());
  // The first attempt's failure is the boot's to report (ready()); later ones retry quietly.
  ready.catch(() => undefined);

  /**
   * Wakes the streams whose newest event between the two previous checks was never heard (its
   * process stopped before the NOTIFY). Any event of that window had a whole check's time to be
   * notified; a stream woken by a later event read the earlier ones with it.
   */
  const sweep = async (current: pg.Client) => {
    const newest = await readNewestId(current);
    const [from, upTo] = marks;
    marks = [marks.at(-1) ?? newest, newest];
    if (from === undefined || upTo === undefined || upTo <= from) return;
    const unheard = (await readNewestPerStream(current, from, upTo)).filter(
      (e) => !heardIds.has(e.id),
    );
    for (const id of heardIds) if (id <= from) heardIds.delete(id);
    if (current !== client || unheard.length === 0) return;
    log.warn(
      { eventos: unheard.length, pedidos: unheard.map((e) => e.pedidoId) },
      'eventos de pedidos sin aviso entregados desde la bandeja de salida',
    );
    for (const evento of unheard) hear(evento);
  };

  let checking = false;
  const check = setInterval(() => {
    const current = client;
    if (!current || checking) return;
    checking = true;
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`la conexión LISTEN no respondió en ${checkTimeoutMs} ms`)),
        checkTimeoutMs,
      );
    });
    // The sweep's reads answer within the same time, or the connection counts as lost too.
    Promise.race([current.query('SELECT 1').then(() => sweep(current)), timedOut])
      .then(
        () => undefined,
        (error: unknown) => lost(current, error),
      )
      .finally(() => {
        clearTimeout(timer);
        checking = false;
      });
  }, checkEveryMs);
  check.unref();

  /**
   * Waits, up to `ms`, for what was published to be sent. Each publish starts a NOTIFY at once
   * or joins the next one, so something is unsent while connected only while `sending`.
   */
  const drain = async (ms: number) => {
    const deadline = Date.now() + ms;
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<void>((resolve) => (timer = setTimeout(resolve, ms)));
    while (sending && Date.now() < deadline) await Promise.race([sending, late]);
    clearTimeout(timer);
  };

  return {
    publish: async (evento) => {
      pending.push(evento);
      if (pending.length > MAX_PENDING) pending.shift();
      flush();
    },
    subscribe: listeners.subscribe,
    ready: () => ready,
    async close() {
      clearInterval(check);
      // The last orders' events still go out to the other processes.
      await drain(2_000);
      closed = true;
      clearTimeout(retry);
      await opening?.catch(() => undefined);
      const last = client;
      client = undefined;
      await last?.end().catch(() => undefined);
    },
  };
}
