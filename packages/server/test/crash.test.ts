import { beforeAll, describe, expect, it } from 'vitest';
import { runSigkillBurst, type BurstFixture } from '../../../scripts/faults/sigkill-burst.js';
import { startTestServer, useTestDatabase, useTempFolder } from './build-test-app.js';
import { createShopper, signInAdmin, TEST_ADMIN } from './factories.js';
import { createPublicShop } from './pedido-factories.js';

/**
 * SIGKILL of the server process in the middle of a burst of orders: after a restart, every
 * order that was answered 200 is there whole, and no order exists without its lines. The burst,
 * the kill, the restart and the reading are scripts/faults/sigkill-burst.ts, which
 * `npm run fault:kill` runs too (on the built server); here the server runs from its sources.
 */
const KILL_AFTER = 80;

describe('a killed server keeps every acknowledged order', () => {
  const database = useTestDatabase();
  const work = useTempFolder('tianguis-crash-');
  let fixture: BurstFixture;

  beforeAll(async () => {
    const setup = await startTestServer({ database, config: TEST_ADMIN });
    const adminToken = await signInAdmin(setup);
    const shop = await createPublicShop(setup, adminToken, {
      costoDeEnvio: 12.5,
      productos: [
        { name: 'Taco de pastor', price: 19.99 },
        { name: 'Agua de jamaica', price: 25.5 },
      ],
    });
    // Enough shoppers that on SQLite several checkouts share each group commit, so the kill
    // lands in the middle of batches too.
    const shoppers = [];
    for (let i = 0; i < 24; i += 1) shoppers.push(await createShopper(setup));
    await setup.stop();
    fixture = {
      tiendaId: shop.tiendaId,
      productos: shop.productos.map((p) => ({ id: p.id, name: p.name, price: p.price })),
      costoDeEnvio: 12.5,
      shoppers: shoppers.map((s) => ({ id: s.id, token: s.token })),
      ownerToken: shop.owner.token,
    };
  });

  it('SIGKILL mid-burst: every order answered 200 is there after a restart, whole', async () => {
    const figures = await runSigkillBurst({
      databaseUrl: database.url,
      fixture,
      workDir: work.dir,
      entry: 'source',
      killAfter: KILL_AFTER,
    });
    // The signal hit the server itself, mid-burst, with every request answered until then.
    expect(figures.exitSignal).toBe('SIGKILL');
    expect(figures.errorsBeforeKill).toEqual([]);
    expect(figures.acknowledged).toBeGreaterThanOrEqual(KILL_AFTER);
    // Every acknowledged order is there.
    expect(figures.missing).toEqual([]);
    expect(figures.found).toBe(figures.acknowledged);
    // Whole: one line per product at its price, and the total is exactly lines + shipping, in
    // centavos.
    expect(figures.halfWritten).toEqual([]);
    // The live-event outbox row commits with its order: one each, none without an order.
    expect(figures.eventsWithoutOrder).toEqual([]);
    expect(figures.ordersWithoutEvent).toEqual([]);
    expect(figures.duplicateEvents).toEqual([]);
    // Only orders that were acknowledged or in flight when the process died exist.
    expect(figures.unexplained).toEqual([]);
    expect(figures.ordersInDatabase).toBe(figures.acknowledged + figures.inFlightWritten);
    // The server answered /health again after the crash (runSigkillBurst waits for it).
    expect(figures.restartToHealthMs).toBeGreaterThan(0);
  }, 60_000);
});
