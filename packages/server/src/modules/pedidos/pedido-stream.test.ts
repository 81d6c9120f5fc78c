import { pedidoEventoDataSchema } from '@tianguis/domain';
import { describe, expect, it } from 'vitest';
import { startTestServer, useAdminServer } from '../../../test/build-test-app.js';
import { createShop, ok, post } from '../../../test/catalogo-factories.js';
import { createShopper, TEST_ADMIN } from '../../../test/factories.js';
import { openEventStream, placeOrder } from '../../../test/pedido-factories.js';
import { insertPedidoEvento } from './pedido.repository.js';
import { itOnPostgres } from '../../../test/requires.js';

/** A live stream of `path` on `baseUrl`, its token in the query. */
const openStream = (baseUrl: string, path: string, token: string, lastEventId?: number) =>
  openEventStream(`${baseUrl}${path}?token=${encodeURIComponent(token)}`, { lastEventId });

describe('live order events (SSE)', () => {
  const { server, shopA, shopB, shopper } = useAdminServer(async (server, adminToken) => {
    const tienda = { radioMontoMinimo: 'no', montoMinimo: '' };
    return {
      shopA: await createShop(server, { adminToken, tienda }),
      shopB: await createShop(server, { adminToken, tienda }),
      shopper: await createShopper(server),
    };
  });

  it('refuses anonymous callers and the wrong role', async () => {
    const anonymous = await fetch(`${server.baseUrl}/api/pedido/eventos`);
    expect(anonymous.status).toBe(401);
    const shopperOnOwner = await openStream(server.baseUrl, '/api/pedido/eventos', shopper.token);
    expect(shopperOnOwner.status).toBe(403);
    const ownerOnShopper = await openStream(
      server.baseUrl,
      '/api/pedido/mis-eventos',
      shopA.owner.token,
    );
    expect(ownerOnShopper.status).toBe(403);
  });

  it("delivers a new order to its shop's stream only, and the status change to the shopper", async () => {
    const streamA = await openStream(server.baseUrl, '/api/pedido/eventos', shopA.owner.token);
    const streamB = await openStream(server.baseUrl, '/api/pedido/eventos', shopB.owner.token);
    const mine = await openStream(server.baseUrl, '/api/pedido/mis-eventos', shopper.token);
    expect(streamA.status).toBe(200);
    expect(streamA.contentType).toBe('text/event-stream; charset=utf-8');
    // Written by hand after hijacking the reply, and still with the security headers.
    expect(streamA.headers.get('x-content-type-options')).toBe('nosniff');
    expect(streamA.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");

    const pedidoA = await placeOrder(server, shopper, shopA);
    const pedidoB = await placeOrder(server, shopper, shopB);
    const [first] = await streamA.waitFor(1);
    expect(first).toMatchObject({
      event: 'pedido',
      data: { tipo: 'NUEVO', pedido: { id: pedidoA, status: 'NUEVO' } },
    });
    // The data is the shape packages/domain writes for it, no field missing or extra.
    expect(pedidoEventoDataSchema.parse(first!.data)).toEqual(first!.data);
    const [firstB] = await streamB.waitFor(1);
    // Shop B's stream never carried shop A's order.
    expect(firstB?.data.pedido.id).toBe(pedidoB);

    ok(
      await post(server, '/api/pedido/completarpedidobypedidoid', shopA.owner.token, {
        pedidoId: pedidoA,
      }),
      'completar',
    );
    const events = await mine.waitFor(3);
    expect(events.map((e) => [e.data.tipo, e.data.pedido.id])).toEqual([
      ['NUEVO', pedidoA],
      ['NUEVO', pedidoB],
      ['COMPLETADO', pedidoA],
    ]);
    expect(streamB.events.every((e) => e.data.pedido.tiendaId === shopB.owner.tiendaId)).toBe(true);
    for (const s of [streamA, streamB, mine]) s.close();
  });

  // At most 3 NUEVO orders per phone per shop (docs/api.md, "Guest orders"): tests that place
  // several orders at one shop place them for shoppers of their own.
  const newShopper = () => createShopper(server);

  it('replays what a reconnecting stream missed (Last-Event-ID), in order and once', async () => {
    const shopper = await newShopper();
    const stream = await openStream(server.baseUrl, '/api/pedido/eventos', shopA.owner.token);
    const before = await placeOrder(server, shopper, shopA);
    const [seen] = await stream.waitFor(1);
    expect(seen?.data.pedido.id).toBe(before);
    stream.close();

    const missed = [
      await placeOrder(server, shopper, shopA),
      await placeOrder(server, await newShopper(), shopA),
    ];
    const again = await openStream(
      server.baseUrl,
      '/api/pedido/eventos',
      shopA.owner.token,
      seen!.id,
    );
    const live = await placeOrder(server, await newShopper(), shopA);
    const events = await again.waitFor(3);
    expect(events.map((e) => e.data.pedido.id)).toEqual([...missed, live]);
    expect(new Set(events.map((e) => e.id)).size).toBe(3);
    again.close();
  });

  it('sends an event that committed without (or before) its notification: it reads the outbox', async () => {
    const shopper = await newShopper();
    const stream = await openStream(server.baseUrl, '/api/pedido/eventos', shopA.owner.token);
    expect(stream.status).toBe(200);
    const earlier = await placeOrder(server, shopper, shopA);
    await stream.waitFor(1);
    // A commit whose notification has not arrived (another process, a publish still on its way):
    // the row is in the outbox, nobody said so.
    await insertPedidoEvento(server.app.database.db, {
      tiendaId: shopA.owner.tiendaId,
      accountId: shopper.id,
      pedidoId: earlier,
      tipo: 'COMPLETADO',
      now: new Date().toISOString(),
    });
    const later = await placeOrder(server, shopper, shopA);
    const events = await stream.waitFor(3);
    expect(events.map((e) => [e.data.tipo, e.data.pedido.id])).toEqual([
      ['NUEVO', earlier],
      ['COMPLETADO', earlier],
      ['NUEVO', later],
    ]);
    stream.close();
  });

  /**
   * Holds a transaction open right after it wrote one event, then writes another event in a
   * second transaction: whether the second had drawn its id before the first ended (waiting
   * 300 ms for it), and both ids once both committed.
   */
  async function drawWhileFirstIsOpen(
    first: Parameters<typeof insertPedidoEvento>[1],
    second: Parameters<typeof insertPedidoEvento>[1],
  ): Promise<{ drewEarly: boolean; firstId: number; secondId: number }> {
    const db = server.app.database.db;
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let inserted!: () => void;
    const firstInserted = new Promise<void>((resolve) => (inserted = resolve));
    let firstId = 0;
    const one = db.transaction().execute(async (trx) => {
      firstId = await insertPedidoEvento(trx, first);
      inserted();
      await held;
    });
    await firstInserted;
    let secondId = 0;
    const two = db.transaction().execute(async (trx) => {
      secondId = await insertPedidoEvento(trx, second);
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    const drewEarly = secondId !== 0;
    release();
    await Promise.all([one, two]);
    return { drewEarly, firstId, secondId };
  }
  /** Whether a second event drew its id while the first one's transaction was open. */
  const drawsWhileFirstIsOpen = async (
    first: Parameters<typeof insertPedidoEvento>[1],
    second: Parameters<typeof insertPedidoEvento>[1],
  ) => (await drawWhileFirstIsOpen(first, second)).drewEarly;

  itOnPostgres(
    'with PostgreSQL, event ids follow commit order (a later id never commits first)',
    async () => {
      const shopper = await newShopper();
      const evento = {
        tiendaId: shopB.owner.tiendaId,
        accountId: shopper.id,
        pedidoId: await placeOrder(server, shopper, shopB),
        tipo: 'NUEVO' as const,
        now: new Date().toISOString(),
      };
      const { drewEarly, firstId, secondId } = await drawWhileFirstIsOpen(evento, evento);
      // While the first is still open, the second can't draw its id, let alone commit.
      expect(drewEarly).toBe(false);
      expect(secondId).toBeGreaterThan(firstId);
    },
  );

  itOnPostgres(
    'with PostgreSQL, different shops and shoppers never wait for each other’s events; one shopper’s events at two shops do',
    async () => {
      const [ana, beto] = [await newShopper(), await newShopper()];
      const now = new Date().toISOString();
      const enA = (shopper: { id: number }, pedidoId: number) => ({
        tiendaId: shopA.owner.tiendaId,
        accountId: shopper.id,
        pedidoId,
        tipo: 'NUEVO' as const,
        now,
      });
      const enB = (shopper: { id: number }, pedidoId: number) => ({
        ...enA(shopper, pedidoId),
        tiendaId: shopB.owner.tiendaId,
      });
      const anaEnA = await placeOrder(server, ana, shopA);
      const betoEnB = await placeOrder(server, beto, shopB);
      const anaEnB = await placeOrder(server, ana, shopB);
      // Nothing in common: no global lock makes the second wait.
      expect(await drawsWhileFirstIsOpen(enA(ana, anaEnA), enB(beto, betoEnB))).toBe(true);
      // Ana's own stream carries both: the second waits for the first's commit.
      expect(await drawsWhileFirstIsOpen(enA(ana, anaEnA), enB(ana, anaEnB))).toBe(false);
      // One shop's stream: the same.
      expect(await drawsWhileFirstIsOpen(enB(beto, betoEnB), enB(ana, anaEnB))).toBe(false);
    },
  );

  // SQLite is served by one process only (docs/decisions/0002-database.md): this case exists
  // on PostgreSQL, where CI runs the whole suite a second time.
  itOnPostgres(
    'with PostgreSQL, an order placed through one server process reaches a stream on another',
    async () => {
      const other = await startTestServer({
        database: server.database,
        config: TEST_ADMIN,
      });
      try {
        const stream = await openStream(other.baseUrl, '/api/pedido/eventos', shopB.owner.token);
        expect(stream.status).toBe(200);
        const pedido = await placeOrder(server, await newShopper(), shopB);
        const [event] = await stream.waitFor(1);
        expect(event?.data.pedido.id).toBe(pedido);
        stream.close();
      } finally {
        await other.stop();
      }
    },
  );
});
