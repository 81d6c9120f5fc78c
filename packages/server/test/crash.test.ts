import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './build-test-app.js';
import { createTestDatabase, type TestDatabase } from './dialects.js';
import { createConsumer, signInAdmin, TEST_ADMIN, type SignedIn } from './factories.js';
import { createPublicShop, type PublicShop } from './pedido-factories.js';
import { startServerProcess } from './server-process.js';

/**
 * SIGKILL of the server process in the middle of a burst of orders: after a restart, every
 * order that was answered 200 is there whole, and no order exists without its lines.
 */
const KILL_AFTER = 80;

describe('a killed server keeps every acknowledged order', () => {
  let database: TestDatabase;
  let setup: TestServer;
  let shop: PublicShop;
  let shoppers: SignedIn[];

  beforeAll(async () => {
    database = await createTestDatabase();
    setup = await startTestServer({ database, config: TEST_ADMIN });
    const adminToken = await signInAdmin(setup);
    shop = await createPublicShop(setup, adminToken, {
      costoDeEnvio: 12.5,
      productos: [
        { name: 'Taco de pastor', price: 19.99 },
        { name: 'Agua de jamaica', price: 25.5 },
      ],
    });
    // Enough shoppers that on SQLite several checkouts share each group commit, so the kill
    // lands in the middle of batches too.
    shoppers = [];
    for (let i = 0; i < 24; i += 1) shoppers.push(await createConsumer(setup));
    await setup.stop();
  });
  afterAll(() => database.drop());

  it('SIGKILL mid-burst: every order answered 200 is there after a restart, whole', async () => {
    const { child, port } = await startServerProcess({
      DATABASE_URL: database.url,
      OUTBOX_DIR: path.join(setup.outboxDir, 'crash'),
      IMAGES_DIR: path.join(setup.imagesDir, 'crash'),
    });
    const base = `http://127.0.0.1:${port}`;
    const post = (url: string, token: string, body: unknown) =>
      fetch(base + url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify(body),
      });
    const acknowledged: number[] = [];
    let killed = false;
    const kill = () => {
      child.kill('SIGKILL');
      killed = true;
    };
    const [taco, agua] = shop.productos;

    // Each shopper fills a basket and checks out, again and again, until the process dies.
    const loops = shoppers.map(async (shopper) => {
      while (!killed) {
        try {
          await (
            await post('/api/shoppingcartmarket/addItem', shopper.token, { productoId: taco!.id })
          ).arrayBuffer();
          await (
            await post('/api/shoppingcartmarket/addItem', shopper.token, { productoId: agua!.id })
          ).arrayBuffer();
          const res = await post('/api/shoppingcartmarket/proccesscart', shopper.token, {
            tiendaId: shop.tiendaId,
          });
          await res.arrayBuffer();
          if (res.status === 200) {
            acknowledged.push(Number(res.headers.get('x-pedido-id')));
            // The moment an answer arrives, while other orders of its batch may still be in
            // flight: an answer sent before its commit would be caught out here.
            if (acknowledged.length === KILL_AFTER) kill();
          }
        } catch {
          return; // connection refused or reset: the process is gone
        }
      }
    });
    const exited = new Promise((resolve) => child.on('exit', resolve));
    // Let the burst run, then kill without warning once a fair number of orders went through.
    const deadline = Date.now() + 30_000;
    while (!killed) {
      if (Date.now() > deadline) throw new Error(`solo ${acknowledged.length} pedidos en 30 s`);
      await new Promise((r) => setTimeout(r, 20));
    }
    await exited;
    await Promise.all(loops);

    const after = await startTestServer({ database, config: TEST_ADMIN });
    try {
      const db = after.app.database.db;
      const pedidos = await db.selectFrom('pedido').selectAll().execute();
      const detalles = await db.selectFrom('pedido_detalle').selectAll().execute();
      const eventos = await db.selectFrom('pedido_evento').select(['pedido_id', 'tipo']).execute();
      const ids = new Set(pedidos.map((p) => p.id));
      expect(acknowledged.filter((id) => !ids.has(id))).toEqual([]);
      // The live-event outbox row commits with its order: one each, none without an order.
      expect(eventos.map((e) => e.pedido_id).sort((a, b) => a - b)).toEqual(
        [...ids].sort((a, b) => a - b),
      );
      for (const pedido of pedidos) {
        const lines = detalles.filter((d) => d.pedido_id === pedido.id);
        // Whole: both lines, and the total is exactly lines + shipping, in centavos.
        expect(lines.map((l) => l.nombre_producto).sort(), `pedido ${pedido.id}`).toEqual([
          'Agua de jamaica',
          'Taco de pastor',
        ]);
        const subtotal = lines.reduce((sum, l) => sum + l.precio * l.cantidad, 0);
        expect(pedido.subtotal).toBe(subtotal);
        expect(pedido.monto_total).toBe(subtotal + 1250);
      }
      // The server answers again after the crash.
      const health = await after.call('/health');
      expect(health.status).toBe(200);
    } finally {
      await after.stop();
    }
  }, 60_000);
});
