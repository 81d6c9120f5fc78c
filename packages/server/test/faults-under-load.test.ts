import type { ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  privatePostgresUnavailableReason,
  startPrivatePostgres,
  type PrivatePostgres,
} from '../../../scripts/lib/private-postgres.js';
import { loadConfig } from '../src/config.js';
import { errorCatalog } from '../src/http/app-error.js';
import { startTestServer, useTestDatabase, useTempFolder } from './build-test-app.js';
import type { TestDatabase } from './dialects.js';
import { signInAdmin, TEST_ADMIN } from './factories.js';
import { createPublicShop, guestBody, newKey, type PublicShop } from './pedido-factories.js';
import { startServerProcess } from './server-process.js';

/**
 * Faults while the server is busy (docs/reliability.md, "Faults under load"): a real server
 * process, real clients, a real database.
 * 1. PostgreSQL restarted (and stopped for ~3 s) under guest orders that retry on 503 with their
 *    Idempotency-Key: only 201 or a fast 503 SERVICIO_NO_DISPONIBLE, recovery by itself, exactly
 *    one order per key.
 * 2. SIGTERM under load: /ready says `cerrando` while the listener still accepts, requests in
 *    flight finish normally, new connections are then refused, exit 0, no acknowledged order lost.
 */

const SERVICIO_NO_DISPONIBLE = {
  code: 'SERVICIO_NO_DISPONIBLE',
  message: errorCatalog.SERVICIO_NO_DISPONIBLE.message,
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const now = () => performance.now();

interface Outcome {
  what: string;
  key?: string;
  startedAt: number;
  endedAt: number;
  /** 0: no HTTP answer (see `error`). */
  status: number;
  body?: unknown;
  retryAfter?: string | null;
  /** The socket's error code (ECONNREFUSED, ECONNRESET, UND_ERR_SOCKET...) when there was no answer. */
  error?: string;
}

/** One request through fetch (keep-alive, as a browser or a proxy sends them); never throws. */
async function send(
  baseUrl: string,
  what: string,
  urlPath: string,
  init: { method?: string; body?: unknown; headers?: Record<string, string> } = {},
  key?: string,
): Promise<Outcome> {
  const startedAt = now();
  const headers: Record<string, string> = { ...init.headers };
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  if (key) headers['idempotency-key'] = key;
  try {
    const res = await fetch(baseUrl + urlPath, {
      method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
      headers,
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
    const text = await res.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // Not JSON (a page): kept as text.
    }
    return {
      what,
      key,
      startedAt,
      endedAt: now(),
      status: res.status,
      body,
      retryAfter: res.headers.get('retry-after'),
    };
  } catch (error) {
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    return {
      what,
      key,
      startedAt,
      endedAt: now(),
      status: 0,
      error: cause?.code ?? cause?.message ?? String(error),
    };
  }
}

const isProper503 = (o: Outcome) =>
  o.status === 503 &&
  JSON.stringify(o.body) === JSON.stringify(SERVICIO_NO_DISPONIBLE) &&
  typeof o.retryAfter === 'string';

/** Outcomes grouped for a readable failure message: `201: 120, 503 SERVICIO_NO_DISPONIBLE: 30`. */
function tally(outcomes: Outcome[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const o of outcomes) {
    const label =
      o.status === 0
        ? `sin respuesta (${o.error})`
        : `${o.status} ${(o.body as { code?: string })?.code ?? ''}`.trim();
    counts[label] = (counts[label] ?? 0) + 1;
  }
  return counts;
}

// Each order comes from an address of its own (the server believes X-Forwarded-For from
// loopback, TRUST_PROXY): the guest limit of 20 orders per address in 10 minutes is a rule for
// visitors, not for a load generator.
let visitor = 0;
function visitorAddress(): string {
  visitor += 1;
  return `10.${(visitor >> 16) & 255}.${(visitor >> 8) & 255}.${visitor & 255}`;
}

/** A public shop with one product, made through an in-process server that is then closed. */
async function prepareShop(database: TestDatabase): Promise<PublicShop> {
  const setup = await startTestServer({ database, config: TEST_ADMIN });
  try {
    return await createPublicShop(setup, await signInAdmin(setup), {
      productos: [{ name: 'Taco de pastor', price: 19.99 }],
    });
  } finally {
    await setup.stop();
  }
}

interface RunningServer {
  child: ChildProcess;
  baseUrl: string;
  port: number;
  exited: Promise<number | null>;
  output: string[];
  /** Log lines at level error (50) or worse. */
  errorLines(): string[];
}

async function startServer(
  databaseUrl: string,
  workDir: string,
  env: Record<string, string> = {},
): Promise<RunningServer> {
  const output: string[] = [];
  const { child, port } = await startServerProcess(
    {
      DATABASE_URL: databaseUrl,
      OUTBOX_DIR: path.join(workDir, 'outbox'),
      IMAGES_DIR: path.join(workDir, 'images'),
      WEB_DIST_DIR: path.join(workDir, 'sin-web'),
      TRUST_PROXY: '127.0.0.1',
      ...env,
    },
    { onOutput: (text) => output.push(text) },
  );
  const exited = new Promise<number | null>((resolve) => {
    if (child.exitCode !== null) resolve(child.exitCode);
    else child.on('exit', (code) => resolve(code));
  });
  return {
    child,
    port,
    baseUrl: `http://127.0.0.1:${port}`,
    exited,
    output,
    errorLines: () =>
      output
        .join('')
        .split('\n')
        .filter((line) => /"level":(50|60)/.test(line)),
  };
}

/** Waits until the server has written `text` to its output (at most 10 s). */
async function waitForOutput(server: RunningServer, text: string): Promise<void> {
  const deadline = now() + 10_000;
  while (!server.output.join('').includes(text)) {
    if (now() > deadline) throw new Error(`el servidor no escribió «${text}»`);
    await sleep(5);
  }
}

/** The database's orders of one shop, by Idempotency-Key. */
async function ordersByKey(
  databaseUrl: string,
  tiendaId: number,
): Promise<Map<string | null, number[]>> {
  const rows: { id: number; idempotency_key: string | null }[] = [];
  if (databaseUrl.startsWith('sqlite:')) {
    const { default: Sqlite } = await import('better-sqlite3');
    const db = new Sqlite(databaseUrl.slice('sqlite:'.length), { readonly: true });
    try {
      rows.push(
        ...(db
          .prepare('SELECT id, idempotency_key FROM pedido WHERE tienda_id = ?')
          .all(tiendaId) as typeof rows),
      );
    } finally {
      db.close();
    }
  } else {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      const result = await client.query<{ id: number; idempotency_key: string | null }>(
        'SELECT id, idempotency_key FROM pedido WHERE tienda_id = $1',
        [tiendaId],
      );
      rows.push(...result.rows);
    } finally {
      await client.end();
    }
  }
  const byKey = new Map<string | null, number[]>();
  for (const row of rows) {
    byKey.set(row.idempotency_key, [...(byKey.get(row.idempotency_key) ?? []), Number(row.id)]);
  }
  return byKey;
}

async function waitFor(test: () => Promise<boolean>, timeoutMs: number, what: string) {
  const deadline = now() + timeoutMs;
  while (!(await test())) {
    if (now() > deadline) throw new Error(`${what}: no ocurrió en ${timeoutMs} ms`);
    await sleep(50);
  }
}

// ---- 1. PostgreSQL restarted under load ----

const onPostgres = process.env.TEST_DATABASE_URL !== undefined;
const privateReason = privatePostgresUnavailableReason();

// PostgreSQL only: it runs in CI's PostgreSQL pass (TEST_DATABASE_URL), on a private throwaway
// cluster of its own (scripts/lib/private-postgres.ts), never the shared server other tests use.
// Where that cluster can't be made, CI fails naming why; elsewhere the omission is said aloud.
if (!onPostgres) {
  console.warn(
    'faults-under-load.test: el reinicio de PostgreSQL bajo carga es solo de PostgreSQL; define TEST_DATABASE_URL para probarlo',
  );
} else if (privateReason && !process.env.CI) {
  console.warn(`faults-under-load.test: reinicio de PostgreSQL omitido: ${privateReason}`);
}

describe.runIf(onPostgres && privateReason !== undefined && process.env.CI)(
  'PostgreSQL restarted under load (PostgreSQL only)',
  () => {
    it('needs a private PostgreSQL cluster', () => {
      throw new Error(`no se puede crear un PostgreSQL privado en esta máquina: ${privateReason}`);
    });
  },
);

describe.runIf(onPostgres && privateReason === undefined)(
  'PostgreSQL restarted under load (PostgreSQL only, a private cluster)',
  () => {
    const work = useTempFolder('tianguis-faults-pg-');
    let cluster: PrivatePostgres;
    let server: RunningServer;
    let shop: PublicShop;

    beforeAll(async () => {
      cluster = await startPrivatePostgres();
      shop = await prepareShop({
        url: cluster.url,
        dialect: 'postgres',
        drop: async () => undefined,
      });
      server = await startServer(cluster.url, work.dir);
    });
    afterAll(async () => {
      if (server && server.child.exitCode === null) server.child.kill('SIGKILL');
      cluster?.destroy();
    });

    it('orders answer 201 or a fast 503, the server recovers by itself, one order per key', async () => {
      const CLIENTS = 6;
      const productoId = shop.productos[0]!.id;
      const outcomes: Outcome[] = [];
      const placed: { key: string; body: unknown; id: number; attempts: number }[] = [];
      const unfinished: string[] = [];
      const readiness: { at: number; status: number; estado?: string }[] = [];
      let running = true;
      const giveUpAt = () => now() + 60_000;
      let deadline = giveUpAt();

      /** One guest order, retried with the same key and body on 503 until it is placed. */
      async function orderUntilPlaced(): Promise<void> {
        const key = newKey();
        const body = guestBody(shop.tiendaId, [{ productoId }]);
        const headers = { 'x-forwarded-for': visitorAddress() };
        for (let attempts = 1; ; attempts += 1) {
          const o = await send(
            server.baseUrl,
            'invitado',
            '/api/pedido/invitado',
            { body, headers },
            key,
          );
          outcomes.push(o);
          if (o.status === 201) {
            const id = (o.body as { pedido: { id: number } }).pedido.id;
            placed.push({ key, body, id, attempts });
            return;
          }
          if (now() > deadline) {
            unfinished.push(key);
            return;
          }
          // Sooner than Retry-After (5 s): the test wants many attempts during the outage.
          await sleep(100);
        }
      }

      const clients = Array.from({ length: CLIENTS }, async () => {
        while (running) {
          await orderUntilPlaced();
          await sleep(20);
        }
      });
      const poller = (async () => {
        while (running) {
          const o = await send(server.baseUrl, 'ready', '/ready');
          readiness.push({
            at: o.startedAt,
            status: o.status,
            estado: (o.body as { status?: string })?.status,
          });
          await sleep(100);
        }
      })();
      const ready = async () => (await send(server.baseUrl, 'ready', '/ready')).status === 200;

      await sleep(1_500);
      // Fault 1: every session ended, PostgreSQL back within a moment.
      await cluster.restart();
      const restartBack = now();
      await waitFor(ready, 15_000, '/ready 200 tras pg_ctl restart');
      const restartRecoveryMs = now() - restartBack;
      await sleep(1_000);
      // Fault 2: away for ~3 s.
      await cluster.stop();
      const stoppedAt = now();
      await sleep(3_000);
      await cluster.start();
      const startedAt = now();
      await waitFor(ready, 15_000, '/ready 200 tras pg_ctl start');
      const stopRecoveryMs = now() - startedAt;
      await sleep(1_500);
      running = false;
      deadline = now() + 15_000;
      await Promise.all([...clients, poller]);

      const answered503 = outcomes.filter((o) => o.status === 503);
      const improper = outcomes.filter((o) => o.status !== 201 && !isProper503(o));
      const slowest503 = Math.max(0, ...answered503.map((o) => o.endedAt - o.startedAt));
      const during = outcomes.filter((o) => o.endedAt >= stoppedAt && o.startedAt <= startedAt);
      console.log(
        `faults-under-load (PostgreSQL): ${outcomes.length} pedidos enviados (${JSON.stringify(tally(outcomes))}); ` +
          `${placed.length} pedidos hechos, ${placed.filter((p) => p.attempts > 1).length} tras reintentar; ` +
          `durante la parada de ${Math.round(startedAt - stoppedAt)} ms: ${JSON.stringify(tally(during))}; ` +
          `503 más lento: ${Math.round(slowest503)} ms; /ready 200 a los ${Math.round(restartRecoveryMs)} ms del reinicio ` +
          `y a los ${Math.round(stopRecoveryMs)} ms del arranque`,
      );

      // Only 201 or 503 SERVICIO_NO_DISPONIBLE with its Spanish message and Retry-After: never a
      // 500, never a connection reset.
      expect(improper.map((o) => ({ status: o.status, error: o.error, body: o.body }))).toEqual([]);
      expect(unfinished).toEqual([]);
      // The outage was seen (3 s without a database under six clients) and answered fast.
      expect(during.filter((o) => o.status === 503).length).toBeGreaterThan(0);
      expect(slowest503).toBeLessThan(2_000);
      // /ready said so while PostgreSQL was away, and came back by itself.
      expect(
        readiness.some(
          (r) =>
            r.at > stoppedAt &&
            r.at < startedAt &&
            r.status === 503 &&
            r.estado === 'sin-base-de-datos',
        ),
      ).toBe(true);
      expect(readiness.at(-1)?.status).toBe(200);
      // Orders keep being placed after each fault.
      const lastSuccess = Math.max(
        ...outcomes.filter((o) => o.status === 201).map((o) => o.endedAt),
      );
      expect(lastSuccess).toBeGreaterThan(startedAt);

      // Exactly one order per key, the one its 201 named: none lost, none doubled, no stray one.
      const byKey = await ordersByKey(cluster.url, shop.tiendaId);
      const wrong = placed.filter(
        (p) => JSON.stringify(byKey.get(p.key)) !== JSON.stringify([p.id]),
      );
      expect(wrong.map((p) => ({ key: p.key, answered: p.id, found: byKey.get(p.key) }))).toEqual(
        [],
      );
      expect([...byKey.keys()].sort()).toEqual(placed.map((p) => p.key).sort());

      // Sending a retried key once more answers the same order, not a new one.
      const retried = placed.filter((p) => p.attempts > 1);
      expect(retried.length).toBeGreaterThan(0);
      for (const p of retried) {
        const again = await send(
          server.baseUrl,
          'repetido',
          '/api/pedido/invitado',
          { body: p.body, headers: { 'x-forwarded-for': visitorAddress() } },
          p.key,
        );
        expect(again.status).toBe(201);
        expect((again.body as { pedido: { id: number } }).pedido.id).toBe(p.id);
      }
      expect((await ordersByKey(cluster.url, shop.tiendaId)).size).toBe(placed.length);

      // Nothing the error handler could not explain, and a clean exit.
      expect(server.errorLines()).toEqual([]);
      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
    }, 90_000);
  },
);

// ---- 2. SIGTERM under load ----

/** The HTTP/1.1 answers in `raw`, one after another (bodies by Content-Length, in bytes). */
function parseAnswers(raw: Buffer): { status: number; head: string; body: unknown }[] {
  const answers = [];
  let rest = raw;
  while (rest.subarray(0, 9).toString() === 'HTTP/1.1 ') {
    const headEnd = rest.indexOf('\r\n\r\n');
    const head = rest.subarray(0, headEnd).toString();
    const length = Number(/content-length: (\d+)/i.exec(head)?.[1] ?? 0);
    const bodyText = rest.subarray(headEnd + 4, headEnd + 4 + length).toString();
    answers.push({ status: Number(head.slice(9, 12)), head, body: JSON.parse(bodyText) });
    rest = rest.subarray(headEnd + 4 + length);
  }
  return answers;
}

/** GET /ready on a new connection: its status and `status` field, or the socket's error. */
function readyOnNewConnection(
  port: number,
): Promise<{ at: number; status: number; estado?: string; error?: string }> {
  const at = now();
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', (error: NodeJS.ErrnoException) =>
      resolve({ at, status: 0, error: error.code ?? error.message }),
    );
    socket.on('close', () => {
      const [answer] = parseAnswers(Buffer.concat(chunks));
      resolve(
        answer
          ? { at, status: answer.status, estado: (answer.body as { status?: string }).status }
          : { at, status: 0, error: 'cerrada sin respuesta' },
      );
    });
    socket.write('GET /ready HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n');
  });
}

const DRAIN_MS = 1_000;

describe('SHUTDOWN_DRAIN_MS', () => {
  const production = { NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(32) };
  it('is 0 by default, 5000 in production, and refuses what is not a duration', () => {
    expect(loadConfig({}).shutdownDrainMs).toBe(0);
    expect(loadConfig(production).shutdownDrainMs).toBe(5000);
    expect(loadConfig({ ...production, SHUTDOWN_DRAIN_MS: '0' }).shutdownDrainMs).toBe(0);
    expect(loadConfig({ SHUTDOWN_DRAIN_MS: '1500' }).shutdownDrainMs).toBe(1500);
    for (const bad of ['-1', 'cinco', '1.5', '120001']) {
      expect(() => loadConfig({ SHUTDOWN_DRAIN_MS: bad })).toThrow(/SHUTDOWN_DRAIN_MS/);
    }
  });
});

describe('SIGTERM under load', () => {
  const database = useTestDatabase();
  const work = useTempFolder('tianguis-faults-term-');
  let server: RunningServer;
  let shop: PublicShop;

  beforeAll(async () => {
    shop = await prepareShop(database);
    server = await startServer(database.url, work.dir, { SHUTDOWN_DRAIN_MS: String(DRAIN_MS) });
  });
  afterAll(() => {
    if (server && server.child.exitCode === null) server.child.kill('SIGKILL');
  });

  it('/ready turns 503 first, requests in flight finish, then connections are refused; exit 0', async () => {
    const productoId = shop.productos[0]!.id;
    const outcomes: (Outcome & { stubborn: boolean })[] = [];
    let signalAt = Infinity;
    // Set when the balancer's probe (below) first reads /ready 503: it takes the instance out.
    let balancerNoticed = false;

    // Continuous load as a balancer routes it: guests ordering, visitors reading the shop's page
    // and the directory, until the balancer has seen /ready 503. One stubborn guest ignores the
    // balancer and keeps ordering until its connection is refused.
    const orderer = async (stubborn: boolean) => {
      while (stubborn || !balancerNoticed) {
        const o = await send(
          server.baseUrl,
          'invitado',
          '/api/pedido/invitado',
          {
            body: guestBody(shop.tiendaId, [{ productoId }]),
            headers: { 'x-forwarded-for': visitorAddress() },
          },
          newKey(),
        );
        outcomes.push({ ...o, stubborn });
        if (o.status === 0) return;
        await sleep(10);
      }
    };
    const reader = async (urlPath: string) => {
      while (!balancerNoticed) {
        const o = await send(server.baseUrl, 'lectura', urlPath);
        outcomes.push({ ...o, stubborn: false });
        if (o.status === 0) return;
        await sleep(10);
      }
    };
    const load = [
      orderer(false),
      orderer(false),
      orderer(true),
      reader(`/api/tienda/publica/${shop.owner.usuario}`),
      reader('/api/tienda/directorio'),
    ];

    await sleep(1_000);

    // A guest order whose body is still arriving when the signal comes, and still when the
    // listener closes: in flight throughout. A readiness probe follows it on the same
    // connection, as a balancer's reused connection would send it.
    const slowBody = JSON.stringify(guestBody(shop.tiendaId, [{ productoId }]));
    const slowKey = newKey();
    const slow = net.connect(server.port, '127.0.0.1');
    const slowReceived: Buffer[] = [];
    slow.on('data', (chunk: Buffer) => slowReceived.push(chunk));
    const slowClosed = new Promise((resolve) => slow.on('close', resolve));
    await new Promise((resolve) => slow.once('connect', resolve));
    const half = Math.floor(slowBody.length / 2);
    slow.write(
      `POST /api/pedido/invitado HTTP/1.1\r\nHost: 127.0.0.1\r\n` +
        `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(slowBody)}\r\n` +
        `Idempotency-Key: ${slowKey}\r\nX-Forwarded-For: ${visitorAddress()}\r\n\r\n` +
        slowBody.slice(0, half),
    );
    await sleep(200);

    server.child.kill('SIGTERM');
    // The signal reaches the server's event loop asynchronously: a request it is already reading
    // can still be answered 200. "After the signal" starts when the server says it is draining
    // (its log line is written right after /ready turns 503).
    await waitForOutput(server, 'cerrando: /ready responde 503');
    signalAt = now();
    // The balancer's probe on new connections, from the signal until refused.
    const probes: Awaited<ReturnType<typeof readyOnNewConnection>>[] = [];
    const prober = (async () => {
      for (;;) {
        const probe = await readyOnNewConnection(server.port);
        probes.push(probe);
        if (probe.status === 503) balancerNoticed = true;
        if (probe.error === 'ECONNREFUSED' || now() - signalAt > 15_000) return;
        await sleep(50);
      }
    })();

    await sleep(DRAIN_MS + 500);
    slow.write(slowBody.slice(half) + 'GET /ready HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
    await slowClosed;
    const exitCode = await server.exited;
    const exitedAt = now();
    await Promise.all([...load, prober]);
    const afterExit = await readyOnNewConnection(server.port);

    const [slowOrder, slowReady] = parseAnswers(Buffer.concat(slowReceived));
    const since = (at: number) => Math.round(at - signalAt);
    const answered = outcomes.filter((o) => o.status !== 0);
    const unanswered = outcomes.filter((o) => o.status === 0);
    console.log(
      `faults-under-load (SIGTERM, ${database.dialect}, drenado ${DRAIN_MS} ms): ${outcomes.length} peticiones ` +
        `(${JSON.stringify(tally(outcomes))}), ${answered.filter((o) => o.startedAt > signalAt).length} respondidas tras la señal; ` +
        `sondeos de /ready tras la señal: ${JSON.stringify(probes.map((p) => `${since(p.at)} ms: ${p.status || p.error}${p.estado ? ` ${p.estado}` : ''}`))}; ` +
        `sin respuesta: ${JSON.stringify(unanswered.map((o) => `${o.what} ${since(o.startedAt)} ms ${o.error}`))}; ` +
        `salida a los ${since(exitedAt)} ms`,
    );

    // The order in flight across the whole shutdown finished normally, and the probe behind it
    // on the same connection said `cerrando`.
    expect(slowOrder?.status).toBe(201);
    expect(slowReady?.status).toBe(503);
    expect(slowReady?.body).toEqual({ status: 'cerrando' });
    expect(slowReady?.head).toMatch(/retry-after: 5/i);

    // New connections: /ready 503 `cerrando` while the listener still accepts (the drain), then
    // refused. The one probe that may reach the listener at the very moment it closes is cut
    // without an answer (a connection still in the kernel's queue, or not yet read): nothing was
    // served on it, as with a refusal. Never a 200 after the signal, a 500, or a reset before.
    const answeredProbes = probes.filter((p) => p.status !== 0);
    expect(answeredProbes.length).toBeGreaterThanOrEqual(2);
    expect(answeredProbes.every((p) => p.status === 503 && p.estado === 'cerrando')).toBe(true);
    const cut = probes.slice(answeredProbes.length);
    expect(cut.at(-1)?.error).toBe('ECONNREFUSED');
    expect(cut.slice(0, -1).length).toBeLessThanOrEqual(1);
    expect(probes.slice(0, answeredProbes.length)).toEqual(answeredProbes);
    expect(afterExit.error).toBe('ECONNREFUSED');

    // Every answer of the load was its normal one, the drain included (the server kept serving
    // while the balancer took it out).
    const abnormal = answered.filter((o) =>
      o.what === 'invitado' ? o.status !== 201 : o.status !== 200,
    );
    expect(abnormal.map((o) => ({ what: o.what, status: o.status, body: o.body }))).toEqual([]);
    expect(answered.filter((o) => o.startedAt > signalAt).length).toBeGreaterThan(0);
    // Only the stubborn guest, who ignored the balancer, went unanswered, once the listener had
    // closed: refused, or cut at that moment like the probe above.
    const early = unanswered.filter(
      (o) =>
        !o.stubborn ||
        o.startedAt - signalAt < DRAIN_MS / 2 ||
        !/^ECONN(REFUSED|RESET)$/.test(o.error ?? ''),
    );
    expect(early.map((o) => ({ ...o, desdeLaSenal: since(o.startedAt) }))).toEqual([]);
    expect(exitCode).toBe(0);

    // Every order answered 201 is in the database, once; no order the server did not answer.
    const byKey = await ordersByKey(database.url, shop.tiendaId);
    const acknowledged = answered
      .filter((o) => o.what === 'invitado')
      .map((o) => ({ key: o.key!, id: (o.body as { pedido: { id: number } }).pedido.id }));
    acknowledged.push({
      key: slowKey,
      id: (slowOrder!.body as { pedido: { id: number } }).pedido.id,
    });
    expect(acknowledged.length).toBeGreaterThan(10);
    const missing = acknowledged.filter(
      (a) => JSON.stringify(byKey.get(a.key)) !== JSON.stringify([a.id]),
    );
    expect(missing).toEqual([]);
    expect(byKey.size).toBe(acknowledged.length);
    expect(server.errorLines()).toEqual([]);
  }, 60_000);
});
