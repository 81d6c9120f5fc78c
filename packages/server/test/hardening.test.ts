import { describe, expect, it, vi } from 'vitest';
import { buildApp } from '../src/app.js';
import { useAdminServer } from './build-test-app.js';
import { createShopper } from './factories.js';
import { createPublicShop } from './pedido-factories.js';

/** Cases found by review: each one used to be a 5xx, a leak or a way around a rule. */
describe('hardening', () => {
  const { server, shop, shopper } = useAdminServer(
    async (server, adminToken) => ({
      shop: await createPublicShop(server, adminToken, {
        productos: [{ name: 'Pastel de bodas', price: 99_999.99 }],
      }),
      shopper: await createShopper(server),
    }),
    { config: { sseHeartbeatMs: 100 } },
  );

  it('never promotes an existing non-admin account named by ADMIN_EMAIL', async () => {
    await expect(
      buildApp(
        { ...server.config, adminEmail: shopper.email, adminPassword: 'OtraClave123' },
        { logger: false },
      ),
    ).rejects.toThrow('ya pertenece a una cuenta que no es ADMIN');
    const row = await server.app.database.db
      .selectFrom('account')
      .select('role')
      .where('id', '=', shopper.id)
      .executeTakeFirstOrThrow();
    expect(row.role).toBe('USUARIO');
  });

  it('caps a basket line at 99 pieces and an order at what can be stored', async () => {
    const productoId = shop.productos[0]!.id;
    const add = (nota: string) =>
      server.call('/api/shoppingcartmarket/addItem', {
        token: shopper.token,
        body: { productoId, nota },
      });
    // Three lines of one product (each note makes its own line).
    for (const nota of ['para la novia', 'para el novio', 'para los padrinos']) {
      expect((await add(nota)).status).toBe(200);
    }
    await server.app.database.db
      .updateTable('carrito_linea')
      .set({ cantidad: 99 })
      .where('account_id', '=', shopper.id)
      .execute();
    const refused = await add('para la novia');
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      code: 'VALIDACION',
      message: 'No puedes agregar más de 99 piezas de un producto',
    });
    // 3 × 99 × 99,999.99 pesos does not fit: a clear 400, never a database error.
    const order = await server.call('/api/shoppingcartmarket/proccesscart', {
      token: shopper.token,
      body: { tiendaId: shop.tiendaId },
    });
    expect(order.status).toBe(400);
    expect(order.body).toEqual({
      code: 'VALIDACION',
      message: 'El total del pedido es demasiado grande; divídelo en pedidos más pequeños',
    });
  });

  it('refuses order cursors beyond the id range with 400', async () => {
    for (const body of [{ desde: 10_000_000_000 }, { antes: 1e15 }]) {
      const res = await server.call('/api/pedido/listarpedidosbytiendaid', {
        token: shop.owner.token,
        body,
      });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 'VALIDACION' });
    }
  });

  it('answers a broken multipart upload with 400', async () => {
    const cut = await fetch(`${server.baseUrl}/api/ImageStorage/uploadImage`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${shop.owner.token}`,
        'content-type': 'multipart/form-data; boundary=xyz',
      },
      body: '--xyz\r\nContent-Disposition: form-data; name="files"; filename="a.png"\r\n\r\n\x89PNG',
    });
    expect(cut.status).toBe(400);
    expect(await cut.json()).toEqual({
      code: 'VALIDACION',
      message: 'La imagen no se pudo leer: el envío llegó incompleto',
    });
  });

  it('answers a malformed URL in the {code, message} shape', async () => {
    const res = await server.call('/api/tienda/publica/%ff');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      code: 'VALIDACION',
      message: 'La dirección de la petición no es válida',
    });
  });

  it('takes the body token when the Authorization header is not a bearer', async () => {
    const res = await server.call('/api/shoppingcartmarket/listarcarrito', {
      headers: { authorization: 'Basic dXNlcjpwYXNz' },
      body: { token: shopper.token },
    });
    expect(res.status).toBe(200);
  });

  it('asks for the address when emailderecuperacion has none', async () => {
    const res = await server.call('/api/recuperarcontrasena/emailderecuperacion', { body: {} });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ message: 'Por favor, ingresa un correo electrónico.' });
  });

  it('ends a live stream once its session is signed out', async () => {
    const owner = shop.owner;
    const response = await fetch(
      `${server.baseUrl}/api/pedido/eventos?token=${encodeURIComponent(owner.token)}`,
    );
    expect(response.status).toBe(200);
    const reader = response.body!.getReader();
    const ended = (async () => {
      for (;;) if ((await reader.read()).done) return true;
    })();
    const logout = await server.call('/api/login/logout', { token: owner.token, body: {} });
    expect(logout.status).toBe(200);
    // The next heartbeat (100 ms here) finds the session gone and closes the stream.
    expect(await ended).toBe(true);
  });

  it('re-checks all open streams together and ends only those whose session ended', async () => {
    const open = async (path: string, token: string) => {
      const response = await fetch(`${server.baseUrl}${path}?token=${encodeURIComponent(token)}`);
      expect(response.status).toBe(200);
      const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
      let pings = 0;
      const ended = (async () => {
        for (;;) {
          const { done, value } = await reader.read();
          if (done) return true;
          pings += value.split(': ping').length - 1;
        }
      })();
      return { ended, pings: () => pings, close: () => reader.cancel() };
    };
    const ana = await createShopper(server);
    const beto = await createShopper(server);
    const [anaStream, betoStream, betoOtherTab] = [
      await open('/api/pedido/mis-eventos', ana.token),
      await open('/api/pedido/mis-eventos', beto.token),
      await open('/api/pedido/mis-eventos', beto.token),
    ];
    expect((await server.call('/api/login/logout', { token: ana.token, body: {} })).status).toBe(
      200,
    );
    expect(await anaStream.ended).toBe(true);
    // Beto's two tabs go on getting their heartbeats.
    // (A heartbeat every 100 ms here; on a busy machine each round's session check may take
    // longer, so the test waits for the next ones rather than a fixed time.)
    const before = betoStream.pings();
    await vi.waitFor(() => expect(betoStream.pings()).toBeGreaterThan(before), {
      timeout: 10_000,
      interval: 50,
    });
    await vi.waitFor(() => expect(betoOtherTab.pings()).toBeGreaterThan(0), {
      timeout: 10_000,
      interval: 50,
    });
    await betoStream.close();
    await betoOtherTab.close();
  });
});
