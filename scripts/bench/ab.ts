/**
 * `npm run bench -- --ab <git ref>`: the same workload, alternately, against two builds of the
 * server: A, the ref (built in a temporary git worktree), and B, this working tree. Each build
 * runs as its own process on its own fresh database per round (a new SQLite file; with
 * BENCH_DATABASE_URL, a new PostgreSQL database created and dropped per round), seeded through
 * the HTTP API only (api-seed.ts), in rounds A B, B A, A B … Prints each row's figures for A
 * and B (median of the rounds, min–max) and B/A (the median of the per-round ratios, min–max),
 * and writes them as JSON to bench/results/ab-<time>.json. docs/performance.md, "A/B runs".
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { keepingLogsOnFailure, writeBenchResults } from '../lib/bench-results.js';
import { markdownTable } from '../lib/markdown-table.js';
import { postAs } from '../lib/server-api.js';
import { AB_ADMIN, seedThroughApi, type ApiSeed } from './api-seed.js';
import { compileServer, startBuiltServer, withPostgresDatabase } from './built-server.js';
import { drain, percentile, runLoad, type LoadRequest, type LoadResult } from './load.js';
import { withInterruptCleanup, type ServerProcess } from './processes.js';

export interface AbOptions {
  root: string;
  ref: string;
  rounds: number;
  /** Measured seconds per row (after its warm-up). */
  seconds: number;
  databases: string[];
  wants: (id: string) => boolean;
  cpuProf: boolean;
  countStatements: boolean;
}

const SHOPS = 30;
const PRODUCTS_PER_SHOP = 10;
const SHOPPERS = 1_000;
const ORDER_WORKERS = 32;
/** Shoppers of the statement count only (no NUEVO order of theirs exists before it). */
const COUNT_SHOPPERS = 10;
/** Orders counted, after one each uncounted; no (shopper, shop) basket twice among them. */
const COUNT_ORDERS = 30;
const CATALOGUE_CONNECTIONS = 32;
const BROWSER = { 'accept-encoding': 'gzip, deflate, br' };

type Build = 'A' | 'B';

interface Measurement {
  build: Build;
  round: number;
  database: string;
  id: string;
  rate: number;
  unit: 'orders/s' | 'req/s';
  p50: number;
  p99: number;
  /** Answers with another status than the one expected, by kind and status; socket errors. */
  errors: number;
  statuses: Record<string, Record<string, number>>;
  loadavg: number;
}

interface StatementCount {
  build: Build;
  database: string;
  perAddItem: number;
  perCheckout: number;
  /** The statements of the checkout phase, most frequent first (per checkout). */
  /** SQLite only: ms inside the statements per addItem / per proccesscart. */
  msPerAddItem: number;
  msPerCheckout: number;
  checkoutStatements: { sql: string; perCheckout: number; msPerCheckout: number }[];
  addItemStatements: { sql: string; perAddItem: number; msPerAddItem: number }[];
}

const ROW_NAMES: Record<string, string> = {
  orders: `orders: ${ORDER_WORKERS} shoppers' loops addItem → proccesscart, ${SHOPS} shops`,
  'catalogue-publica': `catalogue: GET /api/tienda/publica/{usuario}, ${SHOPS} shops, gzip`,
  'catalogue-listartiendas': 'catalogue: GET /api/tienda/listartiendas, gzip',
  'catalogue-after-orders-publica': 'catalogue after orders: publica/{usuario}',
  'catalogue-after-orders-listartiendas': 'catalogue after orders: listartiendas',
};

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  if (s.length === 0) return NaN;
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};
/** Median, min and max; NaN for none. */
const spread = (xs: number[]) =>
  xs.length === 0
    ? { median: NaN, min: NaN, max: NaN }
    : { median: median(xs), min: Math.min(...xs), max: Math.max(...xs) };
const fmtRate = (n: number) =>
  Number.isNaN(n) ? '–' : n < 100 ? n.toFixed(1) : Math.round(n).toLocaleString('en');
const fmtRatio = (n: number) => (Number.isNaN(n) ? '–' : n.toFixed(2));

function git(root: string, args: string[]): string {
  const out = spawnSync('git', args, { cwd: root, encoding: 'utf8' });
  if (out.status !== 0) throw new Error(`git ${args.join(' ')}: ${out.stderr}`);
  return out.stdout.trim();
}

/**
 * A node_modules for a build tree outside this checkout: a symlink to each of this checkout's
 * packages, except the workspace's own (@tianguis/*), which point at the tree's own packages
 * (a symlink of the whole folder would resolve @tianguis/domain to this checkout's domain).
 */
async function linkNodeModules(root: string, tree: string): Promise<void> {
  const into = path.join(tree, 'node_modules');
  await fs.mkdir(path.join(into, '@tianguis'), { recursive: true });
  for (const entry of await fs.readdir(path.join(root, 'node_modules'))) {
    if (entry === '@tianguis') continue;
    await fs.symlink(path.join(root, 'node_modules', entry), path.join(into, entry));
  }
  for (const pkg of ['domain', 'server']) {
    await fs.symlink(`../../packages/${pkg}`, path.join(into, '@tianguis', pkg));
  }
}

function tsc(cwd: string, tscBin: string): boolean {
  const build = spawnSync(process.execPath, [tscBin, '-b', 'packages/server'], {
    cwd,
    stdio: 'inherit',
  });
  return build.status === 0;
}

/** The ref's server built in a worktree under os.tmpdir(); answers the worktree. */
async function buildRef(root: string, ref: string, tmp: string): Promise<string> {
  const tree = path.join(tmp, 'a-worktree');
  const commit = git(root, ['rev-parse', '--verify', `${ref}^{commit}`]);
  console.log(`A = ${ref} (${commit.slice(0, 12)}): worktree en ${tree}`);
  git(root, ['worktree', 'add', '--detach', tree, commit]);
  await linkNodeModules(root, tree);
  console.log('  tsc -b packages/server (node_modules de este checkout, enlazados)…');
  if (!tsc(tree, path.join(tree, 'node_modules/typescript/bin/tsc'))) {
    // Its dependencies differ from this checkout's: install its own.
    console.log('  falló con los node_modules de este checkout: npm ci en el worktree…');
    await fs.rm(path.join(tree, 'node_modules'), { recursive: true, force: true });
    const ci = spawnSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: tree, stdio: 'inherit' });
    if (ci.status !== 0 || !tsc(tree, path.join(tree, 'node_modules/typescript/bin/tsc'))) {
      throw new Error(`no se pudo construir ${ref}`);
    }
  }
  return tree;
}

/**
 * This working tree's server, compiled, then copied (server and domain dist) to a folder of its
 * own: other work in this checkout may recompile packages/server/dist during the run.
 */
async function snapshotWorkingTree(root: string, tmp: string): Promise<string> {
  // Others may be half-way through an edit: a failed compile is tried again a few times.
  for (let attempt = 1; ; attempt += 1) {
    try {
      compileServer(root);
      break;
    } catch (error) {
      if (attempt >= 6) throw error;
      console.log('  el árbol de trabajo no compila ahora; otra vez en 20 s…');
      await new Promise((resolve) => setTimeout(resolve, 20_000));
    }
  }
  const tree = path.join(tmp, 'b-build');
  for (const pkg of ['server', 'domain']) {
    await fs.mkdir(path.join(tree, 'packages', pkg), { recursive: true });
    await fs.cp(
      path.join(root, 'packages', pkg, 'dist'),
      path.join(tree, 'packages', pkg, 'dist'),
      {
        recursive: true,
      },
    );
    await fs.copyFile(
      path.join(root, 'packages', pkg, 'package.json'),
      path.join(tree, 'packages', pkg, 'package.json'),
    );
  }
  await linkNodeModules(root, tree);
  return tree;
}

function statusesOf(result: LoadResult): Record<string, Record<string, number>> {
  const out: Record<string, Record<string, number>> = {};
  for (const [kind, stats] of result.kinds) {
    out[kind] = Object.fromEntries(Object.entries(stats.statuses).map(([s, n]) => [s, n]));
  }
  if (result.socketErrors > 0) out.socket = { errors: result.socketErrors };
  if (result.timeouts > 0) out.socket = { ...out.socket, timeouts: result.timeouts };
  return out;
}

/**
 * Per order-loop connection, where it is: which order it places next and whether its next
 * request is the addItem or the proccesscart. Kept across the warm-up and the measured run.
 */
interface OrderCursor {
  order: number;
  step: 0 | 1;
}

/**
 * Connection w owns the shoppers w, w + 32, … (31 or 32 of them) and places its k-th order as
 * shopper k mod n at shop (w + floor(k / n)) mod 30, one product of that shop. A (shopper, shop)
 * pair comes back every 30·n orders, so it holds at most 3 NUEVO orders (the current build's
 * per-phone limit) until the connection has placed 90·n ≥ 2,790 orders in one round (89,000 in
 * all): more than twice what a round's warm-up and measured seconds place on a quiet machine
 * (with 300 shoppers, 810 per connection, a quiet machine's 3,000–4,000 orders a second reached
 * the limit). Nobody accepts the orders; the limit is never reached, so it is not what is
 * measured (a 429 on proccesscart in the errors column would say it was).
 */
function ordersFlow(seed: ApiSeed, cursors: Map<number, OrderCursor>) {
  return (w: number) => {
    const mine = seed.shoppers.filter((_, k) => k % ORDER_WORKERS === w);
    let cursor = cursors.get(w);
    if (!cursor) {
      cursor = { order: 0, step: 0 };
      cursors.set(w, cursor);
    }
    const c = cursor;
    return (): LoadRequest => {
      const shopper = mine[c.order % mine.length]!;
      const shop = seed.shops[(w + Math.floor(c.order / mine.length)) % seed.shops.length]!;
      const auth = { authorization: `Bearer ${shopper.token}` };
      if (c.step === 0) {
        c.step = 1;
        return {
          kind: 'addItem',
          method: 'POST',
          path: '/api/shoppingcartmarket/addItem',
          headers: auth,
          body: { productoId: shop.productoIds[c.order % shop.productoIds.length] },
        };
      }
      c.step = 0;
      c.order += 1;
      return {
        kind: 'proccesscart',
        method: 'POST',
        path: '/api/shoppingcartmarket/proccesscart',
        // As the web app does: one key per basket (both builds take it).
        headers: { ...auth, 'idempotency-key': `ab-${process.pid}-${w}-${c.order}-${Date.now()}` },
        // The first edition's body; the current build takes it as is.
        body: { tiendaId: shop.id },
      };
    };
  };
}

async function timed(
  base: string,
  spec: {
    connections: number;
    warmup: number;
    seconds: number;
    flow: (connection: number) => () => LoadRequest;
  },
): Promise<LoadResult> {
  if (spec.warmup > 0) {
    await runLoad({ base, connections: spec.connections, seconds: spec.warmup, flow: spec.flow });
    await drain(base);
  }
  const result = await runLoad({
    base,
    connections: spec.connections,
    seconds: spec.seconds,
    flow: spec.flow,
  });
  await drain(base);
  return result;
}

function measurementOf(
  build: Build,
  round: number,
  database: string,
  id: string,
  kind: string,
  unit: Measurement['unit'],
  result: LoadResult,
): Measurement {
  const stats = result.kinds.get(kind);
  let errors = result.socketErrors + result.timeouts;
  for (const s of result.kinds.values()) errors += s.errors;
  return {
    build,
    round,
    database,
    id,
    rate: ((stats?.count ?? 0) - (stats?.errors ?? 0)) / result.seconds,
    unit,
    p50: percentile(stats?.latencies ?? [], 50),
    p99: percentile(stats?.latencies ?? [], 99),
    errors,
    statuses: statusesOf(result),
    loadavg: os.loadavg()[0]!,
  };
}

async function catalogueRows(
  prefix: 'catalogue' | 'catalogue-after-orders',
  ctx: { build: Build; round: number; database: string; base: string; seed: ApiSeed },
  opts: AbOptions,
  out: Measurement[],
): Promise<void> {
  const { base, seed } = ctx;
  const publicaId = `${prefix}-publica`;
  if (opts.wants(publicaId)) {
    let k = 0;
    const result = await timed(base, {
      connections: CATALOGUE_CONNECTIONS,
      warmup: 2,
      seconds: opts.seconds,
      flow: () => () => ({
        kind: 'publica',
        method: 'GET',
        path: `/api/tienda/publica/${seed.shops[k++ % seed.shops.length]!.usuario}`,
        headers: BROWSER,
      }),
    });
    out.push(
      report(
        measurementOf(ctx.build, ctx.round, ctx.database, publicaId, 'publica', 'req/s', result),
      ),
    );
  }
  const listaId = `${prefix}-listartiendas`;
  if (opts.wants(listaId)) {
    const result = await timed(base, {
      connections: CATALOGUE_CONNECTIONS,
      warmup: 2,
      seconds: opts.seconds,
      flow: () => () => ({
        kind: 'lista',
        method: 'GET',
        path: '/api/tienda/listartiendas',
        headers: BROWSER,
      }),
    });
    out.push(
      report(measurementOf(ctx.build, ctx.round, ctx.database, listaId, 'lista', 'req/s', result)),
    );
  }
}

function report(m: Measurement): Measurement {
  const bad = Object.entries(m.statuses)
    .flatMap(([kind, st]) =>
      Object.entries(st)
        .filter(([s]) => s !== '200')
        .map(([s, n]) => `${kind} ${s}×${n}`),
    )
    .join(', ');
  console.log(
    `    ${m.build} ${m.id.padEnd(38)} ${fmtRate(m.rate).padStart(7)} ${m.unit.padEnd(8)} p50 ${m.p50.toFixed(1).padStart(6)} p99 ${m.p99.toFixed(1).padStart(6)} ms${bad ? `  (${bad})` : ''}`,
  );
  return m;
}

async function countStatementsOf(server: ServerProcess, file: string): Promise<Counted> {
  await fs.rm(file, { force: true });
  process.kill(server.pid, 'SIGUSR2');
  const deadline = Date.now() + 5000;
  while (!existsSync(file)) {
    if (Date.now() > deadline) throw new Error('el contador de sentencias no respondió');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  await new Promise((resolve) => setTimeout(resolve, 50));
  return JSON.parse(await fs.readFile(file, 'utf8'));
}

interface Counted {
  total: number;
  bySql: Record<string, number>;
  msBySql?: Record<string, number>;
}

function diffCounts(
  before: Counted,
  after: Counted,
  per: number,
): { total: number; ms: number; bySql: { sql: string; per: number; ms: number }[] } {
  const msOf = (c: Counted, sql: string) => c.msBySql?.[sql] ?? 0;
  const bySql = Object.entries(after.bySql)
    .map(([sql, n]) => ({
      sql,
      per: (n - (before.bySql[sql] ?? 0)) / per,
      ms: (msOf(after, sql) - msOf(before, sql)) / per,
    }))
    .filter((s) => s.per > 0)
    .sort((a, b) => b.ms - a.ms || b.per - a.per);
  const ms = bySql.reduce((sum, s) => sum + s.ms, 0);
  return { total: (after.total - before.total) / per, ms, bySql };
}

/**
 * Sequential orders by shoppers kept out of the order loops (one request in flight): the SQL
 * statements the server runs per addItem and per proccesscart, counted by count-statements.mjs.
 */
async function countPerOrder(
  ctx: { build: Build; database: string; base: string; seed: ApiSeed; server: ServerProcess },
  file: string,
): Promise<StatementCount> {
  const { base, seed } = ctx;
  const extra = seed.shoppers.slice(SHOPPERS);
  const send = async (token: string, url: string, body: unknown, key?: string) => {
    const res = await postAs(base + url, token, body, key);
    const text = await res.text();
    if (res.status !== 200) throw new Error(`${url}: ${res.status} ${text.slice(0, 300)}`);
  };
  const pairs = Array.from({ length: extra.length + COUNT_ORDERS }, (_, i) => ({
    shopper: extra[i % extra.length]!,
    shop: seed.shops[i % seed.shops.length]!,
  }));
  // One order each first, so that caches filled on a first visit are not counted.
  for (const { shopper, shop } of pairs.slice(0, extra.length)) {
    await send(shopper.token, '/api/shoppingcartmarket/addItem', {
      productoId: shop.productoIds[0],
    });
    await send(
      shopper.token,
      '/api/shoppingcartmarket/proccesscart',
      { tiendaId: shop.id },
      `c-${Math.random()}`,
    );
  }
  const counted = pairs.slice(extra.length);
  const s0 = await countStatementsOf(ctx.server, file);
  for (const { shopper, shop } of counted) {
    await send(shopper.token, '/api/shoppingcartmarket/addItem', {
      productoId: shop.productoIds[1],
    });
  }
  const s1 = await countStatementsOf(ctx.server, file);
  for (const [i, { shopper, shop }] of counted.entries()) {
    await send(
      shopper.token,
      '/api/shoppingcartmarket/proccesscart',
      { tiendaId: shop.id },
      `c-${i}-${Date.now()}`,
    );
  }
  const s2 = await countStatementsOf(ctx.server, file);
  const add = diffCounts(s0, s1, counted.length);
  const checkout = diffCounts(s1, s2, counted.length);
  const result: StatementCount = {
    build: ctx.build,
    database: ctx.database,
    perAddItem: add.total,
    perCheckout: checkout.total,
    msPerAddItem: add.ms,
    msPerCheckout: checkout.ms,
    addItemStatements: add.bySql.map((s) => ({
      sql: s.sql,
      perAddItem: s.per,
      msPerAddItem: s.ms,
    })),
    checkoutStatements: checkout.bySql.map((s) => ({
      sql: s.sql,
      perCheckout: s.per,
      msPerCheckout: s.ms,
    })),
  };
  console.log(
    `    ${ctx.build} sentencias SQL: ${add.total.toFixed(2)} por addItem, ${checkout.total.toFixed(2)} por proccesscart (secuencial, ${counted.length} pedidos)`,
  );
  for (const s of checkout.bySql.slice(0, 3)) {
    if (s.ms > 0) console.log(`      ${s.ms.toFixed(3)} ms  ${s.sql.slice(0, 110)}`);
  }
  return result;
}

/** One build, one round, on a fresh database: start, seed, measure, stop. */
async function runSlot(
  build: Build,
  round: number,
  database: string,
  databaseUrl: string,
  trees: Record<Build, string>,
  tmp: string,
  opts: AbOptions,
  out: Measurement[],
  counts: StatementCount[],
): Promise<{ seedSeconds: number }> {
  const label = `${build.toLowerCase()}-r${round}-${database}`;
  const jwtSecret = randomBytes(32).toString('hex');
  const counting = opts.countStatements && round === 1;
  const countFile = path.join(tmp, `${label}-statements.json`);
  const serverJs = path.join(trees[build], 'packages/server/dist/server.js');
  const start = (profile: boolean, count: boolean) =>
    startBuiltServer({
      root: trees[build],
      database: label,
      databaseUrl,
      tmp,
      logLevel: process.env.BENCH_LOG_LEVEL ?? 'warn',
      nodeArgs: [
        ...(profile
          ? [
              '--cpu-prof',
              `--cpu-prof-dir=${path.join(opts.root, 'bench/results')}`,
              `--cpu-prof-name=ab-${label}-${Date.now()}.cpuprofile.json`,
            ]
          : []),
        ...(count
          ? ['--import', pathToFileURL(path.join(import.meta.dirname, 'count-statements.mjs')).href]
          : []),
      ],
      env: {
        TRUST_PROXY: '127.0.0.1',
        JWT_SECRET: jwtSecret,
        ADMIN_EMAIL: AB_ADMIN.email,
        ADMIN_PASSWORD: AB_ADMIN.password,
        ...(count && { COUNT_STATEMENTS_FROM: serverJs, COUNT_STATEMENTS_FILE: countFile }),
      },
    });
  let server = await start(false, false);
  let seed: ApiSeed;
  try {
    seed = await seedThroughApi(server.base, {
      shops: SHOPS,
      productsPerShop: PRODUCTS_PER_SHOP,
      shoppers: SHOPPERS + (counting ? COUNT_SHOPPERS : 0),
    });
    console.log(
      `  ${build} ronda ${round} (${database}): sembrado por la API en ${seed.seconds.toFixed(1)} s; carga ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
    );
    if (opts.cpuProf) {
      // The profile covers the rows, not the seeding: the same database, a new process.
      await server.stop();
      server = await start(true, false);
    }
    const ctx = { build, round, database, base: server.base, seed };
    await catalogueRows('catalogue', ctx, opts, out);
    if (opts.wants('orders')) {
      const cursors = new Map<number, OrderCursor>();
      const result = await timed(server.base, {
        connections: ORDER_WORKERS,
        warmup: 3,
        seconds: opts.seconds,
        flow: ordersFlow({ ...seed, shoppers: seed.shoppers.slice(0, SHOPPERS) }, cursors),
      });
      out.push(
        report(measurementOf(build, round, database, 'orders', 'proccesscart', 'orders/s', result)),
      );
    }
    if (database === 'postgres') await catalogueRows('catalogue-after-orders', ctx, opts, out);
    if (counting) {
      // Last, in a process of its own with the counter preloaded: its wrapper costs the rows
      // nothing, and a profile does not see the statements' own time land in the wrapper.
      await server.stop();
      server = await start(false, true);
      counts.push(await countPerOrder({ ...ctx, base: server.base, server }, countFile));
    }
  } finally {
    await server.stop();
  }
  return { seedSeconds: seed.seconds };
}

interface Summary {
  database: string;
  id: string;
  name: string;
  unit: string;
  A: { median: number; min: number; max: number; rounds: number[] };
  B: { median: number; min: number; max: number; rounds: number[] };
  /** B/A per round (round r's B over round r's A): median, min, max. */
  ratio: { median: number; min: number; max: number };
  errorsA: number;
  errorsB: number;
}

function summarize(all: Measurement[]): Summary[] {
  const keys = [...new Set(all.map((m) => `${m.database}\t${m.id}`))];
  return keys.map((key) => {
    const [database, id] = key.split('\t') as [string, string];
    const of = (b: Build) =>
      all.filter((m) => m.database === database && m.id === id && m.build === b);
    const stat = (ms: Measurement[]) => {
      const rates = ms.map((m) => m.rate);
      return { ...spread(rates), rounds: rates };
    };
    const a = of('A');
    const b = of('B');
    const ratios = b
      .map((mb) => {
        const ma = a.find((m) => m.round === mb.round);
        return ma && ma.rate > 0 ? mb.rate / ma.rate : NaN;
      })
      .filter((r) => !Number.isNaN(r));
    return {
      database,
      id,
      name: ROW_NAMES[id] ?? id,
      unit: a[0]?.unit ?? b[0]?.unit ?? '',
      A: stat(a),
      B: stat(b),
      ratio: spread(ratios),
      errorsA: a.reduce((n, m) => n + m.errors, 0),
      errorsB: b.reduce((n, m) => n + m.errors, 0),
    };
  });
}

/** After-orders over before, per build, per round (PostgreSQL). */
function afterOverBefore(all: Measurement[]) {
  const out: {
    database: string;
    row: string;
    build: Build;
    median: number;
    min: number;
    max: number;
  }[] = [];
  for (const row of ['publica', 'listartiendas']) {
    for (const build of ['A', 'B'] as const) {
      for (const database of new Set(all.map((m) => m.database))) {
        const ratios: number[] = [];
        for (const after of all.filter(
          (m) =>
            m.build === build &&
            m.database === database &&
            m.id === `catalogue-after-orders-${row}`,
        )) {
          const before = all.find(
            (m) =>
              m.build === build &&
              m.database === database &&
              m.round === after.round &&
              m.id === `catalogue-${row}`,
          );
          if (before && before.rate > 0) ratios.push(after.rate / before.rate);
        }
        if (ratios.length > 0) {
          out.push({
            database,
            row,
            build,
            median: median(ratios),
            min: Math.min(...ratios),
            max: Math.max(...ratios),
          });
        }
      }
    }
  }
  return out;
}

export async function runAb(opts: AbOptions): Promise<void> {
  const startedAt = new Date();
  const tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'tianguis-ab-'));
  const all: Measurement[] = [];
  const counts: StatementCount[] = [];
  const seedSeconds: Record<string, number[]> = {};
  const loadAtStart = os.loadavg();
  let trees: Record<Build, string> | undefined;
  const removeWorktree = async () => {
    if (trees && existsSync(trees.A)) {
      spawnSync('git', ['worktree', 'remove', '--force', trees.A], { cwd: opts.root });
    }
  };
  const refCommit = git(opts.root, ['rev-parse', '--verify', `${opts.ref}^{commit}`]);
  const headCommit = git(opts.root, ['rev-parse', 'HEAD']);
  // B is the working tree as it was compiled: what differed from HEAD then.
  const uncommitted = git(opts.root, ['status', '--porcelain', '--untracked-files=no'])
    .split('\n')
    .filter(Boolean);
  const failed = await keepingLogsOnFailure(
    tmp,
    () =>
      withInterruptCleanup(removeWorktree, async () => {
        const a = await buildRef(opts.root, opts.ref, tmp);
        trees = { A: a, B: '' };
        trees.B = await snapshotWorkingTree(opts.root, tmp);
        console.log(
          `\n${os.cpus().length} núcleos, carga ${loadAtStart.map((l) => l.toFixed(2)).join(' ')}; ${opts.rounds} rondas (A B, B A, …), ${opts.seconds} s por fila`,
        );
        for (const database of opts.databases) {
          if (database === 'postgres' && !process.env.BENCH_DATABASE_URL) {
            console.log('postgres: sin BENCH_DATABASE_URL, se omite');
            continue;
          }
          console.log(`\n${database}:`);
          for (let round = 1; round <= opts.rounds; round += 1) {
            // A B, B A, A B, …: a load that rises or falls through the run (others' work on a
            // shared machine) favours neither build, where A B, A B would favour the second.
            const order: Build[] = round % 2 === 1 ? ['A', 'B'] : ['B', 'A'];
            for (const build of order) {
              const slot = (url: string) =>
                runSlot(build, round, database, url, trees!, tmp, opts, all, counts);
              const { seedSeconds: s } =
                database === 'postgres'
                  ? await withPostgresDatabase(process.env.BENCH_DATABASE_URL!, 'tianguis_ab', slot)
                  : await slot(`sqlite:${path.join(tmp, `${build}-r${round}.db`)}`);
              (seedSeconds[`${database} ${build}`] ??= []).push(s);
              if (database === 'sqlite') {
                for (const suffix of ['', '-wal', '-shm']) {
                  await fs.rm(path.join(tmp, `${build}-r${round}.db${suffix}`), { force: true });
                }
              }
            }
          }
        }
      }),
    async () => {
      await removeWorktree();
      spawnSync('git', ['worktree', 'prune'], { cwd: opts.root });
    },
  );

  const summary = summarize(all);
  const table = markdownTable(
    [
      'database',
      'row',
      'A (median, min–max)',
      'B (median, min–max)',
      'B/A (min–max)',
      'errors A/B',
    ],
    summary.map((s) => [
      s.database,
      s.id,
      `${fmtRate(s.A.median)} ${s.unit} (${fmtRate(s.A.min)}–${fmtRate(s.A.max)})`,
      `${fmtRate(s.B.median)} ${s.unit} (${fmtRate(s.B.min)}–${fmtRate(s.B.max)})`,
      `${fmtRatio(s.ratio.median)} (${fmtRatio(s.ratio.min)}–${fmtRatio(s.ratio.max)})`,
      `${s.errorsA}/${s.errorsB}`,
    ]),
    2,
  );
  console.log(
    `\nA = ${opts.ref} (${refCommit.slice(0, 12)}), B = working tree (HEAD ${headCommit.slice(0, 12)})\n`,
  );
  console.log(`${table}\n`);
  const after = afterOverBefore(all);
  if (after.length > 0) {
    console.log(
      markdownTable(
        ['database', 'catalogue row', 'build', 'after orders / before (median, min–max)'],
        after.map((r) => [
          r.database,
          r.row,
          r.build,
          `${fmtRatio(r.median)} (${fmtRatio(r.min)}–${fmtRatio(r.max)})`,
        ]),
        3,
      ),
    );
    console.log('');
  }
  for (const c of counts) {
    console.log(
      `${c.database} ${c.build}: ${c.perAddItem.toFixed(2)} sentencias por addItem, ${c.perCheckout.toFixed(2)} por proccesscart, ${(c.perAddItem + c.perCheckout).toFixed(2)} por pedido` +
        (c.database === 'sqlite'
          ? `; ${(c.msPerAddItem + c.msPerCheckout).toFixed(3)} ms en SQLite por pedido`
          : ''),
    );
  }
  await writeBenchResults(opts.root, 'ab', startedAt, {
    at: startedAt.toISOString(),
    A: { ref: opts.ref, commit: refCommit },
    B: { workingTreeOf: headCommit, uncommitted },
    machine: {
      cpus: os.cpus().length,
      loadavgAtStart: loadAtStart,
      loadavgAtEnd: os.loadavg(),
      node: process.version,
    },
    options: {
      rounds: opts.rounds,
      seconds: opts.seconds,
      shops: SHOPS,
      productsPerShop: PRODUCTS_PER_SHOP,
      shoppers: SHOPPERS,
      orderWorkers: ORDER_WORKERS,
      catalogueConnections: CATALOGUE_CONNECTIONS,
      databases: opts.databases,
      cpuProf: opts.cpuProf,
      countStatements: opts.countStatements,
    },
    seedSeconds,
    summary,
    afterOrdersOverBefore: after,
    statements: counts,
    measurements: all,
  });
  if (failed) process.exitCode = 1;
}
