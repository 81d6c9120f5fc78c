import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { horaLocal, paraLas, type Franjas } from '@tianguis/domain';
import { logInto, startTestServer, type TestServer } from '../../../test/build-test-app.js';
import { ok } from '../../../test/catalogo-factories.js';
import { signInAdmin, TEST_ADMIN } from '../../../test/factories.js';
import {
  addUnits,
  call,
  checkout,
  createPublicShop,
  createShopper,
  guestBody,
  newKey,
  ownTienda,
  PEDIDO,
  PEDIDO2,
  type PedidoConSeguimiento,
  type PublicShop,
  updateTiendaCon,
} from '../../../test/pedido-factories.js';
import {
  pollUntil,
  startPushServiceStandIn,
  type PushServiceStandIn,
  type StandInSubscription,
} from '../../../test/push-service.js';

// docs/alerts.md: what reaches the owner and the shopper, decrypted by a real push service
// stand-in (test/push-service.ts), and how failing or hanging push services are handled.

/** Retries a few milliseconds apart, so the tests don't wait for the production backoff. */
const fastDelivery = { attempts: 3, firstRetryMs: 10, timeoutMs: 2_000 };

interface Setup {
  server: TestServer;
  shop: PublicShop;
  logs: string[];
}

let ipSequence = 0;

async function startSetup(
  pushService: PushServiceStandIn,
  pushDelivery: Record<string, number>,
): Promise<Setup> {
  const logs: string[] = [];
  const server = await startTestServer({
    logger: true,
    logStream: logInto(logs),
    pushDelivery,
    config: { ...TEST_ADMIN, logLevel: 'info', trustProxy: true },
  });
  const shop = await createPublicShop(server, await signInAdmin(server), {
    nombre: 'Fonda Campana',
    costoDeEnvio: 20,
    productos: [{ name: 'Tamal', price: 22.5 }],
  });
  pushService.expectedVapidKey = (await server.call('/api/push/clavepublica')).body.publicKey;
  return { server, shop, logs };
}

async function subscribe(
  server: TestServer,
  sub: StandInSubscription,
  token?: string,
  seguimiento?: string,
) {
  const res = await server.call('/api/push/suscribir', {
    body: seguimiento ? { ...sub.json, seguimiento } : sub.json,
    token,
  });
  if (res.status !== 201) throw new Error(`suscribir: ${res.status} ${JSON.stringify(res.body)}`);
}

async function guestOrder(setup: Setup, nombreCompleto = 'Ana Ruiz') {
  ipSequence += 1;
  const body = guestBody(
    setup.shop.tiendaId,
    [{ productoId: setup.shop.productos[0]!.id, cantidad: 2 }],
    {
      cliente: {
        nombreCompleto,
        celular: `56${String(10_000_000 + process.pid * 100 + ipSequence).slice(-8)}`,
      },
    },
  );
  const res = await call<PedidoConSeguimiento>(setup.server, PEDIDO2.invitado, undefined, body, {
    headers: { 'idempotency-key': newKey(), 'x-forwarded-for': `203.0.113.${ipSequence % 250}` },
  });
  if (res.status !== 201) throw new Error(`invitado: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

describe('Web Push delivery', () => {
  let pushService: PushServiceStandIn;
  let setup: Setup;
  let owner: string;

  beforeAll(async () => {
    pushService = await startPushServiceStandIn();
    setup = await startSetup(pushService, fastDelivery);
    owner = setup.shop.owner.token;
  });
  afterAll(async () => {
    await setup.server.destroy();
    await pushService.close();
  });

  const ownerSub = async () => {
    const sub = pushService.subscribe();
    await subscribe(setup.server, sub, owner);
    return sub;
  };
  const unsubscribe = (sub: StandInSubscription, token?: string) =>
    setup.server.call('/api/push/desuscribir', { body: { endpoint: sub.endpoint }, token });

  it('a guest order: the owner gets exactly one PEDIDO_NUEVO, encrypted and signed', async () => {
    const sub = await ownerSub();
    const { pedido } = await guestOrder(setup, 'Ana Ruiz');
    const [message] = await pushService.waitForMessages(sub.id, 1);
    expect(message!.payload).toEqual({
      tipo: 'PEDIDO_NUEVO',
      pedidoId: pedido.id,
      tiendaId: setup.shop.tiendaId,
      montoTotal: 65,
      titulo: `Nuevo pedido #${pedido.id}`,
      cuerpo: '$ 65.00 · Ana Ruiz · A domicilio',
      url: `/pedidosdetalle?id=${pedido.id}`,
    });
    expect(pedido.montoTotal).toBe(65);
    expect(message!.urgency).toBe('high');
    expect(message!.ttl).toBeGreaterThanOrEqual(60);
    expect(message!.vapid.aud).toBe(pushService.origin);
    expect(message!.vapid.k).toBe(pushService.expectedVapidKey);

    // A second order as a fence: once it has arrived, anything the first sent twice has too.
    const second = await guestOrder(setup, 'Beto Sol');
    const both = await pushService.waitForMessages(sub.id, 2);
    expect(both.map((m) => m.payload.pedidoId).sort()).toEqual(
      [pedido.id, second.pedido.id].sort(),
    );
    expect(both.find((m) => m.payload.pedidoId === second.pedido.id)!.payload.cuerpo).toBe(
      '$ 65.00 · Beto Sol · A domicilio',
    );
    expect(pushService.problems).toEqual([]);
    await unsubscribe(sub, owner);
  });

  it('every subscription of the owner gets it; nobody else does', async () => {
    const phone = await ownerSub();
    const tablet = await ownerSub();
    const shopper = await createShopper(setup.server);
    const bystander = pushService.subscribe();
    await subscribe(setup.server, bystander, shopper.token);
    const { pedido } = await guestOrder(setup);
    for (const sub of [phone, tablet]) {
      const [message] = await pushService.waitForMessages(sub.id, 1);
      expect(message!.payload.pedidoId).toBe(pedido.id);
    }
    expect(pushService.attempts(bystander.id)).toBe(0);
    await unsubscribe(phone, owner);
    await unsubscribe(tablet, owner);
  });

  it('accepted, completed: the signed-in shopper gets PEDIDO_ESTADO on each subscription', async () => {
    const shopper = await createShopper(setup.server);
    const sub = pushService.subscribe();
    await subscribe(setup.server, sub, shopper.token);
    await addUnits(setup.server, shopper.token, setup.shop.productos[0]!.id);
    const { pedidoId } = await checkout(setup.server, shopper.token, setup.shop.tiendaId);

    const accepted = await call<{ listoEstimado: string }>(setup.server, PEDIDO2.aceptar, owner, {
      pedidoId,
      minutos: 25,
    });
    expect(accepted.status).toBe(200);
    const [first] = await pushService.waitForMessages(sub.id, 1);
    const hora = horaLocal(new Date(accepted.body.listoEstimado), 'America/Mexico_City');
    expect(first!.payload).toEqual({
      tipo: 'PEDIDO_ESTADO',
      pedidoId,
      status: 'ACEPTADO',
      listoEstimado: accepted.body.listoEstimado,
      titulo: `Tu pedido #${pedidoId} fue aceptado`,
      cuerpo: `Listo a las ${hora} · Fonda Campana`,
      url: `/mispedidosdetalle?id=${pedidoId}`,
    });

    expect((await call(setup.server, PEDIDO.completar, owner, { pedidoId })).status).toBe(200);
    const messages = await pushService.waitForMessages(sub.id, 2);
    expect(messages[1]!.payload).toEqual({
      tipo: 'PEDIDO_ESTADO',
      pedidoId,
      status: 'COMPLETADO',
      listoEstimado: null,
      titulo: `Tu pedido #${pedidoId} fue completado`,
      cuerpo: 'Gracias por tu compra en Fonda Campana',
      url: `/mispedidosdetalle?id=${pedidoId}`,
    });
    expect(pushService.problems).toEqual([]);
  });

  it('cancelled: the guest following the order gets it, with the reason, at the tracking page', async () => {
    const { pedido, seguimiento } = await guestOrder(setup);
    const sub = pushService.subscribe();
    await subscribe(setup.server, sub, undefined, seguimiento);
    const res = await call(setup.server, PEDIDO.cancelar, owner, {
      pedidoId: pedido.id,
      motivo: 'Se nos acabó el masa',
    });
    expect(res.status).toBe(200);
    const [message] = await pushService.waitForMessages(sub.id, 1);
    expect(message!.payload).toEqual({
      tipo: 'PEDIDO_ESTADO',
      pedidoId: pedido.id,
      status: 'CANCELADO',
      listoEstimado: null,
      titulo: `Tu pedido #${pedido.id} fue cancelado`,
      cuerpo: 'Motivo: Se nos acabó el masa',
      url: `/pedido/seguimiento/${seguimiento}`,
    });
  });

  it('an owner-typed (MANUAL) order sends the owner nothing', async () => {
    const sub = await ownerSub();
    const { tiendaId: _t, ...body } = guestBody(setup.shop.tiendaId, [
      { productoId: setup.shop.productos[0]!.id },
    ]);
    const manual = await call<PedidoConSeguimiento>(setup.server, PEDIDO2.manual, owner, body);
    expect(manual.status).toBe(201);
    // The fence: a guest order placed after it arrives; the manual one never does.
    const { pedido } = await guestOrder(setup);
    const messages = await pushService.waitForMessages(sub.id, 1);
    expect(messages.map((m) => m.payload.pedidoId)).toEqual([pedido.id]);
    await unsubscribe(sub, owner);
  });

  it('410 from the push service: the subscription is deleted', async () => {
    const gone = await ownerSub();
    pushService.answer(gone.id, 410);
    await guestOrder(setup);
    await pollUntil(
      async () =>
        (await setup.server.app.database.db
          .selectFrom('push_suscripcion')
          .select('id')
          .where('endpoint', '=', gone.endpoint)
          .executeTakeFirst()) === undefined,
      10_000,
      () => 'la suscripción sigue guardada',
    );
    expect(pushService.attempts(gone.id)).toBe(1);
  });

  it('500 then 201: delivered on the retry', async () => {
    const sub = await ownerSub();
    pushService.answer(sub.id, 500, 201);
    const { pedido } = await guestOrder(setup);
    const [message] = await pushService.waitForMessages(sub.id, 1);
    expect(message!.payload.pedidoId).toBe(pedido.id);
    expect(pushService.attempts(sub.id)).toBe(2);
    await unsubscribe(sub, owner);
  });

  it('always 500: tried a bounded number of times, then given up and logged', async () => {
    const sub = await ownerSub();
    pushService.answer(sub.id, 500);
    const logsBefore = setup.logs.length;
    await guestOrder(setup);
    await pollUntil(
      () => setup.logs.slice(logsBefore).some((l) => l.includes('notificación abandonada')),
      10_000,
      () => 'sin registro de abandono',
    );
    expect(pushService.attempts(sub.id)).toBe(fastDelivery.attempts);
    expect(pushService.received(sub.id)).toEqual([]);
    // Given up, not deleted: the next order tries it again.
    await unsubscribe(sub, owner);
  });

  it('an order for later: the owner is told when it is for, on the shop’s clock', async () => {
    const sub = await ownerSub();
    ok(
      await updateTiendaCon(setup.server, setup.shop, {
        programacion: { activa: true, diasAdelante: 1, intervaloMin: 60, preparacionMin: 20 },
      }),
      'updatetienda',
    );
    const franjas = await setup.server.call<Franjas>(
      `/api/tienda/franjas/${setup.shop.owner.usuario}`,
    );
    const franja = franjas.body.franjas.at(-1)!;
    ipSequence += 1;
    const body = guestBody(
      setup.shop.tiendaId,
      [{ productoId: setup.shop.productos[0]!.id, cantidad: 1 }],
      {
        cliente: { nombreCompleto: 'Rosa Paz', celular: `57${String(10_000_000 + ipSequence)}` },
        programadoPara: franja.inicio,
      },
    );
    const res = await call<PedidoConSeguimiento>(setup.server, PEDIDO2.invitado, undefined, body, {
      headers: { 'idempotency-key': newKey(), 'x-forwarded-for': `203.0.113.${ipSequence % 250}` },
    });
    expect(res.status).toBe(201);
    const [message] = await pushService.waitForMessages(sub.id, 1);
    const timeZone = (await ownTienda(setup.server, setup.shop)).timeZone;
    expect((message!.payload as { cuerpo: string }).cuerpo).toBe(
      `$ 42.50 · Rosa Paz · A domicilio · ${paraLas(franja.inicio, new Date(), timeZone)}`,
    );
    expect((message!.payload as { cuerpo: string }).cuerpo).toMatch(
      / · Para (mañana a )?las \d\d:00$/,
    );
  });
});

describe('a push service that hangs', () => {
  it('delays no order and blocks no other delivery; closing the server does not wait for it', async () => {
    const pushService = await startPushServiceStandIn();
    // The hanging request outlives the test: only the server's close cuts it.
    const setup = await startSetup(pushService, {
      ...fastDelivery,
      timeoutMs: 10 * 60_000,
      closeGraceMs: 50,
    });
    try {
      const owner = setup.shop.owner.token;
      const hanging = pushService.subscribe();
      const healthy = pushService.subscribe();
      pushService.answer(hanging.id, 'hang');
      await subscribe(setup.server, hanging, owner);
      await subscribe(setup.server, healthy, owner);

      const first = await guestOrder(setup);
      await pushService.waitForAttempts(hanging.id, 1);
      // The order was answered, and the push to `hanging` is still open: it never answers.
      expect(first.pedido.status).toBe('NUEVO');
      await pushService.waitForMessages(healthy.id, 1);

      const second = await guestOrder(setup);
      const messages = await pushService.waitForMessages(healthy.id, 2);
      expect(messages.map((m) => m.payload.pedidoId).sort()).toEqual(
        [first.pedido.id, second.pedido.id].sort(),
      );
      expect(pushService.received(hanging.id)).toEqual([]);
    } finally {
      await setup.server.destroy();
      await pushService.close();
    }
    expect(setup.logs.some((l) => l.includes('notificaciones cortadas al cerrar'))).toBe(true);
  });
});

describe('push on, nobody subscribed yet', () => {
  it('orders placed before the first subscription send nothing; the next order after it is pushed at once', async () => {
    const pushService = await startPushServiceStandIn();
    const setup = await startSetup(pushService, fastDelivery);
    try {
      // Nobody anywhere has subscribed: these alerts find no one (and skip their reads).
      await guestOrder(setup, 'Antes Uno');
      await guestOrder(setup, 'Antes Dos');
      const sub = pushService.subscribe();
      await subscribe(setup.server, sub, setup.shop.owner.token);
      // Within the 2 s an instance trusts "nobody subscribed": a subscription made through it
      // ends that at once.
      const { pedido } = await guestOrder(setup, 'Después');
      const messages = await pushService.waitForMessages(sub.id, 1);
      expect(messages.map((m) => m.payload.pedidoId)).toEqual([pedido.id]);
      expect(pushService.problems).toEqual([]);
    } finally {
      await setup.server.destroy();
      await pushService.close();
    }
  });
});
