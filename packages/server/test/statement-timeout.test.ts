import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { createPostgresPool } from '../src/db/create-db.js';
import { migrations } from '../src/db/migrate.js';
import { startTestServer, type TestServer, expectServiceUnavailable } from './build-test-app.js';
import { createShop } from './catalogo-factories.js';
import { signInAdmin, TEST_ADMIN } from './factories.js';
import { describeOnPostgres } from './requires.js';

// DB_STATEMENT_TIMEOUT_MS (docs/operations.md, "Database time limits"): PostgreSQL cancels a
// request's statement that runs past it (57014), the request gets 503 SERVICIO_NO_DISPONIBLE,
// and the process keeps serving.

const onPostgres = process.env.TEST_DATABASE_URL !== undefined;

describe('DB_STATEMENT_TIMEOUT_MS: the setting', () => {
  it('defaults to 5000 ms, 0 turns it off, anything else stops the boot', () => {
    expect(loadConfig({}).dbStatementTimeoutMs).toBe(5000);
    expect(loadConfig({ DB_STATEMENT_TIMEOUT_MS: '0' }).dbStatementTimeoutMs).toBe(0);
    expect(() => loadConfig({ DB_STATEMENT_TIMEOUT_MS: '-1' })).toThrow(/DB_STATEMENT_TIMEOUT_MS/);
    expect(() => loadConfig({ DB_STATEMENT_TIMEOUT_MS: 'cinco' })).toThrow(
      /DB_STATEMENT_TIMEOUT_MS/,
    );
  });

  it('reaches every PostgreSQL connection of the pool (absent: the server keeps its own)', async () => {
    const bound = createPostgresPool('postgres://nadie@127.0.0.1:1/x', { statementTimeoutMs: 250 });
    const free = createPostgresPool('postgres://nadie@127.0.0.1:1/x');
    expect(bound.options).toMatchObject({ statement_timeout: 250 });
    expect(free.options).not.toHaveProperty('statement_timeout');
    await Promise.all([bound.end(), free.end()]);
  });
});

// SQLite has no per-statement limit (its write lock waits busy_timeout, answered 503 already):
// what is left runs on PostgreSQL only, which CI's second pass (TEST_DATABASE_URL) provides.
if (!onPostgres) {
  console.warn(
    'statement-timeout.test: el límite por sentencia es solo de PostgreSQL; define TEST_DATABASE_URL para probarlo',
  );
}

describeOnPostgres('DB_STATEMENT_TIMEOUT_MS on PostgreSQL', () => {
  const TIMEOUT_MS = 400;
  let server: TestServer;
  let usuario: string;
  let locker: pg.Client;

  beforeAll(async () => {
    server = await startTestServer({ config: { ...TEST_ADMIN, dbStatementTimeoutMs: TIMEOUT_MS } });
    const shop = await createShop(server, { adminToken: await signInAdmin(server) });
    usuario = shop.owner.usuario;
    locker = new pg.Client({ connectionString: server.database.url });
    await locker.connect();
  });
  afterAll(async () => {
    await locker?.end();
    await server?.destroy();
  });

  it('a request blocked past the limit gets 503 SERVICIO_NO_DISPONIBLE in time; the same server then answers 200', async () => {
    // Another session holds the shops table: every read of it waits, for real, in PostgreSQL.
    await locker.query('BEGIN');
    await locker.query('LOCK TABLE tienda IN ACCESS EXCLUSIVE MODE');
    let blocked;
    const started = performance.now();
    try {
      blocked = await server.call(`/api/tienda/publica/${usuario}`);
    } finally {
      await locker.query('ROLLBACK');
    }
    const elapsed = performance.now() - started;
    expectServiceUnavailable(blocked);
    // Cut by the limit, not by some other, longer wait (the pool's wait for a connection, DB_POOL_WAIT_MS).
    expect(elapsed).toBeGreaterThanOrEqual(TIMEOUT_MS * 0.9);
    expect(elapsed).toBeLessThan(TIMEOUT_MS + 2000);

    // The lock is gone: the same process, the same pool, answers.
    const after = await server.call<{ tienda: { usuario: string } }>(
      `/api/tienda/publica/${usuario}`,
    );
    expect(after.status).toBe(200);
    expect((await server.call('/ready')).status).toBe(200);
  });

  it('a statement under the limit is not cut', async () => {
    const { db } = server.app.database;
    const { sql } = await import('kysely');
    const started = performance.now();
    await sql`select pg_sleep(${(TIMEOUT_MS / 2000).toFixed(3)}::float)`.execute(db);
    expect(performance.now() - started).toBeGreaterThanOrEqual(TIMEOUT_MS / 2 - 20);
    await expect(
      sql`select pg_sleep(${(TIMEOUT_MS / 500).toFixed(3)}::float)`.execute(db),
    ).rejects.toMatchObject({ code: '57014' });
  });

  it('migrations run without it: a boot whose migration takes longer than the limit completes', async () => {
    // A data migration on a large database: here one that simply takes 3× the limit.
    const slow = '2026_11_25_1611_zz_migracion_lenta_de_prueba';
    migrations[slow] = {
      up: async (db) => {
        const { sql } = await import('kysely');
        await sql`select pg_sleep(${((TIMEOUT_MS * 3) / 1000).toFixed(3)}::float)`.execute(db);
      },
    };
    let booted: TestServer | undefined;
    try {
      booted = await startTestServer({ config: { dbStatementTimeoutMs: TIMEOUT_MS } });
      const { sql } = await import('kysely');
      const { rows } = await sql<{ name: string }>`
        select name from kysely_migration where name = ${slow}`.execute(booted.app.database.db);
      expect(rows).toHaveLength(1);
    } finally {
      delete migrations[slow];
      await booted?.destroy();
    }
  });
});
