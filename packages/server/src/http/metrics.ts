import { createHash, timingSafeEqual } from 'node:crypto';
import { isIPv4 } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { DbHandle } from '../db/create-db.js';
import { origenDePedidoNuevo } from '../modules/pedidos/pedido.service.js';
import type { PedidoEventBus } from '../modules/pedidos/pedido-eventos.js';
import type { PushResultado } from '../modules/push/push.sender.js';

/** Where Prometheus scrapes (docs/reliability.md, "Metrics"). */
export const METRICS_PATH = '/metrics';

/** The route label of an answer no route matched (404s, malformed URLs): one series for all. */
export const SIN_RUTA = 'sin_ruta';

const PUSH_RESULTADOS: readonly PushResultado[] = [
  'entregado',
  'reintento',
  'fallido',
  'suscripcion_borrada',
  'descartado',
];

/** Seconds; most answers take a few milliseconds, a checkout under load tens. */
const DURATION_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * The figures of one application instance. Each app has its own registry: tests build many
 * apps in one process, and prom-client's global registry would refuse the second set of names.
 */
export interface AppMetrics {
  readonly registry: Registry;
  readonly requestDuration: Histogram<'method' | 'route' | 'status_code'>;
  readonly ordersPlaced: Counter<'origen'>;
  /** Open live order streams (pedido-stream.routes.ts counts them in and out). */
  readonly sseConnections: Gauge;
  readonly pushDeliveries: Counter<'resultado'>;
}

/**
 * The process's own figures (event-loop lag, CPU, memory, GC, handles) belong to the process,
 * not to one app: one registry for them, made on the first scrape. prom-client's collector
 * starts an event-loop monitor and a GC observer that are never stopped, so one per process
 * rather than one per app built.
 */
let processRegistry: Registry | undefined;
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry, eventLoopMonitoringPrecision: 10 });
  }
  return processRegistry;
}

/**
 * A counter by one label whose every value has its series from the start, so rate() has a zero
 * to start from.
 */
function countedBy<L extends string>(
  registers: Registry[],
  name: string,
  help: string,
  label: L,
  values: readonly string[],
): Counter<L> {
  const counter = new Counter({ name, help, labelNames: [label], registers });
  for (const value of values) counter.inc({ [label]: value } as Partial<Record<L, string>>, 0);
  return counter;
}

export function createMetrics(): AppMetrics {
  const registry = new Registry();
  const registers = [registry];
  const requestDuration = new Histogram({
    name: 'tianguis_http_request_duration_seconds',
    help: 'Tiempo hasta entregar la respuesta a Node, por método, patrón de ruta y código',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: DURATION_BUCKETS,
    registers,
  });
  const ordersPlaced = countedBy(
    registers,
    'tianguis_orders_placed_total',
    'Pedidos nuevos confirmados en la base de datos por este proceso, por origen',
    'origen',
    ['WEB', 'MANUAL'],
  );
  const sseConnections = new Gauge({
    name: 'tianguis_sse_connections',
    help: 'Conexiones en vivo (SSE) de pedidos abiertas en este proceso',
    registers,
  });
  const pushDeliveries = countedBy(
    registers,
    'tianguis_push_deliveries_total',
    'Intentos de envío de notificaciones push, por resultado',
    'resultado',
    PUSH_RESULTADOS,
  );
  return { registry, requestDuration, ordersPlaced, sseConnections, pushDeliveries };
}

/**
 * The database's connections, read at scrape time (nothing is counted per request): on
 * PostgreSQL the pool's own figures; on SQLite its one connection, in use while a group commit
 * holds it, with the writes queued for the next commit as `waiting` (db/create-db.ts).
 */
export function watchDatabasePool(metrics: AppMetrics, database: DbHandle): void {
  const registers = [metrics.registry];
  const engine = database.dialect === 'sqlite' ? 'SQLite' : 'PostgreSQL';
  new Gauge({
    name: 'tianguis_db_pool_connections',
    help: `Conexiones a ${engine}: en uso o libres`,
    labelNames: ['estado'] as const,
    registers,
    collect() {
      const { inUse, idle } = database.connections();
      this.set({ estado: 'en_uso' }, inUse);
      this.set({ estado: 'libre' }, idle);
    },
  });
  new Gauge({
    name: 'tianguis_db_pool_waiting',
    help:
      database.dialect === 'sqlite'
        ? 'Escrituras en cola para la siguiente confirmación en grupo de SQLite'
        : 'Consultas esperando una conexión libre del pool de PostgreSQL',
    registers,
    collect() {
      this.set(database.connections().waiting);
    },
  });
  new Gauge({
    name: 'tianguis_db_pool_max',
    help: `Conexiones que el proceso puede tener abiertas a ${engine} como máximo`,
    registers,
    collect() {
      this.set(database.connections().max);
    },
  });
}

/**
 * Counts each new order once its commit is done. Every new order is written by
 * writeNuevoPedido (modules/checkout/checkout.service.ts) and its NUEVO event is published right after the commit
 * (pedido.service.ts), by the process that committed it: counting at publish counts each order
 * once, in that process, and never one that rolled back. Counted before the real publish, so a
 * failed notification (the order is committed all the same) still counts.
 */
export function withOrderCount(bus: PedidoEventBus, metrics: AppMetrics): PedidoEventBus {
  return {
    async publish(evento) {
      if (evento.tipo === 'NUEVO') {
        metrics.ordersPlaced.inc({ origen: origenDePedidoNuevo(evento) ?? 'desconocido' });
      }
      await bus.publish(evento);
    },
    subscribe: (listener) => bus.subscribe(listener),
    ready: () => bus.ready(),
    close: () => bus.close(),
  };
}

/** 127.0.0.0/8 and ::1, also as IPv4-mapped IPv6 (a dual-stack socket's view of 127.0.0.1). */
export function isLoopback(address: string | undefined): boolean {
  if (address === undefined) return false;
  if (address === '::1') return true;
  const v4 = address.toLowerCase().startsWith('::ffff:') ? address.slice(7) : address;
  return isIPv4(v4) && v4.startsWith('127.');
}

const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * Who may read the metrics: a caller on this machine, by the socket's own address (never
 * request.ip, which follows X-Forwarded-For from trusted proxies), or, when METRICS_TOKEN is
 * set, anyone sending it as a Bearer token. Compared as digests in constant time: neither the
 * token's length nor its first differing byte shows in the time taken.
 */
export function mayReadMetrics(
  remoteAddress: string | undefined,
  authorization: string | undefined,
  token: string | undefined,
): boolean {
  if (isLoopback(remoteAddress)) return true;
  if (token === undefined || authorization === undefined) return false;
  const match = /^Bearer +(\S+) *$/i.exec(authorization);
  if (!match) return false;
  return timingSafeEqual(digest(match[1]!), digest(token));
}

/**
 * `GET /metrics` in Prometheus' text format, and the request-duration histogram. Anyone else
 * gets the same 404 as an unknown route: the path gives nothing away.
 *
 * The duration is recorded in onSend, when the answer is handed to Node (the figure the
 * Server-Timing header shows): a live stream is never sent through Fastify, so it does not
 * weigh on its route's durations (the SSE gauge counts it). The route label is the pattern
 * Fastify matched (`/api/pedido/seguimiento/:seguimiento`), never the URL, whose values are
 * unbounded.
 */
export function registerMetrics(
  app: FastifyInstance,
  metrics: AppMetrics,
  options: { token: string | undefined },
): void {
  const { requestDuration, registry } = metrics;
  app.addHook('onSend', (request, reply, payload, done) => {
    const route = request.routeOptions.url;
    if (route !== METRICS_PATH) {
      requestDuration.observe(
        { method: request.method, route: route ?? SIN_RUTA, status_code: reply.statusCode },
        reply.elapsedTime / 1000,
      );
    }
    done(null, payload);
  });

  app.get(
    METRICS_PATH,
    // Not in /docs: it answers 404 to the public. Prometheus' text format, not JSON.
    { schema: { hide: true, produces: ['text/plain; version=0.0.4'] } },
    async (request, reply) => {
      const allowed = mayReadMetrics(
        request.socket.remoteAddress,
        request.headers.authorization,
        options.token,
      );
      if (!allowed) return reply.callNotFound();
      const text = (await processMetrics().metrics()) + (await registry.metrics());
      return reply.type(registry.contentType).header('cache-control', 'no-store').send(text);
    },
  );
}
