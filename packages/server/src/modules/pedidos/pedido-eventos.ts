import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';

/** A committed change to an order: a new one (NUEVO) or its new status. */
export interface PedidoEvento {
  id: number;
  tiendaId: number;
  accountId: number;
  pedidoId: number;
  tipo: string;
}

type Listener = (evento: PedidoEvento) => void;

/** Delivers order events to the live streams of every server process. */
export interface PedidoEventBus {
  /** Call after the commit that wrote the event row. */
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

const CHANNEL = 'tianguis_pedido_evento';

/**
 * PostgreSQL: every process LISTENs on one channel and publishing is a NOTIFY, so an order
 * placed through any process reaches the streams of all of them. A dropped listener connection
 * is reopened; streams that missed events in between catch up with Last-Event-ID.
 */
export function createPostgresEventBus(
  connectionString: string,
  log: FastifyBaseLogger,
): PedidoEventBus {
  const listeners = createListeners();
  const notifier = new pg.Pool({ connectionString, max: 2 });
  notifier.on('error', () => undefined);
  let client: pg.Client | undefined;
  let closed = false;
  let ready: Promise<void>;

  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString });
    next.on('notification', (message) => {
      if (message.channel !== CHANNEL || !message.payload) return;
      try {
        listeners.emit(JSON.parse(message.payload) as PedidoEvento);
      } catch (error) {
        log.warn({ err: error }, 'evento de pedido ilegible');
      }
    });
    next.on('error', (error) => {
      log.warn({ err: error }, 'se perdió la conexión LISTEN; reintentando');
      void next.end().catch(() => undefined);
      if (!closed) setTimeout(() => void (ready = connect().catch(() => undefined)), 1000);
    });
    await next.connect();
    await next.query(`LISTEN ${CHANNEL}`);
    client = next;
  };
  ready = connect();

  return {
    async publish(evento) {
      await notifier.query('SELECT pg_notify($1, $2)', [CHANNEL, JSON.stringify(evento)]);
    },
    subscribe: listeners.subscribe,
    ready: () => ready,
    async close() {
      closed = true;
      await ready.catch(() => undefined);
      await client?.end().catch(() => undefined);
      await notifier.end();
    },
  };
}
