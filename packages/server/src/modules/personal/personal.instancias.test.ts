import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/build-test-app.js';
import { createShop, expectError, post, type ShopSetup } from '../../../test/catalogo-factories.js';
import { createShopper, signInAdmin, TEST_ADMIN } from '../../../test/factories.js';
import { PEDIDO, placeOrder } from '../../../test/pedido-factories.js';
import { createStaff, watchStream } from '../../../test/personal-factories.js';
import { describeOnPostgres } from '../../../test/requires.js';

// docs/api.md, "Staff and the kitchen": a removal applies "also on other instances". Two
// servers on one PostgreSQL database; the owner removes a member on A, and B refuses the
// member's token at once and closes the member's live stream it holds.

describeOnPostgres('a staff removal across two instances', () => {
  let a: TestServer;
  let b: TestServer;
  let shop: ShopSetup;

  beforeAll(async () => {
    // Heartbeats re-check the sessions of open streams; short ones keep the wait short.
    const config = { ...TEST_ADMIN, sseHeartbeatMs: 100 };
    a = await startTestServer({ config });
    b = await startTestServer({ config, database: a.database });
    shop = await createShop(a, {
      adminToken: await signInAdmin(a),
      tienda: { radioMontoMinimo: 'no', montoMinimo: '' },
    });
  });
  afterAll(async () => {
    await b?.stop();
    await a?.destroy();
  });

  it("is 401 on the other instance at once, and closes the member's stream there", async () => {
    const cajero = await createStaff(a, shop.owner, 'CAJERO');
    expect((await post(b, PEDIDO.byTienda, cajero.token, {})).status).toBe(200);
    const controller = new AbortController();
    const stream = await fetch(
      `${b.baseUrl}/api/pedido/eventos?token=${encodeURIComponent(cajero.token)}`,
      { signal: controller.signal },
    );
    expect(stream.status).toBe(200);
    const watched = watchStream(stream);
    // Live on B before the removal: an order placed on A reaches it.
    const pedidoId = await placeOrder(a, await createShopper(a), shop);
    expect(await watched.until(() => watched.text.includes(`"id":${pedidoId}`))).toBe(true);
    expect(watched.ended).toBe(false);

    const removed = await post(a, '/api/tienda/personal/baja', shop.owner.token, {
      personalId: cajero.personalId,
    });
    expect(removed.status).toBe(200);
    expectError(
      await post(b, PEDIDO.byTienda, cajero.token, {}),
      401,
      'NO_AUTENTICADO',
      'Tu sesión no es válida o ya expiró',
    );
    const ended = await watched.until(() => watched.ended);
    controller.abort();
    expect(ended).toBe(true);
    const signIn = await b.call('/api/login/authenticate', {
      body: { email: cajero.email, password: cajero.password },
    });
    expect(signIn.status).toBe(401);
  });
});
