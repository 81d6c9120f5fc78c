import pg from 'pg';
import pino from 'pino';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  createPostgresEventBus,
  PEDIDO_EVENTO_CHANNEL,
  type PedidoEvento,
  type PedidoEventBus,
} from '../src/modules/pedidos/pedido-eventos.js';
import { logInto, startTestServer, type TestServer } from './build-test-app.js';
import { signInAdmin, TEST_ADMIN } from './factories.js';
import { createPublicShop, guestBody, placeGuest, type PublicShop } from './pedido-factories.js';
import { describeOnPostgres } from './requires.js';

// Order events go out after their commit, several to a NOTIFY, from the process that committed
// them (docs/write-path.md, "Notifications"); an event whose NOTIFY never went out is found in
// the outbox by the health check's sweep.

describeOnPostgres('order events: batched NOTIFY after the commit, and the sweep', () => {
  let server: TestServer;
  let shop: PublicShop;
  let sender: PedidoEventBus;
  let receiver: PedidoEventBus;
  let raw: pg.Client;
  const heard: PedidoEvento[] = [];
  const payloads: string[] = [];
  const log: string[] = [];

  beforeAll(async () => {
    server = await startTestServer({ config: TEST_ADMIN });
    shop = await createPublicShop(server, await signInAdmin(server));
    const quiet = pino({ level: 'silent' });
    sender = createPostgresEventBus(server.database.url, quiet);
    receiver = createPostgresEventBus(server.database.url, pino({}, logInto(log)), {
      checkEveryMs: 150,
      checkTimeoutMs: 2_000,
    });
    await Promise.all([sender.ready(), receiver.ready()]);
    receiver.subscribe((evento) => heard.push(evento));
    raw = new pg.Client({ connectionString: server.database.url });
    await raw.connect();
    raw.on('notification', (m) => {
      if (m.channel === PEDIDO_EVENTO_CHANNEL && m.payload) payloads.push(m.payload);
    });
    await raw.query(`LISTEN ${PEDIDO_EVENTO_CHANNEL}`);
  });
  afterAll(async () => {
    await raw?.end();
    await sender?.close();
    await receiver?.close();
    await server?.destroy();
  });

  const until = async (done: () => boolean, ms: number) => {
    const deadline = Date.now() + ms;
    while (!done() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    return done();
  };

  it('sends twenty events published at once in a few NOTIFYs, and another process hears all', async () => {
    const eventos: PedidoEvento[] = Array.from({ length: 20 }, (_, i) => ({
      id: 900_000 + i,
      tiendaId: shop.tiendaId,
      accountId: i % 2 === 0 ? null : 7,
      pedidoId: 800_000 + i,
      tipo: 'ACEPTADO',
    }));
    payloads.length = 0;
    for (const evento of eventos) void sender.publish(evento);
    const ours = () => heard.filter((e) => e.id >= 900_000);
    expect(await until(() => ours().length === 20, 5_000)).toBe(true);
    expect(ours()).toEqual(eventos);
    // The first NOTIFY carries the first event; the rest wait for it and go out together.
    expect(payloads.length).toBeGreaterThanOrEqual(2);
    expect(payloads.length).toBeLessThanOrEqual(3);
    expect(payloads.flatMap((p) => JSON.parse(p) as PedidoEvento[])).toEqual(eventos);
  });

  it('hears an order placed through the server, once', async () => {
    const { pedido } = await placeGuest(
      server,
      guestBody(shop.tiendaId, [{ productoId: shop.productos[0]!.id }]),
    );
    expect(await until(() => heard.some((e) => e.pedidoId === pedido.id), 3_000)).toBe(true);
    // Several sweeps later the heard event was never delivered again.
    await new Promise((r) => setTimeout(r, 800));
    expect(heard.filter((e) => e.pedidoId === pedido.id)).toHaveLength(1);
    expect(log.join('')).not.toContain('sin aviso');
  });

  it('delivers, within two checks, an event committed without its NOTIFY (its process stopped)', async () => {
    const { pedido } = await placeGuest(
      server,
      guestBody(shop.tiendaId, [{ productoId: shop.productos[0]!.id }]),
    );
    // What a process that stopped right after the commit leaves: the row, and no NOTIFY.
    const { rows } = await raw.query<{ id: string }>(
      `INSERT INTO pedido_evento (tienda_id, account_id, pedido_id, tipo, created_at)
       VALUES ($1, NULL, $2, 'VISTO', $3) RETURNING id`,
      [shop.tiendaId, pedido.id, new Date().toISOString()],
    );
    const id = Number(rows[0]!.id);
    expect(await until(() => heard.some((e) => e.id === id), 3_000)).toBe(true);
    expect(heard.find((e) => e.id === id)).toEqual({
      id,
      tiendaId: shop.tiendaId,
      accountId: null,
      pedidoId: pedido.id,
      tipo: 'VISTO',
    });
    expect(log.join('')).toContain(
      'eventos de pedidos sin aviso entregados desde la bandeja de salida',
    );
  });
});
