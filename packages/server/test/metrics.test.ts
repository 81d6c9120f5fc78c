import { randomBytes } from 'node:crypto';
import net from 'node:net';
import os from 'node:os';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { runWrite } from '../src/db/group-commit.js';
import { isLoopback, mayReadMetrics, SIN_RUTA } from '../src/http/metrics.js';
import { startTestServer, type TestServer } from './build-test-app.js';
import { signInAdmin, TEST_ADMIN } from './factories.js';
import {
  addUnits,
  call,
  checkout,
  createPublicShop,
  createShopper,
  guestBody,
  guestCliente,
  newKey,
  PEDIDO2,
  type PublicShop,
} from './pedido-factories.js';
import { pollUntil, startPushServiceStandIn, type PushServiceStandIn } from './push-service.js';

// docs/reliability.md, "Metrics": GET /metrics on a real server, read as Prometheus reads it.

const TOKEN = `metricas-${randomBytes(12).toString('hex')}`;

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

const SAMPLE_LINE = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)(?: \d+)?$/;
const LABEL = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"(?:,|$)/gy;

/** Prometheus' text format (0.0.4): every line a comment or a sample, or the parse fails. */
function parseExposition(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('# HELP ') || line.startsWith('# TYPE ')) continue;
    const match = SAMPLE_LINE.exec(line);
    if (!match) throw new Error(`línea que no es del formato de Prometheus: ${line}`);
    const [, name = '', rawLabels = '', rawValue = ''] = match;
    const labels: Record<string, string> = {};
    LABEL.lastIndex = 0;
    let consumed = 0;
    for (let m = LABEL.exec(rawLabels); m; m = LABEL.exec(rawLabels)) {
      labels[m[1]!] = m[2]!;
      consumed = LABEL.lastIndex;
    }
    if (consumed !== rawLabels.length) throw new Error(`etiquetas mal formadas: ${line}`);
    // Prometheus reads values with Go's ParseFloat: NaN and ±Inf in any case (prom-client
    // writes an empty event-loop window's mean as "Nan").
    const special: Record<string, number> = { nan: NaN, '+inf': Infinity, '-inf': -Infinity };
    const value = special[rawValue.toLowerCase()] ?? Number(rawValue);
    if (Number.isNaN(value) && rawValue.toLowerCase() !== 'nan') {
      throw new Error(`valor no numérico: ${line}`);
    }
    samples.push({ name, labels, value });
  }
  return samples;
}

/** The value of the one sample with this name and (at least) these labels; undefined if none. */
function valueOf(
  samples: Sample[],
  name: string,
  labels: Record<string, string> = {},
): number | undefined {
  const found = samples.filter(
    (s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v),
  );
  if (found.length > 1) throw new Error(`${found.length} series de ${name} con esas etiquetas`);
  return found[0]?.value;
}

/** The first IPv4 address of this machine that is not loopback, if it has one. */
function outsideAddress(): string | undefined {
  for (const addresses of Object.values(os.networkInterfaces())) {
    for (const a of addresses ?? []) if (a.family === 'IPv4' && !a.internal) return a.address;
  }
  return undefined;
}

describe('GET /metrics', () => {
  let server: TestServer;
  let pushService: PushServiceStandIn;
  let shop: PublicShop;

  async function scrape(): Promise<Sample[]> {
    const res = await fetch(`${server.baseUrl}/metrics`);
    expect(res.status).toBe(200);
    return parseExposition(await res.text());
  }
  const metric = async (name: string, labels?: Record<string, string>) =>
    valueOf(await scrape(), name, labels);

  beforeAll(async () => {
    pushService = await startPushServiceStandIn();
    server = await startTestServer({
      // Retries a few milliseconds apart; trustProxy believes anyone's X-Forwarded-For, so the
      // test shows that the address it would give (request.ip) is not what lets a caller in.
      pushDelivery: { attempts: 3, firstRetryMs: 10, timeoutMs: 2_000 },
      config: { ...TEST_ADMIN, metricsToken: TOKEN, trustProxy: true },
    });
    shop = await createPublicShop(server, await signInAdmin(server), {
      productos: [{ name: 'Gordita de chicharrón', price: 25 }],
    });
    pushService.expectedVapidKey = (await server.call('/api/push/clavepublica')).body.publicKey;
  });
  afterAll(async () => {
    await server?.destroy();
    await pushService?.close();
  });

  it('answers the Prometheus text format on loopback, event-loop lag included', async () => {
    const res = await fetch(`${server.baseUrl}/metrics`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const text = await res.text();
    const samples = parseExposition(text);
    expect(text).toContain('# TYPE tianguis_http_request_duration_seconds histogram');
    expect(text).toContain('# TYPE tianguis_orders_placed_total counter');
    expect(text).toContain('# TYPE tianguis_sse_connections gauge');
    expect(text).toContain('# TYPE tianguis_push_deliveries_total counter');
    expect(valueOf(samples, 'nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0);
    expect(valueOf(samples, 'nodejs_eventloop_lag_p99_seconds')).toBeGreaterThanOrEqual(0);
    expect(valueOf(samples, 'process_resident_memory_bytes')).toBeGreaterThan(0);
  });

  it('times requests by route pattern, method and status; never by the raw URL', async () => {
    const secret = randomBytes(18).toString('base64url');
    const missing = `/api/no-existe/${randomBytes(6).toString('hex')}`;
    expect((await server.call(PEDIDO2.seguimiento(secret))).status).toBe(404);
    // A POST: with a web build, unknown GET addresses are the web app's `/*` route.
    expect((await server.call(missing, { method: 'POST' })).status).toBe(404);
    expect((await server.call('/live')).status).toBe(200);
    const horarios = `/api/horario/getbytienda/${shop.tiendaId}`;
    expect((await server.call(horarios)).status).toBe(200);
    await scrape();

    const res = await fetch(`${server.baseUrl}/metrics`);
    const text = await res.text();
    const samples = parseExposition(text);
    const count = (route: string, method: string, status: string) =>
      valueOf(samples, 'tianguis_http_request_duration_seconds_count', {
        route,
        method,
        status_code: status,
      });
    expect(count('/api/pedido/seguimiento/:seguimiento', 'GET', '404')).toBe(1);
    expect(count('/api/horario/getbytienda/:tiendaId', 'GET', '200')).toBe(1);
    expect(count(SIN_RUTA, 'POST', '404')).toBe(1);
    expect(count('/live', 'GET', '200')).toBe(1);
    // Buckets are cumulative: the last one holds every observation.
    expect(
      valueOf(samples, 'tianguis_http_request_duration_seconds_bucket', {
        route: '/live',
        method: 'GET',
        status_code: '200',
        le: '+Inf',
      }),
    ).toBe(1);
    expect(text).not.toContain(secret);
    expect(text).not.toContain(missing);
    expect(text).not.toContain(horarios);
    // Scrapes are not timed: two scrapes above, no series.
    expect(samples.some((s) => s.labels.route === '/metrics')).toBe(false);
  });

  it('counts each committed order once: N checkouts, N more; refusals and repeats none', async () => {
    const web = () => metric('tianguis_orders_placed_total', { origen: 'WEB' });
    const manual = () => metric('tianguis_orders_placed_total', { origen: 'MANUAL' });
    const [webBefore, manualBefore] = [await web(), await manual()];
    const productoId = shop.productos[0]!.id;

    // Two shoppers' checkouts (at most three NUEVO orders per phone and shop).
    for (const _ of [1, 2]) {
      const shopper = await createShopper(server);
      await addUnits(server, shopper.token, productoId);
      await checkout(server, shopper.token, shop.tiendaId);
    }
    // A guest order, sent twice with its Idempotency-Key: one order.
    const key = newKey();
    const body = guestBody(shop.tiendaId, [{ productoId }]);
    const first = await call(server, PEDIDO2.invitado, undefined, body, {
      headers: { 'idempotency-key': key },
    });
    const again = await call(server, PEDIDO2.invitado, undefined, body, {
      headers: { 'idempotency-key': key },
    });
    expect([first.status, again.status]).toEqual([201, 201]);
    // An empty basket is refused before anything is written.
    const empty = await createShopper(server);
    const refused = await call(server, '/api/shoppingcartmarket/proccesscart', empty.token, {
      tiendaId: shop.tiendaId,
    });
    expect(refused.status).toBe(400);
    // The owner types one.
    const { tiendaId: _ignored, ...manualBody } = guestBody(shop.tiendaId, [{ productoId }]);
    const typed = await call(
      server,
      PEDIDO2.manual,
      shop.owner.token,
      { ...manualBody, cliente: guestCliente() },
      { headers: { 'idempotency-key': newKey() } },
    );
    expect(typed.status).toBe(201);

    expect((await web())! - webBefore!).toBe(3);
    expect((await manual())! - manualBefore!).toBe(1);
  });

  it('gauges live streams: 1 while one is open, 0 once it closes', async () => {
    expect(await metric('tianguis_sse_connections')).toBe(0);
    const controller = new AbortController();
    const res = await fetch(
      `${server.baseUrl}/api/pedido/eventos?token=${encodeURIComponent(shop.owner.token)}`,
      { signal: controller.signal },
    );
    expect(res.status).toBe(200);
    const reader = res.body!.getReader();
    await reader.read();
    expect(await metric('tianguis_sse_connections')).toBe(1);
    controller.abort();
    await reader.read().catch(() => undefined);
    await pollUntil(
      async () => (await metric('tianguis_sse_connections')) === 0,
      5_000,
      () => 'la conexión en vivo sigue contada',
    );
    // A stream's lifetime is not a request duration.
    const samples = await scrape();
    expect(samples.some((s) => s.labels.route === '/api/pedido/eventos')).toBe(false);
  });

  it('counts push deliveries by outcome, against the local push service', async () => {
    const outcome = (resultado: string) => metric('tianguis_push_deliveries_total', { resultado });
    const before = {
      entregado: (await outcome('entregado'))!,
      reintento: (await outcome('reintento'))!,
      fallido: (await outcome('fallido'))!,
      borrada: (await outcome('suscripcion_borrada'))!,
    };
    // Four subscriptions of the owner: one answers at once, one fails once then takes it, one
    // always fails, one is gone.
    const subs = [1, 2, 3, 4].map(() => pushService.subscribe());
    for (const sub of subs) {
      const res = await server.call('/api/push/suscribir', {
        body: sub.json,
        token: shop.owner.token,
      });
      expect(res.status).toBe(201);
    }
    const [fine, flaky, broken, gone] = subs as [
      (typeof subs)[0],
      (typeof subs)[0],
      (typeof subs)[0],
      (typeof subs)[0],
    ];
    pushService.answer(flaky.id, 500, 201);
    pushService.answer(broken.id, 500);
    pushService.answer(gone.id, 410);

    const guest = await call(
      server,
      PEDIDO2.invitado,
      undefined,
      guestBody(shop.tiendaId, [{ productoId: shop.productos[0]!.id }]),
      { headers: { 'idempotency-key': newKey() } },
    );
    expect(guest.status).toBe(201);
    await pushService.waitForMessages(fine.id, 1);
    await pushService.waitForMessages(flaky.id, 1);
    await pushService.waitForAttempts(broken.id, 3);
    await pushService.waitForAttempts(gone.id, 1);
    expect(pushService.problems).toEqual([]);

    const expected = { entregado: 2, reintento: 1 + 2, fallido: 1, borrada: 1 };
    await pollUntil(
      async () =>
        (await outcome('fallido')) === before.fallido + expected.fallido &&
        (await outcome('suscripcion_borrada')) === before.borrada + expected.borrada,
      5_000,
      () => 'los contadores push no llegaron',
    );
    expect((await outcome('entregado'))! - before.entregado).toBe(expected.entregado);
    expect((await outcome('reintento'))! - before.reintento).toBe(expected.reintento);
  });

  it("reports the database's connections at scrape time, and they move while one is held", async () => {
    const { pool, db } = server.app.database;
    if (server.database.dialect === 'sqlite') {
      // One connection, shared by group commits: in use while a batch holds it, and the writes
      // queued behind that batch are what waits.
      const idle = await scrape();
      expect(valueOf(idle, 'tianguis_db_pool_max')).toBe(1);
      expect(valueOf(idle, 'tianguis_db_pool_connections', { estado: 'en_uso' })).toBe(0);
      expect(valueOf(idle, 'tianguis_db_pool_connections', { estado: 'libre' })).toBe(1);
      expect(valueOf(idle, 'tianguis_db_pool_waiting')).toBe(0);
      // A batch held open by a write that waits on the test, then three more writes: they
      // queue for the next commit.
      let release!: () => void;
      const gate = new Promise<void>((resolve) => (release = resolve));
      let started!: () => void;
      const holding = new Promise<void>((resolve) => (started = resolve));
      const held = runWrite(db, async () => {
        started();
        await gate;
      });
      await holding;
      const queued = Array.from({ length: 3 }, () =>
        runWrite(db, (trx) => sql`select 1`.execute(trx)),
      );
      try {
        const busy = await scrape();
        expect(valueOf(busy, 'tianguis_db_pool_connections', { estado: 'en_uso' })).toBe(1);
        expect(valueOf(busy, 'tianguis_db_pool_connections', { estado: 'libre' })).toBe(0);
        expect(valueOf(busy, 'tianguis_db_pool_waiting')).toBe(3);
      } finally {
        release();
      }
      await Promise.all([held, ...queued]);
      const after = await scrape();
      expect(valueOf(after, 'tianguis_db_pool_connections', { estado: 'en_uso' })).toBe(0);
      expect(valueOf(after, 'tianguis_db_pool_waiting')).toBe(0);
      return;
    }
    const idle = await scrape();
    expect(valueOf(idle, 'tianguis_db_pool_max')).toBe(10);
    expect(valueOf(idle, 'tianguis_db_pool_connections', { estado: 'libre' })).toBeGreaterThan(0);
    // Every connection taken here, and one query more: read as they are at the scrape.
    const held = await Promise.all(Array.from({ length: 10 }, () => pool!.connect()));
    const queued = sql`select 1`.execute(db);
    try {
      const busy = await scrape();
      expect(valueOf(busy, 'tianguis_db_pool_connections', { estado: 'en_uso' })).toBe(10);
      expect(valueOf(busy, 'tianguis_db_pool_connections', { estado: 'libre' })).toBe(0);
      expect(valueOf(busy, 'tianguis_db_pool_waiting')).toBeGreaterThanOrEqual(1);
    } finally {
      for (const client of held) client.release();
    }
    await queued;
    // Back down once released (polled: a background sweep may hold one for a moment).
    await pollUntil(
      async () => {
        const after = await scrape();
        return (
          valueOf(after, 'tianguis_db_pool_connections', { estado: 'en_uso' }) === 0 &&
          valueOf(after, 'tianguis_db_pool_waiting') === 0
        );
      },
      5_000,
      () => 'el pool no volvió a quedar libre',
    );
  });

  it('from another address: 404 like an unknown route, unless the Bearer token is right', async () => {
    const address = outsideAddress();
    if (!address) {
      // The decision itself is unit-tested below; this test needs a real non-loopback socket.
      throw new Error('esta máquina no tiene una dirección IPv4 que no sea de loopback');
    }
    // A second listener on that address hands its connections to the same HTTP server: the
    // server sees the caller's real, non-loopback socket address.
    const sockets = new Set<net.Socket>();
    const front = net.createServer((socket) => {
      sockets.add(socket);
      server.app.server.emit('connection', socket);
    });
    await new Promise<void>((resolve) => front.listen(0, address, resolve));
    const base = `http://${address}:${(front.address() as net.AddressInfo).port}`;
    try {
      const get = (path: string, headers: Record<string, string> = {}) =>
        fetch(base + path, { headers }).then(async (r) => ({
          status: r.status,
          body: (await r.text()).replaceAll(path, '<ruta>'),
        }));
      const unknown = await get('/api/no-existe');
      expect(unknown.status).toBe(404);
      const attempts: Record<string, string>[] = [
        {},
        { authorization: `Bearer ${TOKEN}x` },
        { authorization: `Bearer ${TOKEN.slice(0, -1)}` },
        { authorization: 'Bearer ' },
        { authorization: TOKEN },
        { 'x-forwarded-for': '127.0.0.1' },
        { 'x-forwarded-for': '127.0.0.1', 'x-real-ip': '127.0.0.1', forwarded: 'for=127.0.0.1' },
      ];
      for (const headers of attempts) {
        const refused = await get('/metrics', headers);
        expect(refused, JSON.stringify(headers)).toEqual(unknown);
      }
      expect(JSON.parse(unknown.body)).toEqual({
        code: 'NO_ENCONTRADO',
        message: 'No existe la ruta GET <ruta>',
      });

      const allowed = await fetch(`${base}/metrics`, {
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      expect(allowed.status).toBe(200);
      const samples = parseExposition(await allowed.text());
      expect(valueOf(samples, 'tianguis_sse_connections')).toBe(0);
    } finally {
      // Kept alive by fetch's pool, they would hold close() for the keep-alive timeout.
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => front.close(() => resolve()));
    }
  });
});

describe('who may read the metrics (mayReadMetrics)', () => {
  it('loopback by the socket address: 127.0.0.0/8, ::1 and IPv4-mapped 127.x', () => {
    for (const address of ['127.0.0.1', '127.1.2.3', '::1', '::ffff:127.0.0.1']) {
      expect(isLoopback(address), address).toBe(true);
      expect(mayReadMetrics(address, undefined, undefined), address).toBe(true);
    }
    for (const address of ['192.0.2.2', '::ffff:10.0.0.1', 'fd00::2', '1270.0.0.1', undefined]) {
      expect(isLoopback(address), String(address)).toBe(false);
      expect(mayReadMetrics(address, undefined, TOKEN), String(address)).toBe(false);
    }
  });

  it('from elsewhere only the exact Bearer token, and only when one is configured', () => {
    const outside = '192.0.2.2';
    expect(mayReadMetrics(outside, `Bearer ${TOKEN}`, TOKEN)).toBe(true);
    expect(mayReadMetrics(outside, `bearer ${TOKEN}`, TOKEN)).toBe(true);
    expect(mayReadMetrics(outside, `Bearer ${TOKEN}`, undefined)).toBe(false);
    expect(mayReadMetrics(outside, `Bearer ${TOKEN.slice(1)}`, TOKEN)).toBe(false);
    expect(mayReadMetrics(outside, `Bearer ${TOKEN}${TOKEN}`, TOKEN)).toBe(false);
    expect(mayReadMetrics(outside, `Basic ${TOKEN}`, TOKEN)).toBe(false);
    expect(mayReadMetrics(outside, TOKEN, TOKEN)).toBe(false);
    expect(mayReadMetrics(outside, '', TOKEN)).toBe(false);
  });

  it('METRICS_TOKEN: unset or empty is none; a short one stops the boot', () => {
    expect(loadConfig({}).metricsToken).toBeUndefined();
    expect(loadConfig({ METRICS_TOKEN: '' }).metricsToken).toBeUndefined();
    expect(loadConfig({ METRICS_TOKEN: TOKEN }).metricsToken).toBe(TOKEN);
    expect(() => loadConfig({ METRICS_TOKEN: 'corto' })).toThrow(/METRICS_TOKEN/);
    expect(() => loadConfig({ METRICS_TOKEN: 'con espacios en medio' })).toThrow(/METRICS_TOKEN/);
  });
});
