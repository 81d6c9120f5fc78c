import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { markdownTable } from '../lib/markdown-table.js';
import {
  ADMIN,
  createApprovedShop,
  register,
  signIn,
  uploadImage,
  type Post,
} from './api-setup.js';
import {
  failuresOf,
  killRunningServers,
  runSigkillBurst,
  startServer,
  type BurstFixture,
  type SigkillBurstFigures,
} from './sigkill-burst.js';

/**
 * `npm run fault:kill`: SIGKILL of the server in the middle of a burst of orders, then a restart
 * (docs/reliability.md, "Under attack"). The built server (`tsc -b packages/server`, then `node packages/server/dist/server.js`
 * as production runs it) is killed without warning once a number of orders were answered 200,
 * started again on the same database, and the database is read: every acknowledged order must be
 * there and whole, no order half-written. The burst, the kill and the check are
 * scripts/faults/sigkill-burst.ts, the same code packages/server/test/crash.test.ts runs.
 *
 * Each round gets a fresh database: a new SQLite file, then a new PostgreSQL database made on the
 * server FAULT_DATABASE_URL names (default postgres://postgres@127.0.0.1:5432/postgres) and
 * dropped afterwards; that server itself is never stopped. A shop and its shoppers are made
 * through the API of a server started for it and stopped (SIGTERM) before the burst.
 *
 * Prints a table of the figures and writes them to bench/results/fault-kill-<time>.json. Exit
 * code 1 when an acknowledged order is missing, an order is half-written (lines, prices, totals),
 * an order lacks its outbox event or an event its order, an order exists that nobody sent, or a
 * request failed before the kill.
 *
 *   npm run fault:kill
 *   npm run fault:kill -- --rounds 5              # kills per database (default 3)
 *   npm run fault:kill -- --kill-after 200        # orders answered before the kill (default 80)
 *   npm run fault:kill -- --shoppers 12           # concurrent shoppers (default 24, at most 29)
 *   npm run fault:kill -- --databases sqlite      # or postgres; default both
 *   FAULT_DATABASE_URL=postgres://user@host:5432/postgres npm run fault:kill
 */

const root = path.resolve(import.meta.dirname, '../..');

const { values: args } = parseArgs({
  options: {
    rounds: { type: 'string', default: '3' },
    'kill-after': { type: 'string', default: '80' },
    shoppers: { type: 'string', default: '24' },
    databases: { type: 'string', default: 'sqlite,postgres' },
  },
});

function positive(name: string, value: string, max = Infinity): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > max) {
    throw new Error(`--${name} debe ser un entero entre 1 y ${max}`);
  }
  return n;
}

const ROUNDS = positive('rounds', args.rounds);
const KILL_AFTER = positive('kill-after', args['kill-after']);
// The shop's owner and the shoppers register from one address: 30 per 15 minutes.
const SHOPPERS = positive('shoppers', args.shoppers, 29);
const DATABASES = args.databases.split(',').map((d) => d.trim());
for (const d of DATABASES) {
  if (d !== 'sqlite' && d !== 'postgres')
    throw new Error(`--databases: ${d} no es sqlite ni postgres`);
}
const FAULT_DATABASE_URL =
  process.env.FAULT_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

// ---- Setting up a shop and shoppers through the API ----

async function api<T>(baseUrl: string, urlPath: string, body: unknown, token?: string): Promise<T> {
  const res = await fetch(baseUrl + urlPath, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token && { authorization: `Bearer ${token}` }),
    },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  if (res.status !== 200) throw new Error(`${urlPath}: ${res.status} ${text.slice(0, 300)}`);
  return JSON.parse(text) as T;
}

/** A public, open shop with two products and shipping, approved by the admin, and shoppers. */
async function prepare(baseUrl: string): Promise<BurstFixture> {
  const post: Post = (urlPath, body, token) => api(baseUrl, urlPath, body, token);
  const adminToken = await signIn(post, ADMIN.email, ADMIN.password);
  const shop = await createApprovedShop(
    post,
    adminToken,
    [
      {
        name: 'Taco de pastor',
        price: 19.99,
        descripcion: 'Hecho al momento',
        detalle: 'Para llevar',
      },
      {
        name: 'Agua de jamaica',
        price: 25.5,
        descripcion: 'Hecho al momento',
        detalle: 'Para llevar',
      },
    ],
    (token) => uploadImage(baseUrl, token),
  );
  // Four at a time: password hashing is the slow part, and the machine is shared.
  const shoppers: { id: number; token: string }[] = [];
  while (shoppers.length < SHOPPERS) {
    const batch = Math.min(4, SHOPPERS - shoppers.length);
    shoppers.push(
      ...(await Promise.all(Array.from({ length: batch }, () => register(post, 'si')))),
    );
  }
  return {
    tiendaId: shop.owner.tiendaId,
    productos: shop.productos,
    costoDeEnvio: shop.costoDeEnvio,
    shoppers,
    ownerToken: shop.owner.token,
  };
}

// ---- Databases ----

interface FreshDatabase {
  url: string;
  drop(): Promise<void>;
}

let dropOnInterrupt: (() => Promise<void>) | undefined;

async function freshDatabase(kind: string, dir: string): Promise<FreshDatabase> {
  if (kind === 'sqlite') {
    fs.mkdirSync(dir, { recursive: true });
    return {
      url: `sqlite:${path.join(dir, 'tianguis.db')}`,
      drop: async () => fs.rmSync(dir, { recursive: true, force: true }),
    };
  }
  const name = `tianguis_fault_kill_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: FAULT_DATABASE_URL });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(FAULT_DATABASE_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: FAULT_DATABASE_URL });
      await client.connect();
      try {
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
  };
}

// ---- Report ----

interface Round {
  database: string;
  round: number;
  seconds: number;
  figures?: SigkillBurstFigures;
  failures: string[];
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return NaN;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};
const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

function renderTable(rounds: Round[]): string {
  const header = [
    'database',
    'round',
    'acked',
    'found',
    'missing',
    'half-written',
    'events w/o order',
    'orders w/o event',
    'in flight',
    'in flight written',
    'unexplained',
    'orders in db',
    'burst ms',
    'orders/s',
    'kill→exit ms',
    'restart→/health ms',
  ];
  const rowOf = (database: string, label: string, list: SigkillBurstFigures[]): string[] => {
    const total = (pick: (f: SigkillBurstFigures) => number) => String(sum(list.map(pick)));
    const mid = (pick: (f: SigkillBurstFigures) => number, digits = 0) =>
      median(list.map(pick)).toFixed(digits);
    return [
      database,
      label,
      total((f) => f.acknowledged),
      total((f) => f.found),
      total((f) => f.missing.length),
      total((f) => f.halfWritten.length),
      total((f) => f.eventsWithoutOrder.length),
      total((f) => f.ordersWithoutEvent.length),
      total((f) => f.inFlight),
      total((f) => f.inFlightWritten),
      total((f) => f.unexplained.length),
      total((f) => f.ordersInDatabase),
      mid((f) => f.burstMs),
      mid((f) => f.ordersPerSecond, 1),
      mid((f) => f.killToExitMs, 1),
      mid((f) => f.restartToHealthMs),
    ];
  };
  const body: string[][] = [];
  for (const database of DATABASES) {
    const own = rounds.filter((r) => r.database === database);
    for (const r of own) {
      if (r.figures) body.push(rowOf(database, String(r.round), [r.figures]));
      else body.push([database, String(r.round), ...header.slice(2).map(() => '–')]);
    }
    const figures = own.flatMap((r) => (r.figures ? [r.figures] : []));
    if (figures.length > 1) body.push(rowOf(database, 'all', figures));
  }
  return markdownTable(header, body, 2);
}

// ---- Main ----

async function main(): Promise<number> {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'tianguis-fault-kill-'));
  process.once('SIGINT', () => {
    killRunningServers();
    void (dropOnInterrupt?.() ?? Promise.resolve()).finally(() => process.exit(130));
  });

  // Incremental: cheap when dist is current, and the server under test is today's code.
  console.log('compilando el servidor (tsc -b packages/server)...');
  const tsc = spawnSync(path.join(root, 'node_modules/.bin/tsc'), ['-b', 'packages/server'], {
    cwd: root,
    encoding: 'utf8',
  });
  if (tsc.status !== 0) throw new Error(`tsc -b falló:\n${tsc.stdout}${tsc.stderr}`);

  const startedAt = new Date();
  const load = os.loadavg();
  console.log(
    `${os.cpus().length} núcleos, carga ${load.map((l) => l.toFixed(2)).join(' ')}; ${ROUNDS} muerte(s) por base de datos, SIGKILL tras ${KILL_AFTER} pedidos confirmados, ${SHOPPERS} compradores`,
  );
  if (DATABASES.includes('postgres')) {
    const shown = new URL(FAULT_DATABASE_URL);
    shown.password = shown.password ? '***' : '';
    console.log(`PostgreSQL: una base de datos desechable por ronda en ${shown.toString()}`);
  }

  const rounds: Round[] = [];
  for (const database of DATABASES) {
    for (let round = 1; round <= ROUNDS; round += 1) {
      const began = performance.now();
      const dir = path.join(work, `${database}-${round}`);
      const result: Round = { database, round, seconds: 0, failures: [] };
      rounds.push(result);
      let db: FreshDatabase | undefined;
      try {
        db = await freshDatabase(database, path.join(dir, 'db'));
        dropOnInterrupt = db.drop;
        const env = { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password };
        const setup = await startServer({
          databaseUrl: db.url,
          workDir: path.join(dir, 'setup'),
          entry: 'dist',
          env,
        });
        let fixture: BurstFixture;
        try {
          fixture = await prepare(setup.baseUrl);
        } finally {
          await setup.stop();
        }
        const figures = await runSigkillBurst({
          databaseUrl: db.url,
          fixture,
          workDir: path.join(dir, 'burst'),
          entry: 'dist',
          killAfter: KILL_AFTER,
          env,
        });
        result.figures = figures;
        result.failures = failuresOf(figures);
      } catch (error) {
        result.failures.push(error instanceof Error ? error.message : String(error));
      } finally {
        await db?.drop().catch((error: unknown) => {
          result.failures.push(`no se pudo borrar la base de datos: ${String(error)}`);
        });
        dropOnInterrupt = undefined;
      }
      result.seconds = Math.round((performance.now() - began) / 100) / 10;
      const f = result.figures;
      console.log(
        f
          ? `${database} ronda ${round}: pid ${f.killedPid} muerto (${f.exitSignal}) tras ${f.acknowledged} pedidos confirmados en ${f.burstMs} ms; ${f.inFlight} en vuelo, ${f.inFlightWritten} de ellos escritos; tras reiniciar: ${f.found}/${f.acknowledged} encontrados, ${f.halfWritten.length} a medio escribir; /health en ${f.restartToHealthMs} ms (${result.seconds} s la ronda)`
          : `${database} ronda ${round}: FALLÓ (${result.seconds} s)`,
      );
      for (const failure of result.failures) console.log(`  ${failure}`);
    }
  }

  console.log('\n=== Resultado ===');
  console.log(`${renderTable(rounds)}\n`);
  console.log(
    'acked: pedidos respondidos 200 antes de morir; in flight: pedidos enviados sin respuesta (pueden estar o no); in flight written: de ellos, los que sí quedaron; medianas en las filas "all" para los tiempos',
  );

  const failures = rounds.flatMap((r) =>
    r.failures.map((f) => `${r.database} ronda ${r.round}: ${f}`),
  );
  const resultsDir = path.join(root, 'bench/results');
  fs.mkdirSync(resultsDir, { recursive: true });
  const file = path.join(
    resultsDir,
    `fault-kill-${startedAt.toISOString().replace(/[:.]/g, '-')}.json`,
  );
  fs.writeFileSync(
    file,
    JSON.stringify(
      {
        at: startedAt.toISOString(),
        machine: { cpus: os.cpus().length, loadavgAtStart: load, node: process.version },
        options: {
          rounds: ROUNDS,
          killAfter: KILL_AFTER,
          shoppers: SHOPPERS,
          databases: DATABASES,
          entry: 'dist',
        },
        rounds,
        failures,
      },
      null,
      2,
    ),
  );
  console.log(`resultados en ${path.relative(process.cwd(), file)}`);

  if (failures.length === 0) {
    fs.rmSync(work, { recursive: true, force: true });
    console.log('\nTODO BIEN');
    return 0;
  }
  console.log(`\nFALLÓ:\n- ${failures.join('\n- ')}`);
  console.log(`registros de los servidores en ${work}`);
  return 1;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    killRunningServers();
    console.error(error);
    process.exit(1);
  },
);
