/**
 * `npm run soak`: the built server as its own process, on loopback, under a steady, human-paced
 * load for a bounded time, then checked:
 *
 *   - 500 signed-in shoppers browse (home page list, shop pages revalidated with their ETag),
 *     fill baskets with pauses of 0.5–3 s, sometimes take things out or give up, and order once
 *     the shop's minimum is reached (see shopper.ts);
 *   - 100 owners, one per shop, keep their live order stream open the whole time and complete
 *     or cancel each new order a few seconds later (see owner.ts);
 *   - every ~30 s one line: requests, errors, orders, events, the server's memory.
 *
 * At the end it prints the figures and checks, and fails (exit code 1) unless:
 *   - errors: no answer outside what was expected (a non-2xx that isn't an expected business
 *     refusal, a network error, a timeout, or a good status with the wrong content);
 *   - orders: every acknowledged order is in the database with the lines, total, shop and
 *     shopper it was acknowledged with, and the database holds no order nobody was told of;
 *   - duplicates: no basket (one Idempotency-Key) made two orders, retried or double-submitted;
 *   - live streams: each owner received exactly one NUEVO event per order of its shop, and every
 *     event row of its shop exactly once, in id order;
 *   - memory: flat after the warm-up (the rule is in memory.ts: fails when RSS grew more than 25%
 *     from the end of the warm-up, the first 20% of the run, AND is still climbing at the end);
 *   - the server logged no error.
 * The figures also go to bench/results/soak-<time>.json.
 *
 *   npm run soak                                  # 5 minutes, fresh SQLite file in a temp dir
 *   npm run soak -- --seconds 60                  # or --minutes N
 *   npm run soak -- --database postgres://postgres@127.0.0.1:5432/postgres
 *   SOAK_DATABASE_URL=postgres://... npm run soak
 *   npm run soak -- --cpu-prof                    # the server writes a V8 CPU profile to bench/results/
 * A PostgreSQL URL names a server: a fresh database is made there for the run and dropped
 * afterwards. Shops and accounts are seeded straight into the database before the server starts
 * (the bench's seeding); everyone then signs in through the API. Options --shoppers and --shops
 * change the crowd (default 500 and 100).
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { createDb } from '../../packages/server/src/db/create-db.js';
import { migrateToLatest } from '../../packages/server/src/db/migrate.js';
import { percentile } from '../bench/load.js';
import { markdownTable } from '../lib/markdown-table.js';
import {
  compileServer,
  signInSeeded,
  startBuiltServer,
  withPostgresDatabase,
} from '../bench/built-server.js';
import { seedScale, type ScaleSpec, type SeededScale } from '../bench/seed-scale.js';
import {
  GROWTH_LIMIT_PCT,
  judgeMemory,
  lowsOf,
  startMemorySampler,
  TAIL_RISE_LIMIT_PCT,
  WARMUP_FRACTION,
  type MemoryFigures,
} from './memory.js';
import { Owner } from './owner.js';
import { runShopper, type ShopperWorld, type SoakShop } from './shopper.js';
import { Traffic, type KindFigures } from './traffic.js';
import { verifyDatabase, type Verification } from './verify.js';

const root = path.resolve(import.meta.dirname, '../..');

const { values: args } = parseArgs({
  options: {
    minutes: { type: 'string' },
    seconds: { type: 'string' },
    database: { type: 'string' },
    shoppers: { type: 'string', default: '500' },
    shops: { type: 'string', default: '100' },
    'cpu-prof': { type: 'boolean', default: false },
  },
});

const positive = (name: string, value: string) => {
  const n = Number(value);
  if (!Number.isFinite(n) || n <= 0) throw new Error(`--${name}: ${value}`);
  return n;
};
const DURATION_S =
  args.seconds !== undefined
    ? positive('seconds', args.seconds)
    : args.minutes !== undefined
      ? positive('minutes', args.minutes) * 60
      : 300;
const SHOPPERS = Math.round(positive('shoppers', args.shoppers));
const SHOPS = Math.round(positive('shops', args.shops));
const DATABASE = args.database ?? process.env.SOAK_DATABASE_URL;
const PROGRESS_EVERY_MS = 30_000;
/**
 * The heap is figured on its lowest sample of each window this long (see memory.ts): major
 * collections come every 30–60 s under this load, and the lows between them are what stays.
 */
const HEAP_WINDOW_S = Math.max(2, Math.min(30, DURATION_S / 10));
const MEMORY_EVERY_MS = 2000;
/**
 * Shoppers arrive over the first 30 s (15% of a shorter run), inside the warm-up: all 500 at
 * once would be a flash crowd on the home page's list, a test of its own.
 */
const RAMP_MS = Math.min(30_000, DURATION_S * 150);

const SPEC: ScaleSpec = {
  shops: SHOPS,
  productsPerShop: 20,
  categoriesPerShop: 4,
  shoppers: SHOPPERS,
  orders: 0,
  hotShopOrders: 0,
};

const mb = (bytes: number | undefined) =>
  bytes === undefined || Number.isNaN(bytes) ? '–' : `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const int = (n: number) => Math.round(n).toLocaleString('en');
const ms = (n: number) =>
  Number.isNaN(n) ? '–' : n < 10 ? n.toFixed(1) : Math.round(n).toString();
const pct = (n: number) => `${n >= 0 ? '+' : ''}${n.toFixed(1)}%`;
const sleep = (t: number) => new Promise((resolve) => setTimeout(resolve, t));

interface Check {
  name: string;
  pass: boolean;
  detail: string;
}

/** Error and warning lines in the server's (pino, JSON) log. */
async function scanLog(
  file: string,
): Promise<{ errors: number; warnings: number; samples: string[] }> {
  const text = await fs.readFile(file, 'utf8').catch(() => '');
  let errors = 0;
  let warnings = 0;
  const samples: string[] = [];
  for (const line of text.split('\n')) {
    if (!line.startsWith('{')) continue;
    let entry: { level?: number; msg?: string; err?: { message?: string } };
    try {
      entry = JSON.parse(line) as typeof entry;
    } catch {
      continue;
    }
    if ((entry.level ?? 0) >= 50) errors += 1;
    else if ((entry.level ?? 0) >= 40) warnings += 1;
    else continue;
    if (samples.length < 10) {
      samples.push(`${entry.level} ${entry.msg ?? ''} ${entry.err?.message ?? ''}`.trim());
    }
  }
  return { errors, warnings, samples };
}

interface SoakResult {
  database: string;
  setup: Record<string, number>;
  durationS: number;
  traffic: {
    total: number;
    perSecond: number;
    errors: number;
    httpErrors: number;
    networkErrors: number;
    answerErrors: number;
    expectedRefusals: number;
    errorGroups: { error: string; count: number }[];
    errorSamples: string[];
    kinds: KindFigures[];
    slow: { t: number; kind: string; ms: number }[];
    clientLoopP99Ms: number;
    clientLoopMaxMs: number;
  };
  shoppers: ShopperWorld['counters'];
  verification: Verification;
  /** Checkout answer to the owner's NUEVO event, ms; `beforeAnswer` events beat the answer. */
  eventLagMs: {
    count: number;
    beforeAnswer: number;
    p50: number;
    p95: number;
    p99: number;
    max: number;
  };
  memory: {
    rss: MemoryFigures;
    heapUsed: MemoryFigures | undefined;
    loopP99MaxMs: number | undefined;
    /** The longest the server's event loop was held up, in any sample. */
    loopMaxMs: number | undefined;
    rssSamples: { t: number; mb: number }[];
    heapSamples: {
      t: number;
      heapUsedMb: number;
      heapTotalMb: number;
      loopP99Ms: number;
      loopMaxMs: number;
    }[];
  };
  serverLog: { errors: number; warnings: number; samples: string[] };
  /** The machine's 1-minute load average during the load phase (2 cores, shared). */
  machineLoad: { mean: number; max: number; samples: { t: number; load1: number }[] };
  checks: Check[];
}

async function soak(database: string, databaseUrl: string, tmp: string): Promise<SoakResult> {
  const setup: Record<string, number> = {};
  let started = performance.now();
  console.log(
    `\n${database}: sembrando ${SHOPS} tiendas x ${SPEC.productsPerShop} productos, ${SHOPPERS} clientes…`,
  );
  const { db, dialect } = createDb(databaseUrl);
  let seeded: SeededScale;
  try {
    await migrateToLatest(db);
    seeded = await seedScale(db, dialect, SPEC);
  } finally {
    await db.destroy();
  }
  setup.seedSeconds = (performance.now() - started) / 1000;

  const probeFile = path.join(tmp, `${database}-memory.jsonl`);
  const server = await startBuiltServer({
    root,
    database,
    databaseUrl,
    tmp,
    logLevel: process.env.SOAK_LOG_LEVEL ?? 'warn',
    cpuProfile: args['cpu-prof'] ? 'cpu-soak' : undefined,
    nodeArgs: ['--import', pathToFileURL(path.join(root, 'scripts/soak/memory-probe.mjs')).href],
    env: { SOAK_MEMORY_FILE: probeFile, SOAK_MEMORY_INTERVAL_MS: String(MEMORY_EVERY_MS) },
  });
  const owners: Owner[] = [];
  try {
    started = performance.now();
    // A successful sign-in isn't rate-limited: all from this one address.
    const tokens = await signInSeeded(server.base, [
      ...seeded.shops.map((s) => s.ownerEmail),
      ...seeded.shoppers.map((c) => c.email),
    ]);
    setup.signInSeconds = (performance.now() - started) / 1000;
    console.log(`  ${tokens.size} sesiones abiertas en ${setup.signInSeconds.toFixed(1)} s`);

    const shops: SoakShop[] = seeded.shops.map((s, index) => ({
      index,
      id: s.id,
      usuario: s.usuario,
    }));
    const traffic = new Traffic(server.base);
    // The deadline is set when the load starts; owners read it then too.
    const clock = { deadline: Infinity };
    const ownerWorld = {
      traffic,
      get deadline() {
        return clock.deadline;
      },
    };
    started = performance.now();
    for (let i = 0; i < shops.length; i += 10) {
      await Promise.all(
        shops.slice(i, i + 10).map(async (shop, k) => {
          const owner = new Owner(shop, tokens.get(seeded.shops[i + k]!.ownerEmail)!, ownerWorld);
          owners.push(owner);
          await owner.open();
        }),
      );
    }
    // A new stream reads its starting point just after answering: let every one have done so.
    await sleep(2000);
    setup.streamsSeconds = (performance.now() - started) / 1000;
    console.log(`  ${owners.length} flujos de pedidos abiertos`);

    const t0 = performance.now();
    traffic.t0 = t0;
    // This process's own event loop: a stalled client would pass for a slow server.
    const clientLoop = monitorEventLoopDelay({ resolution: 10 });
    clientLoop.enable();
    clock.deadline = t0 + DURATION_S * 1000;
    const world: ShopperWorld = {
      traffic,
      shops,
      shopById: new Map(shops.map((s) => [s.id, s])),
      deadline: clock.deadline,
      rampMs: RAMP_MS,
      acked: [],
      counters: {
        visits: 0,
        abandoned: 0,
        belowMinimumTries: 0,
        retries: 0,
        doubleSubmits: 0,
        duplicateAnswers: 0,
      },
      catalogues: new Map(),
    };
    const memory = startMemorySampler({
      pid: server.pid,
      probeFile,
      intervalMs: MEMORY_EVERY_MS,
      t0,
    });
    console.log(
      `  carga: ${SHOPPERS} clientes y ${owners.length} dueños durante ${DURATION_S} s (calentamiento: ${(DURATION_S * WARMUP_FRACTION).toFixed(0)} s)`,
    );
    let lastTotal = 0;
    let lastAt = t0;
    // Other people's work on the machine shows in the figures: its load goes in the report.
    const loads: { t: number; load1: number }[] = [];
    const loadTimer = setInterval(
      () => loads.push({ t: round1((performance.now() - t0) / 1000), load1: os.loadavg()[0]! }),
      5000,
    );
    const progress = setInterval(() => {
      const now = performance.now();
      const probe = memory.latestProbe();
      const nuevos = owners.reduce((s, o) => s + o.nuevos.size, 0);
      console.log(
        `  [${String(Math.round((now - t0) / 1000)).padStart(4)} s] ${int(traffic.total)} peticiones (${((traffic.total - lastTotal) / ((now - lastAt) / 1000)).toFixed(0)}/s), ` +
          `errores ${traffic.errors}, rechazos esperados ${traffic.refusals}, pedidos ${int(world.acked.length)}, ` +
          `avisos NUEVO ${int(nuevos)}, flujos ${owners.filter((o) => o.isOpen).length}/${owners.length}, ` +
          `RSS ${mb(memory.latestRss())}, heap ${mb(probe?.heapUsed)}, lazo p99 ${probe ? ms(probe.loopP99Ms) : '–'} ms, ` +
          `carga ${os.loadavg()[0]!.toFixed(1)}`,
      );
      lastTotal = traffic.total;
      lastAt = now;
    }, PROGRESS_EVERY_MS);

    const shopperAccounts = seeded.shoppers.map((c, index) => ({
      index,
      accountId: c.id,
      token: tokens.get(c.email)!,
    }));
    await Promise.all(shopperAccounts.map((a) => runShopper(a, world)));
    const loadSeconds = (performance.now() - t0) / 1000;
    clearInterval(progress);
    clearInterval(loadTimer);
    clientLoop.disable();
    memory.stop();
    await Promise.all(owners.map((o) => o.settle()));

    // Events still on their way: every acknowledged order's NUEVO and every acknowledged
    // finish's status event, up to 15 s.
    const ownerOf = new Map(owners.map((o) => [o.shop.id, o]));
    const outstanding = () =>
      world.acked.filter((a) => !ownerOf.get(a.tiendaId)?.nuevos.has(a.pedidoId)).length +
      owners.reduce(
        (s, o) => s + [...o.finished.keys()].filter((id) => !o.statusEvents.has(id)).length,
        0,
      );
    const waitUntil = performance.now() + 15_000;
    while (outstanding() > 0 && performance.now() < waitUntil) await sleep(100);
    const streamsOpenAtEnd = owners.filter((o) => o.isOpen).length;
    for (const o of owners) o.close();

    const stopStarted = performance.now();
    await server.stop();
    setup.stopSeconds = (performance.now() - stopStarted) / 1000;
    const serverLog = await scanLog(server.logFile);

    console.log('  verificando la base…');
    const verification = await verifyDatabase(databaseUrl, world.acked, owners);

    // From the checkout's answer to the owner's NUEVO event (negative: the event came first).
    const lags = world.acked
      .map((a) => {
        const at = ownerOf.get(a.tiendaId)?.nuevoAt.get(a.pedidoId);
        return at === undefined ? undefined : at - a.answeredAt;
      })
      .filter((lag): lag is number => lag !== undefined)
      .sort((a, b) => a - b);
    const eventLag = {
      count: lags.length,
      beforeAnswer: lags.filter((l) => l < 0).length,
      p50: percentile(lags, 50),
      p95: percentile(lags, 95),
      p99: percentile(lags, 99),
      max: lags.at(-1) ?? NaN,
    };

    const rss = judgeMemory(memory.rss, DURATION_S);
    const heapSamples = memory.probe.map((p) => ({ t: p.t, value: p.heapUsed }));
    const heapUsed =
      heapSamples.length > 0
        ? judgeMemory(lowsOf(heapSamples, HEAP_WINDOW_S), DURATION_S)
        : undefined;
    const loopP99MaxMs =
      memory.probe.length > 0 ? Math.max(...memory.probe.map((p) => p.loopP99Ms)) : undefined;

    const o = verification.orders;
    const e = verification.events;
    const checks: Check[] = [
      {
        name: 'errores',
        pass: traffic.errors === 0,
        detail: `${traffic.errors} (HTTP ${traffic.httpErrors}, red ${traffic.networkErrors}, contenido ${traffic.answerErrors}); rechazos esperados ${traffic.refusals}`,
      },
      {
        name: 'pedidos perdidos',
        pass:
          o.acknowledged > 0 &&
          o.lost === 0 &&
          o.unacknowledged === 0 &&
          o.contentMismatches === 0 &&
          o.statusMismatches === 0,
        detail: `${int(o.acknowledged)} confirmados, ${int(o.inDb)} en la base: ${o.lost} perdidos, ${o.unacknowledged} sin confirmar, ${o.contentMismatches} distintos, ${o.statusMismatches} estados distintos`,
      },
      {
        name: 'pedidos duplicados',
        pass: o.duplicated === 0 && world.counters.duplicateAnswers === 0,
        detail: `${o.duplicated} en la base (${o.withoutKey} sin clave), ${world.counters.duplicateAnswers} respuestas con otro pedido; ${world.counters.retries} reintentos y ${world.counters.doubleSubmits} envíos dobles`,
      },
      {
        name: 'flujos en vivo',
        pass:
          e.missedOrders === 0 &&
          e.duplicatedOrders === 0 &&
          e.missedEvents === 0 &&
          e.duplicatedEvents === 0 &&
          e.unknownEvents === 0 &&
          e.outOfOrder === 0 &&
          e.foreign === 0 &&
          e.unreadable === 0,
        detail: `${owners.length} dueños: ${int(e.ordersInDb)} pedidos, ${int(e.nuevoReceived)} avisos NUEVO (${e.missedOrders} perdidos, ${e.duplicatedOrders} duplicados); ${int(e.eventsInDb)} eventos, ${int(e.eventsReceived)} recibidos (${e.missedEvents} perdidos, ${e.duplicatedEvents} duplicados, ${e.unknownEvents} ajenos, ${e.outOfOrder} desordenados); cortes ${e.drops}, abiertos al final ${streamsOpenAtEnd}/${owners.length}; respuesta → aviso p50 ${ms(eventLag.p50)} ms, p99 ${ms(eventLag.p99)} ms, máx ${ms(eventLag.max)} ms`,
      },
      {
        name: 'memoria (RSS)',
        pass: rss.pass,
        detail: `${mb(rss.baseline)} al final del calentamiento (${rss.warmupEndS.toFixed(0)} s) → ${mb(rss.end)} al final (${pct(rss.growthPct)}), pico ${mb(rss.peak)}, pendiente ${rss.slopeMbPerMin.toFixed(2)} MB/min, última mitad ${pct(rss.tailRisePct)}`,
      },
      {
        name: 'registro del servidor',
        pass: serverLog.errors === 0,
        detail: `${serverLog.errors} errores, ${serverLog.warnings} avisos`,
      },
    ];

    return {
      database,
      setup,
      durationS: loadSeconds,
      traffic: {
        total: traffic.total,
        perSecond: traffic.total / loadSeconds,
        errors: traffic.errors,
        httpErrors: traffic.httpErrors,
        networkErrors: traffic.networkErrors,
        answerErrors: traffic.answerErrors,
        expectedRefusals: traffic.refusals,
        errorGroups: traffic.errorGroups(),
        errorSamples: traffic.errorSamples,
        kinds: traffic.figures(),
        slow: traffic.slow,
        clientLoopP99Ms: clientLoop.percentile(99) / 1e6,
        clientLoopMaxMs: clientLoop.max / 1e6,
      },
      shoppers: world.counters,
      verification,
      eventLagMs: eventLag,
      memory: {
        rss,
        heapUsed,
        loopP99MaxMs,
        loopMaxMs:
          memory.probe.length > 0 ? Math.max(...memory.probe.map((p) => p.loopMaxMs)) : undefined,
        rssSamples: memory.rss.map((s) => ({ t: round1(s.t), mb: round1(s.value / 1024 / 1024) })),
        heapSamples: memory.probe.map((p) => ({
          t: round1(p.t),
          heapUsedMb: round1(p.heapUsed / 1024 / 1024),
          heapTotalMb: round1(p.heapTotal / 1024 / 1024),
          loopP99Ms: round1(p.loopP99Ms),
          loopMaxMs: round1(p.loopMaxMs),
        })),
      },
      serverLog,
      machineLoad: {
        mean: loads.reduce((sum, l) => sum + l.load1, 0) / Math.max(1, loads.length),
        max: Math.max(0, ...loads.map((l) => l.load1)),
        samples: loads,
      },
      checks,
    };
  } finally {
    for (const o of owners) o.close();
    await server.stop();
  }
}

const round1 = (n: number) => Math.round(n * 10) / 10;

function printResult(r: SoakResult) {
  const t = r.traffic;
  console.log(
    `\nSoak ${r.database}: ${r.durationS.toFixed(0)} s, ${SHOPPERS} clientes, ${r.verification.events.perShop.length} dueños con su flujo abierto`,
  );
  console.log(
    `  peticiones: ${int(t.total)} (${t.perSecond.toFixed(1)}/s); errores ${t.errors}; rechazos esperados ${t.expectedRefusals}`,
  );
  const header = [
    'petición',
    'total',
    'ok',
    'rechazos',
    'errores',
    'p50 ms',
    'p95 ms',
    'p99 ms',
    'máx ms',
  ];
  const rows = t.kinds.map((k) => [
    k.kind,
    int(k.count),
    int(k.ok),
    int(k.refusals),
    int(k.errors),
    ms(k.p50),
    ms(k.p95),
    ms(k.p99),
    ms(k.max),
  ]);
  console.log(markdownTable(header, rows));
  console.log(
    `  respuestas de más de 1 s: ${t.slow.length}${t.slow.length >= 500 ? '+' : ''}; lazo de eventos de este proceso: p99 ${ms(t.clientLoopP99Ms)} ms, mayor espera ${ms(t.clientLoopMaxMs)} ms`,
  );
  const s = r.shoppers;
  console.log(
    `  visitas ${int(s.visits)}, abandonadas ${int(s.abandoned)}, intentos bajo el mínimo ${int(s.belowMinimumTries)}, reintentos ${int(s.retries)}, envíos dobles ${int(s.doubleSubmits)}`,
  );
  const h = r.memory.heapUsed;
  if (h) {
    console.log(
      `  heap usado (mínimos de cada ${HEAP_WINDOW_S.toFixed(0)} s, informativo): ${mb(h.baseline)} → ${mb(h.end)} (${pct(h.growthPct)}), pico ${mb(h.peak)}, pendiente ${h.slopeMbPerMin.toFixed(2)} MB/min; lazo de eventos del servidor: p99 máx ${ms(r.memory.loopP99MaxMs ?? NaN)} ms, mayor espera ${ms(r.memory.loopMaxMs ?? NaN)} ms`,
    );
  }
  console.log(
    `  carga de la máquina (${os.cpus().length} núcleos, compartida) durante la prueba: media ${r.machineLoad.mean.toFixed(1)}, máx ${r.machineLoad.max.toFixed(1)}`,
  );
  console.log(
    `  preparación: sembrado ${r.setup.seedSeconds?.toFixed(1)} s, sesiones ${r.setup.signInSeconds?.toFixed(1)} s, flujos ${r.setup.streamsSeconds?.toFixed(1)} s; cierre del servidor ${r.setup.stopSeconds?.toFixed(1)} s`,
  );
  console.log('');
  const nameWidth = Math.max(...r.checks.map((c) => c.name.length));
  for (const c of r.checks) {
    console.log(`  ${c.pass ? 'OK   ' : 'FALLA'} ${c.name.padEnd(nameWidth)}  ${c.detail}`);
  }
  const samples = [
    ...t.errorGroups.slice(0, 10).map((g) => `${g.count}x ${g.error}`),
    ...r.verification.orders.samples.slice(0, 10),
    ...r.verification.events.samples.slice(0, 10),
    ...r.serverLog.samples,
  ];
  if (samples.length > 0) {
    console.log('\n  detalles:');
    for (const sample of samples) console.log(`    ${sample}`);
  }
  console.log(
    `\n  regla de memoria: falla si el RSS crece más de ${GROWTH_LIMIT_PCT}% desde el final del calentamiento (primer ${WARMUP_FRACTION * 100}%) Y la recta de la última mitad sube más de ${TAIL_RISE_LIMIT_PCT}%`,
  );
}

async function main() {
  compileServer(root);

  const tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'tianguis-soak-'));
  const startedAt = new Date();
  const load = os.loadavg();
  console.log(
    `${os.cpus().length} núcleos, carga ${load.map((l) => l.toFixed(2)).join(' ')}; ${DURATION_S} s, ${SHOPPERS} clientes, ${SHOPS} tiendas`,
  );
  let result: SoakResult | undefined;
  let failure: unknown;
  try {
    if (DATABASE?.startsWith('postgres')) {
      result = await withPostgresDatabase(DATABASE, 'tianguis_soak', (url) =>
        soak('postgres', url, tmp),
      );
    } else {
      if (DATABASE && !DATABASE.startsWith('sqlite:')) {
        throw new Error(`--database: sqlite:<archivo> o postgres://…, no ${DATABASE}`);
      }
      const url = DATABASE ?? `sqlite:${path.join(tmp, 'soak.db')}`;
      result = await soak('sqlite', url, tmp);
    }
  } catch (error) {
    failure = error;
    console.error(error);
  }

  const pass = result !== undefined && result.checks.every((c) => c.pass);
  if (result) {
    printResult(result);
    const resultsDir = path.join(root, 'bench/results');
    await fs.mkdir(resultsDir, { recursive: true });
    const file = path.join(
      resultsDir,
      `soak-${startedAt.toISOString().replace(/[:.]/g, '-')}.json`,
    );
    await fs.writeFile(
      file,
      JSON.stringify(
        {
          at: startedAt.toISOString(),
          machine: { cpus: os.cpus().length, loadavgAtStart: load, node: process.version },
          options: {
            seconds: DURATION_S,
            shoppers: SHOPPERS,
            shops: SHOPS,
            productsPerShop: SPEC.productsPerShop,
            warmupFraction: WARMUP_FRACTION,
            memoryRule: { growthLimitPct: GROWTH_LIMIT_PCT, tailRiseLimitPct: TAIL_RISE_LIMIT_PCT },
          },
          pass,
          ...result,
        },
        null,
        2,
      ),
    );
    console.log(
      `\n  ${pass ? 'SOAK OK' : 'SOAK FALLÓ'}; resultados en ${path.relative(process.cwd(), file)}`,
    );
  }
  if (pass && !failure) await fs.rm(tmp, { recursive: true, force: true });
  else console.error(`  registros del servidor en ${tmp}`);
  process.exitCode = pass && !failure ? 0 : 1;
}

await main();
