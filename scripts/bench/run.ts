/**
 * `npm run bench`: builds the server, then measures it as its own process, driven by autocannon
 * from this one: first a bare Fastify hello-world (the ceiling of this machine), then the real
 * server on a fresh SQLite file and, when BENCH_DATABASE_URL names a PostgreSQL server, on a
 * fresh database made there for the run and dropped afterwards. Each database is seeded before
 * its server starts. Prints one table and writes it as JSON to bench/results/. Nothing here
 * asserts: it measures.
 *
 *   npm run bench                      # 1,000 shops x 50 products, one shop with 100,000 orders
 *   npm run bench -- --scale           # 10,000 shops, 500,000 products, 1,000,000 orders
 *   npm run bench -- --quick           # 2 s a row instead of 5, for trying things out
 *   npm run bench -- --rows owner,sse  # only the rows whose id starts with one of these
 *   npm run bench -- --databases postgres  # only these databases (sqlite,postgres by default)
 *   npm run bench -- --cpu-prof        # each server writes a V8 CPU profile to bench/results/
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench
 *
 * A/B mode (ab.ts): the same workload, alternately, against the build of a git ref (A, built in a
 * temporary worktree) and this working tree (B), each round on fresh databases seeded through
 * the HTTP API; prints A, B and B/A per row (median of the rounds, min–max):
 *
 *   npm run bench -- --ab d84021a                       # rows orders, catalogue; 4 rounds each
 *   npm run bench -- --ab d84021a --databases sqlite --rounds 2 --duration 5 --rows orders
 *   npm run bench -- --ab d84021a --rounds 1 --rows orders --cpu-prof --count-statements
 *
 * The shop's link on a slow phone (primer-toque.ts): first paint, LCP, the first tap on
 * 'Agregar' and when it takes effect, taps lost, JavaScript sent, in Chromium held to 4× CPU,
 * 1.6 Mbps and 150 ms:
 *
 *   npm run bench -- --primer-toque             # 3 runs; --runs 5 for more
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createDb } from '../../packages/server/src/db/create-db.js';
import { migrateToLatest } from '../../packages/server/src/db/migrate.js';
import { keepingLogsOnFailure, writeBenchResults } from '../lib/bench-results.js';
import { markdownTable } from '../lib/markdown-table.js';
import { ALERT_OWNERS, measureAlerts, summarize } from './alerts.js';
import { openEventStream } from './event-stream.js';
import {
  addressOf,
  drain,
  percentile,
  runLoadSpread,
  type LoadRequest,
  type LoadResult,
} from './load.js';
import {
  compileServer,
  signInSeeded,
  startBuiltServer,
  withPostgresDatabase,
} from './built-server.js';
import { startNodeProcess, type ServerProcess } from './processes.js';
import { franjasRequest, seedFranjas } from './franjas.js';
import * as programados from './programados.js';
import { seedVentas, VENTAS_ORDERS, type VentasSeed } from './ventas.js';
import {
  cotizacion,
  FLAT_SHOP_FROM_END,
  microsPorCoincidencia,
  pedidoConColonia,
  seedZonas,
  ZONAS_SHOP_FROM_END,
} from './zonas.js';
import {
  BENCH_SCALE,
  checkoutLoop,
  CHECKOUT_PRODUCTS,
  FULL_SCALE,
  precioOf,
  SCALE_PASSWORD,
  seedCarritos,
  seedGruposDeOpciones,
  seedScale,
  type SeededScale,
  type SeededShop,
} from './seed-scale.js';

const root = path.resolve(import.meta.dirname, '../..');

const { values: args } = parseArgs({
  options: {
    scale: { type: 'boolean', default: false },
    quick: { type: 'boolean', default: false },
    'cpu-prof': { type: 'boolean', default: false },
    duration: { type: 'string' },
    rows: { type: 'string' },
    databases: { type: 'string', default: 'sqlite,postgres' },
    ab: { type: 'string' },
    rounds: { type: 'string', default: '4' },
    'count-statements': { type: 'boolean', default: false },
    'primer-toque': { type: 'boolean', default: false },
    runs: { type: 'string', default: '3' },
  },
});
const SECONDS = Number(args.duration ?? (args.quick ? 2 : 5));
const WARMUP_SECONDS = args.quick ? 0.5 : 1;
const CONNECTIONS = 50;
const selected = args.rows?.split(',').map((r) => r.trim());
const databases = args.databases.split(',').map((d) => d.trim());
const wants = (id: string) =>
  id === 'hello' || !selected || selected.some((prefix) => id.startsWith(prefix));

interface Row {
  database: string;
  id: string;
  name: string;
  connections: number;
  /** Answers with the expected status (or orders placed, for `unit: 'orders/s'`) per second. */
  rate: number;
  unit: 'req/s' | 'orders/s';
  count: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
  /** rate / the hello-world's req/s in this run. */
  ofCeiling: number | null;
  note?: string;
}

const rows: Row[] = [];
let ceiling: number | undefined;

const fmt = (n: number) => (Number.isNaN(n) ? '–' : n < 10 ? n.toFixed(2) : n.toFixed(1));
const fmtRate = (n: number) => (n < 100 ? n.toFixed(1) : Math.round(n).toLocaleString('en'));
const fmtRatio = (r: number | null) =>
  r === null ? '–' : r >= 0.1 ? `${(r * 100).toFixed(0)}%` : `${(r * 100).toFixed(2)}%`;

function printRow(row: Row) {
  console.log(
    `  ${row.database.padEnd(8)} ${row.name.padEnd(58)} ${fmtRate(row.rate).padStart(7)} ${row.unit.padEnd(8)} p50 ${fmt(row.p50).padStart(7)} p99 ${fmt(row.p99).padStart(7)} ms  errores ${row.errors}`,
  );
}

/** One markdown table: it reads in a terminal and pastes into docs/performance.md as is. */
function renderTable(all: Row[]): string {
  const header = [
    'database',
    'what',
    'conns',
    'rate',
    'p50 ms',
    'p95 ms',
    'p99 ms',
    'errors',
    'of ceiling',
  ];
  const body = all.map((r) => [
    r.database,
    r.name,
    String(r.connections),
    `${fmtRate(r.rate)} ${r.unit}`,
    fmt(r.p50),
    fmt(r.p95),
    fmt(r.p99),
    String(r.errors),
    fmtRatio(r.ofCeiling),
  ]);
  return markdownTable(header, body, 2);
}

function rowOf(
  database: string,
  spec: { id: string; name: string; connections: number; unit?: Row['unit'] },
  result: LoadResult,
  kind: string,
): Row {
  const stats = result.kinds.get(kind);
  const latencies = stats?.latencies ?? [];
  // Only answers with the expected status count as throughput; the rest are errors.
  const rate = ((stats?.count ?? 0) - (stats?.errors ?? 0)) / result.seconds;
  const unit = spec.unit ?? 'req/s';
  const row: Row = {
    database,
    id: spec.id,
    name: spec.name,
    connections: spec.connections,
    rate,
    unit,
    count: stats?.count ?? 0,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    errors: (stats?.errors ?? 0) + result.socketErrors + result.timeouts,
    // An order is one proccesscart request, so orders/s compare with req/s as they are.
    ofCeiling: ceiling ? rate / ceiling : null,
  };
  const unexpected = Object.entries(stats?.statuses ?? {}).filter(
    ([s]) => !['200', '304'].includes(s),
  );
  if (unexpected.length > 0 || result.timeouts > 0) {
    row.note = [
      ...unexpected.map(([s, n]) => `${n}x ${s}`),
      ...(result.timeouts > 0 ? [`${result.timeouts} timeouts`] : []),
    ].join(', ');
  }
  return row;
}

/**
 * One autocannon run (after a warm-up run of the same flow): one table row per reported kind.
 */
async function measure(
  database: string,
  base: string | string[],
  spec: {
    id: string;
    connections?: number;
    timeout?: number;
    /** For rows whose single answer takes a good part of a second. */
    minSeconds?: number;
    /** This many requests, without a warm-up, instead of a timed run. */
    amount?: number;
    /** A longer warm-up (processes just started: their JIT and caches are cold). */
    warmupSeconds?: number;
    flow: (connection: number) => () => LoadRequest;
    report: { kind: string; id: string; name: string; unit?: Row['unit'] }[];
  },
): Promise<void> {
  const reports = spec.report.filter((r) => wants(r.id));
  if (reports.length === 0) return;
  const connections = spec.connections ?? CONNECTIONS;
  // Several bases: one load spread over the instances of one deployment.
  const bases = typeof base === 'string' ? [base] : base;
  const run = (options: { seconds: number; amount?: number }) =>
    runLoadSpread({ bases, connections, timeout: spec.timeout, flow: spec.flow, ...options });
  const drainAll = () => Promise.all(bases.map((b) => drain(b)));
  if (spec.amount === undefined) {
    await run({ seconds: spec.warmupSeconds ?? WARMUP_SECONDS });
    await drainAll();
  }
  const result = await run({
    seconds: Math.max(SECONDS, spec.minSeconds ?? 0),
    amount: spec.amount,
  });
  await drainAll();
  for (const r of reports) {
    const row = rowOf(database, { ...r, connections }, result, r.kind);
    rows.push(row);
    printRow(row);
  }
}

async function measureCeiling(tmp: string): Promise<void> {
  const hello = await startNodeProcess({
    name: 'hello-world',
    args: ['--import', 'tsx', path.join(root, 'scripts/bench/hello-server.ts')],
    env: {},
    readyPath: '/',
    logFile: path.join(tmp, 'hello.log'),
    cwd: root,
  });
  try {
    await measure('-', hello.base, {
      id: 'hello',
      flow: () => () => ({ kind: 'hello', method: 'GET', path: '/' }),
      report: [{ kind: 'hello', id: 'hello', name: 'hello-world, bare Fastify (the ceiling)' }],
    });
    ceiling = rows.at(-1)!.rate;
    rows.at(-1)!.ofCeiling = 1;
  } finally {
    await hello.stop();
  }
}

const json = (token: string, extra: Record<string, string> = {}) => ({
  authorization: `Bearer ${token}`,
  ...extra,
});

// Who does what, by index into the seeded shoppers and shops (a row never disturbs another).
const ROLE = {
  signIn: { first: 0, count: CONNECTIONS },
  shopperOrders: { first: 0, count: CONNECTIONS },
  cartList: { first: 50, count: CONNECTIONS },
  checkout: { first: 100, count: CONNECTIONS },
  orderLoad: { first: 150, count: CONNECTIONS },
  events: { first: 200, count: 10 },
  instances: { first: 210, count: CONNECTIONS },
};
const HOT_SHOP = 0; // the shop with 100,000 orders
const ONE_SHOP = 1; // every checkout of the one-shop row
const EVENTS_SHOP = 2; // the live-event row
const PAGE_SHOP = 3; // the rendered shop page row: 60 products
const SPREAD_FROM = 3; // checkouts spread over the shops from here on
const EVENT_ORDERS = 200;

async function benchServer(
  database: string,
  server: ServerProcess,
  seeded: SeededScale,
  /** Per product of the one-shop row, the ids of one option of each of its two groups. */
  opciones: Map<number, number[]>,
  /** Starts more instances on the same database (PostgreSQL only: SQLite is one process). */
  startMoreInstances?: (count: number, env?: Record<string, string>) => Promise<ServerProcess[]>,
) {
  const { base } = server;
  const { shops, shoppers } = seeded;
  const shoppersOf = (role: { first: number; count: number }) =>
    shoppers.slice(role.first, role.first + role.count);
  const started = performance.now();
  // Each account signs in from its own (forwarded) address.
  const tokens = await signInSeeded(
    base,
    [
      ...[HOT_SHOP, ONE_SHOP, EVENTS_SHOP].map((s) => shops[s]!.ownerEmail),
      ...shoppers.slice(0, ROLE.instances.first + ROLE.instances.count).map((c) => c.email),
    ],
    (i) => ({ 'x-forwarded-for': addressOf(1000 + i) }),
  );
  const tokenOf = (email: string) => tokens.get(email)!;
  console.log(
    `  ${tokens.size} sesiones abiertas en ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );

  await measure(database, base, {
    id: 'signin',
    flow: (i) => {
      const body = {
        email: shoppersOf(ROLE.signIn)[i % ROLE.signIn.count]!.email,
        password: SCALE_PASSWORD,
      };
      // Sign-in attempts count against the caller's address until they succeed (20 at once at
      // most): each connection is its own visitor behind the trusted proxy (TRUST_PROXY).
      const headers = { 'x-forwarded-for': addressOf(i) };
      return () => ({
        kind: 'signin',
        method: 'POST',
        path: '/api/login/authenticate',
        headers,
        body,
      });
    },
    report: [{ kind: 'signin', id: 'signin', name: 'sign-in (argon2id 19 MiB, t=2)' }],
  });

  await benchPublicRead(database, base, shops);
  if (wants('page-shop')) await benchShopPage(database, base, shops);

  await measure(database, base, {
    id: 'directorio',
    flow: () => () => ({
      kind: 'dir',
      method: 'GET',
      path: '/api/tienda/directorio',
      headers: BROWSER,
    }),
    report: [
      {
        kind: 'dir',
        id: 'directorio',
        name: `directorio (home page), ${shops.length.toLocaleString('en')} public shops, gzip`,
      },
    ],
  });
  if (!args.scale) {
    await measure(database, base, {
      id: 'listartiendas',
      // Each answer is every public shop with its whole catalogue (13 MB at 1,000 shops, about
      // 1 MB gzipped): more connections would only measure the queue.
      connections: 2,
      minSeconds: 10,
      timeout: 120,
      flow: () => () => ({
        kind: 'list',
        method: 'GET',
        path: '/api/tienda/listartiendas',
        headers: BROWSER,
      }),
      report: [
        {
          kind: 'list',
          id: 'listartiendas',
          name: `listartiendas, anonymous, ${shops.length.toLocaleString('en')} public shops, gzip`,
        },
      ],
    });
  }

  // Checkout: each shopper adds two products and places the order, again and again.
  const checkoutFlow =
    (
      role: { first: number; count: number },
      shopOf: (connection: number, order: number) => number,
    ) =>
    (i: number) =>
      checkoutLoop({
        seeded,
        token: tokenOf(shoppersOf(role)[i % role.count]!.email),
        shopOf: (order) => shopOf(i, order),
        keyOf: (order) => `bench-${process.pid}-${i}-${order}-${Date.now()}`,
      });
  const spread = Math.min(500, shops.length - SPREAD_FROM);
  await measure(database, base, {
    id: 'checkout',
    // The first seconds read each of the 500 shops' hours and option groups once (kept per shop
    // version afterwards): measured from the steady state, as a running server is.
    warmupSeconds: args.quick ? 2 : 5,
    flow: checkoutFlow(ROLE.checkout, (i, order) => SPREAD_FROM + ((i * 7 + order) % spread)),
    report: [
      { kind: 'addItem', id: 'checkout-additem', name: 'addItem, 50 shoppers (2 per order)' },
      {
        kind: 'proccesscart',
        id: 'checkout-proccesscart',
        name: `proccesscart, 50 shoppers, ${spread} shops`,
        unit: 'orders/s',
      },
    ],
  });
  // The catalogue under order load (docs/write-path.md): the shops taking the orders, read
  // before and right after a minute of checkouts (15 s with --quick). Fresh shoppers, so the
  // three-NUEVO-orders-per-shop limit is never reached.
  if (wants('orders-load')) {
    const ordering = shops.slice(SPREAD_FROM, SPREAD_FROM + spread);
    const readOrdering = () => {
      let k = 0;
      return () => (): LoadRequest => ({
        kind: 'public',
        method: 'GET',
        path: `/api/tienda/publica/${ordering[k++ % ordering.length]!.usuario}`,
        headers: BROWSER,
      });
    };
    // Visited once first: the rows compare repeat visits, not the first ones that fill the cache.
    for (const shop of ordering)
      await (await fetch(`${base}/api/tienda/publica/${shop.usuario}`)).arrayBuffer();
    const reading = `public shop read, the ${spread} shops taking orders, repeat visits, gzip`;
    await measure(database, base, {
      id: 'orders-load-before',
      flow: readOrdering(),
      report: [{ kind: 'public', id: 'orders-load-before', name: `${reading}, before` }],
    });
    const minute = args.quick ? 15 : 60;
    await measure(database, base, {
      id: 'orders-load',
      minSeconds: minute,
      // Over every shop but the sales row's (the last): a fast machine's minute of orders
      // wraps the shops at most twice per shopper, under the three NUEVO orders per shop.
      flow: checkoutFlow(
        ROLE.orderLoad,
        (i, order) => SPREAD_FROM + ((i * 7 + order) % (shops.length - SPREAD_FROM - 1)),
      ),
      report: [
        {
          kind: 'proccesscart',
          id: 'orders-load',
          name: `proccesscart for ${minute} s, 50 shoppers, ${shops.length - SPREAD_FROM - 1} shops`,
          unit: 'orders/s',
        },
      ],
    });
    await measure(database, base, {
      id: 'orders-load-after',
      flow: readOrdering(),
      report: [
        {
          kind: 'public',
          id: 'orders-load-after',
          name: `${reading}, after ${minute} s of orders`,
        },
      ],
    });
  }
  // Several instances on one database (PostgreSQL): the checkout load of the row above, spread
  // over three processes.
  if (startMoreInstances && wants('instances')) {
    // Three processes on 2 cores share the database's: each keeps 4 connections instead of 10
    // (DB_POOL_MAX, docs/operations.md), 12 in all against one instance's 10.
    const more = await startMoreInstances(2, { DB_POOL_MAX: '4' });
    try {
      await measure(database, [base, ...more.map((m) => m.base)], {
        id: 'instances',
        warmupSeconds: args.quick ? 2 : 5,
        flow: checkoutFlow(ROLE.instances, (i, order) => SPREAD_FROM + ((i * 7 + order) % spread)),
        report: [
          {
            kind: 'proccesscart',
            id: 'instances-3',
            name: `proccesscart, 50 shoppers, ${spread} shops, 3 instances on one database (DB_POOL_MAX 4)`,
            unit: 'orders/s',
          },
        ],
      });
    } finally {
      await Promise.all(more.map((m) => m.stop()));
    }
  }

  // A shopper may have 3 NUEVO orders at one shop, so the one-shop row is what a busy
  // taquería gets from its neighbours: guests without an account, each order from its own
  // phone and address, two lines each with two option groups (tortilla and extras), a note,
  // pickup or delivery, cash with change.
  const guestLineas = CHECKOUT_PRODUCTS.map((p, k) => {
    const productoId = seeded.productoIdOf(ONE_SHOP, p);
    return {
      productoId,
      cantidad: 1 + k,
      opciones: opciones.get(productoId)!,
      nota: 'sin cebolla',
    };
  });
  await measure(database, base, {
    id: 'checkout-one-shop',
    flow: (i) => {
      let order = 0;
      return (): LoadRequest => {
        order += 1;
        const n = i * 1_000_000 + order;
        return {
          kind: 'invitado',
          method: 'POST',
          path: '/api/pedido/invitado',
          headers: {
            'idempotency-key': `bench-${process.pid}-${n}-${Date.now()}`,
            // One neighbour each: the per-address guest limit counts them apart.
            'x-forwarded-for': addressOf(5000 + n),
          },
          body: {
            tiendaId: shops[ONE_SHOP]!.id,
            lineas: guestLineas,
            cliente: { nombreCompleto: 'Vecina de prueba', celular: String(5500000000 + n) },
            entrega:
              order % 2 === 0
                ? { tipo: 'RECOGER' }
                : {
                    tipo: 'DOMICILIO',
                    direccion: 'Calle 5 de Mayo 123',
                    referencias: 'Portón verde',
                  },
            pago: { metodo: 'EFECTIVO', pagaCon: 5000 },
            nota: 'Para llevar',
          },
          expect: [201],
        };
      };
    },
    report: [
      {
        kind: 'invitado',
        id: 'checkout-one-shop',
        name: 'guest order (2 lines × 2 option groups, note, cash with change), 50 connections, one shop',
        unit: 'orders/s',
      },
    ],
  });

  await benchZonas(database, base, seeded);

  // The owner's poll, as the web app sends it (no filter: the newest 500 with their lines).
  const ownerToken = tokenOf(shops[HOT_SHOP]!.ownerEmail);
  const ownerPoll =
    (extra: Record<string, string> = {}, expect = [200]) =>
    (): LoadRequest => ({
      kind: 'poll',
      method: 'POST',
      path: '/api/pedido/listarpedidosbytiendaid',
      headers: json(ownerToken, extra),
      body: {},
      expect,
    });
  const orders = `${seeded.spec.hotShopOrders.toLocaleString('en')} orders`;
  for (const connections of [CONNECTIONS, 1]) {
    const id = connections === 1 ? 'owner-poll-c1' : 'owner-poll';
    await measure(database, base, {
      id,
      connections,
      flow: () => ownerPoll(),
      report: [{ kind: 'poll', id, name: `owner's order poll, ${orders}, newest 500` }],
    });
  }
  if (wants('owner-poll-304')) {
    const first = await fetch(`${base}/api/pedido/listarpedidosbytiendaid`, {
      method: 'POST',
      headers: { ...json(ownerToken), 'content-type': 'application/json' },
      body: '{}',
    });
    await first.arrayBuffer();
    const etag = first.headers.get('etag') ?? '';
    await measure(database, base, {
      id: 'owner-poll-304',
      flow: () => ownerPoll({ 'if-none-match': etag }, [304]),
      report: [
        { kind: 'poll', id: 'owner-poll-304', name: `owner's order poll, ${orders}, ETag → 304` },
      ],
    });
  }

  const perShopper = Math.round(seeded.spec.orders / shoppers.length);
  for (const connections of [CONNECTIONS, 1]) {
    const id = connections === 1 ? 'shopper-orders-c1' : 'shopper-orders';
    await measure(database, base, {
      id,
      connections,
      flow: (i) => {
        const headers = json(tokenOf(shoppersOf(ROLE.shopperOrders)[i]!.email));
        return () => ({
          kind: 'orders',
          method: 'POST',
          path: '/api/pedido/listarpedidosbyid',
          headers,
          body: {},
        });
      },
      report: [{ kind: 'orders', id, name: `shopper's order list (~${perShopper} orders each)` }],
    });
  }
  for (const connections of [CONNECTIONS, 1]) {
    const id = connections === 1 ? 'cart-list-c1' : 'cart-list';
    await measure(database, base, {
      id,
      connections,
      flow: (i) => {
        const headers = json(tokenOf(shoppersOf(ROLE.cartList)[i]!.email));
        return () => ({
          kind: 'cart',
          method: 'POST',
          path: '/api/shoppingcartmarket/listarcarrito',
          headers,
          body: {},
        });
      },
      report: [{ kind: 'cart', id, name: 'cart list (3 shops x 3 lines)' }],
    });
  }

  if (wants('sse')) await benchEvents(database, base, seeded, tokenOf);
  if (wants('alerts')) await benchAlerts(database, base, seeded);
}

/** The owner's sales screen over a year of 50,000 orders (docs/sales.md): one owner at a time. */
async function benchVentas(database: string, base: string, seed: VentasSeed) {
  const tokens = await signInSeeded(base, [seed.ownerEmail], () => ({
    'x-forwarded-for': addressOf(5000),
  }));
  const headers = { ...BROWSER, authorization: `Bearer ${tokens.get(seed.ownerEmail)!}` };
  const url = `/api/tienda/ventas?desde=${seed.desde}&hasta=${seed.hasta}`;
  await measure(database, base, {
    id: 'ventas',
    connections: 1,
    flow: () => () => ({ kind: 'ventas', method: 'GET', path: url, headers }),
    report: [
      {
        kind: 'ventas',
        id: 'ventas',
        name: `sales of a year, ${VENTAS_ORDERS.toLocaleString('en')} orders of one shop, 1 owner`,
      },
    ],
  });
}

/** Shops 600–699: their owners are the ones subscribed in the alert rows. */
const ALERT_SHOPS_FROM = 600;

async function benchAlerts(database: string, base: string, seeded: SeededScale) {
  const measured = await measureAlerts({
    base,
    seeded,
    firstShop: ALERT_SHOPS_FROM,
    lineas: (shopIndex) =>
      CHECKOUT_PRODUCTS.map((p) => ({
        productoId: seeded.productoIdOf(shopIndex, p),
        cantidad: 1,
      })),
    addressOf,
  });
  const rate = measured.orders / measured.seconds;
  const common = {
    database,
    connections: 10,
    rate,
    unit: 'orders/s' as const,
    ofCeiling: ceiling ? rate / ceiling : null,
  };
  const push: Row = {
    ...common,
    id: 'alerts-push',
    name: `Web Push: guest order answer → push request at the push service, ${ALERT_OWNERS} subscribed owners`,
    count: measured.push.length,
    ...summarize(measured.push),
    errors: measured.errors + measured.problems.length,
    note: `${measured.push.filter((l) => l < 0).length} of ${measured.push.length} pushes came before the answer${measured.problems.length > 0 ? `; push service found: ${measured.problems.slice(0, 3).join(' | ')}` : ''}`,
  };
  const sse: Row = {
    ...common,
    id: 'alerts-sse',
    name: `owner alert: guest order answer → event on the owner's open screen, ${ALERT_OWNERS} owners`,
    count: measured.sse.length,
    ...summarize(measured.sse),
    errors: measured.errors,
    note: `${measured.sse.filter((l) => l < 0).length} of ${measured.sse.length} events came before the answer`,
  };
  for (const row of [push, sse]) {
    rows.push(row);
    printRow(row);
  }
}

/** What a browser sends: gzip accepted (the server keeps its cached answers gzipped). */
const BROWSER = { 'accept-encoding': 'gzip, deflate, br' };

/**
 * The one-shop public read. The server keeps each built answer in a per-process cache (2,000
 * shops), so a first visit and a repeat visit are different costs: first visits take each shop
 * once, in a scattered order (a fixed number of requests), then repeat visits and ETag
 * revalidations go round the shops just visited.
 */
async function benchPublicRead(database: string, base: string, shops: SeededShop[]) {
  const order = shops.map((_, k) => shops[(k * 7919) % shops.length]!);
  const single = Math.min(300, Math.floor((order.length - 50) / 3));
  const many = order.slice(50 + single, 50 + single + 2000);
  for (const shop of order.slice(0, 50)) {
    const res = await fetch(`${base}/api/tienda/publica/${shop.usuario}`);
    await res.arrayBuffer();
  }
  const firstVisits = (queue: SeededShop[]) => {
    let k = 0;
    return () => (): LoadRequest => ({
      kind: 'public',
      method: 'GET',
      path: `/api/tienda/publica/${queue[k++ % queue.length]!.usuario}`,
    });
  };
  const first = `public shop read, first visits (${shops.length.toLocaleString('en')} shops)`;
  await measure(database, base, {
    id: 'public-first-c1',
    connections: 1,
    amount: single,
    flow: firstVisits(order.slice(50, 50 + single)),
    report: [{ kind: 'public', id: 'public-first-c1', name: first }],
  });
  await measure(database, base, {
    id: 'public-first',
    amount: many.length,
    flow: firstVisits(many),
    report: [{ kind: 'public', id: 'public-first', name: first }],
  });

  const visited = many.slice(-1000);
  let k = 0;
  await measure(database, base, {
    id: 'public-repeat',
    flow: () => () => ({
      kind: 'public',
      method: 'GET',
      path: `/api/tienda/publica/${visited[k++ % visited.length]!.usuario}`,
    }),
    report: [
      { kind: 'public', id: 'public-repeat', name: 'public shop read, repeat visits, no ETag' },
    ],
  });
  // The same as a phone's browser asks: gzip accepted (the server keeps each answer gzipped).
  await measure(database, base, {
    id: 'public-repeat-gzip',
    flow: () => () => ({
      kind: 'public',
      method: 'GET',
      path: `/api/tienda/publica/${visited[k++ % visited.length]!.usuario}`,
      headers: BROWSER,
    }),
    report: [
      {
        kind: 'public',
        id: 'public-repeat-gzip',
        name: 'public shop read, repeat visits, no ETag, gzip',
      },
    ],
  });
  if (wants('public-304')) {
    const etags: { usuario: string; etag: string }[] = [];
    for (const shop of visited) {
      const res = await fetch(`${base}/api/tienda/publica/${shop.usuario}`);
      await res.arrayBuffer();
      etags.push({ usuario: shop.usuario, etag: res.headers.get('etag') ?? '' });
    }
    await measure(database, base, {
      id: 'public-304',
      flow: () => () => {
        const { usuario, etag } = etags[k++ % etags.length]!;
        return {
          kind: 'public',
          method: 'GET',
          path: `/api/tienda/publica/${usuario}`,
          headers: { 'if-none-match': etag },
          expect: [304],
        };
      },
      report: [{ kind: 'public', id: 'public-304', name: 'public shop read, If-None-Match → 304' }],
    });
  }
}

/**
 * The shop page the server renders (docs/shop-pages.md) needs the web build: its index.html is
 * the page's template and its server bundle makes the menu's markup.
 */
function ensureWebBuild(): void {
  if (existsSync(path.join(root, 'packages/web/dist/index.html'))) return;
  console.log('Construyendo la web (npm run build -w @tianguis/web)…');
  const build = spawnSync('npm', ['run', 'build', '-w', '@tianguis/web'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (build.status !== 0) throw new Error('npm run build -w @tianguis/web falló');
}

/** Ten more products in the page row's shop: the 60-product shop the page's budget names. */
async function seedPageShop(db: ReturnType<typeof createDb>['db'], seeded: SeededScale) {
  const shop = seeded.shops[PAGE_SHOP]!;
  const now = new Date().toISOString();
  const categorias = await db
    .selectFrom('categoria')
    .select('id')
    .where('tienda_id', '=', shop.id)
    .orderBy('id')
    .execute();
  await db
    .insertInto('producto')
    .values(
      Array.from({ length: 10 }, (_, k) => ({
        tienda_id: shop.id,
        categoria_id: categorias[k % categorias.length]!.id,
        name: `Producto extra ${k + 1}`,
        name_key: `producto extra ${k + 1}`,
        price: precioOf(50 + k),
        image_url: '/images/escala.png',
        descripcion: 'Un producto de prueba de escala',
        detalle: 'Detalle del producto de prueba',
        created_at: now,
        updated_at: now,
      })),
    )
    .execute();
}

/**
 * A shop's link opened by a group of neighbours: the rendered page of a 60-product shop, asked
 * as a phone's browser asks (HTML, gzip), served from the page cache after the first visit.
 */
async function benchShopPage(database: string, base: string, shops: SeededShop[]) {
  const pagePath = `/tienda/${shops[PAGE_SHOP]!.usuario}`;
  const headers = { ...BROWSER, accept: 'text/html' };
  const first = await fetch(`${base}${pagePath}`, { headers });
  const html = await first.text();
  if (first.status !== 200 || !html.includes('Producto extra 10')) {
    throw new Error(`${pagePath}: ${first.status}, sin el menú completo`);
  }
  const made = html.includes('id="tianguis-datos"') ? 'React SSR' : 'server markup, no SSR bundle';
  await measure(database, base, {
    id: 'page-shop',
    flow: () => () => ({ kind: 'page', method: 'GET', path: pagePath, headers }),
    report: [
      {
        kind: 'page',
        id: 'page-shop',
        name: `rendered shop page /tienda/<usuario>, 60 products, cached, gzip (${made})`,
      },
    ],
  });
}

/**
 * The live path: an owner's stream is open; 10 shoppers place 200 orders in its shop (two
 * addItem, then proccesscart, in a loop); for each order, the time from the proccesscart answer
 * to the event on the owner's stream. The server publishes after the commit and answers after
 * reading the basket back, so an event may beat the answer: that shows as a negative lag.
 */
async function benchEvents(
  database: string,
  base: string,
  seeded: SeededScale,
  tokenOf: (email: string) => string,
) {
  const shop = seeded.shops[EVENTS_SHOP]!;
  const answeredAt = new Map<number, number>();
  const eventAt = new Map<number, number>();
  const stream = await openEventStream(
    `${base}/api/pedido/eventos`,
    tokenOf(shop.ownerEmail),
    (e) => {
      if (e.event !== 'pedido') return;
      const { tipo, pedido } = JSON.parse(e.data) as { tipo: string; pedido?: { id: number } };
      if (tipo !== 'NUEVO' || !pedido) return;
      eventAt.set(pedido.id, performance.now());
    },
  );
  let errors = 0;
  const started = performance.now();
  try {
    const post = (token: string, url: string, body: unknown, extra: Record<string, string> = {}) =>
      fetch(base + url, {
        method: 'POST',
        headers: { ...json(token, extra), 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const shoppers = seeded.shoppers.slice(
      ROLE.events.first,
      ROLE.events.first + ROLE.events.count,
    );
    await Promise.all(
      shoppers.map(async (shopper, i) => {
        const token = tokenOf(shopper.email);
        for (let n = 0; n < EVENT_ORDERS / shoppers.length; n += 1) {
          for (const p of CHECKOUT_PRODUCTS) {
            const res = await post(token, '/api/shoppingcartmarket/addItem', {
              productoId: seeded.productoIdOf(EVENTS_SHOP, p),
            });
            await res.arrayBuffer();
          }
          const res = await post(
            token,
            '/api/shoppingcartmarket/proccesscart',
            { tiendaId: shop.id },
            { 'idempotency-key': `eventos-${process.pid}-${i}-${n}` },
          );
          await res.arrayBuffer();
          const at = performance.now();
          const pedidoId = Number(res.headers.get('x-pedido-id'));
          if (res.status === 200 && pedidoId > 0) answeredAt.set(pedidoId, at);
          else errors += 1;
          // The shop accepts it, as one at work would: a shopper may keep 3 NUEVO orders at one
          // shop. (The acceptance's own event is not measured.)
          if (pedidoId > 0) {
            const aceptado = await post(tokenOf(shop.ownerEmail), '/api/pedido/aceptarpedido', {
              pedidoId,
              minutos: 15,
            });
            await aceptado.arrayBuffer();
            if (aceptado.status !== 200) errors += 1;
          }
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    // Events still on their way: wait for each answered order's, up to 5 s.
    const deadline = performance.now() + 5000;
    while ([...answeredAt.keys()].some((id) => !eventAt.has(id)) && performance.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const lags: number[] = [];
    for (const [id, at] of answeredAt) {
      const seen = eventAt.get(id);
      if (seen === undefined) errors += 1;
      else lags.push(seen - at);
    }
    lags.sort((a, b) => a - b);
    const row: Row = {
      database,
      id: 'sse',
      name: 'live event: proccesscart answer → owner SSE event',
      connections: ROLE.events.count,
      rate: answeredAt.size / seconds,
      unit: 'orders/s',
      count: lags.length,
      p50: percentile(lags, 50),
      p95: percentile(lags, 95),
      p99: percentile(lags, 99),
      errors,
      ofCeiling: ceiling ? answeredAt.size / seconds / ceiling : null,
      note: `${lags.filter((l) => l < 0).length} of ${lags.length} events came before the answer`,
    };
    rows.push(row);
    printRow(row);
  } finally {
    stream.close();
  }
}

/**
 * Delivery zones (scripts/bench/zonas.ts): `cotizarenvio` and a guest's delivery order for the
 * last colonia of the last of 20 zones of 200 colonias, beside the same order at a shop without
 * zones; at 1 connection (a single order's latency: what the match adds) and at 50.
 */
async function benchZonas(database: string, base: string, seeded: SeededScale) {
  const zonas = seeded.shops.length - ZONAS_SHOP_FROM_END;
  const plana = seeded.shops.length - FLAT_SHOP_FROM_END;
  const match = `the match alone in-process: ${microsPorCoincidencia().toFixed(2)} µs`;
  for (const connections of [1, CONNECTIONS]) {
    const c = connections === 1 ? '-c1' : '';
    await measure(database, base, {
      id: `zonas-cotizar${c}`,
      connections,
      flow: cotizacion(seeded),
      report: [
        {
          kind: 'zona-cotizar',
          id: `zonas-cotizar${c}`,
          name: `cotizarenvio, 20 zones × 200 colonias, the last one, ${connections} conn.`,
        },
      ],
    });
    for (const [id, shop, name] of [
      [`zonas-order-flat${c}`, plana, 'no zones (flat fee)'],
      [`zonas-order-20x200${c}`, zonas, '20 zones × 200 colonias, the last one'],
    ] as const) {
      await measure(database, base, {
        id,
        connections,
        flow: pedidoConColonia(seeded, shop),
        report: [
          {
            kind: 'zona-pedido',
            id,
            name: `guest delivery order with colonia, ${name}, ${connections} conn.`,
            unit: 'orders/s',
          },
        ],
      });
    }
  }
  const row = rows.find((r) => r.database === database && r.id.startsWith('zonas-order-20x200'));
  if (row) row.note = [row.note, match].filter(Boolean).join('; ');
}

/** The slot listing of a shop taking orders 7 days ahead in 15-minute slots (franjas.ts). */
async function benchFranjas(
  database: string,
  base: string,
  seeded: SeededScale,
  seed: { franjas: number; pedidos: number },
) {
  const what = `slot listing, 7 days × 08:00–22:00 in 15 min (${seed.franjas} slots, ${seed.pedidos} orders)`;
  for (const connections of [1, CONNECTIONS]) {
    const id = connections === 1 ? 'franjas-c1' : 'franjas';
    await measure(database, base, {
      id,
      connections,
      flow: franjasRequest(seeded),
      report: [{ kind: 'franjas', id, name: `${what}, ${connections} conn.` }],
    });
  }
}

/**
 * Guest orders for later at full slot contention (programados.ts): 50 connections, 25 requests
 * per slot of 5 places. The rate is orders placed per second; p50/p99 are over every answer,
 * placed or refused; the note counts both and the most orders any slot holds afterwards.
 */
async function benchProgramados(
  database: string,
  databaseUrl: string,
  base: string,
  seeded: SeededScale,
  seed: programados.ProgramadosSeed,
) {
  const id = 'programados';
  const flow = programados.pedidoProgramado(seeded, seed);
  const run = (seconds: number) =>
    runLoadSpread({ bases: [base], connections: CONNECTIONS, seconds, flow });
  await run(WARMUP_SECONDS);
  await drain(base);
  const result = await run(SECONDS);
  await drain(base);
  const { statuses = {} } = result.kinds.get('programado') ?? {};
  const { db } = createDb(databaseUrl);
  const maximo = await programados.maximoPorFranja(db, seed.tiendaId).finally(() => db.destroy());
  const { PROGRAMADOS_POR_FRANJA: racing, PROGRAMADOS_LIMITE: places } = programados;
  const name = `guest orders for later, ${racing} racing for each slot of ${places} places`;
  const spec = { id, name, connections: CONNECTIONS, unit: 'orders/s' as const };
  const row = rowOf(database, spec, result, 'programado');
  const [placed = 0, refused = 0] = [statuses[201], statuses[409]];
  row.rate = placed / result.seconds;
  row.ofCeiling = ceiling ? row.rate / ceiling : null;
  row.note = [
    `${placed} placed, ${refused} refused 409 (${fmtRate(refused / result.seconds)}/s)`,
    `${programados.franjasUsadas(seed)} of ${seed.franjas.length} slots raced for`,
    `most orders in one slot afterwards: ${maximo}`,
    ...Object.entries(statuses)
      .filter(([s]) => s !== '201' && s !== '409')
      .map(([s, n]) => `${n}x ${s}`),
    ...(result.timeouts > 0 ? [`${result.timeouts} timeouts`] : []),
  ].join('; ');
  rows.push(row);
  printRow(row);
}

/** Seeds a fresh database and runs the server on it, measures, stops it. */
async function benchDatabase(database: string, databaseUrl: string, tmp: string) {
  console.log(
    `\n${database}: sembrando ${args.scale ? 'a escala completa' : 'los datos de la banca'}…`,
  );
  const spec = args.scale ? FULL_SCALE : BENCH_SCALE;
  const { db, dialect } = createDb(databaseUrl);
  let seeded: SeededScale;
  let opciones: Map<number, number[]>;
  let ventasSeed: VentasSeed | undefined;
  let programadosSeed: programados.ProgramadosSeed | undefined;
  let franjasSeed: { franjas: number; pedidos: number } | undefined;
  const started = performance.now();
  try {
    await migrateToLatest(db);
    seeded = await seedScale(db, dialect, spec, console.log);
    if (wants('page-shop')) await seedPageShop(db, seeded);
    // The sales row's year of a busy shop, in the last shop (no other row orders there).
    if (wants('ventas')) {
      ventasSeed = await seedVentas(db, dialect, seeded, seeded.shops.length - 1);
    }
    // The zone rows' shop: 20 zones of 200 colonias (scripts/bench/zonas.ts).
    if (wants('zonas')) await seedZonas(db, seeded);
    // The slot listing's shop: 7 days of 15-minute slots, some taken (scripts/bench/franjas.ts).
    if (wants('franjas')) franjasSeed = await seedFranjas(db, seeded);
    // Orders for later: a shop with 5 places per 15-minute slot (scripts/bench/programados.ts).
    if (wants('programados')) programadosSeed = await programados.seedProgramados(db, seeded);
    // The one-shop row's taquería takes pickup orders too.
    await db
      .updateTable('tienda')
      .set({ entrega_recoger: 1 })
      .where('id', '=', seeded.shops[ONE_SHOP]!.id)
      .execute();
    opciones = await seedGruposDeOpciones(
      db,
      CHECKOUT_PRODUCTS.map((p) => ({
        tiendaId: seeded.shops[ONE_SHOP]!.id,
        productoId: seeded.productoIdOf(ONE_SHOP, p),
      })),
    );
    await seedCarritos(
      db,
      dialect,
      seeded,
      seeded.shoppers
        .slice(ROLE.cartList.first, ROLE.cartList.first + ROLE.cartList.count)
        .map((_, k) => ({
          shopperIndex: ROLE.cartList.first + k,
          shopIndexes: [10 + (k % 100), 200 + (k % 100), 400 + (k % 100)].map(
            (s) => s % spec.shops,
          ),
          lineas: 3,
        })),
    );
  } finally {
    await db.destroy();
  }
  const seedSeconds = (performance.now() - started) / 1000;
  console.log(`  sembrado en ${seedSeconds.toFixed(1)} s`);
  seedTimes[database] = { seconds: seedSeconds, ...seeded.timings };

  const instance = (k: number, extraEnv: Record<string, string> = {}) =>
    startBuiltServer({
      root,
      database: k === 0 ? database : `${database}-${k + 1}`,
      databaseUrl,
      tmp,
      logLevel: process.env.BENCH_LOG_LEVEL ?? 'warn',
      cpuProfile: args['cpu-prof'] && k === 0 ? 'cpu' : undefined,
      // The sign-in row comes from 50 addresses through a "proxy" on loopback (see there).
      // The alert rows' push service stand-in listens on this machine. Instances share the
      // secret their sessions are signed with.
      env: {
        TRUST_PROXY: '127.0.0.1',
        PUSH_ORIGINS: 'http://127.0.0.1:*',
        JWT_SECRET: jwtSecret,
        ...extraEnv,
      },
    });
  const jwtSecret = randomBytes(32).toString('hex');
  const server = await instance(0);
  try {
    await benchServer(
      database,
      server,
      seeded,
      opciones,
      database === 'postgres'
        ? (count, env) => Promise.all(Array.from({ length: count }, (_, k) => instance(k + 1, env)))
        : undefined,
    );
    if (ventasSeed) await benchVentas(database, server.base, ventasSeed);
    if (programadosSeed) {
      await benchProgramados(database, databaseUrl, server.base, seeded, programadosSeed);
    }
    if (franjasSeed) await benchFranjas(database, server.base, seeded, franjasSeed);
  } finally {
    await server.stop();
  }
}

const seedTimes: Record<string, Record<string, number>> = {};

async function main() {
  compileServer(root);
  if (wants('page-shop')) ensureWebBuild();

  const tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'tianguis-bench-'));
  const startedAt = new Date();
  const load = os.loadavg();
  console.log(
    `${os.cpus().length} núcleos, carga ${load.map((l) => l.toFixed(2)).join(' ')}; ${SECONDS} s por fila, ${CONNECTIONS} conexiones salvo que se diga`,
  );
  const failed = await keepingLogsOnFailure(tmp, async () => {
    await measureCeiling(tmp);
    if (databases.includes('sqlite'))
      await benchDatabase('sqlite', `sqlite:${path.join(tmp, 'bench.db')}`, tmp);
    if (process.env.BENCH_DATABASE_URL && databases.includes('postgres')) {
      await withPostgresDatabase(process.env.BENCH_DATABASE_URL, 'tianguis_bench', (url) =>
        benchDatabase('postgres', url, tmp),
      );
    }
  });

  console.log(`\n${renderTable(rows)}\n`);
  const notes = rows.filter((r) => r.note);
  for (const r of notes) console.log(`${r.database} ${r.name}: ${r.note}`);
  await writeBenchResults(root, 'bench', startedAt, {
    at: startedAt.toISOString(),
    machine: { cpus: os.cpus().length, loadavgAtStart: load, node: process.version },
    options: { scale: args.scale, seconds: SECONDS, warmupSeconds: WARMUP_SECONDS },
    ceilingRequestsPerSecond: ceiling,
    seed: seedTimes,
    rows,
  });
  if (failed) process.exitCode = 1;
}

if (args['primer-toque']) {
  const { runPrimerToque } = await import('./primer-toque.js');
  await runPrimerToque({ runs: Number(args.runs) });
} else if (args.ab !== undefined) {
  const { runAb } = await import('./ab.js');
  await runAb({
    root,
    ref: args.ab,
    rounds: Number(args.rounds),
    seconds: Number(args.duration ?? (args.quick ? 3 : 8)),
    databases,
    wants: (id) => !selected || selected.some((prefix) => id.startsWith(prefix)),
    cpuProf: args['cpu-prof'],
    countStatements: args['count-statements'],
  });
} else {
  await main();
}
