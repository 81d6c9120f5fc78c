import Fastify, { type FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  privatePostgresUnavailableReason,
  startPrivatePostgres,
  type PrivatePostgres,
} from '../../../scripts/lib/private-postgres.js';
import { openSseStream } from '../../../scripts/lib/sse-client.js';
import { errorCatalog } from '../src/http/app-error.js';
import { registerErrorHandler } from '../src/http/error-handler.js';
import { isDatabaseUnavailable } from '../src/lib/db-errors.js';
import { LISTEN_APPLICATION_NAME } from '../src/modules/pedidos/pedido-eventos.js';
import { startTestServer, type TestServer, expectServiceUnavailable } from './build-test-app.js';
import { createShop, post, type ShopSetup } from './catalogo-factories.js';
import { placeOrder } from './pedido-factories.js';
import { describeWhenAvailable } from './requires.js';
import { createShopper, signInAdmin, TEST_ADMIN, type SignedIn } from './factories.js';

const NO_DISPONIBLE = errorCatalog.SERVICIO_NO_DISPONIBLE.message;

/** What pg, pg-pool and Node throw when PostgreSQL is away, as the error handler receives them. */
function outageErrors(): [string, Error][] {
  const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });
  const refused = withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED');
  return [
    ['connection refused', refused],
    ['refused on every address (AggregateError)', new AggregateError([refused, refused])],
    ['connection reset', withCode('read ECONNRESET', 'ECONNRESET')],
    [
      'terminated by a restart (57P01)',
      withCode('terminating connection due to administrator command', '57P01'),
    ],
    ['server crashed (57P02)', withCode('terminating connection because of crash', '57P02')],
    ['still starting up (57P03)', withCode('the database system is starting up', '57P03')],
    ['too many connections (53300)', withCode('sorry, too many clients already', '53300')],
    ['connection exception (08006)', withCode('connection failure', '08006')],
    ['socket ended mid-query', new Error('Connection terminated unexpectedly')],
    [
      'a client already broken',
      new Error('Client has encountered a connection error and is not queryable'),
    ],
    ['no connection within the pool timeout', new Error('timeout exceeded when trying to connect')],
    ['SQLite write lock never freed', withCode('database is locked', 'SQLITE_BUSY')],
  ];
}

describe('an unreachable database answers 503 SERVICIO_NO_DISPONIBLE, never 500', () => {
  let app: FastifyInstance;
  let thrown: Error = new Error('sin definir');

  beforeAll(async () => {
    app = Fastify({ logger: false });
    registerErrorHandler(app);
    app.get('/falla', async () => {
      throw thrown;
    });
    await app.ready();
  });
  afterAll(() => app.close());

  it.each(outageErrors())('%s', async (_label, error) => {
    thrown = error;
    const res = await app.inject('/falla');
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ code: 'SERVICIO_NO_DISPONIBLE', message: NO_DISPONIBLE });
    expect(res.headers['retry-after']).toBe('5');
    expect(res.body).not.toContain('at ');
  });

  it('any other fault stays a 500 without a stack trace', async () => {
    thrown = Object.assign(new Error('syntax error at or near "SELEC"'), { code: '42601' });
    const res = await app.inject('/falla');
    expect(res.statusCode).toBe(500);
    expect(res.json().code).toBe('ERROR_INTERNO');
    expect(res.headers['retry-after']).toBeUndefined();
  });

  it('bad input PostgreSQL refuses is still a 400, and a unique violation is not an outage', () => {
    expect(isDatabaseUnavailable(Object.assign(new Error('x'), { code: '22021' }))).toBe(false);
    expect(isDatabaseUnavailable(Object.assign(new Error('dup'), { code: '23505' }))).toBe(false);
    expect(isDatabaseUnavailable(undefined)).toBe(false);
    // A protocol violation is a bug of ours: a retry would only repeat it.
    expect(isDatabaseUnavailable(Object.assign(new Error('bind'), { code: '08P01' }))).toBe(false);
    // Another service unreachable (a failed fetch carries the socket's code as its cause) is
    // not the database.
    const refused = Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
    expect(isDatabaseUnavailable(new TypeError('fetch failed', { cause: refused }))).toBe(false);
  });
});

/** Polls until `test` passes, or fails after `timeoutMs`. */
async function waitUntil(test: () => Promise<boolean> | boolean, timeoutMs: number, what: string) {
  const deadline = Date.now() + timeoutMs;
  while (!(await test())) {
    if (Date.now() > deadline) throw new Error(`${what}: no ocurrió en ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const skipReason = privatePostgresUnavailableReason();

// Stops and restarts PostgreSQL under a running server, so it needs a cluster of its own: the
// shared server other tests use must never go down.
describeWhenAvailable('PostgreSQL goes away under a running server', skipReason, () => {
  let cluster: PrivatePostgres;
  let server: TestServer;
  let shop: ShopSetup;
  let shopper: SignedIn;

  const healthy = async () => (await server.call('/health')).status === 200;

  beforeAll(async () => {
    cluster = await startPrivatePostgres();
    server = await startTestServer({
      config: TEST_ADMIN,
      database: { url: cluster.url, dialect: 'postgres', drop: async () => undefined },
    });
    const adminToken = await signInAdmin(server);
    shop = await createShop(server, {
      adminToken,
      tienda: { radioMontoMinimo: 'no', montoMinimo: '' },
    });
    shopper = await createShopper(server);
  });
  afterAll(async () => {
    await server?.destroy();
    cluster?.destroy();
  });

  it('answers 503 with Retry-After while it is stopped, /health too, and 200 once it is back', async () => {
    await cluster.stop();
    try {
      const calls = [
        await server.call('/api/tienda/listartiendas'),
        await server.call('/api/tienda/listartiendas', { token: shop.owner.token }),
        await post(server, '/api/shoppingcartmarket/listarcarrito', shopper.token, {}),
        await post(server, '/api/login/authenticate', undefined, {
          email: shopper.email,
          password: shopper.password,
        }),
      ];
      for (const res of calls) {
        expectServiceUnavailable(res);
      }
      const health = await server.call('/health');
      expect(health.status).toBe(503);
      expect(health.headers.get('retry-after')).toBe('5');
    } finally {
      await cluster.start();
    }
    await waitUntil(healthy, 10_000, '/health 200');
    expect((await server.call('/api/tienda/listartiendas')).status).toBe(200);
    expect(await placeOrder(server, shopper, shop)).toBeGreaterThan(0);
  });

  it('a query running when PostgreSQL restarts fails as an outage and the process lives on', async () => {
    const slow = sql`SELECT pg_sleep(20)`.execute(server.app.database.db).catch((e: unknown) => e);
    // Let the query reach the server before it goes down.
    await new Promise((r) => setTimeout(r, 300));
    await cluster.restart();
    const error = await slow;
    expect(isDatabaseUnavailable(error)).toBe(true);
    await waitUntil(healthy, 10_000, '/health 200');
  });

  it('a live stream opened before PostgreSQL stops gets an order placed after it is back', async () => {
    const url = `${server.baseUrl}/api/pedido/eventos`;
    const stream = openSseStream(url, shop.owner.token);
    try {
      const before = await placeOrder(server, shopper, shop);
      await stream.waitFor((e) => JSON.parse(e.data).pedido.id === before);
      // Down for longer than the first reconnection attempts wait: the bus must keep trying.
      await cluster.stop();
      await new Promise((r) => setTimeout(r, 2_500));
      await cluster.start();
      await waitUntil(healthy, 10_000, '/health 200');
      // Another shopper: at most 3 NUEVO orders per phone per shop.
      const after = await placeOrder(server, await createShopper(server), shop);
      await stream.waitFor((e) => JSON.parse(e.data).pedido.id === after);
    } finally {
      stream.close();
    }
  });

  it('an event committed while the LISTEN connection was down reaches the stream once it is back', async () => {
    const url = `${server.baseUrl}/api/pedido/eventos`;
    const stream = openSseStream(url, shop.owner.token);
    const admin = new pg.Client({ connectionString: cluster.url });
    await admin.connect();
    // Its own shopper: at most 3 NUEVO orders per phone per shop (docs/api.md, "Guest orders").
    const shopper = await createShopper(server);
    try {
      const pedidoId = await placeOrder(server, shopper, shop);
      await stream.waitFor((e) => JSON.parse(e.data).pedido.id === pedidoId);
      // One transaction ends the bus's LISTEN session and commits an event nobody announces:
      // only the bus's catch-up after it reconnects can tell the stream about it.
      await admin.query('BEGIN');
      const ended = await admin.query(
        'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1',
        [LISTEN_APPLICATION_NAME],
      );
      expect(ended.rowCount).toBe(1);
      const { rows } = await admin.query<{ id: number }>(
        "INSERT INTO pedido_evento (tienda_id, account_id, pedido_id, tipo, created_at) VALUES ($1, $2, $3, 'COMPLETADO', $4) RETURNING id",
        [shop.owner.tiendaId, shopper.id, pedidoId, new Date().toISOString()],
      );
      await admin.query('COMMIT');
      const silentId = rows[0]!.id;
      const event = await stream.waitFor((e) => e.id === silentId);
      expect(JSON.parse(event.data)).toMatchObject({
        tipo: 'COMPLETADO',
        pedido: { id: pedidoId },
      });
      // The stream itself never dropped: the event came through the bus.
      expect(stream.drops).toBe(0);
    } finally {
      stream.close();
      await admin.end();
    }
  });
});
