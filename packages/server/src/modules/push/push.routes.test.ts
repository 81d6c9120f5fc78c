import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import webpush from 'web-push';
import { pushMessages } from '@tianguis/domain';
import { logInto, startTestServer, useAdminServer } from '../../../test/build-test-app.js';
import { createShopper, signInAdmin, TEST_ADMIN } from '../../../test/factories.js';
import { createPublicShop, guestBody, placeGuest } from '../../../test/pedido-factories.js';
import { startPushServiceStandIn, type PushServiceStandIn } from '../../../test/push-service.js';
import { SUSCRIPCIONES_POR_DUENO } from './push.service.js';

// docs/alerts.md: the VAPID key, subscribing and unsubscribing, who owns a subscription, and
// what a subscription must look like. Delivery itself is in push-delivery.test.ts.

const b64 = (bytes: Buffer) => bytes.toString('base64url');

describe('Web Push routes', () => {
  let pushService: PushServiceStandIn;
  beforeAll(async () => {
    pushService = await startPushServiceStandIn();
  });
  afterAll(() => pushService.close());
  const { server, shop } = useAdminServer(async (server, adminToken) => ({
    shop: await createPublicShop(server, adminToken, {
      nombre: 'Fonda Avisos',
      productos: [{ name: 'Torta', price: 45 }],
    }),
  }));

  const suscribir = (body: unknown, token?: string) =>
    server.call('/api/push/suscribir', { body, token });
  const desuscribir = (body: unknown, token?: string) =>
    server.call('/api/push/desuscribir', { body, token });
  const endpointsOf = async (where: { accountId?: number; pedidoId?: number }) => {
    let query = server.app.database.db.selectFrom('push_suscripcion').select('endpoint');
    if (where.accountId !== undefined) query = query.where('account_id', '=', where.accountId);
    if (where.pedidoId !== undefined) query = query.where('pedido_id', '=', where.pedidoId);
    return (await query.orderBy('id').execute()).map((r) => r.endpoint);
  };

  describe('GET /api/push/clavepublica', () => {
    it('answers the VAPID public key: base64url of an uncompressed P-256 point', async () => {
      const res = await server.call<{ publicKey: string }>('/api/push/clavepublica');
      expect(res.status).toBe(200);
      expect(Object.keys(res.body)).toEqual(['publicKey']);
      expect(res.body.publicKey).toMatch(/^[A-Za-z0-9_-]+$/);
      const key = Buffer.from(res.body.publicKey, 'base64url');
      expect(key).toHaveLength(65);
      expect(key[0]).toBe(0x04);
    });

    it('keeps the same key across a restart on the same database', async () => {
      const first = await startTestServer();
      const before = (await first.call('/api/push/clavepublica')).body.publicKey;
      await first.stop();
      const second = await startTestServer({ database: first.database });
      try {
        expect((await second.call('/api/push/clavepublica')).body.publicKey).toBe(before);
      } finally {
        await second.destroy();
      }
    });

    it('uses VAPID_PUBLIC_KEY when it is configured', async () => {
      const keys = webpush.generateVAPIDKeys();
      const own = await startTestServer({
        config: {
          push: {
            ...server.config.push,
            vapidPublicKey: keys.publicKey,
            vapidPrivateKey: keys.privateKey,
          },
        },
      });
      try {
        expect((await own.call('/api/push/clavepublica')).body.publicKey).toBe(keys.publicKey);
      } finally {
        await own.destroy();
      }
    });

    it('a configured pair that is not a VAPID pair stops the boot', async () => {
      await expect(
        startTestServer({
          config: {
            push: { ...server.config.push, vapidPublicKey: 'abc', vapidPrivateKey: 'def' },
          },
        }),
      ).rejects.toThrow(/VAPID_PUBLIC_KEY/);
    });
  });

  describe('production without VAPID keys', () => {
    it('503 PUSH_NO_DISPONIBLE on both routes, one warning at boot, and orders still work', async () => {
      const lines: string[] = [];
      const prod = await startTestServer({
        logger: true,
        logStream: logInto(lines),
        config: {
          ...TEST_ADMIN,
          production: true,
          jwtSecret: 'a'.repeat(32),
          logLevel: 'warn',
        },
      });
      try {
        const clave = await prod.call('/api/push/clavepublica');
        expect(clave.status).toBe(503);
        expect(clave.body).toEqual({
          code: 'PUSH_NO_DISPONIBLE',
          message: expect.stringMatching(/notificaciones/),
        });
        const owner = await createShopper(prod);
        const sub = pushService.subscribe();
        const res = await prod.call('/api/push/suscribir', { body: sub.json, token: owner.token });
        expect(res.status).toBe(503);
        expect(res.body.code).toBe('PUSH_NO_DISPONIBLE');
        expect(lines.filter((l) => l.includes('notificaciones push desactivadas'))).toHaveLength(1);

        const prodShop = await createPublicShop(prod, await signInAdmin(prod), {
          productos: [{ name: 'Agua', price: 15 }],
        });
        const { pedido } = await placeGuest(
          prod,
          guestBody(prodShop.tiendaId, [{ productoId: prodShop.productos[0]!.id }]),
        );
        expect(pedido.status).toBe('NUEVO');
      } finally {
        await prod.destroy();
      }
    });
  });

  describe('POST /api/push/suscribir and /desuscribir', () => {
    it('a signed-in account (any role) subscribes: 201, kept under its account', async () => {
      const sub = pushService.subscribe();
      const res = await suscribir(sub.json, shop.owner.token);
      expect(res.status).toBe(201);
      expect(res.body).toEqual({ endpoint: sub.endpoint });
      expect(await endpointsOf({ accountId: shop.owner.id })).toContain(sub.endpoint);
    });

    it('without a session or a seguimiento: 401', async () => {
      const res = await suscribir(pushService.subscribe().json);
      expect(res.status).toBe(401);
      expect(res.body.code).toBe('NO_AUTENTICADO');
    });

    it('subscribing the same endpoint again changes its keys and its owner', async () => {
      const a = await createShopper(server);
      const b = await createShopper(server);
      const sub = pushService.subscribe();
      expect((await suscribir(sub.json, a.token)).status).toBe(201);
      const otherKeys = pushService.subscribe().json.keys;
      expect((await suscribir({ ...sub.json, keys: otherKeys }, b.token)).status).toBe(201);
      expect(await endpointsOf({ accountId: a.id })).toEqual([]);
      expect(await endpointsOf({ accountId: b.id })).toEqual([sub.endpoint]);
      const row = await server.app.database.db
        .selectFrom('push_suscripcion')
        .select(['p256dh', 'auth'])
        .where('endpoint', '=', sub.endpoint)
        .executeTakeFirstOrThrow();
      expect(row).toEqual(otherKeys);
    });

    it(`an account keeps its newest ${SUSCRIPCIONES_POR_DUENO} subscriptions`, async () => {
      const a = await createShopper(server);
      const subs = Array.from({ length: SUSCRIPCIONES_POR_DUENO + 2 }, () =>
        pushService.subscribe(),
      );
      for (const sub of subs) expect((await suscribir(sub.json, a.token)).status).toBe(201);
      expect(await endpointsOf({ accountId: a.id })).toEqual(subs.slice(2).map((s) => s.endpoint));
    });

    it('desuscribir removes only the caller’s own subscription', async () => {
      const a = await createShopper(server);
      const b = await createShopper(server);
      const sub = pushService.subscribe();
      await suscribir(sub.json, a.token);

      const byB = await desuscribir({ endpoint: sub.endpoint }, b.token);
      expect(byB.status).toBe(200);
      expect(byB.body).toEqual({ eliminada: false });
      expect(await endpointsOf({ accountId: a.id })).toEqual([sub.endpoint]);

      const anonymous = await desuscribir({ endpoint: sub.endpoint });
      expect(anonymous.status).toBe(401);
      expect(await endpointsOf({ accountId: a.id })).toEqual([sub.endpoint]);

      const byA = await desuscribir({ endpoint: sub.endpoint }, a.token);
      expect(byA.status).toBe(200);
      expect(byA.body).toEqual({ eliminada: true });
      expect(await endpointsOf({ accountId: a.id })).toEqual([]);
      // Again: nothing left to remove, still 200.
      expect((await desuscribir({ endpoint: sub.endpoint }, a.token)).body).toEqual({
        eliminada: false,
      });
    });

    it('a guest subscribes with the order’s seguimiento; an unknown one is 404', async () => {
      const { pedido, seguimiento } = await placeGuest(
        server,
        guestBody(shop.tiendaId, [{ productoId: shop.productos[0]!.id }]),
      );
      const sub = pushService.subscribe();
      const res = await suscribir({ ...sub.json, seguimiento });
      expect(res.status).toBe(201);
      expect(await endpointsOf({ pedidoId: pedido.id })).toEqual([sub.endpoint]);

      const unknown = await suscribir({
        ...pushService.subscribe().json,
        seguimiento: b64(randomBytes(24)),
      });
      expect(unknown.status).toBe(404);
      expect(unknown.body.code).toBe('NO_ENCONTRADO');

      // Another guest's secret does not reach this order's subscription.
      const other = await placeGuest(
        server,
        guestBody(shop.tiendaId, [{ productoId: shop.productos[0]!.id }]),
      );
      const wrong = await desuscribir({ endpoint: sub.endpoint, seguimiento: other.seguimiento });
      expect(wrong.body).toEqual({ eliminada: false });
      const right = await desuscribir({ endpoint: sub.endpoint, seguimiento });
      expect(right.body).toEqual({ eliminada: true });
      expect(await endpointsOf({ pedidoId: pedido.id })).toEqual([]);
    });
  });

  describe('validation', () => {
    const point = () => pushService.subscribe().json;

    it.each([
      [
        'a foreign origin',
        { endpoint: 'https://evil.example.com/push/1' },
        pushMessages.endpointOrigen,
      ],
      [
        'plain http to a host not allowed',
        { endpoint: 'http://localhost:4000/push/1' },
        pushMessages.endpointOrigen,
      ],
      [
        'a public service over plain http',
        { endpoint: 'http://fcm.googleapis.com/fcm/send/1' },
        pushMessages.endpointOrigen,
      ],
      ['not a URL', { endpoint: 'no es una url' }, pushMessages.endpoint],
      [
        'an endpoint over 1024 characters',
        { endpoint: `http://127.0.0.1:4000/${'a'.repeat(1024)}` },
        pushMessages.endpointLargo,
      ],
    ])('%s: 400 VALIDACION', async (_why, change, message) => {
      const res = await suscribir({ ...point(), ...change }, shop.owner.token);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 'VALIDACION', message });
      expect(res.body.errors[0].field).toBe('endpoint');
    });

    it.each([
      [
        '65 random bytes that are not a point on the curve',
        { p256dh: b64(Buffer.concat([Buffer.from([4]), randomBytes(64)])) },
        pushMessages.p256dh,
      ],
      ['a compressed point (33 bytes)', { p256dh: b64(randomBytes(33)) }, pushMessages.p256dh],
      ['a 64-byte key', { p256dh: b64(randomBytes(64)) }, pushMessages.p256dh],
      ['p256dh not base64url', { p256dh: 'no+es/base64' }, pushMessages.p256dh],
      ['a 15-byte auth', { auth: b64(randomBytes(15)) }, pushMessages.auth],
      ['a 32-byte auth', { auth: b64(randomBytes(32)) }, pushMessages.auth],
    ])('%s: 400 VALIDACION', async (_why, change, message) => {
      const sub = point();
      const res = await suscribir({ ...sub, keys: { ...sub.keys, ...change } }, shop.owner.token);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 'VALIDACION', message });
      expect(res.body.errors[0].field).toMatch(/^keys\./);
    });

    it('missing fields: 400 with a message naming what is missing', async () => {
      const sub = point();
      const noKeys = await suscribir({ endpoint: sub.endpoint }, shop.owner.token);
      expect(noKeys.status).toBe(400);
      expect(noKeys.body).toMatchObject({ code: 'VALIDACION', message: pushMessages.faltanClaves });
      const noEndpoint = await suscribir({ keys: sub.keys }, shop.owner.token);
      expect(noEndpoint.status).toBe(400);
      expect(noEndpoint.body).toMatchObject({ code: 'VALIDACION', message: pushMessages.endpoint });
      const noAuth = await suscribir(
        { endpoint: sub.endpoint, keys: { p256dh: sub.keys.p256dh } },
        shop.owner.token,
      );
      expect(noAuth.body).toMatchObject({ code: 'VALIDACION', message: pushMessages.auth });
      const empty = await desuscribir({}, shop.owner.token);
      expect(empty.status).toBe(400);
      expect(empty.body).toMatchObject({ code: 'VALIDACION', message: pushMessages.endpoint });
    });

    it('a body of more than a few KB: 413 DEMASIADO_GRANDE', async () => {
      const res = await suscribir({ ...point(), relleno: 'x'.repeat(8 * 1024) }, shop.owner.token);
      expect(res.status).toBe(413);
      expect(res.body).toEqual({
        code: 'DEMASIADO_GRANDE',
        message: 'La petición es demasiado grande',
      });
    });

    it('nothing refused was kept', async () => {
      const rows = await server.app.database.db
        .selectFrom('push_suscripcion')
        .select('endpoint')
        .where((eb) =>
          eb.or([
            eb('endpoint', 'not like', `${pushService.origin}/push/%`),
            eb('p256dh', 'like', 'no%'),
          ]),
        )
        .execute();
      expect(rows).toEqual([]);
    });
  });
});
