import net from 'node:net';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { EXPECTED_MIGRATION } from '../src/http/probes.js';
import { logInto, startTestServer, useTestServer } from './build-test-app.js';
import { createShopper } from './factories.js';

describe('/live and /ready', () => {
  const { server } = useTestServer();

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

/** The HTTP/1.1 answers in `raw`, one after another (bodies by Content-Length). */
function parseAnswers(raw: string): { status: number; headers: string; body: unknown }[] {
  const answers = [];
  let rest = raw;
  while (rest.startsWith('HTTP/1.1 ')) {
    const headEnd = rest.indexOf('\r\n\r\n');
    const head = rest.slice(0, headEnd);
    const length = Number(/content-length: (\d+)/i.exec(head)?.[1] ?? 0);
    const bodyText = rest.slice(headEnd + 4, headEnd + 4 + length);
    answers.push({ status: Number(head.slice(9, 12)), headers: head, body: JSON.parse(bodyText) });
    rest = rest.slice(headEnd + 4 + length);
  }
  return answers;
}

describe('/ready while closing (cerrando)', () => {
  it('turns 503 as soon as the close starts, while a request already in flight still finishes', async () => {
    const server = await startTestServer();
    try {
      const shopper = await createShopper(server);
      const { port } = new URL(server.baseUrl);
      const body = JSON.stringify({ email: shopper.email, password: shopper.password });
      const half = Math.floor(body.length / 2);

      // A sign-in whose body is still arriving when the shutdown starts: in flight.
      const socket = net.connect(Number(port), '127.0.0.1');
      let received = '';
      socket.on('data', (chunk: Buffer) => (received += chunk.toString()));
      const ended = new Promise((resolve) => socket.on('close', resolve));
      await new Promise((resolve) => socket.once('connect', resolve));
      socket.write(
        `POST /api/login/authenticate HTTP/1.1\r\nHost: 127.0.0.1\r\n` +
          `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n` +
          body.slice(0, half),
      );
      await new Promise((resolve) => setTimeout(resolve, 100));

      const closing = server.stop();
      await new Promise((resolve) => setTimeout(resolve, 100));
      // New connections are refused by now; the rest of the sign-in arrives, and a readiness
      // probe follows on the same connection (what a balancer's reused connection would send).
      socket.write(body.slice(half) + 'GET /ready HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
      await ended;
      await closing;

      const [signIn, ready] = parseAnswers(received);
      expect(signIn?.status).toBe(200);
      expect(signIn?.body).toMatchObject({ token: expect.any(String) });
      expect(ready?.status).toBe(503);
      expect(ready?.body).toEqual({ status: 'cerrando' });
      expect(ready?.headers).toMatch(/retry-after: 5/i);
    } finally {
      await server.destroy();
    }
  });
});

describe('x-request-id', () => {
  const log: string[] = [];
  const { server } = useTestServer({
    logger: true,
    logStream: logInto(log),
    config: { logLevel: 'info' },
  });

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
