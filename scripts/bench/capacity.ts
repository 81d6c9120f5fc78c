/**
 * Capacity on paper, checked here (docs/capacity.md): what one order, one open live stream and
 * one Web Push cost the compiled server (its own process or processes) and the database, at a
 * steady moderate rate rather than at saturation; then the most orders a second that 1 and 2
 * instances place on this machine, to compare with what those costs predict.
 *
 *   npx tsx scripts/bench/capacity.ts                                  # sqlite and postgres, 1 and 2 instances
 *   npx tsx scripts/bench/capacity.ts --databases postgres --instances 1,2
 *   npx tsx scripts/bench/capacity.ts --quick                          # short samples, to try it out
 *
 * PostgreSQL: BENCH_DATABASE_URL (an admin URL), default postgres://postgres@127.0.0.1:5432/postgres;
 * a fresh database is made for the run and dropped afterwards.
 *
 * How each figure is taken (all from outside the server: nothing in it is instrumented):
 * - CPU: utime + stime of /proc/<pid>/stat, per process, sampled every 250 ms so a process that
 *   comes or goes within a sample still counts (the server, each PostgreSQL backend of the run's
 *   database, found by its process title, and this load process by process.cpuUsage()).
 * - PostgreSQL statements and round trips: pg_stat_statements is not loaded on this server (it
 *   needs shared_preload_libraries and a restart of a server others use), so: transactions from
 *   pg_stat_database (xact_commit counts every autocommitted statement as one transaction, and
 *   an explicit BEGIN … COMMIT as one), row counts from the same view, and round trips as the
 *   TCP segments carrying data from the server's sockets to port 5432 (`ss -ti`,
 *   data_segs_out): each request-response with the database is one segment out on loopback.
 * - WAL: pg_current_wal_lsn() before and after (the whole cluster: other databases' writes land
 *   in it too, so their commits during the sample are recorded beside it). SQLite: the WAL index
 *   (<file>-shm) read every 5 ms: frames appended = growth of mxFrame, plus the new mxFrame
 *   whenever the WAL restarts after a checkpoint (its salt changes); bytes = frames × (page + 24).
 *   The server's /proc/<pid>/io write_bytes is kept beside it (WAL and checkpoints to the file).
 * - Bytes on the wire: one keep-alive HTTP/1.1 socket, browser-like headers, gzip accepted;
 *   socket.bytesWritten / bytesRead around each call (no TLS, no HTTP/2 header compression).
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fsSync from 'node:fs';
import fs from 'node:fs/promises';
import http from 'node:http';
import type { Socket } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { createDb } from '../../packages/server/src/db/create-db.js';
import { migrateToLatest } from '../../packages/server/src/db/migrate.js';
import { startPushServiceStandIn } from '../../packages/server/test/push-service.js';
import { keepingLogsOnFailure, writeBenchResults } from '../lib/bench-results.js';
import { markdownTable } from '../lib/markdown-table.js';
import {
  compileServer,
  signInSeeded,
  startBuiltServer,
  withPostgresDatabase,
} from './built-server.js';
import { addressOf, runLoadSpread } from './load.js';
import type { ServerProcess } from './processes.js';
import {
  BENCH_SCALE,
  checkoutLoop,
  CHECKOUT_PRODUCTS,
  seedScale,
  type SeededScale,
} from './seed-scale.js';

const root = path.resolve(import.meta.dirname, '../..');

const { values: args } = parseArgs({
  options: {
    databases: { type: 'string', default: 'sqlite,postgres' },
    instances: { type: 'string', default: '1,2' },
    quick: { type: 'boolean', default: false },
    samples: { type: 'string' },
    seconds: { type: 'string' },
    rates: { type: 'string' },
    streams: { type: 'string' },
    'idle-seconds': { type: 'string' },
    'max-seconds': { type: 'string' },
    only: { type: 'string' },
    'push-rate': { type: 'string' },
  },
});
const databases = args.databases.split(',').map((d) => d.trim());
const instanceCounts = args.instances.split(',').map((n) => Number(n.trim()));
const SAMPLES = Number(args.samples ?? (args.quick ? 2 : 3));
const SAMPLE_SECONDS = Number(args.seconds ?? (args.quick ? 6 : 15));
/** The moderate rate: well under what one instance places at saturation here (~300/s on PG). */
const RATES = (args.rates ?? '30,90').split(',').map(Number);
const STREAMS = Number(args.streams ?? (args.quick ? 500 : 2000));
const IDLE_SECONDS = Number(args['idle-seconds'] ?? (args.quick ? 15 : 30));
const MAX_SECONDS = Number(args['max-seconds'] ?? (args.quick ? 5 : 10));
const only = args.only?.split(',');
const wants = (part: string) => !only || only.includes(part);
const PUSH_SUBSCRIPTIONS = 10; // per owner: an account keeps its 10 newest
const PUSH_SHOPS = { first: 600, count: 100 };
/** Orders a second in the push rows: 10 pushes each, well under the push queue's pace here. */
const PUSH_RATE = Number(args['push-rate'] ?? 10);
const ORDER_SHOPS = { first: 3, count: 590 };
const CLK_TCK = 100;
const PG_ADMIN_URL =
  process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const median = (xs: number[]) => {
  const s = xs.filter((x) => Number.isFinite(x)).sort((a, b) => a - b);
  if (s.length === 0) return NaN;
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};

// ---------------------------------------------------------------------------------------------
// Reading processes from /proc

function cpuTicksOf(pid: number): number | undefined {
  try {
    const stat = fsSync.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const rest = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(rest[11]) + Number(rest[12]);
  } catch {
    return undefined;
  }
}

function rssKbOf(pid: number): number {
  const status = fsSync.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? NaN);
}

function writeBytesOf(pid: number): number {
  try {
    const io = fsSync.readFileSync(`/proc/${pid}/io`, 'utf8');
    return Number(/write_bytes:\s+(\d+)/.exec(io)?.[1] ?? NaN);
  } catch {
    return NaN;
  }
}

/** The machine's busy and total jiffies (all cores), from /proc/stat. */
function machineTicks(): { busy: number; total: number } {
  const line = fsSync.readFileSync('/proc/stat', 'utf8').split('\n')[0]!;
  const f = line.trim().split(/\s+/).slice(1).map(Number);
  const idle = f[3]! + (f[4] ?? 0);
  const total = f.slice(0, 8).reduce((a, b) => a + b, 0);
  return { busy: total - idle, total };
}

/** PostgreSQL processes by their title: this run's backends, and the cluster's shared ones. */
function postgresPids(dbName: string): { backends: number[]; shared: number[] } {
  const backends: number[] = [];
  const shared: number[] = [];
  for (const entry of fsSync.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let title: string;
    try {
      title = fsSync.readFileSync(`/proc/${entry}/cmdline`, 'utf8').replace(/\0/g, ' ').trim();
    } catch {
      continue;
    }
    if (!title.startsWith('postgres: ')) continue;
    if (title.includes(` ${dbName} `) || title.endsWith(` ${dbName}`)) backends.push(Number(entry));
    else if (
      /postgres: (?:[^:]+: )?(walwriter|checkpointer|background writer|autovacuum launcher|logical replication launcher|stats collector)/.test(
        title,
      )
    )
      shared.push(Number(entry));
  }
  return { backends, shared };
}

/**
 * CPU of a changing set of processes over a window: polled every 250 ms, each pid counted from
 * when it was first seen (a pid first seen after the start is counted from zero: it began
 * within the window) to when it was last seen.
 */
class CpuTracker {
  private first = new Map<number, number>();
  private last = new Map<number, number>();
  private timer: NodeJS.Timeout | undefined;
  constructor(private readonly pidsOf: () => number[]) {}
  start() {
    for (const pid of this.pidsOf()) {
      const t = cpuTicksOf(pid);
      if (t !== undefined) {
        this.first.set(pid, t);
        this.last.set(pid, t);
      }
    }
    this.timer = setInterval(() => this.poll(false), 250);
  }
  private poll(_final: boolean) {
    for (const pid of this.pidsOf()) {
      const t = cpuTicksOf(pid);
      if (t === undefined) continue;
      if (!this.first.has(pid)) this.first.set(pid, 0);
      this.last.set(pid, t);
    }
  }
  /** CPU milliseconds over the window. */
  stop(): number {
    clearInterval(this.timer);
    this.poll(true);
    let ticks = 0;
    for (const [pid, last] of this.last) ticks += last - (this.first.get(pid) ?? last);
    return (ticks * 1000) / CLK_TCK;
  }
}

/** Data segments the given processes' sockets sent to port 5432 (≈ round trips to PostgreSQL). */
function segmentsToPostgres(pids: number[]): Map<string, number> {
  const out = new Map<string, number>();
  let text: string;
  try {
    text = execFileSync('ss', ['-tinpH', 'state', 'established', '( dport = :5432 )'], {
      encoding: 'utf8',
    });
  } catch {
    return out;
  }
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i += 1) {
    const head = lines[i]!;
    const pid = Number(/pid=(\d+)/.exec(head)?.[1]);
    if (!pids.includes(pid)) continue;
    const local = head.trim().split(/\s+/)[2] ?? '';
    // The info line follows the socket's line (ss prints it indented).
    const info = lines[i + 1] ?? '';
    const segs = Number(/data_segs_out:(\d+)/.exec(info)?.[1] ?? NaN);
    if (Number.isFinite(segs)) out.set(`${pid}/${local}`, segs);
  }
  return out;
}

function segmentsDelta(before: Map<string, number>, after: Map<string, number>): number {
  let n = 0;
  for (const [k, v] of after) n += v - (before.get(k) ?? 0);
  return n;
}

/**
 * SQLite's WAL frames appended, from its WAL index (<file>-shm), polled every 5 ms: the header's
 * mxFrame (frames in the WAL) grows with each commit and starts again from 0 after a
 * checkpoint, when the WAL's salt changes.
 */
class SqliteWalTracker {
  private fd: number | undefined;
  private frames = 0;
  private lastMx = 0;
  private lastSalt = '';
  private timer: NodeJS.Timeout | undefined;
  pageSize = 4096;
  restarts = 0;
  constructor(private readonly file: string) {}
  private read() {
    if (this.fd === undefined) {
      try {
        this.fd = fsSync.openSync(`${this.file}-shm`, 'r');
      } catch {
        return undefined;
      }
    }
    const buf = Buffer.alloc(48);
    fsSync.readSync(this.fd, buf, 0, 48, 0);
    const sz = buf.readUInt16LE(14);
    this.pageSize = sz === 1 ? 65536 : sz || this.pageSize;
    return { mx: buf.readUInt32LE(16), salt: buf.subarray(32, 40).toString('hex') };
  }
  start() {
    const h = this.read();
    this.lastMx = h?.mx ?? 0;
    this.lastSalt = h?.salt ?? '';
    this.timer = setInterval(() => this.poll(), 5);
  }
  private poll() {
    const h = this.read();
    if (!h) return;
    if (h.salt !== this.lastSalt) {
      this.restarts += 1;
      this.frames += h.mx;
    } else if (h.mx >= this.lastMx) this.frames += h.mx - this.lastMx;
    else this.frames += h.mx; // restarted with the same salt: should not happen
    this.lastMx = h.mx;
    this.lastSalt = h.salt;
  }
  stop(): { frames: number; bytes: number; restarts: number } {
    clearInterval(this.timer);
    this.poll();
    if (this.fd !== undefined) fsSync.closeSync(this.fd);
    this.fd = undefined;
    return {
      frames: this.frames,
      bytes: this.frames * (this.pageSize + 24),
      restarts: this.restarts,
    };
  }
}

// ---------------------------------------------------------------------------------------------
// The deployment under measurement

interface Deployment {
  database: 'sqlite' | 'postgres';
  servers: ServerProcess[];
  /** PostgreSQL only: the run's database and an admin client on it. */
  pg?: { name: string; oid: number; client: pg.Client };
  sqliteFile?: string;
}

interface Counters {
  server: CpuTracker;
  backends?: CpuTracker;
  shared?: CpuTracker;
  loadCpu: NodeJS.CpuUsage;
  machine: { busy: number; total: number };
  at: number;
  segments?: Map<string, number>;
  pgStats?: PgStats;
  wal?: SqliteWalTracker;
  writeBytes: number;
}

interface PgStats {
  xact: number;
  rollback: number;
  returned: number;
  fetched: number;
  inserted: number;
  updated: number;
  deleted: number;
  blksHit: number;
  blksRead: number;
  lsn: string;
  flushLsn: string;
  othersXact: number;
}

async function readPgStats(d: Deployment): Promise<PgStats> {
  const c = d.pg!.client;
  await c.query('select pg_stat_clear_snapshot()');
  const { rows } = await c.query(
    `select xact_commit, xact_rollback, tup_returned, tup_fetched, tup_inserted, tup_updated,
            tup_deleted, blks_hit, blks_read,
            pg_current_wal_lsn()::text as lsn, pg_current_wal_flush_lsn()::text as flush,
            (select coalesce(sum(xact_commit), 0) from pg_stat_database o
              where o.datname is distinct from $1) as others
       from pg_stat_database where datname = $1`,
    [d.pg!.name],
  );
  const r = rows[0];
  return {
    xact: Number(r.xact_commit),
    rollback: Number(r.xact_rollback),
    returned: Number(r.tup_returned),
    fetched: Number(r.tup_fetched),
    inserted: Number(r.tup_inserted),
    updated: Number(r.tup_updated),
    deleted: Number(r.tup_deleted),
    blksHit: Number(r.blks_hit),
    blksRead: Number(r.blks_read),
    lsn: r.lsn,
    flushLsn: r.flush,
    othersXact: Number(r.others),
  };
}

const PG_WAL_DIR = process.env.CAPACITY_PG_WAL_DIR ?? '/var/lib/postgresql/15/main/pg_wal';
const PG_WALDUMP = process.env.CAPACITY_PG_WALDUMP ?? '/usr/lib/postgresql/15/bin/pg_waldump';

/**
 * The WAL of this run's database alone, out of the shared cluster's: pg_waldump over the
 * window, each record counted when a block it touches is in the database (rel <ts>/<oid>/…) or
 * when its transaction touched one (its commit record). Full-page images counted apart.
 */
function walOfDatabase(
  oid: number,
  from: string,
  to: string,
): { bytes: number; fpiBytes: number; records: number } | undefined {
  let text: string;
  try {
    text = execFileSync(PG_WALDUMP, ['-p', PG_WAL_DIR, '-s', from, '-e', to], {
      encoding: 'utf8',
      maxBuffer: 1 << 30,
      stdio: ['ignore', 'pipe', 'ignore'],
    });
  } catch (error) {
    // pg_waldump exits 1 when the last record runs past `to`; what it printed still counts.
    const out = (error as { stdout?: string }).stdout;
    if (!out) return undefined;
    text = out;
  }
  const ours = new RegExp(`rel \\d+/${oid}/`);
  const lines = text.split('\n');
  const xids = new Set<string>();
  for (const line of lines) {
    if (!ours.test(line)) continue;
    const tx = /tx:\s+(\d+)/.exec(line)?.[1];
    if (tx && tx !== '0') xids.add(tx);
  }
  let bytes = 0;
  let fpiBytes = 0;
  let records = 0;
  for (const line of lines) {
    const tx = /tx:\s+(\d+)/.exec(line)?.[1];
    if (!ours.test(line) && !(tx && xids.has(tx))) continue;
    const len = /len \(rec\/tot\):\s+(\d+)\/\s*(\d+)/.exec(line);
    if (!len) continue;
    records += 1;
    bytes += Number(len[2]);
    fpiBytes += Number(len[2]) - Number(len[1]);
  }
  return { bytes, fpiBytes, records };
}

async function walDiff(d: Deployment, from: string, to: string): Promise<number> {
  const { rows } = await d.pg!.client.query('select pg_wal_lsn_diff($1, $2) as n', [to, from]);
  return Number(rows[0].n);
}

async function startCounters(d: Deployment): Promise<Counters> {
  const serverPids = d.servers.map((s) => s.pid);
  const c: Counters = {
    server: new CpuTracker(() => serverPids),
    loadCpu: process.cpuUsage(),
    machine: machineTicks(),
    at: performance.now(),
    writeBytes: serverPids.reduce((n, pid) => n + writeBytesOf(pid), 0),
  };
  if (d.pg) {
    c.pgStats = await readPgStats(d);
    const name = d.pg.name;
    c.backends = new CpuTracker(() => postgresPids(name).backends);
    c.shared = new CpuTracker(() => postgresPids(name).shared);
    c.segments = segmentsToPostgres(serverPids);
    c.backends.start();
    c.shared.start();
  }
  if (d.sqliteFile) {
    c.wal = new SqliteWalTracker(d.sqliteFile);
    c.wal.start();
  }
  c.machine = machineTicks();
  c.loadCpu = process.cpuUsage();
  c.at = performance.now();
  c.server.start();
  return c;
}

/** Per-window totals (not yet divided by orders). */
interface Window {
  seconds: number;
  serverCpuMs: number;
  dbCpuMs: number | null;
  pgSharedCpuMs: number | null;
  loadCpuMs: number;
  /** Fraction of the machine's cores busy (everything on it), and the part that was not ours. */
  machineBusy: number;
  othersBusy: number;
  /** PostgreSQL: this database's WAL (pg_waldump); SQLite: the WAL frames appended. */
  walBytes: number;
  /** PostgreSQL: of walBytes, full-page images; and the whole cluster's WAL (others' too). */
  walFpiBytes?: number;
  clusterWalBytes?: number;
  walFrames?: number;
  writeBytes: number;
  segments: number | null;
  pg?: Omit<PgStats, 'lsn' | 'flushLsn'>;
}

async function stopCounters(d: Deployment, c: Counters): Promise<Window> {
  const serverCpuMs = c.server.stop();
  const load = process.cpuUsage(c.loadCpu);
  const machine = machineTicks();
  const seconds = (performance.now() - c.at) / 1000;
  const loadCpuMs = (load.user + load.system) / 1000;
  const serverPids = d.servers.map((s) => s.pid);
  const writeBytes = serverPids.reduce((n, pid) => n + writeBytesOf(pid), 0) - c.writeBytes;
  let dbCpuMs: number | null = null;
  let pgSharedCpuMs: number | null = null;
  let walBytes = NaN;
  let walFrames: number | undefined;
  let segments: number | null = null;
  let pgDelta: Window['pg'];
  let walExtra: Pick<Window, 'clusterWalBytes' | 'walFpiBytes'> = {};
  if (d.pg) {
    segments = segmentsDelta(c.segments!, segmentsToPostgres(serverPids));
    dbCpuMs = c.backends!.stop();
    pgSharedCpuMs = c.shared!.stop();
    // pg_stat_database is flushed by each backend about once a second.
    await sleep(1200);
    const after = await readPgStats(d);
    const before = c.pgStats!;
    const clusterWalBytes = await walDiff(d, before.lsn, after.lsn);
    const ours = walOfDatabase(d.pg.oid, before.flushLsn, after.flushLsn);
    walBytes = ours?.bytes ?? clusterWalBytes;
    walExtra = { clusterWalBytes, walFpiBytes: ours?.fpiBytes };
    pgDelta = {
      xact: after.xact - before.xact,
      rollback: after.rollback - before.rollback,
      returned: after.returned - before.returned,
      fetched: after.fetched - before.fetched,
      inserted: after.inserted - before.inserted,
      updated: after.updated - before.updated,
      deleted: after.deleted - before.deleted,
      blksHit: after.blksHit - before.blksHit,
      blksRead: after.blksRead - before.blksRead,
      othersXact: after.othersXact - before.othersXact,
    };
  }
  if (c.wal) {
    const w = c.wal.stop();
    walBytes = w.bytes;
    walFrames = w.frames;
  }
  const cores = os.cpus().length;
  const machineBusy = (machine.busy - c.machine.busy) / (machine.total - c.machine.total);
  const oursMs = serverCpuMs + (dbCpuMs ?? 0) + (pgSharedCpuMs ?? 0) + loadCpuMs;
  const othersBusy = Math.max(0, machineBusy - oursMs / 1000 / seconds / cores);
  return {
    seconds,
    serverCpuMs,
    dbCpuMs,
    pgSharedCpuMs,
    loadCpuMs,
    machineBusy,
    othersBusy,
    walBytes,
    ...walExtra,
    walFrames,
    writeBytes,
    segments,
    pg: pgDelta,
  };
}

// ---------------------------------------------------------------------------------------------
// Orders

/** What a phone's browser sends beside the call's own headers (Chrome on Android, HTTP/1.1). */
const BROWSER_HEADERS: Record<string, string> = {
  'user-agent':
    'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
  accept: 'application/json',
  'accept-language': 'es-MX,es;q=0.9,en;q=0.8',
  'accept-encoding': 'gzip, deflate, br, zstd',
  origin: 'https://tianguis.mx',
  referer: 'https://tianguis.mx/tienda/escala10',
  'sec-ch-ua': '"Chromium";v="131", "Not_A Brand";v="24"',
  'sec-ch-ua-mobile': '?1',
  'sec-ch-ua-platform': '"Android"',
  'sec-fetch-dest': 'empty',
  'sec-fetch-mode': 'cors',
  'sec-fetch-site': 'same-origin',
};

let orderSerial = 0;

function guestBody(seeded: SeededScale, shopIndex: number, n: number) {
  return {
    tiendaId: seeded.shops[shopIndex]!.id,
    lineas: CHECKOUT_PRODUCTS.map((p) => ({
      productoId: seeded.productoIdOf(shopIndex, p),
      cantidad: 1,
    })),
    cliente: { nombreCompleto: 'Vecina de prueba', celular: String(5500000000 + n) },
    entrega: { tipo: 'DOMICILIO', direccion: 'Calle 5 de Mayo 123', referencias: 'Portón verde' },
    pago: { metodo: 'EFECTIVO' },
  };
}

async function post(
  base: string,
  url: string,
  body: unknown,
  headers: Record<string, string>,
): Promise<{ status: number; json: unknown; headers: Headers }> {
  const res = await fetch(base + url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = text;
  }
  return { status: res.status, json, headers: res.headers };
}

interface OrderMaker {
  /** Places one whole order (its calls in turn); answers whether it was placed. */
  place(): Promise<boolean>;
}

/** Signed-in shoppers, each in turn: addItem, addItem, proccesscart; spread over shops. */
function signedInOrders(
  bases: string[],
  seeded: SeededScale,
  shoppers: { email: string; token: string }[],
): OrderMaker {
  const busy = new Set<number>();
  const count = new Map<number, number>();
  let next = 0;
  return {
    async place() {
      // The next shopper with no order under way.
      let j = -1;
      for (let k = 0; k < shoppers.length; k += 1) {
        const c = (next + k) % shoppers.length;
        if (!busy.has(c)) {
          j = c;
          break;
        }
      }
      if (j < 0) return false;
      next = j + 1;
      busy.add(j);
      try {
        const n = count.get(j) ?? 0;
        count.set(j, n + 1);
        const shop = ORDER_SHOPS.first + ((j * 37 + n * 13) % ORDER_SHOPS.count);
        const base = bases[j % bases.length]!;
        const auth = { authorization: `Bearer ${shoppers[j]!.token}` };
        for (const p of CHECKOUT_PRODUCTS) {
          const r = await post(
            base,
            '/api/shoppingcartmarket/addItem',
            { productoId: seeded.productoIdOf(shop, p) },
            auth,
          );
          if (r.status !== 200) throw new Error(`addItem ${r.status} ${JSON.stringify(r.json)}`);
        }
        const r = await post(
          base,
          '/api/shoppingcartmarket/proccesscart',
          { tiendaId: seeded.shops[shop]!.id },
          { ...auth, 'idempotency-key': `cap-${process.pid}-${j}-${n}-${Date.now()}` },
        );
        if (r.status !== 200) throw new Error(`proccesscart ${r.status} ${JSON.stringify(r.json)}`);
        return true;
      } finally {
        busy.delete(j);
      }
    },
  };
}

/** Guest orders (POST /api/pedido/invitado), each from its own phone and address. */
function guestOrders(
  bases: string[],
  seeded: SeededScale,
  shops: { first: number; count: number },
  seguimientos?: string[],
): OrderMaker {
  let k = 0;
  return {
    async place() {
      const n = ++orderSerial;
      const shop = shops.first + (k++ % shops.count);
      const r = await post(
        bases[n % bases.length]!,
        '/api/pedido/invitado',
        guestBody(seeded, shop, n),
        {
          'idempotency-key': `cap-${process.pid}-g${n}-${Date.now()}`,
          'x-forwarded-for': addressOf(40_000 + n),
        },
      );
      if (r.status !== 201) throw new Error(`invitado ${r.status} ${JSON.stringify(r.json)}`);
      const s = (r.json as { seguimiento?: string }).seguimiento;
      if (s && seguimientos) seguimientos.push(s);
      return true;
    },
  };
}

/** Starts one order every 1/rate s for `seconds`; answers how many were placed and failed. */
async function paced(
  maker: OrderMaker,
  rate: number,
  seconds: number,
): Promise<{ placed: number; failed: number; skipped: number; errors: string[] }> {
  let placed = 0;
  let failed = 0;
  let skipped = 0;
  const errors: string[] = [];
  const inFlight = new Set<Promise<void>>();
  const started = performance.now();
  const total = Math.round(rate * seconds);
  for (let i = 0; i < total; i += 1) {
    const due = started + (i * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 0) await sleep(wait);
    if (inFlight.size >= 200) {
      skipped += 1;
      continue;
    }
    const p: Promise<void> = maker
      .place()
      .then((ok) => {
        if (ok) placed += 1;
        else skipped += 1;
      })
      .catch((e: unknown) => {
        failed += 1;
        if (errors.length < 5) errors.push(String(e));
      })
      .finally(() => inFlight.delete(p));
    inFlight.add(p);
  }
  await Promise.all(inFlight);
  return { placed, failed, skipped, errors };
}

interface PerOrder {
  orders: number;
  failed: number;
  seconds: number;
  rate: number;
  serverCpuMs: number;
  dbCpuMs: number | null;
  pgSharedCpuMs: number | null;
  loadCpuMs: number;
  walBytes: number;
  walFpiBytes: number | null;
  clusterWalBytes: number | null;
  writeBytes: number;
  segments: number | null;
  xact: number | null;
  /** Pushes the stand-in received during the window (the push rows). */
  pushes?: number;
  rows: Record<string, number> | null;
  machineBusy: number;
  othersBusy: number;
  othersXactPerS: number | null;
  /** The same less what the deployment does when idle over as long (sweeps, health checks). */
  net: NetPerOrder | null;
}

interface NetPerOrder {
  serverCpuMs: number;
  dbCpuMs: number | null;
  segments: number | null;
  xact: number | null;
  walBytes: number;
}

let idleWindow: Window | undefined;

function netOf(w: Window, divideBy: number): NetPerOrder | null {
  const idle = idleWindow;
  if (!idle) return null;
  const f = w.seconds / idle.seconds;
  const less = (x: number | null, y: number | null) =>
    x === null || y === null ? null : (x - y * f) / divideBy;
  return {
    serverCpuMs: less(w.serverCpuMs, idle.serverCpuMs)!,
    dbCpuMs: less(w.dbCpuMs, idle.dbCpuMs),
    segments: less(w.segments, idle.segments),
    xact: w.pg && idle.pg ? less(w.pg.xact, idle.pg.xact) : null,
    walBytes: less(w.walBytes, idle.walBytes)!,
  };
}

function perOrder(w: Window, orders: number, failed: number, divideBy = orders): PerOrder {
  const per = (x: number | null) => (x === null ? null : x / divideBy);
  return {
    net: netOf(w, divideBy),
    orders,
    failed,
    seconds: w.seconds,
    rate: orders / w.seconds,
    serverCpuMs: w.serverCpuMs / divideBy,
    dbCpuMs: per(w.dbCpuMs),
    pgSharedCpuMs: per(w.pgSharedCpuMs),
    loadCpuMs: w.loadCpuMs / divideBy,
    walBytes: w.walBytes / divideBy,
    walFpiBytes: w.walFpiBytes === undefined ? null : w.walFpiBytes / divideBy,
    clusterWalBytes: w.clusterWalBytes === undefined ? null : w.clusterWalBytes / divideBy,
    writeBytes: w.writeBytes / divideBy,
    segments: per(w.segments),
    xact: w.pg ? w.pg.xact / divideBy : null,
    rows: w.pg
      ? {
          returned: w.pg.returned / divideBy,
          fetched: w.pg.fetched / divideBy,
          inserted: w.pg.inserted / divideBy,
          updated: w.pg.updated / divideBy,
          deleted: w.pg.deleted / divideBy,
          blksHit: w.pg.blksHit / divideBy,
        }
      : null,
    machineBusy: w.machineBusy,
    othersBusy: w.othersBusy,
    othersXactPerS: w.pg ? w.pg.othersXact / w.seconds : null,
  };
}

/** Median of each numeric field over the samples. */
function medianOf(samples: PerOrder[]): PerOrder {
  const pick = (f: (s: PerOrder) => number | null) => {
    const xs = samples.map(f).filter((x): x is number => x !== null);
    return xs.length === 0 ? null : median(xs);
  };
  const rows = samples[0]?.rows
    ? Object.fromEntries(
        Object.keys(samples[0].rows).map((k) => [k, median(samples.map((s) => s.rows![k]!))]),
      )
    : null;
  return {
    orders: samples.reduce((n, s) => n + s.orders, 0),
    failed: samples.reduce((n, s) => n + s.failed, 0),
    seconds: pick((s) => s.seconds)!,
    rate: pick((s) => s.rate)!,
    serverCpuMs: pick((s) => s.serverCpuMs)!,
    dbCpuMs: pick((s) => s.dbCpuMs),
    pgSharedCpuMs: pick((s) => s.pgSharedCpuMs),
    loadCpuMs: pick((s) => s.loadCpuMs)!,
    walBytes: pick((s) => s.walBytes)!,
    walFpiBytes: pick((s) => s.walFpiBytes),
    clusterWalBytes: pick((s) => s.clusterWalBytes),
    writeBytes: pick((s) => s.writeBytes)!,
    segments: pick((s) => s.segments),
    xact: pick((s) => s.xact),
    rows,
    machineBusy: pick((s) => s.machineBusy)!,
    othersBusy: pick((s) => s.othersBusy)!,
    othersXactPerS: pick((s) => s.othersXactPerS),
    net: samples[0]?.net
      ? {
          serverCpuMs: pick((s) => s.net!.serverCpuMs)!,
          dbCpuMs: pick((s) => s.net!.dbCpuMs),
          segments: pick((s) => s.net!.segments),
          xact: pick((s) => s.net!.xact),
          walBytes: pick((s) => s.net!.walBytes)!,
        }
      : null,
  };
}

/** What the deployment does with no traffic at all, over `seconds`. */
async function measureIdle(d: Deployment, seconds: number): Promise<Window> {
  await sleep(1000);
  const c = await startCounters(d);
  await sleep(seconds * 1000);
  const w = await stopCounters(d, c);
  console.log(
    `  en reposo ${seconds} s: servidor ${(w.serverCpuMs / w.seconds).toFixed(1)} ms/s, base ${w.dbCpuMs === null ? '–' : (w.dbCpuMs / w.seconds).toFixed(1)} ms/s, viajes ${w.segments === null ? '–' : (w.segments / w.seconds).toFixed(1)}/s, tx ${w.pg ? (w.pg.xact / w.seconds).toFixed(1) : '–'}/s, WAL ${(w.walBytes / w.seconds).toFixed(0)} B/s`,
  );
  return w;
}

async function measurePaced(
  d: Deployment,
  label: string,
  maker: OrderMaker,
  rate: number,
  pushes?: { wait: () => Promise<void>; count: () => number },
): Promise<{ median: PerOrder; samples: PerOrder[] }> {
  // Warm-up: the shops' versions, products and prepared statements, as a running server has them.
  await paced(maker, rate, args.quick ? 2 : 4);
  await pushes?.wait();
  await sleep(500);
  const samples: PerOrder[] = [];
  for (let s = 0; s < SAMPLES; s += 1) {
    const pushedBefore = pushes?.count() ?? 0;
    const c = await startCounters(d);
    const r = await paced(maker, rate, SAMPLE_SECONDS);
    await pushes?.wait();
    const w = await stopCounters(d, c);
    if (r.errors.length > 0) console.log(`    errores: ${r.errors.join(' | ')}`);
    const p = perOrder(w, r.placed, r.failed);
    if (pushes) p.pushes = pushes.count() - pushedBefore;
    samples.push(p);
    console.log(
      `  ${label} #${s + 1}: ${p.orders} pedidos (${p.rate.toFixed(1)}/s, ${r.failed} fallidos, ${r.skipped} omitidos); servidor ${p.serverCpuMs.toFixed(2)} ms, base ${p.dbCpuMs?.toFixed(2) ?? '–'} ms, carga ${p.loadCpuMs.toFixed(2)} ms, WAL ${Math.round(p.walBytes)} B, viajes ${p.segments?.toFixed(1) ?? '–'}, tx ${p.xact?.toFixed(2) ?? '–'}; máquina ${(p.machineBusy * 100).toFixed(0)} % ocupada (${(p.othersBusy * 100).toFixed(0)} % ajena)`,
    );
  }
  return { median: medianOf(samples), samples };
}

// ---------------------------------------------------------------------------------------------
// Bytes on the wire

interface WireCall {
  call: string;
  requestBytes: number;
  responseBytes: number;
}

/** Each call on one keep-alive HTTP/1.1 socket; bytes counted on the socket itself. */
async function wireBytes(
  base: string,
  calls: {
    call: string;
    method: string;
    path: string;
    headers: Record<string, string>;
    body?: unknown;
  }[],
): Promise<WireCall[]> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const url = new URL(base);
  const out: WireCall[] = [];
  let written = 0;
  let read = 0;
  let socket: Socket | undefined;
  try {
    for (const c of calls) {
      const body = c.body === undefined ? undefined : JSON.stringify(c.body);
      await new Promise<void>((resolve, reject) => {
        const req = http.request(
          {
            agent,
            host: url.hostname,
            port: url.port,
            method: c.method,
            path: c.path,
            headers: {
              ...BROWSER_HEADERS,
              ...(body !== undefined && {
                'content-type': 'application/json',
                'content-length': Buffer.byteLength(body),
              }),
              ...c.headers,
            },
          },
          (res) => {
            res.on('data', () => undefined);
            res.on('end', () => {
              // The socket goes back to the agent after 'end': read its counters on the next tick.
              setImmediate(() => {
                const s = socket!;
                if (res.statusCode! >= 300) {
                  reject(new Error(`${c.call}: ${res.statusCode}`));
                  return;
                }
                out.push({
                  call: c.call,
                  requestBytes: s.bytesWritten - written,
                  responseBytes: s.bytesRead - read,
                });
                written = s.bytesWritten;
                read = s.bytesRead;
                resolve();
              });
            });
          },
        );
        req.on('socket', (s) => {
          if (socket && s !== socket) reject(new Error('another socket'));
          socket = s;
        });
        req.on('error', reject);
        req.end(body);
      });
    }
  } finally {
    agent.destroy();
  }
  return out;
}

async function measureWire(
  base: string,
  seeded: SeededScale,
  shopper: { token: string },
  rounds = 5,
): Promise<Record<string, { request: number; response: number }>> {
  const all: WireCall[] = [];
  for (let k = 0; k < rounds; k += 1) {
    const shop = 700 + k;
    const auth = { authorization: `Bearer ${shopper.token}` };
    const n = ++orderSerial;
    all.push(
      ...(await wireBytes(base, [
        ...CHECKOUT_PRODUCTS.map((p, i) => ({
          call: `addItem ${i + 1}`,
          method: 'POST',
          path: '/api/shoppingcartmarket/addItem',
          headers: auth,
          body: { productoId: seeded.productoIdOf(shop, p) },
        })),
        {
          call: 'proccesscart',
          method: 'POST',
          path: '/api/shoppingcartmarket/proccesscart',
          headers: { ...auth, 'idempotency-key': `cap-wire-${process.pid}-${k}-${Date.now()}` },
          body: { tiendaId: seeded.shops[shop]!.id },
        },
        {
          call: 'invitado',
          method: 'POST',
          path: '/api/pedido/invitado',
          headers: {
            'idempotency-key': `cap-wire-g-${process.pid}-${k}-${Date.now()}`,
            'x-forwarded-for': addressOf(60_000 + n),
          },
          body: guestBody(seeded, shop, 100_000 + n),
        },
      ])),
    );
  }
  const out: Record<string, { request: number; response: number }> = {};
  for (const call of new Set(all.map((c) => c.call))) {
    const of = all.filter((c) => c.call === call);
    out[call] = {
      request: median(of.map((c) => c.requestBytes)),
      response: median(of.map((c) => c.responseBytes)),
    };
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Live streams

interface StreamCosts {
  streams: number;
  rssKbBefore: number;
  rssKbAt: { streams: number; rssKb: number }[];
  rssKbPer1000: number;
  idleCpuMsPerMinuteNoStreams: number;
  idleCpuMsPerMinuteWithStreams: number;
  cpuMsPerStreamPerMinute: number;
  /** The same in the load process that holds the streams open (a browser's share). */
  heartbeatBytesPerStreamPerMinute: number;
}

async function measureStreams(
  d: Deployment,
  seguimientos: string[],
  count: number,
): Promise<StreamCosts> {
  const server = d.servers[0]!;
  const idleCpu = async () => {
    const t = new CpuTracker(() => [server.pid]);
    t.start();
    const started = performance.now();
    await sleep(IDLE_SECONDS * 1000);
    return (t.stop() * 60_000) / (performance.now() - started);
  };
  await sleep(2000);
  const rssKbBefore = rssKbOf(server.pid);
  const idle0 = await idleCpu();
  const aborts: AbortController[] = [];
  let bytes = 0;
  const rssKbAt: StreamCosts['rssKbAt'] = [];
  const perSecret = 4; // a tracking secret may hold 5 streams at once
  const open = async (k: number) => {
    const s = seguimientos[Math.floor(k / perSecret) % seguimientos.length]!;
    const abort = new AbortController();
    const res = await fetch(`${server.base}/api/pedido/seguimiento/${s}/eventos`, {
      headers: { accept: 'text/event-stream' },
      signal: abort.signal,
    });
    if (res.status !== 200 || !res.body) throw new Error(`flujo ${res.status} ${await res.text()}`);
    aborts.push(abort);
    const reader = res.body.getReader();
    void (async () => {
      try {
        for (;;) {
          const { value, done } = await reader.read();
          if (done) return;
          bytes += value.byteLength;
        }
      } catch {
        // closed
      }
    })();
  };
  if (seguimientos.length * perSecret < count)
    throw new Error(`hacen falta ${count / perSecret} seguimientos, hay ${seguimientos.length}`);
  try {
    const step = Math.max(1, Math.floor(count / 2));
    for (let opened = 0; opened < count;) {
      const upTo = Math.min(count, opened + step);
      for (let k = opened; k < upTo; k += 50) {
        await Promise.all(Array.from({ length: Math.min(50, upTo - k) }, (_, i) => open(k + i)));
      }
      opened = upTo;
      await sleep(3000);
      rssKbAt.push({ streams: opened, rssKb: rssKbOf(server.pid) });
      console.log(`  ${opened} flujos abiertos: RSS ${(rssKbOf(server.pid) / 1024).toFixed(1)} MB`);
    }
    const bytesBefore = bytes;
    const startedAt = performance.now();
    const idleN = await idleCpu();
    const minutes = (performance.now() - startedAt) / 60_000;
    const last = rssKbAt.at(-1)!;
    const costs: StreamCosts = {
      streams: count,
      rssKbBefore,
      rssKbAt,
      rssKbPer1000: ((last.rssKb - rssKbBefore) / last.streams) * 1000,
      idleCpuMsPerMinuteNoStreams: idle0,
      idleCpuMsPerMinuteWithStreams: idleN,
      cpuMsPerStreamPerMinute: (idleN - idle0) / count,
      heartbeatBytesPerStreamPerMinute: (bytes - bytesBefore) / count / minutes,
    };
    console.log(
      `  flujos: ${costs.rssKbPer1000.toFixed(0)} KB de RSS por 1.000; CPU en reposo ${idle0.toFixed(0)} → ${idleN.toFixed(0)} ms/min (${costs.cpuMsPerStreamPerMinute.toFixed(3)} ms por flujo y minuto)`,
    );
    return costs;
  } finally {
    for (const a of aborts) a.abort();
    await sleep(1000);
  }
}

// ---------------------------------------------------------------------------------------------
// Saturation: the most orders a second

interface MaxRun {
  instances: number;
  ordersPerSecond: number;
  errors: number;
  serverCpuMsPerOrder: number;
  dbCpuMsPerOrder: number | null;
  pgSharedCpuMsPerOrder: number | null;
  loadCpuMsPerOrder: number;
  machineBusy: number;
  othersBusy: number;
  /** Cores each party used on average. */
  cores: { server: number; db: number | null; load: number; others: number };
}

async function measureMax(
  d: Deployment,
  seeded: SeededScale,
  shoppers: { email: string; token: string }[],
): Promise<MaxRun[]> {
  const bases = d.servers.map((s) => s.base);
  const spread = 900;
  const flow = (i: number) =>
    checkoutLoop({
      seeded,
      token: shoppers[i % shoppers.length]!.token,
      shopOf: (order) => ORDER_SHOPS.first + ((i * 7 + order) % spread),
      keyOf: (order) => `cap-max-${process.pid}-${i}-${order}-${Date.now()}`,
    });
  await runLoadSpread({ bases, connections: 50, seconds: args.quick ? 2 : 5, flow });
  const runs: MaxRun[] = [];
  for (let k = 0; k < Math.max(2, SAMPLES - 1); k += 1) {
    await sleep(1000);
    const c = await startCounters(d);
    const result = await runLoadSpread({ bases, connections: 50, seconds: MAX_SECONDS, flow });
    const w = await stopCounters(d, c);
    const stats = result.kinds.get('proccesscart');
    const orders = (stats?.count ?? 0) - (stats?.errors ?? 0);
    const cores = os.cpus().length;
    const run: MaxRun = {
      instances: d.servers.length,
      ordersPerSecond: orders / result.seconds,
      errors:
        [...result.kinds.values()].reduce((n, s) => n + s.errors, 0) +
        result.socketErrors +
        result.timeouts,
      serverCpuMsPerOrder: w.serverCpuMs / orders,
      dbCpuMsPerOrder: w.dbCpuMs === null ? null : w.dbCpuMs / orders,
      pgSharedCpuMsPerOrder: w.pgSharedCpuMs === null ? null : w.pgSharedCpuMs / orders,
      loadCpuMsPerOrder: w.loadCpuMs / orders,
      machineBusy: w.machineBusy,
      othersBusy: w.othersBusy,
      cores: {
        server: w.serverCpuMs / 1000 / w.seconds,
        db: w.dbCpuMs === null ? null : (w.dbCpuMs + (w.pgSharedCpuMs ?? 0)) / 1000 / w.seconds,
        load: w.loadCpuMs / 1000 / w.seconds,
        others: w.othersBusy * cores,
      },
    };
    runs.push(run);
    console.log(
      `  máximo, ${run.instances} instancia(s): ${run.ordersPerSecond.toFixed(0)} pedidos/s, ${run.errors} errores; núcleos: servidor ${run.cores.server.toFixed(2)}, base ${run.cores.db?.toFixed(2) ?? '–'}, carga ${run.cores.load.toFixed(2)}, ajenos ${run.cores.others.toFixed(2)}; por pedido servidor ${run.serverCpuMsPerOrder.toFixed(2)} ms, base ${run.dbCpuMsPerOrder?.toFixed(2) ?? '–'} ms, carga ${run.loadCpuMsPerOrder.toFixed(2)} ms`,
    );
  }
  return runs;
}

// ---------------------------------------------------------------------------------------------
// One database

interface PushCosts {
  subscriptionsPerOrder: number;
  withPush: PerOrder;
  withoutPush: PerOrder;
  serverCpuMsPerPush: number;
  dbCpuMsPerPush: number | null;
  pushesReceived: number;
  problems: string[];
}

interface DeploymentResult {
  database: string;
  instances: number;
  dbPoolMax: number;
  /** The deployment with no traffic (its sweeps and health checks), subtracted in `net`. */
  idle?: Window;
  /** Orders at each steady rate: signed-in (2 addItem + proccesscart) and guest. */
  paced: { kind: 'signed-in' | 'guest'; rate: number; median: PerOrder; samples: PerOrder[] }[];
  push?: PushCosts;
  wire?: Record<string, { request: number; response: number }>;
  streams?: StreamCosts;
  max?: MaxRun[];
}

const results: DeploymentResult[] = [];

async function runDeployment(
  database: 'sqlite' | 'postgres',
  databaseUrl: string,
  seeded: SeededScale,
  instances: number,
  tmp: string,
  extra: Pick<Deployment, 'pg' | 'sqliteFile'>,
  round: number,
) {
  console.log(`\n${database}, ${instances} instancia(s):`);
  const jwtSecret = randomBytes(32).toString('hex');
  const servers: ServerProcess[] = [];
  const dbPoolMax = 10;
  try {
    for (let k = 0; k < instances; k += 1) {
      servers.push(
        await startBuiltServer({
          root,
          database: `${database}-${round}-${k + 1}`,
          databaseUrl,
          tmp,
          logLevel: process.env.BENCH_LOG_LEVEL ?? 'warn',
          env: {
            TRUST_PROXY: '127.0.0.1',
            PUSH_ORIGINS: 'http://127.0.0.1:*',
            JWT_SECRET: jwtSecret,
            DB_POOL_MAX: String(dbPoolMax),
            // No escalation during the run: a later sample would carry the SMS and e-mails of
            // an earlier one's unaccepted orders.
            ALERTA_ESCALAR_S: '86400',
          },
        }),
      );
    }
    const d: Deployment = { database, servers, ...extra };
    const bases = servers.map((s) => s.base);
    const result: DeploymentResult = { database, instances, dbPoolMax, paced: [] };
    results.push(result);

    // Each deployment its own shoppers, so no shopper reaches 3 NUEVO orders at one shop.
    const first = round * 200;
    const emails = seeded.shoppers.slice(first, first + 150).map((c) => c.email);
    const tokens = await signInSeeded(bases[0]!, emails, (i) => ({
      'x-forwarded-for': addressOf(1000 + round * 200 + i),
    }));
    const paceShoppers = emails
      .slice(0, 100)
      .map((email) => ({ email, token: tokens.get(email)! }));
    const maxShoppers = emails.slice(100).map((email) => ({ email, token: tokens.get(email)! }));

    idleWindow = undefined;
    result.idle = await measureIdle(d, args.quick ? 5 : 15);
    idleWindow = result.idle;
    if (instances === 1 && wants('wire')) {
      result.wire = await measureWire(bases[0]!, seeded, maxShoppers[0]!);
      console.log('  bytes:', JSON.stringify(result.wire));
    }
    const seguimientos: string[] = [];
    const signedIn = signedInOrders(bases, seeded, paceShoppers);
    const guest = guestOrders(bases, seeded, ORDER_SHOPS, seguimientos);
    for (const rate of RATES) {
      if (wants('orders')) {
        const m = await measurePaced(d, `con cuenta, ${rate}/s`, signedIn, rate);
        result.paced.push({ kind: 'signed-in', rate, ...m });
      }
      if (wants('orders') || (wants('streams') && rate === RATES[0])) {
        const m = await measurePaced(d, `invitado, ${rate}/s`, guest, rate);
        result.paced.push({ kind: 'guest', rate, ...m });
      }
    }
    if (instances === 1 && wants('streams')) {
      result.streams = await measureStreams(d, seguimientos, STREAMS);
    }
    if (instances === 1 && wants('push')) {
      result.push = await measurePush(d, seeded);
    }
    if (wants('max')) result.max = await measureMax(d, seeded, maxShoppers);
  } finally {
    await Promise.all(servers.map((s) => s.stop()));
  }
}

async function measurePush(d: Deployment, seeded: SeededScale): Promise<PushCosts> {
  const base = d.servers[0]!.base;
  const service = await startPushServiceStandIn();
  try {
    const shops = seeded.shops.slice(PUSH_SHOPS.first, PUSH_SHOPS.first + PUSH_SHOPS.count);
    const tokens = await signInSeeded(
      base,
      shops.map((s) => s.ownerEmail),
      (i) => ({ 'x-forwarded-for': addressOf(20_000 + i) }),
    );
    const clave = (await (await fetch(`${base}/api/push/clavepublica`)).json()) as {
      publicKey: string;
    };
    service.expectedVapidKey = clave.publicKey;
    const ids: string[] = [];
    for (const shop of shops) {
      for (let k = 0; k < PUSH_SUBSCRIPTIONS; k += 1) {
        const sub = service.subscribe();
        ids.push(sub.id);
        const res = await fetch(`${base}/api/push/suscribir`, {
          method: 'POST',
          headers: {
            authorization: `Bearer ${tokens.get(shop.ownerEmail)!}`,
            'content-type': 'application/json',
          },
          body: JSON.stringify(sub.json),
        });
        if (res.status !== 201) throw new Error(`suscribir: ${res.status} ${await res.text()}`);
      }
    }
    const receivedCount = () => ids.reduce((n, id) => n + service.received(id).length, 0);
    let expected = 0;
    const maker = guestOrders([base], seeded, PUSH_SHOPS);
    const counting: OrderMaker = {
      async place() {
        const ok = await maker.place();
        if (ok) expected += PUSH_SUBSCRIPTIONS;
        return ok;
      },
    };
    const wait = async () => {
      const deadline = performance.now() + 15_000;
      while (receivedCount() < expected && performance.now() < deadline) await sleep(20);
    };
    // The same guest orders at the same rate, to shops nobody subscribed to, then to the
    // subscribed ones: the difference is the pushes'.
    const without = await measurePaced(
      d,
      `invitado sin avisos, ${PUSH_RATE}/s`,
      guestOrders([base], seeded, ORDER_SHOPS),
      PUSH_RATE,
    );
    const withPush = await measurePaced(
      d,
      `invitado con ${PUSH_SUBSCRIPTIONS} avisos, ${PUSH_RATE}/s`,
      counting,
      PUSH_RATE,
      { wait, count: receivedCount },
    );
    const w = withPush.median;
    const withoutPush = without.median;
    const perPush = (f: (p: PerOrder) => number | null) =>
      median(
        withPush.samples.map(
          (s) => ((f(s) ?? NaN) - (f(withoutPush) ?? NaN)) * (s.orders / (s.pushes || NaN)),
        ),
      );
    const costs: PushCosts = {
      subscriptionsPerOrder: PUSH_SUBSCRIPTIONS,
      withPush: w,
      withoutPush,
      serverCpuMsPerPush: perPush((p) => p.serverCpuMs),
      dbCpuMsPerPush: w.dbCpuMs === null ? null : perPush((p) => p.dbCpuMs),
      pushesReceived: receivedCount(),
      problems: service.problems.slice(0, 5),
    };
    console.log(
      `  avisos: ${costs.serverCpuMsPerPush.toFixed(3)} ms de CPU del servidor por aviso (${costs.pushesReceived} recibidos, ${service.problems.length} problemas)`,
    );
    return costs;
  } finally {
    await service.close();
  }
}

async function seed(databaseUrl: string): Promise<SeededScale> {
  const { db, dialect } = createDb(databaseUrl);
  try {
    await migrateToLatest(db);
    return await seedScale(db, dialect, BENCH_SCALE, console.log);
  } finally {
    await db.destroy();
  }
}

function fmt(x: number | null | undefined, digits = 2): string {
  return x === null || x === undefined || Number.isNaN(x) ? '–' : x.toFixed(digits);
}

function summary(): string {
  const body: string[][] = [];
  for (const r of results) {
    for (const p of r.paced) {
      const m = p.median;
      const what =
        p.kind === 'signed-in' ? 'signed-in order (2 addItem + proccesscart)' : 'guest order';
      const both = (raw: number | null, net: number | null | undefined, digits = 2) =>
        `${fmt(raw, digits)} (${fmt(net, digits)})`;
      body.push([
        r.database,
        String(r.instances),
        what,
        `${m.rate.toFixed(1)}/s`,
        both(m.serverCpuMs, m.net?.serverCpuMs),
        both(m.dbCpuMs, m.net?.dbCpuMs),
        fmt(m.pgSharedCpuMs),
        fmt(m.loadCpuMs),
        both(m.segments, m.net?.segments, 1),
        both(m.xact, m.net?.xact, 1),
        `${(m.walBytes / 1024).toFixed(1)} (${((m.net?.walBytes ?? NaN) / 1024).toFixed(1)}) KB`,
        `${(m.machineBusy * 100).toFixed(0)} % (${(m.othersBusy * 100).toFixed(0)} %)`,
      ]);
    }
  }
  return markdownTable(
    [
      'database',
      'inst',
      'what',
      'rate',
      'server CPU ms (net of idle)',
      'db backends CPU ms (net)',
      'pg shared CPU ms',
      'load gen CPU ms',
      'round trips (net)',
      'pg transactions (net)',
      'WAL (net)',
      'machine busy (not ours)',
    ],
    body,
    3,
  );
}

async function main() {
  compileServer(root);
  // On disk, not tmpfs: SQLite's WAL and fsyncs as a server has them.
  const tmp = await fs.mkdtemp(path.join(root, 'bench/results/.capacity-'));
  const startedAt = new Date();
  const load = os.loadavg();
  const git = (a: string[]) => execFileSync('git', a, { cwd: root, encoding: 'utf8' }).trim();
  const head = git(['rev-parse', '--short', 'HEAD']);
  const dirty = git(['status', '--short', '--', 'packages/server', 'packages/domain']);
  console.log(
    `${os.cpus().length} núcleos, carga ${load.map((l) => l.toFixed(2)).join(' ')}; ${SAMPLES} muestras de ${SAMPLE_SECONDS} s a ${RATES.join(' y ')} pedidos/s; servidor ${head}${dirty ? ' con cambios sin confirmar' : ''}`,
  );
  const failed = await keepingLogsOnFailure(tmp, async () => {
    if (databases.includes('sqlite')) {
      const file = path.join(tmp, 'capacity.db');
      const url = `sqlite:${file}`;
      console.log('\nsqlite: sembrando…');
      const seeded = await seed(url);
      await runDeployment('sqlite', url, seeded, 1, tmp, { sqliteFile: file }, 0);
    }
    if (databases.includes('postgres')) {
      await withPostgresDatabase(PG_ADMIN_URL, 'tianguis_capacity', async (url) => {
        console.log('\npostgres: sembrando…');
        const seeded = await seed(url);
        const name = new URL(url).pathname.slice(1);
        const client = new pg.Client({ connectionString: url });
        await client.connect();
        try {
          const oid = Number(
            (await client.query('select oid from pg_database where datname = $1', [name])).rows[0]
              .oid,
          );
          let round = 1;
          for (const n of instanceCounts) {
            await runDeployment(
              'postgres',
              url,
              seeded,
              n,
              tmp,
              { pg: { name, oid, client } },
              round,
            );
            round += 1;
          }
        } finally {
          await client.end();
        }
      });
    }
  });
  console.log(`\n${summary()}\n`);
  await writeBenchResults(root, 'capacity', startedAt, {
    at: startedAt.toISOString(),
    finishedAt: new Date().toISOString(),
    machine: {
      cpus: os.cpus().length,
      model: os.cpus()[0]?.model,
      memoryGb: os.totalmem() / 2 ** 30,
      loadavgAtStart: load,
      loadavgAtEnd: os.loadavg(),
      node: process.version,
    },
    server: { head, uncommittedChanges: dirty.split('\n').filter(Boolean) },
    options: {
      samples: SAMPLES,
      sampleSeconds: SAMPLE_SECONDS,
      rates: RATES,
      pushRate: PUSH_RATE,
      streams: STREAMS,
      idleSeconds: IDLE_SECONDS,
      maxSeconds: MAX_SECONDS,
      seed: BENCH_SCALE,
    },
    results,
  });
  if (failed) process.exitCode = 1;
}

await main();
