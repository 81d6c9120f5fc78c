import { describe, expect, it } from 'vitest';
import { pedidoWireMessages } from '@tianguis/domain';
import type { Notifier } from '../../notifier/notifier.js';
import { useAdminServer } from '../../../test/build-test-app.js';
import { expectError } from '../../../test/catalogo-factories.js';
import {
  call,
  countPedidos,
  createPublicShop,
  expectManualPedido,
  expectNothingChanged,
  guestCliente,
  newKey,
  PEDIDO2,
  postInvitado,
  postManual,
  tiendaPedidos,
  type Pedido,
} from '../../../test/pedido-factories.js';

// docs/api.md, "Manual orders without a phone": the customer's phone is optional in an order the
// owner types (the name alone is enough). Without one the order is made as any other, the
// tracking secret is answered for the owner to copy, and nothing is sent to anyone; the rest of
// the manual order's rules still hold.

interface Enviado {
  canal: 'sms' | 'email';
  to: string;
  text: string;
}

describe('POST /api/pedido/manual without the customer phone', () => {
  const enviados: Enviado[] = [];
  const notifier: Notifier = {
    async sendEmail({ to, text }) {
      enviados.push({ canal: 'email', to, text });
    },
    async sendSms({ to, text }) {
      enviados.push({ canal: 'sms', to, text });
    },
  };

  // Every message the server sends is recorded, an SMS provider is set: an order without a
  // phone must still send nothing.
  const { server, shop } = useAdminServer(
    async (server, adminToken) => {
      const shop = await createPublicShop(server, adminToken, {
        nombre: 'Cocina Económica Lupita',
        montoMinimo: 200,
        productos: { 'Comida corrida': 95, 'Agua de horchata': 25 },
      });
      // The approval's own email to the owner goes out in the background: let it arrive first.
      const deadline = Date.now() + 5000;
      while (!enviados.some((m) => m.to === shop.owner.email) && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 25));
      }
      return { shop };
    },
    { notifier, config: { smsUrl: 'http://127.0.0.1:1/sms' } },
  );

  const manual = (sent: unknown, token = shop.owner.token, key?: string) =>
    postManual(server, token, sent, key);

  const body = (cliente: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
    lineas: [{ productoId: shop.productos[0]!.id, cantidad: 1 }],
    cliente,
    entrega: { tipo: 'DOMICILIO', direccion: 'Calle Hidalgo 12, Centro' },
    pago: { metodo: 'EFECTIVO', pagaCon: 100 },
    ...extra,
  });

  it('201 with the name alone: a MANUAL guest order with no phone, its tracking secret, nothing sent', async () => {
    enviados.length = 0;
    const res = await manual(body({ nombreCompleto: 'Señora Carmen' }));
    expectManualPedido(res, {
      tiendaId: shop.tiendaId,
      nombreCompleto: 'Señora Carmen',
      celular: '',
      montoTotal: 95,
      entrega: { tipo: 'DOMICILIO', direccion: 'Calle Hidalgo 12, Centro' },
      pago: { metodo: 'EFECTIVO', pagaCon: 100, cambio: 5 },
    });

    // The tracking link the owner copies opens it; the board lists it with the others.
    const tracked = await server.call<Pedido>(PEDIDO2.seguimiento(res.body.seguimiento));
    expect(tracked.status).toBe(200);
    expect(tracked.body).toMatchObject({ id: res.body.pedido.id, celular: '' });
    const board = await tiendaPedidos(server, shop.owner.token);
    expect(board.find((p) => p.id === res.body.pedido.id)).toMatchObject({
      nombreCompleto: 'Señora Carmen',
      celular: '',
    });

    // Nothing goes to the customer (nor anyone else): give a background send time to show up.
    await new Promise((r) => setTimeout(r, 200));
    expect(enviados).toEqual([]);
  });

  it('phone-less orders are not limited per phone, and the same Idempotency-Key still makes one', async () => {
    const before = await countPedidos(server);
    for (let i = 0; i < 4; i += 1) {
      expect((await manual(body({ nombreCompleto: 'Don Beto' }))).status).toBe(201);
    }
    const key = newKey();
    const a = await manual(body({ nombreCompleto: 'Don Beto' }), shop.owner.token, key);
    const b = await manual(body({ nombreCompleto: 'Don Beto' }), shop.owner.token, key);
    expect(a.status).toBe(201);
    expect(b.body).toEqual(a.body);
    expect(await countPedidos(server)).toBe(before + 5);
  });

  it('a phone, when typed, is still checked and kept', async () => {
    const cliente = guestCliente({ nombreCompleto: 'Rosa Martínez' });
    const ok = await manual(body(cliente));
    expect(ok.status).toBe(201);
    expect(ok.body.pedido.celular).toBe(cliente.celular);

    const bad = await expectNothingChanged(server, () =>
      manual(body({ nombreCompleto: 'Rosa Martínez', celular: '12345' })),
    );
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: 'VALIDACION' });
    expect(JSON.stringify(bad.body)).toContain('cliente.celular');
  });

  it('the name is still required: without it, or too short, nothing is made', async () => {
    const sinNombre = await expectNothingChanged(server, () => manual(body({})));
    expect(sinNombre.status).toBe(400);
    expect(sinNombre.body).toMatchObject({ code: 'VALIDACION' });
    const corto = await expectNothingChanged(server, () => manual(body({ nombreCompleto: 'A' })));
    expectError(corto, 400, 'VALIDACION', pedidoWireMessages.nombreCompletoMin);
  });

  it('the other rules hold: delivery as the shop offers, cash covers the total, own products, owners only', async () => {
    const recoger = await expectNothingChanged(server, () =>
      manual(body({ nombreCompleto: 'Don Beto' }, { entrega: { tipo: 'RECOGER' } })),
    );
    expect(recoger.body).toMatchObject({ code: 'ENTREGA_NO_DISPONIBLE' });
    const poco = await expectNothingChanged(server, () =>
      manual(body({ nombreCompleto: 'Don Beto' }, { pago: { metodo: 'EFECTIVO', pagaCon: 50 } })),
    );
    expect(poco.status).toBe(400);
    expect(poco.body).toMatchObject({ code: 'VALIDACION' });

    const otra = await createPublicShop(server, undefined);
    const ajena = await expectNothingChanged(server, () =>
      manual(body({ nombreCompleto: 'Don Beto' }), otra.owner.token),
    );
    expectError(
      ajena,
      400,
      'PRODUCTO_NO_DISPONIBLE',
      'Un producto de tu pedido no existe en esta tienda',
    );
    const anonimo = await call(server, PEDIDO2.manual, undefined, body({ nombreCompleto: 'X Y' }));
    expect(anonimo.status).toBe(401);
  });

  it('the guest checkout still needs the phone', async () => {
    const res = await expectNothingChanged(server, () =>
      postInvitado(server, {
        tiendaId: shop.tiendaId,
        ...body({ nombreCompleto: 'Sin Teléfono' }),
      }),
    );
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'VALIDACION' });
    expect(JSON.stringify(res.body)).toContain('cliente.celular');
  });
});
