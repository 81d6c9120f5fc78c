import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { startTestServer, type TestServer, useTestServer } from './build-test-app.js';
import { createShop, type ShopSetup } from './catalogo-factories.js';
import { createShopper, signInAdmin, TEST_ADMIN, type SignedIn } from './factories.js';
import { createPublicShop, guestBody, placeGuest } from './pedido-factories.js';

// docs/reliability.md, "Limits": slow clients and open live streams. Each test first does what the attacker
// did (a head sent one byte at a time, a body that never ends, a thousand streams) and expects
// the server to let go.

interface RawConnection {
  socket: net.Socket;
  /** Everything the server sent so far. */
  received(): string;
  /** Resolves with the ms from opening until the server closed the connection. */
  closed: Promise<number>;
}

function connect(server: TestServer): Promise<RawConnection> {
  const { port } = new URL(server.baseUrl);
  return new Promise((resolve, reject) => {
    const opened = Date.now();
    const socket = net.connect(Number(port), '127.0.0.1');
    let text = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (text += chunk));
    const closed = new Promise<number>((done) =>
      socket.on('close', () => done(Date.now() - opened)),
    );
    socket.once('error', () => undefined);
    socket.once('connect', () => resolve({ socket, received: () => text, closed }));
    socket.once('error', reject);
  });
}

/** Writes `text` one byte every `everyMs` until done or the socket closes. */
async function drip(socket: net.Socket, text: string, everyMs: number): Promise<void> {
  for (const byte of text) {
    if (socket.destroyed || !socket.writable) return;
    socket.write(byte);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

const within = <T>(promise: Promise<T>, ms: number) =>
  Promise.race([
    promise,
    new Promise<'still open'>((r) => setTimeout(() => r('still open'), ms).unref()),
  ]);

describe('slow clients (docs/reliability.md, "Limits")', () => {
  const { server } = useTestServer({
    config: {
      ...TEST_ADMIN,
      timeouts: { headersMs: 600, requestMs: 1200, keepAliveMs: 400 },
      sseHeartbeatMs: 200,
      sseStallMs: 800,
    },
  });

  it('has the issue defaults: 10 s for the head, 30 s for the request, idle keep-alive closed', () => {
    expect(loadConfig({}).timeouts).toEqual({
      headersMs: 10_000,
      requestMs: 30_000,
      keepAliveMs: 10_000,
    });
    expect(() => loadConfig({ HEADERS_TIMEOUT_MS: '40000' })).toThrow(/HEADERS_TIMEOUT_MS/);
  });

  it('closes a connection whose head arrives one byte at a time (slowloris)', async () => {
    const conn = await connect(server);
    const head = `GET /health HTTP/1.1\r\nHost: x\r\nX-Relleno: ${'a'.repeat(200)}\r\n\r\n`;
    void drip(conn.socket, head, 100);
    const after = await within(conn.closed, 4000);
    expect(after).not.toBe('still open');
    expect(after as number).toBeLessThan(2500);
    expect(conn.received()).toMatch(/^HTTP\/1\.1 408/);
    expect(conn.received()).toContain('TIEMPO_AGOTADO');
    conn.socket.destroy();
  });

  it('closes a connection whose body never finishes arriving', async () => {
    const conn = await connect(server);
    conn.socket.write(
      'POST /api/login/authenticate HTTP/1.1\r\nHost: x\r\n' +
        'Content-Type: application/json\r\nContent-Length: 500\r\n\r\n',
    );
    void drip(conn.socket, `{"email":"${'a'.repeat(480)}`, 100);
    const after = await within(conn.closed, 5000);
    expect(after).not.toBe('still open');
    expect(after as number).toBeLessThan(3500);
    conn.socket.destroy();
  });

  it('closes an idle keep-alive connection after its request is answered', async () => {
    const conn = await connect(server);
    conn.socket.write('GET /health HTTP/1.1\r\nHost: x\r\n\r\n');
    const after = await within(conn.closed, 3000);
    expect(after).not.toBe('still open');
    expect(conn.received()).toMatch(/^HTTP\/1\.1 200/);
    conn.socket.destroy();
  });

  it('keeps a live stream open well past the whole-request timeout', async () => {
    const shop = await createShop(server);
    const controller = new AbortController();
    const response = await fetch(
      `${server.baseUrl}/api/pedido/eventos?token=${encodeURIComponent(shop.owner.token)}`,
      { signal: controller.signal },
    );
    expect(response.status).toBe(200);
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
    let text = '';
    const started = Date.now();
    // Three times requestMs: the stream keeps sending heartbeats all along.
    while (Date.now() - started < 3600) {
      const { value, done } = await reader.read();
      expect(done).toBe(false);
      text += value;
    }
    expect(text.match(/: ping/g)?.length ?? 0).toBeGreaterThan(5);
    controller.abort();
  });

  it('closes a live stream whose client stops reading (its buffers full), and serves the others', async () => {
    const publicShop = await createPublicShop(server, await signInAdmin(server));
    const owner = publicShop.owner.token;
    const body = () =>
      guestBody(publicShop.tiendaId, [{ productoId: publicShop.productos[0]!.id }]);
    // A big order (50 lines, each with its note): each of its events is ~15 KB on the stream.
    const nota = 'sin cebolla, sin cilantro, con mucha salsa verde aparte por favor'.slice(0, 60);
    const first = await placeGuest(
      server,
      guestBody(
        publicShop.tiendaId,
        Array.from({ length: 50 }, () => ({ productoId: publicShop.productos[0]!.id, nota })),
      ),
    );

    // A phone gone to sleep: it asked for the stream, got the head, then reads nothing more.
    // Its socket on the server's side shows what the server holds in memory for it.
    const serverSide = new Promise<net.Socket>((resolve) =>
      server.app.server.once('connection', resolve),
    );
    const asleep = await connect(server);
    let mostHeld = 0;
    const watch = setInterval(
      () => void serverSide.then((s) => (mostHeld = Math.max(mostHeld, s.writableLength))),
      5,
    );
    asleep.socket.write(
      `GET /api/pedido/eventos?token=${encodeURIComponent(owner)} HTTP/1.1\r\nHost: x\r\n\r\n`,
    );
    // The server frees the place when it sees the connection close; on a busy machine that
    // may take a few seconds.
    const deadline = Date.now() + 15_000;
    while (!asleep.received().includes('retry:') && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(asleep.received()).toContain('200 OK');
    asleep.socket.pause();
    // And one that reads.
    const controller = new AbortController();
    const awake = await fetch(
      `${server.baseUrl}/api/pedido/eventos?token=${encodeURIComponent(owner)}`,
      {
        signal: controller.signal,
      },
    );
    const reader = awake.body!.pipeThrough(new TextDecoderStream()).getReader();

    // Far more than the loopback socket buffers hold (up to ~40 MB here): 6,000 events of the
    // big order (~66 MB), written straight to the outbox, then one order to wake both streams.
    const db = server.app.database.db;
    const now = new Date().toISOString();
    for (let i = 0; i < 6; i += 1) {
      await db
        .insertInto('pedido_evento')
        .values(
          Array.from({ length: 1000 }, () => ({
            tienda_id: publicShop.tiendaId,
            account_id: null,
            pedido_id: first.pedido.id,
            tipo: 'VISTO',
            created_at: now,
          })),
        )
        .execute();
    }
    const last = await placeGuest(server, body());

    // The reading stream gets everything, up to the last order.
    let text = '';
    let bytes = 0;
    while (!text.includes(`"id":${last.pedido.id},`)) {
      const { value = '', done } = await reader.read();
      expect(done).toBe(false);
      bytes += value.length;
      // Only the tail matters; keep memory flat.
      text = (text + value).slice(-4096);
    }
    expect(bytes).toBeGreaterThan(60_000_000);
    controller.abort();
    clearInterval(watch);
    // Backpressure: once the socket's buffers were full, the stream stopped reading events
    // for it, so the server never held more than a chunk or two in memory (not the ~30 MB
    // the kernel could not take).
    expect(mostHeld).toBeGreaterThan(0);
    expect(mostHeld).toBeLessThan(256 * 1024);
    // The sleeping one was let go once its buffers stayed full for sseStallMs: when it wakes up
    // it reads what was already on its way, then the end; never the last order.
    await new Promise((r) => setTimeout(r, 3 * 800));
    asleep.socket.resume();
    expect(await within(asleep.closed, 15_000)).not.toBe('still open');
    expect(asleep.received()).not.toContain(`"id":${last.pedido.id},`);
  }, 60_000);
});

describe('open live streams per account and per tracking secret (docs/reliability.md, "Limits")', () => {
  let server: TestServer;
  let shop: ShopSetup;
  let shopper: SignedIn;
  const opened: AbortController[] = [];
  // The streams' answers, held until the end: undici cancels the unread body of an answer that
  // is garbage collected, which closes its connection and frees its place on the server (a
  // place freed that way made the "one more is refused" check fail under a full parallel run).
  const held: Response[] = [];

  beforeAll(async () => {
    server = await startTestServer({ config: TEST_ADMIN });
    const adminToken = await signInAdmin(server);
    shop = await createShop(server, { adminToken });
    shopper = await createShopper(server);
  });
  afterAll(async () => {
    for (const c of opened) c.abort();
    await server.destroy();
  });

  async function open(path: string, token?: string) {
    const controller = new AbortController();
    opened.push(controller);
    const query = token ? `?token=${encodeURIComponent(token)}` : '';
    const response = await fetch(`${server.baseUrl}${path}${query}`, {
      signal: controller.signal,
    });
    held.push(response);
    if (response.status !== 200) {
      return { status: response.status, body: await response.json(), close: () => undefined };
    }
    return { status: 200, body: undefined, close: () => controller.abort() };
  }

  async function expectLimited(path: string, token?: string) {
    // The attack opened 1,000; five are allowed, the sixth is refused while they stay open.
    const streams = await Promise.all(Array.from({ length: 8 }, () => open(path, token)));
    const statuses = streams.map((s) => s.status).sort();
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429, 429]);
    const refused = streams.find((s) => s.status === 429)!;
    expect(refused.body).toEqual({
      code: 'DEMASIADOS_INTENTOS',
      message:
        'Tienes demasiadas conexiones en vivo abiertas. Cierra alguna pestaña e inténtalo de nuevo.',
    });
    // Closing one frees its place.
    streams.find((s) => s.status === 200)!.close();
    // The server frees the place when it sees the connection close; on a busy machine that
    // may take a few seconds.
    const deadline = Date.now() + 15_000;
    let again = await open(path, token);
    while (again.status !== 200 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 50));
      again = await open(path, token);
    }
    expect(again.status).toBe(200);
    expect((await open(path, token)).status).toBe(429);
    return streams;
  }

  it("limits an owner's order streams to 5", async () => {
    await expectLimited('/api/pedido/eventos', shop.owner.token);
    // Another account is not affected.
    const other = await createShop(server);
    expect((await open('/api/pedido/eventos', other.owner.token)).status).toBe(200);
  });

  it("limits a shopper's order streams to 5", async () => {
    await expectLimited('/api/pedido/mis-eventos', shopper.token);
  });

  it("limits a guest's tracking streams to 5 per tracking secret", async () => {
    const adminToken = await signInAdmin(server);
    const publicShop = await createPublicShop(server, adminToken);
    const body = () =>
      guestBody(publicShop.tiendaId, [{ productoId: publicShop.productos[0]!.id }]);
    const first = await placeGuest(server, body());
    const second = await placeGuest(server, body());
    await expectLimited(`/api/pedido/seguimiento/${first.seguimiento}/eventos`);
    expect((await open(`/api/pedido/seguimiento/${second.seguimiento}/eventos`)).status).toBe(200);
  });
});
