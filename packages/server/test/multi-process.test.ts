import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb } from '../src/db/create-db.js';
import { createTestDatabase, type TestDatabase } from './dialects.js';
import { startServerProcess } from './server-process.js';
import { itOnPostgres } from './requires.js';

const ADMIN = { email: 'admin@multi.mx', password: 'AdminMulti123' };

/**
 * Two server processes booting at the same moment on one new database (a deploy that starts
 * two replicas, or a restart racing the old process): both come up, each migration is applied
 * once, the admin and the sample shops exist once, and on PostgreSQL the sign-in limits are
 * shared, so a second process does not double an attacker's allowance.
 */
describe('two server processes on one database', () => {
  let database: TestDatabase;
  let filesDir: string;
  const servers: { child: ChildProcess; base: string }[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    filesDir = await fs.mkdtemp(path.join(os.tmpdir(), 'tianguis-multi-'));
    const env = {
      DATABASE_URL: database.url,
      DEMO_DATA: '1',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      OUTBOX_DIR: path.join(filesDir, 'outbox'),
      IMAGES_DIR: path.join(filesDir, 'images'),
    };
    const started = await Promise.all([startServerProcess(env), startServerProcess(env)]);
    for (const { child, port } of started) {
      servers.push({ child, base: `http://127.0.0.1:${port}` });
    }
  }, 60_000);

  afterAll(async () => {
    await Promise.all(
      servers.map(
        ({ child }) =>
          new Promise((resolve) => {
            child.once('exit', resolve);
            child.kill('SIGTERM');
          }),
      ),
    );
    await database.drop();
    await fs.rm(filesDir, { recursive: true, force: true });
  });

  it('both boot, and the schema, the admin and the sample shops exist once', async () => {
    for (const { base } of servers) {
      const health = await fetch(`${base}/health`);
      expect(health.status).toBe(200);
    }
    const { db } = createDb(database.url);
    try {
      const migrations = await db
        .selectFrom('kysely_migration' as never)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      const { migrations: known } = await import('../src/db/migrate.js');
      expect(Number(migrations.n)).toBe(Object.keys(known).length);
      const admins = await db
        .selectFrom('account')
        .select('email')
        .where('role', '=', 'ADMIN')
        .execute();
      expect(admins.filter((a) => a.email === ADMIN.email)).toHaveLength(1);
      const owners = await db
        .selectFrom('tienda')
        .innerJoin('account', 'account.id', 'tienda.account_id')
        .select(['account.email', 'tienda.nombre'])
        .execute();
      expect(owners.length).toBeGreaterThan(0);
      expect(new Set(owners.map((o) => o.email)).size).toBe(owners.length);
      expect(new Set(owners.map((o) => o.nombre)).size).toBe(owners.length);
    } finally {
      await db.destroy();
    }
    // The sample shops answer on both processes.
    const lists = await Promise.all(
      servers.map(async ({ base }) => (await fetch(`${base}/api/tienda/listartiendas`)).json()),
    );
    expect((lists[0] as unknown[]).length).toBeGreaterThan(0);
    expect(lists[1]).toEqual(lists[0]);
  });

  // PostgreSQL only: on SQLite one process serves the file and the counters stay in memory by
  // design (http/rate-limit.ts), so there is nothing shared to prove there.
  itOnPostgres(
    'PostgreSQL: the failed sign-ins of one address are counted across both processes',
    async () => {
      // The default allowance is 20 failures per address in 15 minutes: 10 on each process.
      // Each attempt names another address, so only the per-address limit can refuse.
      let n = 0;
      const attempt = (base: string) =>
        fetch(`${base}/api/login/authenticate`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: `nadie${(n += 1)}@multi.mx`, password: 'Equivocada123' }),
        });
      for (let i = 0; i < 10; i += 1) {
        for (const { base } of servers) expect((await attempt(base)).status).toBe(400);
      }
      for (const { base } of servers) {
        const refused = await attempt(base);
        expect(refused.status).toBe(429);
        expect(await refused.json()).toMatchObject({ code: 'DEMASIADOS_INTENTOS' });
        expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      }
    },
  );
});
