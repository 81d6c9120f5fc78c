import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXPECTED_MIGRATION } from '../src/http/probes.js';
import { logInto, startTestServer, type TestServer } from './build-test-app.js';

describe('/live and /ready', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.destroy());

  it('/live answers while the process runs', async () => {
    const res = await server.call('/live');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok' });
  });

  it("/ready is 200 with the schema this build expects, 503 naming both when it isn't", async () => {
    const ready = await server.call('/ready');
    expect(ready.status).toBe(200);
    expect(ready.body).toMatchObject({ status: 'ok', esquema: EXPECTED_MIGRATION });

    // The database as an older build left it: its newest migration is not there.
    const { db } = server.app.database;
    const row = await db
      .selectFrom('kysely_migration' as never)
      .selectAll()
      .where(sql.ref('name'), '=', EXPECTED_MIGRATION)
      .executeTakeFirstOrThrow();
    await sql`delete from kysely_migration where name = ${EXPECTED_MIGRATION}`.execute(db);
    try {
      const behind = await server.call('/ready');
      expect(behind.status).toBe(503);
      expect(behind.headers.get('retry-after')).toBe('5');
      expect(behind.body).toMatchObject({
        status: 'esquema-distinto',
        esperado: EXPECTED_MIGRATION,
      });
      expect((behind.body as { encontrado: string }).encontrado < EXPECTED_MIGRATION).toBe(true);
      // Alive all the same: only traffic should go elsewhere.
      expect((await server.call('/live')).status).toBe(200);
    } finally {
      await db
        .insertInto('kysely_migration' as never)
        .values(row as never)
        .execute();
    }
    expect((await server.call('/ready')).status).toBe(200);
  });
});

describe('x-request-id', () => {
  let server: TestServer;
  const log: string[] = [];
  beforeAll(async () => {
    server = await startTestServer({
      logger: true,
      logStream: logInto(log),
      config: { logLevel: 'info' },
    });
  });
  afterAll(() => server.destroy());

  it('keeps a well-formed incoming id, and the log line of the request carries it', async () => {
    const id = 'proxy-7f3a-0001';
    const res = await server.call('/api/tienda/directorio', { headers: { 'x-request-id': id } });
    expect(res.headers.get('x-request-id')).toBe(id);
    const lines = log
      .join('')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { reqId?: string; req?: { url?: string } });
    expect(lines.some((l) => l.reqId === id && l.req?.url === '/api/tienda/directorio')).toBe(true);
  });

  it('replaces a malformed one with a new random id, different for every request', async () => {
    const malformed = ['con espacios', 'a'.repeat(65), 'x;y', '<script>'];
    const ids = [];
    for (const bad of malformed) {
      const res = await server.call('/health', { headers: { 'x-request-id': bad } });
      const id = res.headers.get('x-request-id');
      expect(id).not.toBe(bad);
      expect(id).toMatch(/^[0-9a-f-]{36}$/);
      ids.push(id);
    }
    ids.push((await server.call('/health')).headers.get('x-request-id'));
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('errors and unknown routes carry it too', async () => {
    const res = await server.call('/api/nope', { headers: { 'x-request-id': 'err-1' } });
    expect(res.status).toBe(404);
    expect(res.headers.get('x-request-id')).toBe('err-1');
  });
});
