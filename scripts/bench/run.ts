/**
 * `npm run bench`: starts the real server on a fresh SQLite file (and on PostgreSQL when
 * BENCH_DATABASE_URL is set), seeds it and prints its figures. Nothing here asserts: it measures.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { buildApp } from '../../packages/server/src/app.js';
import { defaultRateLimits, loadConfig } from '../../packages/server/src/config.js';
import { seedPedidos, seedScale } from './seed-scale.js';

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
      // One address registers 50 shoppers here: the per-address limits would measure themselves.
      rateLimits: { ...defaultRateLimits, registrationsPerIp: 1_000_000 },
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

const json = (token?: string) => ({
  'content-type': 'application/json',
  ...(token && { authorization: `Bearer ${token}` }),
});

async function signUp(base: string, n: number, tipo: 'si' | 'no'): Promise<string> {
  const email = `banca${tipo}${n}x${process.pid}@correo.com`;
  const payload = {
    email,
    password: 'Secreta123',
    tipousuario: tipo,
    usuario: tipo === 'no' ? `banca${n}x${process.pid}` : '',
    celular: `7${String(process.pid % 1000).padStart(3, '0')}${String(n).padStart(6, '0')}`,
    nombreCompleto: 'Cliente de Banca',
    direccionEntrega: 'Calle de la Banca 1',
  };
  const res = await fetch(`${base}/api/login/registerUser`, {
    method: 'POST',
    headers: json(),
    body: JSON.stringify(payload),
  });
  if (!res.ok) throw new Error(`registro: ${res.status} ${await res.text()}`);
  const login = await fetch(`${base}/api/login/authenticate`, {
    method: 'POST',
    headers: json(),
    body: JSON.stringify({ email, password: 'Secreta123' }),
  });
  return ((await login.json()) as { token: string }).token;
}

/** 50 shoppers at once, each adding to its basket and checking out, 20 times. */
async function benchCheckout(base: string, usuario: string, label: string): Promise<Row[]> {
  const shop = (await (await fetch(`${base}/api/tienda/publica/${usuario}`)).json()) as {
    tienda: { tiendaId: number; categorias: { productos: { id: number }[] }[] };
  };
  const productoId = shop.tienda.categorias[0]!.productos[0]!.id;
  const tokens: string[] = [];
  for (let i = 0; i < 50; i += 1) tokens.push(await signUp(base, i, 'si'));
  const checkout: number[] = [];
  let errors = 0;
  const started = performance.now();
  await Promise.all(
    tokens.map(async (token) => {
      for (let i = 0; i < 20; i += 1) {
        // The scale shops ask for a 50-peso minimum: five units of a 10+ peso product reach it.
        for (let u = 0; u < 5; u += 1) {
          const add = await fetch(`${base}/api/shoppingcartmarket/addItem`, {
            method: 'POST',
            headers: json(token),
            body: JSON.stringify({ productoId }),
          });
          await add.arrayBuffer();
        }
        const t0 = performance.now();
        const res = await fetch(`${base}/api/shoppingcartmarket/proccesscart`, {
          method: 'POST',
          headers: json(token),
          body: JSON.stringify({ tiendaId: shop.tienda.tiendaId }),
        });
        await res.arrayBuffer();
        checkout.push(performance.now() - t0);
        if (res.status !== 200) errors += 1;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  console.log(
    `${label}: ${checkout.length} pedidos (${errors} errores) en ${seconds.toFixed(1)} s con 50 clientes a la vez: ${(checkout.length / seconds).toFixed(0)} pedidos/s (incluye 5 addItem por pedido)`,
  );
  return [summarise(label, 'proccesscart, 50 concurrent shoppers (round trip)', checkout)];
}

/** An owner's poll in a shop with 100,000 orders: the newest page, and the 304 revalidation. */
async function benchOwnerPoll(
  base: string,
  app: Awaited<ReturnType<typeof startServer>>['app'],
  label: string,
): Promise<Row[]> {
  const ownerToken = await signUp(base, 999, 'no');
  const claims = JSON.parse(Buffer.from(ownerToken.split('.')[1]!, 'base64url').toString()) as {
    groupsid: number;
    certserialnumber: number;
  };
  const tiendaId = claims.groupsid;
  const db = app.database.db;
  const now = new Date().toISOString();
  const categoria = await db
    .insertInto('categoria')
    .values({
      tienda_id: tiendaId,
      title: 'Escala',
      title_without_spaces: 'escala',
      image_url: '/images/escala.png',
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('producto')
    .values({
      tienda_id: tiendaId,
      categoria_id: categoria.id,
      name: 'Producto 1',
      name_key: 'producto 1',
      price: 2000,
      image_url: '/images/escala.png',
      descripcion: 'Escala',
      detalle: 'Escala',
      created_at: now,
      updated_at: now,
    })
    .execute();
  const started = performance.now();
  await seedPedidos(db, { tiendaId, accountId: claims.certserialnumber, count: 100_000 });
  const took = ((performance.now() - started) / 1000).toFixed(1);
  console.log(`${label}: 100000 pedidos sembrados en ${took} s`);
  const poll = (body: unknown, etag?: string) =>
    fetch(`${base}/api/pedido/listarpedidosbytiendaid`, {
      method: 'POST',
      headers: { ...json(ownerToken), ...(etag && { 'if-none-match': etag }) },
      body: JSON.stringify(body),
    });
  const page: number[] = [];
  const active: number[] = [];
  const notModified: number[] = [];
  for (let i = 0; i < 60; i += 1) {
    const res = await poll({ limite: 100 });
    await res.arrayBuffer();
    page.push(serverTime(res));
    const nuevos = await poll({ status: 'NUEVO', limite: 100 });
    await nuevos.arrayBuffer();
    active.push(serverTime(nuevos));
    const again = await poll({ limite: 100 }, res.headers.get('etag') ?? undefined);
    await again.arrayBuffer();
    if (again.status !== 304) throw new Error(`sondeo con ETag: ${again.status}`);
    notModified.push(serverTime(again));
  }
  return [
    summarise(label, 'owner poll, 100k orders, newest 100 (server)', page),
    summarise(label, 'owner poll, 100k orders, NUEVO newest 100 (server)', active),
    summarise(label, 'owner poll, 100k orders, ETag 304 (server)', notModified),
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
    rows.push(...(await benchCheckout(server.base, usuarios[0]!, label)));
    rows.push(...(await benchOwnerPoll(server.base, server.app, label)));
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
