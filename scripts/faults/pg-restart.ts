import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startPrivatePostgres, type PrivatePostgres } from '../lib/private-postgres.js';
import { freePort, stopProcess, waitForHealth } from '../lib/server-process.js';
import { openSseStream, type SseStream } from '../lib/sse-client.js';
import {
  ADMIN,
  createApprovedShop,
  register,
  signIn,
  uploadImage,
  type Post,
} from './api-setup.js';

/**
 * `npm run fault:pg-restart`: PostgreSQL restarted under a running server (docs/reliability.md, "Under faults").
 *
 * A private, throwaway PostgreSQL cluster (never the shared one) serves the built server while
 * shoppers order and visitors read without pause. PostgreSQL is restarted (`pg_ctl restart -m
 * fast`), then stopped for about 5 s and started again. Every answer meanwhile must be a
 * success or 503 SERVICIO_NO_DISPONIBLE with its Spanish message and Retry-After: no 500, no
 * connection reset. Also checked: /health goes 503 and back to 200 by itself, an owner's live
 * stream opened before the faults receives orders placed after each, and every order answered
 * 200 is in the database afterwards, whole. Exit code 1 when a check fails.
 */

const root = path.resolve(import.meta.dirname, '../..');
const SHOPPERS = 4;
const READERS = 2;
const SERVICIO_NO_DISPONIBLE = {
  code: 'SERVICIO_NO_DISPONIBLE',
  message: 'El servicio no está disponible en este momento. Inténtalo de nuevo en unos segundos.',
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const now = () => performance.now();

interface Outcome {
  label: string;
  startedAt: number;
  endedAt: number;
  status: number;
  /** Response code, `reset`/`refused`/... for a failed connection, or '' for a success. */
  code: string;
  proper: boolean;
  detail?: string;
}

const outcomes: Outcome[] = [];
let baseUrl = '';

/** One call; records how it went. A 503 is proper only in the agreed shape. */
async function call(
  label: string,
  urlPath: string,
  options: { token?: string; body?: unknown; method?: string } = {},
): Promise<{ status: number; body: unknown; headers: Headers } | undefined> {
  const startedAt = now();
  const headers: Record<string, string> = {};
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  try {
    const res = await fetch(baseUrl + urlPath, {
      method: options.method ?? (options.body === undefined ? 'GET' : 'POST'),
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
    const text = await res.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // Not JSON: kept as text for the report.
    }
    const code = res.ok ? '' : String((body as { code?: unknown })?.code ?? res.status);
    const proper =
      res.ok ||
      (res.status === 503 &&
        JSON.stringify(body) === JSON.stringify(SERVICIO_NO_DISPONIBLE) &&
        res.headers.get('retry-after') !== null);
    outcomes.push({
      label,
      startedAt,
      endedAt: now(),
      status: res.status,
      code,
      proper,
      detail: proper ? undefined : text.slice(0, 300),
    });
    return { status: res.status, body, headers: res.headers };
  } catch (error) {
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    outcomes.push({
      label,
      startedAt,
      endedAt: now(),
      status: 0,
      code: cause?.code ?? 'fetch-error',
      proper: false,
      detail: cause?.message ?? String(error),
    });
    return undefined;
  }
}

/** A setup step that must succeed. */
async function must<T>(label: string, urlPath: string, options: Parameters<typeof call>[2] = {}) {
  const res = await call(label, urlPath, options);
  if (!res || res.status !== 200) {
    throw new Error(`${label}: ${res?.status ?? 'sin respuesta'} ${JSON.stringify(res?.body)}`);
  }
  return res.body as T;
}

/** The setup calls of api-setup.ts, made and recorded as `call` does, named by their path. */
const post: Post = <T>(urlPath: string, body: unknown, token?: string) =>
  must<T>(urlPath.slice(urlPath.lastIndexOf('/') + 1), urlPath, { token, body });

interface Shop {
  owner: { token: string; tiendaId: number };
  productoId: number;
  precio: number;
  costoDeEnvio: number;
}

async function createShop(adminToken: string): Promise<Shop> {
  const precio = 19.99;
  const shop = await createApprovedShop(
    post,
    adminToken,
    [
      {
        name: 'Taco de pastor',
        price: precio,
        descripcion: 'Tortilla hecha a mano',
        detalle: 'Con piña',
      },
    ],
    (token) => uploadImage(baseUrl, token),
  );
  const producto = shop.productos.find((p) => p.name === 'Taco de pastor')!;
  return { owner: shop.owner, productoId: producto.id, precio, costoDeEnvio: shop.costoDeEnvio };
}

/** Adds one taco and checks out; answers the order id when the server said 200. */
async function placeOrder(shopper: { token: string }, shop: Shop): Promise<number | undefined> {
  const added = await call('addItem', '/api/shoppingcartmarket/addItem', {
    token: shopper.token,
    body: { productoId: shop.productoId },
  });
  if (added?.status !== 200) return undefined;
  const res = await call('proccesscart', '/api/shoppingcartmarket/proccesscart', {
    token: shopper.token,
    body: { tiendaId: shop.owner.tiendaId },
  });
  if (res?.status !== 200) return undefined;
  return Number(res.headers.get('x-pedido-id'));
}

interface HealthSample {
  at: number;
  status: number;
}

interface FaultWindow {
  name: string;
  /** From the moment the fault began until PostgreSQL accepted connections again. */
  from: number;
  until: number;
}

function startServer(env: Record<string, string>, logFile: string): ChildProcess {
  const out = fs.openSync(logFile, 'a');
  const child = spawn(process.execPath, [path.join(root, 'packages/server/dist/server.js')], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', out, out],
  });
  fs.closeSync(out);
  return child;
}

function ms(value: number): string {
  return `${Math.round(value)} ms`;
}

async function main(): Promise<number> {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'tianguis-fault-pg-'));
  const logFile = path.join(work, 'server.log');
  let cluster: PrivatePostgres | undefined;
  let server: ChildProcess | undefined;
  let stream: SseStream | undefined;
  const cleanUp = () => {
    stream?.close();
    if (server && server.exitCode === null) server.kill('SIGKILL');
    cluster?.destroy();
    fs.rmSync(work, { recursive: true, force: true });
  };
  process.once('SIGINT', () => {
    cleanUp();
    process.exit(130);
  });

  try {
    // Incremental: cheap when dist is current, and the server under test is today's code.
    console.log('compilando el servidor (tsc -b packages/server)...');
    const tsc = spawnSync(path.join(root, 'node_modules/.bin/tsc'), ['-b', 'packages/server'], {
      cwd: root,
      encoding: 'utf8',
    });
    if (tsc.status !== 0) throw new Error(`tsc -b falló:\n${tsc.stdout}${tsc.stderr}`);

    console.log('creando un PostgreSQL privado...');
    cluster = await startPrivatePostgres();
    console.log(`  ${cluster.url} (carpeta ${cluster.dir})`);
    const port = await freePort();
    baseUrl = `http://127.0.0.1:${port}`;
    server = startServer(
      {
        PORT: String(port),
        HOST: '127.0.0.1',
        DATABASE_URL: cluster.url,
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
        DEMO_DATA: '0',
        OUTBOX_DIR: path.join(work, 'outbox'),
        IMAGES_DIR: path.join(work, 'images'),
        WEB_DIST_DIR: path.join(work, 'sin-web'),
        LOG_LEVEL: 'info',
      },
      logFile,
    );
    const serverExit = new Promise<number | null>((resolve) => server!.on('exit', resolve));
    await waitForHealth(baseUrl, server, logFile);
    console.log(`servidor en ${baseUrl} (pid ${server.pid})`);

    const adminToken = await signIn(post, ADMIN.email, ADMIN.password);
    const shop = await createShop(adminToken);
    const shoppers = [];
    for (let i = 0; i < SHOPPERS; i += 1) shoppers.push(await register(post, 'si'));
    // Orders the stream must see come from a shopper of their own, so they never race the load.
    const markerShopper = await register(post, 'si');
    outcomes.length = 0;

    // The owner's live stream, opened before any fault, reconnecting like the web app does.
    stream = openSseStream(`${baseUrl}/api/pedido/eventos`, shop.owner.token);
    const orderIdOf = (data: string) => (JSON.parse(data) as { pedido: { id: number } }).pedido.id;
    const firstMarker = await placeOrder(markerShopper, shop);
    if (!firstMarker) throw new Error('el primer pedido no pasó');
    await stream.waitFor((e) => orderIdOf(e.data) === firstMarker);

    // Load: shoppers order in a loop, visitors and the owner read, /health is polled.
    const acknowledged: number[] = [firstMarker];
    const health: HealthSample[] = [];
    let running = true;
    const loops: Promise<void>[] = [];
    for (const shopper of shoppers) {
      loops.push(
        (async () => {
          while (running) {
            const id = await placeOrder(shopper, shop);
            if (id) acknowledged.push(id);
            else await sleep(100);
          }
        })(),
      );
    }
    for (let i = 0; i < READERS; i += 1) {
      loops.push(
        (async () => {
          while (running) {
            const ok =
              i % 2 === 0
                ? await call('listartiendas', '/api/tienda/listartiendas')
                : await call('listarpedidosbytiendaid', '/api/pedido/listarpedidosbytiendaid', {
                    token: shop.owner.token,
                    body: { limite: 20 },
                  });
            await sleep(ok?.status === 200 ? 20 : 100);
          }
        })(),
      );
    }
    loops.push(
      (async () => {
        while (running) {
          const startedAt = now();
          try {
            const res = await fetch(`${baseUrl}/health`);
            await res.arrayBuffer();
            health.push({ at: startedAt, status: res.status });
          } catch {
            health.push({ at: startedAt, status: 0 });
          }
          await sleep(100);
        }
      })(),
    );

    const windows: FaultWindow[] = [];
    const markers: { fault: string; pedidoId: number | undefined; received: boolean }[] = [];
    /** After a fault: the next order placed must reach the stream opened before it. */
    const checkStream = async (fault: string) => {
      let pedidoId: number | undefined;
      for (let i = 0; i < 50 && !pedidoId; i += 1) {
        pedidoId = await placeOrder(markerShopper, shop);
        if (!pedidoId) await sleep(200);
      }
      if (pedidoId) acknowledged.push(pedidoId);
      const received =
        pedidoId !== undefined &&
        (await stream!
          .waitFor((e) => orderIdOf(e.data) === pedidoId, 15_000)
          .then(
            () => true,
            () => false,
          ));
      markers.push({ fault, pedidoId, received });
    };

    await sleep(2_000);
    console.log('falla 1: pg_ctl restart -m fast');
    let from = now();
    await cluster.restart();
    windows.push({ name: 'restart -m fast', from, until: now() });
    await sleep(3_000);
    await checkStream('restart -m fast');

    console.log('falla 2: pg_ctl stop -m fast, 5 s sin base de datos, pg_ctl start');
    from = now();
    await cluster.stop();
    await sleep(5_000);
    await cluster.start();
    windows.push({ name: 'stop 5 s + start', from, until: now() });
    await sleep(3_000);
    await checkStream('stop 5 s + start');
    await sleep(1_000);

    running = false;
    await Promise.all(loops);
    const finalHealth = await fetch(`${baseUrl}/health`).catch(() => undefined);
    stream.close();

    // ---- Report ----
    const failures: string[] = [];
    const during = (o: Outcome, w: FaultWindow) => o.endedAt >= w.from && o.startedAt <= w.until;
    const tally = (list: Outcome[]) => {
      const counts = new Map<string, number>();
      for (const o of list) {
        const key =
          o.status === 0
            ? `sin respuesta (${o.code})`
            : o.status === 200
              ? '200'
              : `${o.status} ${o.code}`;
        counts.set(key, (counts.get(key) ?? 0) + 1);
      }
      return [...counts].map(([k, n]) => `${k}: ${n}`).join(', ') || 'ninguna';
    };

    console.log('\n=== Resultado ===');
    console.log(`peticiones en total: ${outcomes.length} (${tally(outcomes)})`);
    for (const w of windows) {
      const inWindow = outcomes.filter((o) => during(o, w));
      const afterBack = outcomes
        .filter((o) => o.startedAt >= w.until && o.status >= 200 && o.status < 300)
        .sort((a, b) => a.endedAt - b.endedAt);
      const firstOrder = afterBack.find((o) => o.label === 'proccesscart');
      const healthIn = health.filter((h) => h.at >= w.from && h.at <= w.until + 15_000);
      const firstHealthy = healthIn.find((h) => h.at >= w.until && h.status === 200);
      const sawDown = healthIn.some((h) => h.at <= w.until && h.status === 503);
      console.log(`\nfalla "${w.name}": PostgreSQL fuera ${ms(w.until - w.from)}`);
      console.log(`  peticiones durante la falla: ${inWindow.length} (${tally(inWindow)})`);
      console.log(
        `  primera respuesta correcta tras volver PostgreSQL: ${afterBack[0] ? ms(afterBack[0].endedAt - w.until) : 'ninguna'}` +
          `; primer pedido: ${firstOrder ? ms(firstOrder.endedAt - w.until) : 'ninguno'}`,
      );
      console.log(
        `  /health: ${sawDown ? '503 durante la falla' : 'sin 503 observado (la falla fue más corta que el sondeo)'}` +
          ` → ${firstHealthy ? `200 a los ${ms(firstHealthy.at - w.until)} de volver` : 'nunca 200'}`,
      );
      if (!afterBack[0]) failures.push(`${w.name}: ninguna respuesta correcta tras volver`);
      if (!firstHealthy) failures.push(`${w.name}: /health no volvió a 200`);
      if (w.name.startsWith('stop') && !sawDown) {
        failures.push(`${w.name}: /health no respondió 503 con la base de datos parada`);
      }
    }
    const improper = outcomes.filter((o) => !o.proper);
    console.log(
      `\nrespuestas fuera de lo acordado (500, reinicios de conexión, 503 sin el mensaje): ${improper.length}`,
    );
    for (const o of improper.slice(0, 10)) {
      console.log(`  ${o.label}: ${o.status} ${o.code} ${o.detail ?? ''}`);
    }
    if (improper.length > 0) failures.push(`${improper.length} respuestas fuera de lo acordado`);
    const sample503 = outcomes.find((o) => o.status === 503);
    if (sample503) console.log(`ejemplo de 503: ${JSON.stringify(SERVICIO_NO_DISPONIBLE)}`);

    console.log(
      `\nflujo en vivo del dueño (abierto antes de las fallas): ${stream.opens} apertura(s), ${stream.drops} corte(s), reintentos rechazados: ${stream.refusals.length ? stream.refusals.join(', ') : 'ninguno'}`,
    );
    for (const m of markers) {
      console.log(
        `  pedido ${m.pedidoId ?? '(no se pudo hacer)'} tras "${m.fault}": ${m.received ? 'recibido' : 'NO recibido'}`,
      );
      if (!m.received) failures.push(`el flujo no recibió el pedido hecho tras "${m.fault}"`);
    }

    // Every order answered 200 is there, whole: its line, its total, its outbox event.
    const db = new pg.Client({ connectionString: cluster.url });
    await db.connect();
    try {
      const ids = [...new Set(acknowledged)];
      const pedidos = (
        await db.query<{
          id: number;
          subtotal: number;
          monto_total: number;
          costo_de_envio: number;
          cantidad_de_articulos: number;
        }>(
          'SELECT id, subtotal, monto_total, costo_de_envio, cantidad_de_articulos FROM pedido WHERE id = ANY($1)',
          [ids],
        )
      ).rows;
      const lineas = (
        await db.query<{
          pedido_id: number;
          precio: number;
          cantidad: number;
          nombre_producto: string;
        }>(
          'SELECT pedido_id, precio, cantidad, nombre_producto FROM pedido_detalle WHERE pedido_id = ANY($1)',
          [ids],
        )
      ).rows;
      const eventos = (
        await db.query<{ pedido_id: number }>(
          "SELECT pedido_id FROM pedido_evento WHERE tipo = 'NUEVO' AND pedido_id = ANY($1)",
          [ids],
        )
      ).rows;
      const total = Number((await db.query('SELECT count(*) AS n FROM pedido')).rows[0].n);
      const found = new Map(pedidos.map((p) => [Number(p.id), p]));
      const missing = ids.filter((id) => !found.has(id));
      const broken = pedidos.filter((p) => {
        const own = lineas.filter((l) => Number(l.pedido_id) === Number(p.id));
        const subtotal = own.reduce((sum, l) => sum + Number(l.precio) * Number(l.cantidad), 0);
        const articulos = own.reduce((sum, l) => sum + Number(l.cantidad), 0);
        const envio = Math.round(shop.costoDeEnvio * 100);
        return (
          own.length === 0 ||
          own.some(
            (l) =>
              l.nombre_producto !== 'Taco de pastor' ||
              Number(l.precio) !== Math.round(shop.precio * 100),
          ) ||
          Number(p.cantidad_de_articulos) !== articulos ||
          Number(p.subtotal) !== subtotal ||
          Number(p.costo_de_envio) !== envio ||
          Number(p.monto_total) !== subtotal + envio
        );
      });
      const withoutEvent = ids.filter((id) => !eventos.some((e) => Number(e.pedido_id) === id));
      console.log(
        `\npedidos confirmados (200): ${ids.length}; en la base: ${ids.length - missing.length}; incompletos: ${broken.length}; sin evento: ${withoutEvent.length}; pedidos en la base en total: ${total}`,
      );
      if (missing.length) failures.push(`pedidos confirmados que faltan: ${missing.join(', ')}`);
      if (broken.length)
        failures.push(`pedidos incompletos: ${broken.map((p) => p.id).join(', ')}`);
      if (withoutEvent.length) failures.push(`pedidos sin evento: ${withoutEvent.join(', ')}`);
    } finally {
      await db.end();
    }

    const alive = server.exitCode === null && server.signalCode === null;
    console.log(
      `servidor vivo al final: ${alive ? 'sí' : 'NO'}; /health final: ${finalHealth?.status}`,
    );
    if (!alive) failures.push('el servidor terminó durante la prueba');
    if (finalHealth?.status !== 200) failures.push('/health final no es 200');

    await stopProcess(server);
    const exitCode = await serverExit;
    if (exitCode !== 0) failures.push(`el servidor no cerró limpio (código ${exitCode})`);
    const log = fs.readFileSync(logFile, 'utf8');
    const uncontrolled = log.split('\n').filter((l) => l.includes('"level":50')).length;
    console.log(`líneas de error (nivel 50) en el registro del servidor: ${uncontrolled}`);
    const relistened = log
      .split('\n')
      .filter((l) => l.includes('LISTEN de eventos de pedidos restablecida')).length;
    console.log(`la conexión LISTEN de eventos se restableció sola ${relistened} vez/veces`);
    if (uncontrolled > 0) failures.push(`${uncontrolled} errores no controlados en el registro`);

    console.log(failures.length === 0 ? '\nTODO BIEN' : `\nFALLÓ:\n- ${failures.join('\n- ')}`);
    if (failures.length > 0) {
      console.log(
        `\núltimas líneas del registro del servidor:\n${log.split('\n').slice(-15).join('\n')}`,
      );
    }
    return failures.length === 0 ? 0 : 1;
  } finally {
    cleanUp();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
