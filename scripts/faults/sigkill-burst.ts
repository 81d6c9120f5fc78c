import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { createDb, dialectOf } from '../../packages/server/src/db/create-db.js';
import { postAs } from '../lib/server-api.js';
import { freePort } from '../lib/server-process.js';

/**
 * SIGKILL of the server process in the middle of a burst of orders, then a restart (docs/reliability.md, "Under attack"):
 * the one implementation behind `npm run fault:kill` and packages/server/test/crash.test.ts.
 *
 * Given a database and a prepared shop and shoppers, it starts the server as its own Node
 * process (the built `dist/server.js`, or `src/server.ts` with tsx as a loader; either way Node
 * itself runs the server, so the signal hits the server and not a wrapper). Every shopper fills a
 * basket with one of each product and checks out with its own Idempotency-Key, as the web app
 * does, again and again; the moment the Nth order is answered 200 the process gets SIGKILL. The
 * server is started again on the same database and port, and once it answers /health the
 * database is read: every acknowledged order must be there, whole (one line per product at the
 * catalogue price, totals exact in centavos), with exactly one outbox event; no event without
 * its order; no order nobody sent. Checkouts that were sent but never answered (the kill caught
 * them) may or may not have been written: their keys tell which, and that is reported.
 */

const root = path.resolve(import.meta.dirname, '../..');
const ADD_ITEM = '/api/shoppingcartmarket/addItem';
const PROCCESS_CART = '/api/shoppingcartmarket/proccesscart';
const ACEPTAR = '/api/pedido/aceptarpedido';

export type ServerEntry = 'dist' | 'source';

export interface BurstProducto {
  id: number;
  /** As stored (the order line copies it). */
  name: string;
  /** Pesos. */
  price: number;
}

/** A public, open shop and signed-in shoppers, made beforehand on the same database. */
export interface BurstFixture {
  tiendaId: number;
  /** Every basket holds each of these. */
  productos: BurstProducto[];
  /** Pesos. */
  costoDeEnvio: number;
  shoppers: { id: number; token: string }[];
  /**
   * The shop owner's token: each order answered 200 is accepted, as a shop at work would, so a
   * shopper never reaches the limit of 3 NUEVO orders per phone at one shop.
   */
  ownerToken: string;
}

export interface SigkillBurstOptions {
  /** `sqlite:<file>` or `postgres://...`, already holding the fixture. */
  databaseUrl: string;
  fixture: BurstFixture;
  /** Where the servers' outbox, images and log go. */
  workDir: string;
  /** `dist` (after `tsc -b packages/server`, as production runs) or `source` (tsx loader). */
  entry?: ServerEntry;
  /** SIGKILL once this many orders were answered 200 (default 80). */
  killAfter?: number;
  /** The burst fails if it has not reached `killAfter` orders by then (default 30 s). */
  burstTimeoutMs?: number;
  /** More environment for both server processes (ADMIN_EMAIL, LOG_LEVEL, ...). */
  env?: Record<string, string>;
}

export interface HalfWritten {
  pedidoId: number;
  why: string;
}

export interface SigkillBurstFigures {
  database: 'sqlite' | 'postgres';
  entry: ServerEntry;
  shoppers: number;
  killAfter: number;
  killedPid: number;
  /** How the killed process ended: 'SIGKILL' when the signal did it. */
  exitSignal: string | null;
  /** Orders answered 200 (also those whose answer arrived just after the signal was sent). */
  acknowledged: number;
  /** Acknowledged orders found after the restart. */
  found: number;
  /** Ids of acknowledged orders not found. */
  missing: number[];
  /** Orders in the database without all their lines, or with a wrong price or total. */
  halfWritten: HalfWritten[];
  /** pedido_evento rows (their pedido_id) whose order does not exist. */
  eventsWithoutOrder: number[];
  /** Orders without their outbox event. */
  ordersWithoutEvent: number[];
  /** Orders with more than one event. */
  duplicateEvents: number[];
  /** Checkouts sent but not answered when the process died. */
  inFlight: number;
  /** Of those, how many were written (committed before the kill, their answer lost). */
  inFlightWritten: number;
  /** Orders in the database that were neither acknowledged nor in flight (ids). */
  unexplained: number[];
  /** Checkouts answered with something other than 200 before the kill. */
  answeredNot200: number;
  /** Requests that failed before the kill (none expected), with their cause. */
  errorsBeforeKill: string[];
  ordersInDatabase: number;
  /** From the first request of the burst to the signal. */
  burstMs: number;
  /** Acknowledged orders per second of burst. */
  ordersPerSecond: number;
  /** From the signal to the process's exit as seen by its parent. */
  killToExitMs: number;
  /** From spawning the restarted server to its first /health 200. */
  restartToHealthMs: number;
}

/** What must hold after the kill; empty when everything does. */
export function failuresOf(f: SigkillBurstFigures): string[] {
  const failures: string[] = [];
  if (f.missing.length) failures.push(`pedidos confirmados que faltan: ${f.missing.join(', ')}`);
  if (f.halfWritten.length) {
    const list = f.halfWritten.map((h) => `${h.pedidoId} (${h.why})`);
    failures.push(`pedidos a medio escribir: ${list.join(', ')}`);
  }
  if (f.eventsWithoutOrder.length) {
    failures.push(`eventos sin pedido: ${f.eventsWithoutOrder.join(', ')}`);
  }
  if (f.ordersWithoutEvent.length) {
    failures.push(`pedidos sin evento: ${f.ordersWithoutEvent.join(', ')}`);
  }
  if (f.duplicateEvents.length) {
    failures.push(`pedidos con más de un evento: ${f.duplicateEvents.join(', ')}`);
  }
  if (f.unexplained.length) {
    failures.push(`pedidos que nadie envió: ${f.unexplained.join(', ')}`);
  }
  if (f.errorsBeforeKill.length) {
    failures.push(`errores antes de matar el servidor: ${f.errorsBeforeKill.join('; ')}`);
  }
  if (f.exitSignal !== 'SIGKILL')
    failures.push(`el servidor no murió por SIGKILL (${f.exitSignal})`);
  return failures;
}

// ---- The server process ----

export interface ServerHandle {
  child: ChildProcess;
  pid: number;
  port: number;
  baseUrl: string;
  logFile: string;
  /** performance.now() when spawned and when /health first answered 200. */
  spawnedAt: number;
  healthyAt: number;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>;
  /** SIGTERM (the server finishes what is in flight), SIGKILL after 15 s. */
  stop(): Promise<void>;
}

/** Every server started here and not yet exited, so an interrupted run can end them. */
const running = new Set<ChildProcess>();

/** SIGKILL to every server process started here that is still running. */
export function killRunningServers(): void {
  for (const child of running) child.kill('SIGKILL');
}

function tailOf(file: string, lines = 20): string {
  try {
    return fs.readFileSync(file, 'utf8').split('\n').slice(-lines).join('\n');
  } catch {
    return '';
  }
}

/**
 * Starts the server on `databaseUrl` as a child process running Node itself, its output
 * appended to `<workDir>/server.log`, and waits for /health to answer 200 (polled every 10 ms,
 * so the restart time is measured closely). The JWT secret is the one stored in the database,
 * so tokens signed before (by another process on the same database) stay valid.
 */
export async function startServer(options: {
  databaseUrl: string;
  workDir: string;
  entry: ServerEntry;
  port?: number;
  env?: Record<string, string>;
  timeoutMs?: number;
}): Promise<ServerHandle> {
  const args =
    options.entry === 'dist'
      ? [path.join(root, 'packages/server/dist/server.js')]
      : ['--import', 'tsx', path.join(root, 'packages/server/src/server.ts')];
  if (options.entry === 'dist' && !fs.existsSync(args[0]!)) {
    throw new Error(`falta ${args[0]}: compila antes con tsc -b packages/server`);
  }
  fs.mkdirSync(options.workDir, { recursive: true });
  const port = options.port ?? (await freePort());
  const logFile = path.join(options.workDir, 'server.log');
  const out = fs.openSync(logFile, 'a');
  const spawnedAt = performance.now();
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: options.databaseUrl,
      DEMO_DATA: '0',
      JWT_SECRET: '',
      OUTBOX_DIR: path.join(options.workDir, 'outbox'),
      IMAGES_DIR: path.join(options.workDir, 'images'),
      WEB_DIST_DIR: path.join(options.workDir, 'sin-web'),
      LOG_LEVEL: 'info',
      ...options.env,
    },
    stdio: ['ignore', out, out],
  });
  fs.closeSync(out);
  running.add(child);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>(
    (resolve) =>
      child.once('exit', (code, signal) => {
        running.delete(child);
        resolve({ code, signal, at: performance.now() });
      }),
  );
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + (options.timeoutMs ?? 60_000);
  let healthyAt: number | undefined;
  while (healthyAt === undefined) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`el servidor terminó al arrancar:\n${tailOf(logFile)}`);
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`el servidor no respondió en ${baseUrl}/health:\n${tailOf(logFile)}`);
    }
    try {
      const res = await fetch(`${baseUrl}/health`);
      await res.arrayBuffer();
      if (res.status === 200) healthyAt = performance.now();
    } catch {
      // Not listening yet.
    }
    if (healthyAt === undefined) await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return {
    child,
    pid: child.pid!,
    port,
    baseUrl,
    logFile,
    spawnedAt,
    healthyAt,
    exited,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const force = setTimeout(() => child.kill('SIGKILL'), 15_000);
      child.kill('SIGTERM');
      await exited;
      clearTimeout(force);
    },
  };
}

// ---- The burst, the kill, the restart and the check ----

/** Pesos to integer centavos by their decimal text (never a float multiplication). */
function centavos(pesos: number): number {
  const [whole = '0', fraction = ''] = String(pesos).split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

function causeOf(error: unknown): { code?: string; message?: string } {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  return cause ?? { message: String(error) };
}

export async function runSigkillBurst(options: SigkillBurstOptions): Promise<SigkillBurstFigures> {
  const { databaseUrl, fixture, workDir } = options;
  const entry = options.entry ?? 'dist';
  const killAfter = options.killAfter ?? 80;
  const burstTimeoutMs = options.burstTimeoutMs ?? 30_000;
  const start = (port?: number) =>
    startServer({ databaseUrl, workDir, entry, port, env: options.env });

  const first = await start();
  let second: ServerHandle | undefined;
  try {
    const post = (urlPath: string, token: string, body: unknown, key?: string) =>
      postAs(first.baseUrl + urlPath, token, body, key);
    /** Idempotency-Key → order id, for every checkout answered 200. */
    const acknowledged = new Map<string, number>();
    /** Keys of checkouts sent and not answered. */
    const inFlight = new Set<string>();
    const errorsBeforeKill: string[] = [];
    let answeredNot200 = 0;
    let killed = false;
    let killedAt = 0;
    const kill = () => {
      if (killed) return;
      killed = true;
      killedAt = performance.now();
      first.child.kill('SIGKILL');
    };
    const run = randomBytes(6).toString('hex');
    const burstStart = performance.now();

    // Each shopper fills a basket and checks out, again and again, until the process dies.
    const loops = fixture.shoppers.map(async (shopper, index) => {
      for (let n = 0; !killed; n += 1) {
        const key = `kill-${run}-${index}-${n}`;
        let checkoutSent = false;
        try {
          for (const producto of fixture.productos) {
            await (await post(ADD_ITEM, shopper.token, { productoId: producto.id })).arrayBuffer();
          }
          checkoutSent = true;
          const res = await post(PROCCESS_CART, shopper.token, { tiendaId: fixture.tiendaId }, key);
          await res.arrayBuffer();
          if (res.status === 200) {
            const pedidoId = Number(res.headers.get('x-pedido-id'));
            acknowledged.set(key, pedidoId);
            // The moment an answer arrives, while other orders of its batch may still be in
            // flight: an answer sent before its commit would be caught out here.
            if (acknowledged.size >= killAfter) kill();
            if (!killed) {
              const accepted = await post(ACEPTAR, fixture.ownerToken, { pedidoId, minutos: 15 });
              await accepted.arrayBuffer();
              if (accepted.status !== 200 && !killed) {
                errorsBeforeKill.push(`aceptarpedido ${accepted.status}`);
              }
            }
          } else {
            answeredNot200 += 1;
            if (!killed) errorsBeforeKill.push(`proccesscart ${res.status}`);
          }
        } catch (error) {
          const cause = causeOf(error);
          // Refused: the process was already gone and the request never reached it.
          // (An acknowledged order whose acceptance was cut short is not in flight.)
          if (checkoutSent && !acknowledged.has(key) && cause.code !== 'ECONNREFUSED') {
            inFlight.add(key);
          }
          if (!killed) errorsBeforeKill.push(`${cause.code ?? ''} ${cause.message ?? ''}`.trim());
          return;
        }
      }
    });
    const loopsDone = Promise.all(loops);
    let loopsEnded = false;
    void loopsDone.then(() => (loopsEnded = true));

    // Let the burst run; kill without warning once enough orders went through.
    const deadline = Date.now() + burstTimeoutMs;
    while (!killed) {
      if (Date.now() > deadline || loopsEnded) {
        kill();
        await loopsDone;
        throw new Error(
          `solo ${acknowledged.size} pedidos en ${burstTimeoutMs / 1000} s; errores: ${errorsBeforeKill.slice(0, 5).join('; ') || 'ninguno'}\n${tailOf(first.logFile)}`,
        );
      }
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    const exit = await first.exited;
    await loopsDone;

    // Production's supervisor starts the server again, same database, same port.
    second = await start(first.port);

    const handle = createDb(databaseUrl);
    let pedidos, detalles, eventos;
    try {
      const db = handle.db;
      pedidos = await db
        .selectFrom('pedido')
        .select([
          'id',
          'idempotency_key',
          'cantidad_de_articulos',
          'subtotal',
          'costo_de_envio',
          'monto_total',
        ])
        .execute();
      detalles = await db
        .selectFrom('pedido_detalle')
        .select(['pedido_id', 'producto_id', 'nombre_producto', 'cantidad', 'precio'])
        .execute();
      // The new-order events (the owner's acceptances add their own, one per order accepted).
      eventos = await db
        .selectFrom('pedido_evento')
        .select(['pedido_id'])
        .where('tipo', '=', 'NUEVO')
        .execute();
    } finally {
      await handle.db.destroy();
    }
    await second.stop();

    const ids = new Set(pedidos.map((p) => Number(p.id)));
    const ackIds = [...acknowledged.values()];
    const missing = ackIds.filter((id) => !ids.has(id)).sort((a, b) => a - b);

    const envio = centavos(fixture.costoDeEnvio);
    const precios = new Map(fixture.productos.map((p) => [p.id, centavos(p.price)]));
    const nombres = fixture.productos.map((p) => p.name).sort();
    const linesOf = new Map<number, typeof detalles>();
    for (const d of detalles) {
      const own = linesOf.get(Number(d.pedido_id)) ?? [];
      own.push(d);
      linesOf.set(Number(d.pedido_id), own);
    }
    const halfWritten: HalfWritten[] = [];
    for (const p of pedidos) {
      const lines = linesOf.get(Number(p.id)) ?? [];
      const subtotal = lines.reduce((sum, l) => sum + Number(l.precio) * Number(l.cantidad), 0);
      const articulos = lines.reduce((sum, l) => sum + Number(l.cantidad), 0);
      const why: string[] = [];
      if (lines.length === 0) why.push('sin líneas');
      else if (
        JSON.stringify(lines.map((l) => l.nombre_producto).sort()) !== JSON.stringify(nombres)
      ) {
        why.push(`líneas ${lines.map((l) => l.nombre_producto).join(' + ')}`);
      }
      if (lines.some((l) => Number(l.precio) !== precios.get(Number(l.producto_id)))) {
        why.push('precio');
      }
      if (Number(p.cantidad_de_articulos) !== articulos) why.push('artículos');
      if (Number(p.subtotal) !== subtotal) why.push('subtotal');
      if (Number(p.costo_de_envio) !== envio) why.push('envío');
      if (Number(p.monto_total) !== subtotal + envio) why.push('total');
      if (why.length) halfWritten.push({ pedidoId: Number(p.id), why: why.join(', ') });
    }

    const eventCount = new Map<number, number>();
    for (const e of eventos) {
      eventCount.set(Number(e.pedido_id), (eventCount.get(Number(e.pedido_id)) ?? 0) + 1);
    }
    const eventsWithoutOrder = [...eventCount.keys()].filter((id) => !ids.has(id));
    const ordersWithoutEvent = [...ids].filter((id) => !eventCount.has(id));
    const duplicateEvents = [...eventCount].filter(([, n]) => n > 1).map(([id]) => id);

    const keys = new Set(pedidos.map((p) => p.idempotency_key));
    const inFlightWritten = [...inFlight].filter((key) => keys.has(key)).length;
    const unexplained = pedidos
      .filter(
        (p) => !acknowledged.has(p.idempotency_key ?? '') && !inFlight.has(p.idempotency_key ?? ''),
      )
      .map((p) => Number(p.id));

    const burstMs = killedAt - burstStart;
    return {
      database: dialectOf(databaseUrl),
      entry,
      shoppers: fixture.shoppers.length,
      killAfter,
      killedPid: first.pid,
      exitSignal: exit.signal ?? (exit.code === null ? null : `código ${exit.code}`),
      acknowledged: ackIds.length,
      found: ackIds.length - missing.length,
      missing,
      halfWritten,
      eventsWithoutOrder,
      ordersWithoutEvent,
      duplicateEvents,
      inFlight: inFlight.size,
      inFlightWritten,
      unexplained,
      answeredNot200,
      errorsBeforeKill,
      ordersInDatabase: pedidos.length,
      burstMs: Math.round(burstMs),
      ordersPerSecond: Math.round((ackIds.length / burstMs) * 1000 * 10) / 10,
      killToExitMs: Math.round((exit.at - killedAt) * 10) / 10,
      restartToHealthMs: Math.round(second.healthyAt - second.spawnedAt),
    };
  } finally {
    // A failure half-way must not leave a server behind.
    for (const server of [first, second]) {
      if (server && server.child.exitCode === null && server.child.signalCode === null) {
        server.child.kill('SIGKILL');
        await server.exited;
      }
    }
  }
}
