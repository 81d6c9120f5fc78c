/**
 * `npm run bench`: starts the real server on a fresh SQLite file (and on PostgreSQL when
 * BENCH_DATABASE_URL is set), seeds it and prints its figures. Nothing here asserts: it measures.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { buildApp } from '../../packages/server/src/app.js';
import { loadConfig } from '../../packages/server/src/config.js';
import { seedScale } from './seed-scale.js';

interface Row {
  database: string;
  name: string;
  samples: number;
  p50: number;
  p95: number;
  p99: number;
  unit: string;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}

function summarise(database: string, name: string, values: number[]): Row {
  const sorted = [...values].sort((a, b) => a - b);
  return {
    database,
    name,
    samples: sorted.length,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    unit: 'ms',
  };
}

const serverTime = (res: Response) =>
  Number(/dur=([\d.]+)/.exec(res.headers.get('server-timing') ?? '')?.[1]);

async function startServer(databaseUrl: string) {
  const filesDir = await fs.mkdtemp(path.join(os.tmpdir(), 'tianguis-bench-files-'));
  const app = await buildApp(
    {
      ...loadConfig({}),
      databaseUrl,
      outboxDir: path.join(filesDir, 'outbox'),
      imagesDir: path.join(filesDir, 'images'),
      demoData: false,
      logLevel: 'silent',
    },
    { logger: false },
  );
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as { port: number };
  return {
    app,
    base: `http://127.0.0.1:${port}`,
    async close() {
      await app.close();
      await fs.rm(filesDir, { recursive: true, force: true });
    },
  };
}

async function benchSignIn(base: string, label: string): Promise<Row[]> {
  const post = (url: string, body: unknown) =>
    fetch(base + url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const email = `bench${Date.now()}@correo.com`;
  const registered = await post('/api/login/registerUser', {
    email,
    password: 'Secreta123',
    tipousuario: 'si',
    celular: String(5500000000 + (Date.now() % 99_999_999)),
    nombreCompleto: 'Banca de Prueba',
    direccionEntrega: 'Calle de la Prueba 1',
  });
  if (!registered.ok) throw new Error(`registro: ${registered.status} ${await registered.text()}`);
  const server: number[] = [];
  const roundTrip: number[] = [];
  for (let i = 0; i < 60; i += 1) {
    const start = performance.now();
    const res = await post('/api/login/authenticate', { email, password: 'Secreta123' });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`login: ${res.status}`);
    if (i < 10) continue; // warm-up
    roundTrip.push(performance.now() - start);
    server.push(serverTime(res));
  }
  return [
    summarise(label, 'sign-in, server time', server),
    summarise(label, 'sign-in, round trip', roundTrip),
  ];
}

/** The one-shop public read with 1,000 shops of 50 products each. */
async function benchPublicRead(base: string, usuarios: string[], label: string): Promise<Row[]> {
  const pick = (i: number) => usuarios[(i * 7919) % usuarios.length]!;
  const cold: number[] = [];
  const etags = new Map<string, string>();
  for (let i = 0; i < 300; i += 1) {
    const usuario = pick(i);
    if (etags.has(usuario)) continue;
    const res = await fetch(`${base}/api/tienda/publica/${usuario}`);
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`lectura pública: ${res.status}`);
    etags.set(usuario, res.headers.get('etag')!);
    cold.push(serverTime(res));
  }
  const warm: number[] = [];
  const revalidate: number[] = [];
  const seen = [...etags.keys()];
  for (let i = 0; i < 2000; i += 1) {
    const usuario = seen[i % seen.length]!;
    const res = await fetch(`${base}/api/tienda/publica/${usuario}`);
    await res.arrayBuffer();
    warm.push(serverTime(res));
    const again = await fetch(`${base}/api/tienda/publica/${usuario}`, {
      headers: { 'if-none-match': etags.get(usuario)! },
    });
    await again.arrayBuffer();
    if (again.status !== 304) throw new Error(`revalidación: ${again.status}`);
    revalidate.push(serverTime(again));
  }
  return [
    summarise(label, 'public shop read, first visit (server)', cold),
    summarise(label, 'public shop read, repeat (server)', warm),
    summarise(label, 'public shop read, ETag 304 (server)', revalidate),
  ];
}

async function benchDatabase(databaseUrl: string, label: string): Promise<Row[]> {
  const server = await startServer(databaseUrl);
  try {
    const rows = await benchSignIn(server.base, label);
    const started = performance.now();
    const usuarios = await seedScale(server.app.database.db, { shops: 1000, productsPerShop: 50 });
    console.log(
      `${label}: 1000 tiendas x 50 productos sembradas en ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
    rows.push(...(await benchPublicRead(server.base, usuarios, label)));
    return rows;
  } finally {
    await server.close();
  }
}

/** A fresh database on the PostgreSQL server BENCH_DATABASE_URL names, dropped afterwards. */
async function withPostgresDatabase<T>(serverUrl: string, run: (url: string) => Promise<T>) {
  const name = `tianguis_bench_${process.pid}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  try {
    return await run(url.toString());
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}

async function main() {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'tianguis-bench-'));
  const rows: Row[] = [];
  try {
    rows.push(...(await benchDatabase(`sqlite:${path.join(dir, 'bench.db')}`, 'sqlite')));
    if (process.env.BENCH_DATABASE_URL) {
      rows.push(
        ...(await withPostgresDatabase(process.env.BENCH_DATABASE_URL, (url) =>
          benchDatabase(url, 'postgres'),
        )),
      );
    }
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
  console.table(
    rows.map((r) => ({
      ...r,
      p50: r.p50.toFixed(2),
      p95: r.p95.toFixed(2),
      p99: r.p99.toFixed(2),
    })),
  );
  const resultsDir = path.resolve(import.meta.dirname, '../../bench/results');
  await fs.mkdir(resultsDir, { recursive: true });
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const file = path.join(resultsDir, `bench-${stamp}.json`);
  const at = new Date().toISOString();
  await fs.writeFile(file, JSON.stringify({ at, cpus: os.cpus().length, rows }, null, 2));
  console.log(`resultados en ${path.relative(process.cwd(), file)}`);
}

await main();
