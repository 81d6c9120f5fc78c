/**
 * `npm run bench`: starts the real server on a fresh SQLite file (and on PostgreSQL when
 * BENCH_DATABASE_URL is set) and prints its figures. Nothing here asserts: it measures.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../../packages/server/src/app.js';
import { loadConfig } from '../../packages/server/src/config.js';

interface Row {
  database: string;
  name: string;
  samples: number;
  p50: number;
  p95: number;
  max: number;
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
    max: sorted[sorted.length - 1] ?? NaN,
    unit: 'ms',
  };
}

async function benchSignIn(databaseUrl: string, label: string): Promise<Row[]> {
  const outboxDir = await fs.mkdtemp(path.join(os.tmpdir(), 'tianguis-bench-outbox-'));
  const app = await buildApp(
    { ...loadConfig({}), databaseUrl, outboxDir, demoData: false, logLevel: 'silent' },
    { logger: false },
  );
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as { port: number };
  const base = `http://127.0.0.1:${port}`;
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
    const elapsed = performance.now() - start;
    if (res.status !== 200) throw new Error(`login: ${res.status}`);
    if (i < 10) continue; // warm-up
    roundTrip.push(elapsed);
    server.push(Number(/dur=([\d.]+)/.exec(res.headers.get('server-timing') ?? '')?.[1]));
  }
  await app.close();
  await fs.rm(outboxDir, { recursive: true, force: true });
  return [
    summarise(label, 'sign-in, server time', server),
    summarise(label, 'sign-in, round trip', roundTrip),
  ];
}

async function main() {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'tianguis-bench-'));
  const rows: Row[] = [];
  try {
    rows.push(...(await benchSignIn(`sqlite:${path.join(dir, 'bench.db')}`, 'sqlite')));
    if (process.env.BENCH_DATABASE_URL) {
      rows.push(...(await benchSignIn(process.env.BENCH_DATABASE_URL, 'postgres')));
    }
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
  console.table(
    rows.map((r) => ({
      ...r,
      p50: r.p50.toFixed(1),
      p95: r.p95.toFixed(1),
      max: r.max.toFixed(1),
    })),
  );
  const resultsDir = path.resolve(import.meta.dirname, '../../bench/results');
  await fs.mkdir(resultsDir, { recursive: true });
  const file = path.join(
    resultsDir,
    `bench-${new Date().toISOString().replace(/[:.]/g, '-')}.json`,
  );
  await fs.writeFile(
    file,
    JSON.stringify({ at: new Date().toISOString(), cpus: os.cpus().length, rows }, null, 2),
  );
  console.log(`resultados en ${path.relative(process.cwd(), file)}`);
}

await main();
