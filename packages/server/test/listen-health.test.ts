import net from 'node:net';
import pino from 'pino';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  createPostgresEventBus,
  type PedidoEvento,
  type PedidoEventBus,
} from '../src/modules/pedidos/pedido-eventos.js';
import { logInto, startTestServer, type TestServer } from './build-test-app.js';
import { signInAdmin, TEST_ADMIN } from './factories.js';
import { createPublicShop, guestBody, placeGuest, type PublicShop } from './pedido-factories.js';
import { describeOnPostgres } from './requires.js';

/**
 * A TCP relay to PostgreSQL that can go silent: `freeze()` stops carrying bytes on the
 * connections open now, both ways, without closing them — what a failover or a cut network
 * looks like from the application (no reset ever arrives). Connections made afterwards work.
 */
async function startFreezableRelay(target: { host: string; port: number }) {
  const pairs = new Set<[net.Socket, net.Socket]>();
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(target.port, target.host);
    sockets.add(client).add(upstream);
    const pair: [net.Socket, net.Socket] = [client, upstream];
    pairs.add(pair);
    client.pipe(upstream);
    upstream.pipe(client);
    const end = () => {
      pairs.delete(pair);
      client.destroy();
      upstream.destroy();
    };
    client.on('error', end).on('close', end);
    upstream.on('error', end).on('close', end);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    freeze() {
      for (const [client, upstream] of pairs) {
        client.unpipe(upstream);
        upstream.unpipe(client);
        client.pause();
        upstream.pause();
      }
      pairs.clear();
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const socket of sockets) socket.destroy();
      }),
  };
}

describeOnPostgres('the LISTEN connection is checked, and reopened when it goes silent', () => {
  let server: TestServer;
  let shop: PublicShop;
  let relay: Awaited<ReturnType<typeof startFreezableRelay>>;
  let bus: PedidoEventBus;
  const heard: PedidoEvento[] = [];
  const log: string[] = [];

  beforeAll(async () => {
    server = await startTestServer({ config: TEST_ADMIN });
    shop = await createPublicShop(server, await signInAdmin(server));
    const url = new URL(server.database.url);
    relay = await startFreezableRelay({ host: url.hostname, port: Number(url.port || 5432) });
    url.hostname = '127.0.0.1';
    url.port = String(relay.port);
    bus = createPostgresEventBus(url.toString(), pino({ level: 'info' }, logInto(log)), {
      checkEveryMs: 200,
      checkTimeoutMs: 300,
    });
    await bus.ready();
    bus.subscribe((evento) => heard.push(evento));
  });
  afterAll(async () => {
    await bus?.close();
    await relay?.close();
    await server?.destroy();
  });

  const order = () =>
    placeGuest(server, guestBody(shop.tiendaId, [{ productoId: shop.productos[0]!.id }]));
  const waitFor = async (pedidoId: number, ms: number) => {
    const deadline = Date.now() + ms;
    while (Date.now() < deadline) {
      if (heard.some((e) => e.pedidoId === pedidoId)) return true;
      await new Promise((r) => setTimeout(r, 20));
    }
    return false;
  };

  it('hears an order placed through another process', async () => {
    const { pedido } = await order();
    expect(await waitFor(pedido.id, 3_000)).toBe(true);
  });

  it('notices a connection that stopped answering, reopens it and catches up what it missed', async () => {
    relay.freeze();
    // Committed while the old connection hears nothing: its NOTIFY is lost to this process.
    const { pedido } = await order();
    // Found out within a check or two (200 ms + 300 ms), reopened, caught up from the outbox.
    expect(await waitFor(pedido.id, 5_000)).toBe(true);
    const text = log.join('');
    expect(text).toContain('se perdió la conexión LISTEN');
    expect(text).toContain('no respondió en 300 ms');
    expect(text).toContain('eventos de pedidos recuperados');
    // And it goes on hearing live ones on the new connection.
    const next = await order();
    expect(await waitFor(next.pedido.id, 3_000)).toBe(true);
  });
});
