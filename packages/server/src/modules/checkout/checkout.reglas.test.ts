import { describe, expect, it } from 'vitest';
import { useAdminServer } from '../../../test/build-test-app.js';
import { expectError } from '../../../test/catalogo-factories.js';
import {
  addUnits,
  countPedidos,
  createPublicShop,
  createShopper,
  expectNothingChanged,
  guestBody,
  guestCliente,
  newKey,
  postInvitado,
  postManual,
  proccess,
  setPrecio,
  type PublicShop,
} from '../../../test/pedido-factories.js';
import { newAddress } from '../../../test/from-address.js';
import { GUEST_ORDERS_PER_IP } from './checkout.routes.js';

// Two rules of the checkout (docs/write-path.md, "Modules on the order path"): an
// Idempotency-Key names one order, so reused at another shop it is a conflict, never a second
// order; and the per-address allowance of guest orders counts orders placed, not attempts.

describe('checkout rules: a key at another shop, the guest allowance', () => {
  const { server, adminToken, shopA, shopB } = useAdminServer(
    async (server, adminToken) => ({
      shopA: await createPublicShop(server, adminToken, {
        nombre: 'Fonda Llave Uno',
        productos: { 'Tamal verde': 20 },
      }),
      shopB: await createPublicShop(server, adminToken, {
        nombre: 'Fonda Llave Dos',
        productos: { 'Atole de fresa': 15 },
      }),
    }),
    { config: { trustProxy: true } },
  );

  const invitado = (body: unknown, key: string, ip = newAddress()) =>
    postInvitado(server, body, key, undefined, ip);
  const bodyAt = (shop: PublicShop, overrides: Record<string, unknown> = {}) =>
    guestBody(shop.tiendaId, [{ productoId: shop.productos[0]!.id }], overrides);

  describe('an Idempotency-Key reused at another shop', () => {
    it('guest: 409 IDEMPOTENCIA_CONFLICTO and no second order; at the first shop the same body still answers its order', async () => {
      const key = newKey();
      const first = bodyAt(shopA);
      const placed = await invitado(first, key);
      expect(placed.status).toBe(201);
      const count = await countPedidos(server);

      const otherShop = await expectNothingChanged(server, () => invitado(bodyAt(shopB), key));
      expectError(otherShop, 409, 'IDEMPOTENCIA_CONFLICTO');
      expect(await countPedidos(server)).toBe(count);

      const again = await invitado(first, key);
      expect(again.status).toBe(201);
      expect(again.body).toEqual(placed.body);
      expect(await countPedidos(server)).toBe(count);
    });

    it('the same key at two shops at the same moment: one order, one 409', async () => {
      const key = newKey();
      const count = await countPedidos(server);
      const answers = await Promise.all([
        invitado(bodyAt(shopA), key),
        invitado(bodyAt(shopB), key),
      ]);
      expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
      expectError(
        answers.find((a) => a.status === 409)!,
        409,
        'IDEMPOTENCIA_CONFLICTO',
      );
      expect(await countPedidos(server)).toBe(count + 1);
    });

    it('owner-typed: a key a guest used at another shop is 409 too; each shop’s own key still works', async () => {
      const key = newKey();
      expect((await invitado(bodyAt(shopA), key)).status).toBe(201);
      const count = await countPedidos(server);
      const { tiendaId: _tiendaId, ...manualBody } = bodyAt(shopB);
      const manual = (idempotencyKey: string) =>
        postManual(server, shopB.owner.token, manualBody, idempotencyKey);
      const conflict = await expectNothingChanged(server, () => manual(key));
      expectError(conflict, 409, 'IDEMPOTENCIA_CONFLICTO');

      const ownKey = newKey();
      const made = await manual(ownKey);
      expect(made.status).toBe(201);
      expect((await manual(ownKey)).body).toEqual(made.body);
      expect(await countPedidos(server)).toBe(count + 1);
    });

    it('signed-in: a key is the shopper’s, so another shop with it is 409 as well', async () => {
      const shopper = await createShopper(server);
      await addUnits(server, shopper.token, shopA.productos[0]!.id);
      await addUnits(server, shopper.token, shopB.productos[0]!.id);
      const key = newKey();
      const headers = { 'idempotency-key': key };
      expect(
        (await proccess(server, shopper.token, { tiendaId: shopA.tiendaId }, headers)).status,
      ).toBe(200);
      const conflict = await expectNothingChanged(server, () =>
        proccess(server, shopper.token, { tiendaId: shopB.tiendaId }, headers),
      );
      expectError(conflict, 409, 'IDEMPOTENCIA_CONFLICTO');
    });
  });

  describe(`the allowance of ${GUEST_ORDERS_PER_IP} guest orders per address counts orders placed`, () => {
    it('a family refused twice for a changed price, and once for its cash note, still places all its orders', async () => {
      const shop = await createPublicShop(server, adminToken(), {
        nombre: 'Fonda Familiar',
        productos: { 'Pozole rojo': 80 },
      });
      const ip = newAddress();
      const body = (overrides: Record<string, unknown> = {}) =>
        guestBody(shop.tiendaId, [{ productoId: shop.productos[0]!.id }], {
          cliente: guestCliente(),
          ...overrides,
        });
      // The family saw 80; the price went up to 95 meanwhile.
      await setPrecio(server, shop, shop.productos[0]!, 95);
      for (let i = 0; i < 2; i += 1) {
        const refused = await expectNothingChanged(server, () =>
          invitado(body({ totalEsperado: 80 }), newKey(), ip),
        );
        expect(refused.status).toBe(409);
        expect(refused.body).toMatchObject({ code: 'PRECIO_CAMBIO', montoTotal: 95 });
      }
      // Paying with a note below the total is refused by the checkout's rules, not the schema.
      const poco = await expectNothingChanged(server, () =>
        invitado(body({ pago: { metodo: 'EFECTIVO', pagaCon: 50 } }), newKey(), ip),
      );
      expect(poco.status).toBe(400);

      const count = await countPedidos(server);
      for (let i = 0; i < GUEST_ORDERS_PER_IP; i += 1) {
        const res = await invitado(body({ totalEsperado: 95 }), newKey(), ip);
        expect(res.status, `pedido ${i + 1}: ${JSON.stringify(res.body)}`).toBe(201);
      }
      expect(await countPedidos(server)).toBe(count + GUEST_ORDERS_PER_IP);

      // Placed orders are what count: the next one is over the allowance.
      const over = await expectNothingChanged(server, () =>
        invitado(body({ totalEsperado: 95 }), newKey(), ip),
      );
      expectError(
        over,
        429,
        'DEMASIADOS_PEDIDOS',
        'Se hicieron demasiados pedidos desde esta conexión. Espera unos minutos y vuelve a intentarlo.',
      );
    });
  });
});
