import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_DB_POOL_WAIT_MS, loadConfig } from '../src/config.js';
import { createPostgresPool } from '../src/db/create-db.js';
import { startTestServer, type TestServer, expectServiceUnavailable } from './build-test-app.js';
import { createShop } from './catalogo-factories.js';
import { signInAdmin, TEST_ADMIN } from './factories.js';
import { describeOnPostgres } from './requires.js';

// DB_POOL_WAIT_MS (docs/operations.md, "Database time limits"): a request waits at most this
// long for a PostgreSQL connection, then answers 503 SERVICIO_NO_DISPONIBLE; with
// DB_STATEMENT_TIMEOUT_MS on each statement, how long the database can keep a request is bounded.

describe('DB_POOL_WAIT_MS: the setting', () => {
  it('defaults to 3000 ms; a whole number of milliseconds from 1 up, or the boot stops naming it', () => {
    expect(DEFAULT_DB_POOL_WAIT_MS).toBe(3000);
    expect(loadConfig({}).dbPoolWaitMs).toBe(3000);
    expect(loadConfig({ DB_POOL_WAIT_MS: '750' }).dbPoolWaitMs).toBe(750);
    expect(loadConfig({ DB_POOL_WAIT_MS: '' }).dbPoolWaitMs).toBe(3000);
    for (const wrong of ['0', '-5', '1.5', 'tres', '600001']) {
      expect(() => loadConfig({ DB_POOL_WAIT_MS: wrong }), wrong).toThrow(/DB_POOL_WAIT_MS/);
    }
  });

  it("is the pool's wait for a connection (connectionTimeoutMillis), the default without it", async () => {
    const bound = createPostgresPool('postgres://nadie@127.0.0.1:1/x', { poolWaitMs: 250 });
    const plain = createPostgresPool('postgres://nadie@127.0.0.1:1/x');
    expect(bound.options).toMatchObject({ connectionTimeoutMillis: 250 });
    expect(plain.options).toMatchObject({ connectionTimeoutMillis: DEFAULT_DB_POOL_WAIT_MS });
    await Promise.all([bound.end(), plain.end()]);
  });
});

describeOnPostgres(
  'DB_POOL_WAIT_MS on PostgreSQL: one connection, held by a slow statement',
  () => {
    const STATEMENT_TIMEOUT_MS = 6_000;
    const POOL_WAIT_MS = 500;
    let server: TestServer;
    let usuarioLento: string;
    let usuarioOtro: string;
    let locker: pg.Client;

    beforeAll(async () => {
      server = await startTestServer({
        config: {
          ...TEST_ADMIN,
          dbPoolMax: 1,
          dbStatementTimeoutMs: STATEMENT_TIMEOUT_MS,
          dbPoolWaitMs: POOL_WAIT_MS,
        },
      });
      const adminToken = await signInAdmin(server);
      usuarioLento = (await createShop(server, { adminToken })).owner.usuario;
      usuarioOtro = (await createShop(server, { adminToken })).owner.usuario;
      locker = new pg.Client({ connectionString: server.database.url });
      await locker.connect();
    });
    afterAll(async () => {
      await locker?.end();
      await server?.destroy();
    });

    /** Resolves once a statement of the server's waits on a lock (it holds the pool's connection). */
    async function untilBlockedOnLock(): Promise<void> {
      const deadline = Date.now() + 5_000;
      for (;;) {
        const { rows } = await locker.query<{ n: number }>(
          `select count(*)::int as n from pg_stat_activity
          where datname = current_database() and pid <> pg_backend_pid() and wait_event_type = 'Lock'`,
        );
        if (rows[0]!.n > 0) return;
        if (Date.now() > deadline)
          throw new Error('ninguna sentencia del servidor quedó esperando');
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    }

    it('a second request answers 503 SERVICIO_NO_DISPONIBLE after the pool wait, not after the slow statement', async () => {
      // Another session holds the shops table, so a read of it waits in PostgreSQL for as long as
      // the lock stays: the first request keeps the pool's only connection until it is released.
      await locker.query('BEGIN');
      await locker.query('LOCK TABLE tienda IN ACCESS EXCLUSIVE MODE');
      let firstDone = false;
      const first = server.call(`/api/tienda/publica/${usuarioLento}`).finally(() => {
        firstDone = true;
      });
      let second;
      let elapsed: number;
      try {
        await untilBlockedOnLock();
        const started = performance.now();
        second = await server.call(`/api/tienda/publica/${usuarioOtro}`);
        elapsed = performance.now() - started;
        // Answered while the slow statement still holds the connection: the bound is the pool
        // wait, whatever the statement in front of it does.
        expect(firstDone).toBe(false);
      } finally {
        await locker.query('ROLLBACK');
      }
      expectServiceUnavailable(second);
      // It did wait for a connection (not refused at once for some other reason), and was
      // answered well before the slow statement could have ended (its timeout): the wait for a
      // connection no longer adds the statement in front to a request's own. Before
      // DB_POOL_WAIT_MS it took the statement's 6 s, then its own. Room for a busy machine.
      expect(elapsed).toBeGreaterThanOrEqual(POOL_WAIT_MS * 0.9);
      expect(elapsed).toBeLessThan(POOL_WAIT_MS + 4_000);

      // The lock gone, the first request is answered and the same pool serves again.
      expect((await first).status).toBe(200);
      expect((await server.call(`/api/tienda/publica/${usuarioOtro}`)).status).toBe(200);
      expect((await server.call('/ready')).status).toBe(200);
    });
  },
);
