import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  instanteLocal,
  pedidoWireMessages,
  programacionMessages,
  type Programacion,
} from '@tianguis/domain';
import { useAdminServer, type ApiResponse } from '../../../test/build-test-app.js';
import { expectError, expectValidation, ok } from '../../../test/catalogo-factories.js';
import {
  addUnits,
  call,
  createPublicShop,
  createShopper,
  expectNothingChanged,
  expectPedidoShape,
  guestBody,
  listCart,
  newKey,
  ownTienda,
  pausar,
  openEventStream,
  PEDIDO,
  PEDIDO2,
  postInvitado,
  postManual,
  proccess,
  shopperPedidos,
  tiendaPedidos,
  updateTiendaCon,
  ZONA,
  type Pedido,
  type PedidoConSeguimiento,
  type PublicShop,
} from '../../../test/pedido-factories.js';
import { newAddress } from '../../../test/from-address.js';

// docs/api.md, "Orders for later, kitchen pace and busy mode" and "Third edition: fine points":
// signed-in, guest and manual checkouts take `programadoPara`, the start of one of the shop's
// slots; anything else is 409 HORARIO_NO_DISPONIBLE saying why (400 VALIDACION when it is not
// an ISO instant). An order for later may be placed while the shop is closed or paused now, a
// slot with a limit never holds more orders than it (concurrent checkouts included, on both
// databases), a cancelled order frees its place, and aceptarpedido without minutos readies an
// order for later at its slot.
//
// The server runs in this process, so its clock is set: Wednesday 9 January 2030, 07:00 in
// Mexico City (13:00 UTC; no daylight saving there since 2022), and then runs on from there.

const HOY = '2030-01-09';
const MANANA = '2030-01-10';
const PASADO_MANANA = '2030-01-11';
const AHORA = new Date('2030-01-09T13:00:00.000Z');

/** The instant the shop's clock reads `hora` ('HH:MM') on `fecha`, as toISOString() writes it. */
function a(fecha: string, hora: string): string {
  const [h, m] = hora.split(':').map(Number) as [number, number];
  return instanteLocal(fecha, h * 60 + m, ZONA)!.toISOString();
}

const SEMANA = ['LUNES', 'MARTES', 'MIERCOLES', 'JUEVES', 'VIERNES', 'SABADO', 'DOMINGO'];

const PROGRAMACION: Programacion = {
  activa: true,
  diasAdelante: 1,
  intervaloMin: 30,
  pedidosPorIntervalo: null,
  preparacionMin: 20,
};

/** A live stream that must open, and the first event about an order, waited for. */
async function openStream(url: string) {
  const stream = await openEventStream(url);
  expect(stream.status).toBe(200);
  return {
    eventOf: (pedidoId: number) => stream.waitForEvent((e) => e.data.pedido?.id === pedidoId),
    close: stream.close,
  };
}

describe('orders for later at checkout', () => {
  beforeAll(() => {
    // Only Date is faked, and it runs on from AHORA: timers, sockets and the group commit's
    // setImmediate are the real ones.
    vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
    vi.setSystemTime(AHORA);
  });
  // After the server is destroyed (after-hooks run last registered first).
  afterAll(() => {
    vi.useRealTimers();
  });
  // X-Forwarded-For is believed: each guest order comes from an address of its own, far from
  // the 20 orders per address and window.
  const { server, adminToken } = useAdminServer(undefined, { config: { trustProxy: true } });

  /**
   * A public shop with `programacion` saved through updatetienda, open 08:00–20:00 every day
   * (closed at the test's 07:00) or, with `horas: null`, round the clock (no hours).
   */
  async function tienda(
    programacion: Partial<Programacion>,
    horas: { apertura: string; cierre: string } | null = { apertura: '08:00', cierre: '20:00' },
  ): Promise<PublicShop> {
    const shop = await createPublicShop(server, adminToken(), {
      productos: { 'Tamal verde': 30 },
    });
    if (horas) {
      ok(
        await call(
          server,
          '/api/horario/addrange',
          shop.owner.token,
          SEMANA.map((dia) => ({ dia, ...horas, cerrado: false })),
        ),
        'addrange',
      );
    }
    const completa = { ...PROGRAMACION, ...programacion };
    ok(await updateTiendaCon(server, shop, { programacion: completa }), 'updatetienda');
    expect((await ownTienda(server, shop)).programacion).toEqual(completa);
    return shop;
  }

  /** A guest's order of one tamal, from its own address and with its own key. */
  function invitado(shop: PublicShop, extra: Record<string, unknown> = {}, key = newKey()) {
    const body = guestBody(shop.tiendaId, [{ productoId: shop.productos[0]!.id }], extra);
    return postInvitado(server, body, key, undefined, newAddress());
  }

  /** The owner types an order of one tamal for Señora Carmen. */
  function manual(shop: PublicShop, extra: Record<string, unknown> = {}) {
    return postManual(server, shop.owner.token, {
      lineas: [{ productoId: shop.productos[0]!.id, cantidad: 1 }],
      cliente: { nombreCompleto: 'Señora Carmen' },
      entrega: { tipo: 'DOMICILIO', direccion: 'Calle Morelos 8, Centro' },
      pago: { metodo: 'EFECTIVO' },
      ...extra,
    });
  }

  function placed(res: ApiResponse<PedidoConSeguimiento>): Pedido {
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expectPedidoShape(res.body.pedido);
    return res.body.pedido;
  }

  function refused(res: ApiResponse, mensaje: string) {
    expectError(res, 409, 'HORARIO_NO_DISPONIBLE', mensaje);
  }

  /** A refusal whose message is the shop's own (its hours, its pause). */
  function expectCode(res: ApiResponse, status: number, code: string) {
    expect({ status: res.status, code: (res.body as { code?: string }).code }).toEqual({
      status,
      code,
    });
  }

  /** The shop's orders in the slot starting at `inicio` that still hold a place. */
  async function enFranja(shop: PublicShop, inicio: string): Promise<number> {
    const rows = await server.app.database.db
      .selectFrom('pedido')
      .select('id')
      .where('tienda_id', '=', shop.tiendaId)
      .where('programado_para', '=', inicio)
      .where('status', '<>', 'CANCELADO')
      .execute();
    return rows.length;
  }

  describe('a time that is not an available slot is 409 HORARIO_NO_DISPONIBLE, and nothing is written', () => {
    it('scheduling off', async () => {
      const shop = await tienda({ activa: false });
      const res = await expectNothingChanged(server, () =>
        invitado(shop, { programadoPara: a(MANANA, '09:00') }),
      );
      refused(res, programacionMessages.desactivada);
    });

    it('a time already past, even one that was a slot', async () => {
      const shop = await tienda({}, null);
      for (const programadoPara of [a(HOY, '06:00'), a(HOY, '06:30'), '2030-01-08T15:00:00Z']) {
        const res = await expectNothingChanged(server, () => invitado(shop, { programadoPara }));
        refused(res, programacionMessages.pasado);
      }
    });

    it('a slot too soon to prepare: the message says from when', async () => {
      // Round the clock, 15-minute slots, 20 minutes to prepare: at 07:00 the 07:15 slot was
      // offered until 06:55; the first one now is 07:30.
      const shop = await tienda({ intervaloMin: 15, diasAdelante: 0 }, null);
      const res = await expectNothingChanged(server, () =>
        invitado(shop, { programadoPara: a(HOY, '07:15') }),
      );
      refused(
        res,
        'Ese horario ya no alcanza para preparar tu pedido; elige uno a partir de las 7:30',
      );
      placed(await invitado(shop, { programadoPara: a(HOY, '07:30') }));
    });

    it('not a slot: off the grid, at closing time, a closed day, or after diasAdelante', async () => {
      const shop = await tienda({ diasAdelante: 1 });
      for (const programadoPara of [
        a(MANANA, '09:10'),
        a(MANANA, '09:00').replace('.000Z', '.001Z'),
        // 19:30–20:00 is the last slot; one at 20:00 would run past the closing time.
        a(MANANA, '20:00'),
        a(MANANA, '07:30'),
        // The day after the days ahead the shop offers.
        a(PASADO_MANANA, '09:00'),
      ]) {
        const res = await expectNothingChanged(server, () => invitado(shop, { programadoPara }));
        refused(res, programacionMessages.noEsFranja);
      }
      // The same slots a day earlier are offered.
      placed(await invitado(shop, { programadoPara: a(MANANA, '19:30') }));
      placed(await invitado(shop, { programadoPara: a(MANANA, '08:00') }));

      // Tomorrow marked as a special day: closed, no slot.
      ok(
        await call(server, '/api/horariosdias/add', shop.owner.token, { fecha: MANANA }),
        'horariosdias/add',
      );
      refused(
        await invitado(shop, { programadoPara: a(MANANA, '09:00') }),
        programacionMessages.noEsFranja,
      );
    });

    it('a full slot', async () => {
      const shop = await tienda({ pedidosPorIntervalo: 1 });
      const programadoPara = a(MANANA, '10:00');
      placed(await invitado(shop, { programadoPara }));
      const res = await expectNothingChanged(server, () => invitado(shop, { programadoPara }));
      refused(res, programacionMessages.lleno);
      // The next slot is another place.
      placed(await invitado(shop, { programadoPara: a(MANANA, '10:30') }));
    });

    it('signed-in: refused the same way, and the basket is kept', async () => {
      const shop = await tienda({});
      const shopper = await createShopper(server);
      await addUnits(server, shopper.token, shop.productos[0]!.id, 2);
      const res = await expectNothingChanged(server, () =>
        proccess(server, shopper.token, {
          tiendaId: shop.tiendaId,
          programadoPara: a(MANANA, '09:15'),
        }),
      );
      refused(res, programacionMessages.noEsFranja);
      const [grupo] = await listCart(server, shopper.token);
      expect(grupo?.listOfShoppingCartMarketStore[0]?.cantidad).toBe(2);
    });

    it('manual: the owner’s typed order is held to the slots too', async () => {
      const shop = await tienda({});
      const res = await expectNothingChanged(server, () =>
        manual(shop, { programadoPara: a(MANANA, '09:45') }),
      );
      refused(res, programacionMessages.noEsFranja);
    });
  });

  it('a programadoPara that is not an ISO instant is 400 VALIDACION, for all three', async () => {
    const shop = await tienda({});
    const shopper = await createShopper(server);
    await addUnits(server, shopper.token, shop.productos[0]!.id);
    for (const programadoPara of [
      'mañana a las 9',
      '2030-01-10 09:00',
      '2030-01-10T09:00:00',
      '2030-01-10T25:00:00Z',
      '',
      1893250800000,
      null,
    ]) {
      await expectNothingChanged(server, async () => {
        expectValidation(
          await invitado(shop, { programadoPara }),
          programacionMessages.programadoPara,
        );
        expectValidation(
          await manual(shop, { programadoPara }),
          programacionMessages.programadoPara,
        );
        expectValidation(
          await proccess(server, shopper.token, { tiendaId: shop.tiendaId, programadoPara }),
          programacionMessages.programadoPara,
        );
      });
    }
  });

  describe('an order for later while the shop takes no orders now', () => {
    it('guest, shop closed now: tomorrow’s slot is ordered; tracking, board and streams carry it', async () => {
      const shop = await tienda({});
      // For now it is closed.
      expectCode(await invitado(shop), 400, 'TIENDA_CERRADA');
      const owner = await openStream(
        `${server.baseUrl}/api/pedido/eventos?token=${shop.owner.token}`,
      );

      // Sent with its offset, stored and answered as the slot's UTC instant.
      const res = await invitado(shop, { programadoPara: '2030-01-10T09:00:00-06:00' });
      const pedido = placed(res);
      expect(pedido).toMatchObject({
        status: 'NUEVO',
        programadoPara: '2030-01-10T15:00:00.000Z',
        listoEstimado: null,
      });
      expect(pedido.programadoPara).toBe(a(MANANA, '09:00'));

      const tracked = await server.call<Pedido>(PEDIDO2.seguimiento(res.body.seguimiento));
      expect(tracked.status).toBe(200);
      expect(tracked.body.programadoPara).toBe(pedido.programadoPara);
      const board = await tiendaPedidos(server, shop.owner.token);
      expect(board.find((p) => p.id === pedido.id)?.programadoPara).toBe(pedido.programadoPara);

      const nuevo = await owner.eventOf(pedido.id);
      owner.close();
      expect(nuevo.data.tipo).toBe('NUEVO');
      expect(nuevo.data.pedido.programadoPara).toBe(pedido.programadoPara);
      const guest = await openStream(
        `${server.baseUrl}${PEDIDO2.seguimiento(res.body.seguimiento)}/eventos?lastEventId=0`,
      );
      const visto = await guest.eventOf(pedido.id);
      guest.close();
      expect(visto.data.pedido.programadoPara).toBe(pedido.programadoPara);

      // An order for now is still refused.
      expectCode(await invitado(shop), 400, 'TIENDA_CERRADA');
    });

    it('guest, shop paused now: a slot later today is ordered; an order for now is TIENDA_PAUSADA', async () => {
      const shop = await tienda({ diasAdelante: 0 }, null);
      await pausar(server, shop, 60);
      expectCode(await invitado(shop), 400, 'TIENDA_PAUSADA');
      const pedido = placed(await invitado(shop, { programadoPara: a(HOY, '09:00') }));
      expect(pedido.programadoPara).toBe(a(HOY, '09:00'));
      // Paused or not, a time that is no slot is still refused for what it is.
      refused(
        await invitado(shop, { programadoPara: a(HOY, '09:05') }),
        programacionMessages.noEsFranja,
      );
    });

    it('signed-in: the order carries its slot in the shopper’s list and stream', async () => {
      const shop = await tienda({});
      const shopper = await createShopper(server);
      await addUnits(server, shopper.token, shop.productos[0]!.id);
      const stream = await openStream(
        `${server.baseUrl}/api/pedido/mis-eventos?token=${shopper.token}`,
      );
      const res = await proccess(server, shopper.token, {
        tiendaId: shop.tiendaId,
        programadoPara: a(MANANA, '13:30'),
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const pedidoId = Number(res.headers.get('x-pedido-id'));
      const [pedido] = await shopperPedidos(server, shopper.token);
      expect(pedido).toMatchObject({ id: pedidoId, programadoPara: a(MANANA, '13:30') });
      const evento = await stream.eventOf(pedidoId);
      stream.close();
      expect(evento.data.pedido.programadoPara).toBe(a(MANANA, '13:30'));
      // The basket's group became the order.
      expect(await listCart(server, shopper.token)).toEqual([]);
    });

    it('manual: the owner schedules an order while closed; it takes a place like any other', async () => {
      const shop = await tienda({ pedidosPorIntervalo: 2 });
      const programadoPara = a(MANANA, '12:00');
      const pedido = placed(await manual(shop, { programadoPara }));
      expect(pedido).toMatchObject({ origen: 'MANUAL', programadoPara });
      placed(await invitado(shop, { programadoPara }));
      refused(await manual(shop, { programadoPara }), programacionMessages.lleno);
      refused(await invitado(shop, { programadoPara }), programacionMessages.lleno);
      expect(await enFranja(shop, programadoPara)).toBe(2);
    });

    it('an order for now still answers programadoPara null', async () => {
      const shop = await tienda({}, null);
      const pedido = placed(await invitado(shop));
      expect(pedido.programadoPara).toBeNull();
    });
  });

  describe('places in a slot', () => {
    it('12 guests at once for a slot with 3 places: exactly 3 are placed, 9 get 409; other slots are not held up', async () => {
      const shop = await tienda({ pedidosPorIntervalo: 3 });
      const lleno = a(MANANA, '14:00');
      const otra = a(MANANA, '14:30');
      const answers = await Promise.all([
        ...Array.from({ length: 12 }, () => invitado(shop, { programadoPara: lleno })),
        ...Array.from({ length: 3 }, () => invitado(shop, { programadoPara: otra })),
      ]);
      const delLleno = answers.slice(0, 12);
      const ganadores = delLleno.filter((r) => r.status === 201);
      expect(ganadores).toHaveLength(3);
      for (const r of delLleno.filter((r) => r.status !== 201)) {
        refused(r, programacionMessages.lleno);
      }
      for (const r of answers.slice(12)) placed(r);
      expect(await enFranja(shop, lleno)).toBe(3);
      expect(await enFranja(shop, otra)).toBe(3);
      expect(new Set(ganadores.map((r) => r.body.pedido.programadoPara))).toEqual(new Set([lleno]));
      // Full is full afterwards too, for every kind of checkout.
      refused(await invitado(shop, { programadoPara: lleno }), programacionMessages.lleno);
      refused(await invitado(shop, { programadoPara: otra }), programacionMessages.lleno);
    });

    it('without a limit, one slot takes every order', async () => {
      const shop = await tienda({ pedidosPorIntervalo: null });
      const programadoPara = a(MANANA, '15:00');
      const answers = await Promise.all(
        Array.from({ length: 8 }, () => invitado(shop, { programadoPara })),
      );
      for (const r of answers) placed(r);
      expect(await enFranja(shop, programadoPara)).toBe(8);
    });

    it('an accepted order keeps its place; a cancelled one frees it', async () => {
      const shop = await tienda({ pedidosPorIntervalo: 1 });
      const programadoPara = a(MANANA, '16:00');
      const first = placed(await invitado(shop, { programadoPara }));
      refused(await invitado(shop, { programadoPara }), programacionMessages.lleno);
      ok(
        await call(server, PEDIDO2.aceptar, shop.owner.token, { pedidoId: first.id }),
        'aceptarpedido',
      );
      refused(await invitado(shop, { programadoPara }), programacionMessages.lleno);
      ok(
        await call(server, PEDIDO.cancelar, shop.owner.token, {
          pedidoId: first.id,
          motivo: 'El cliente ya no lo quiere',
        }),
        'cancelarpedido',
      );
      const second = placed(await invitado(shop, { programadoPara }));
      expect(second.programadoPara).toBe(programadoPara);
      refused(await invitado(shop, { programadoPara }), programacionMessages.lleno);
    });

    it('the same Idempotency-Key answers its order again instead of counting it twice', async () => {
      const shop = await tienda({ pedidosPorIntervalo: 1 });
      const programadoPara = a(MANANA, '17:00');
      const key = newKey();
      const body = {
        programadoPara,
        cliente: { nombreCompleto: 'Rosa Díaz', celular: '5512345678' },
      };
      const first = placed(await invitado(shop, body, key));
      const again = await invitado(shop, body, key);
      expect(again.status).toBe(201);
      expect(again.body.pedido.id).toBe(first.id);
      expect(await enFranja(shop, programadoPara)).toBe(1);
    });
  });

  describe('aceptarpedido of an order for later', () => {
    it('without minutos it is ready at its slot; with minutos, that long from now', async () => {
      const shop = await tienda({});
      const programadoPara = a(MANANA, '09:30');
      const sinMinutos = placed(await invitado(shop, { programadoPara }));
      const aceptado = ok(
        await call<Pedido>(server, PEDIDO2.aceptar, shop.owner.token, {
          pedidoId: sinMinutos.id,
        }),
        'aceptarpedido',
      );
      expect(aceptado).toMatchObject({
        status: 'ACEPTADO',
        programadoPara,
        listoEstimado: programadoPara,
      });

      const conMinutos = placed(await invitado(shop, { programadoPara }));
      const conTiempo = ok(
        await call<Pedido>(server, PEDIDO2.aceptar, shop.owner.token, {
          pedidoId: conMinutos.id,
          minutos: 25,
        }),
        'aceptarpedido',
      );
      expect(conTiempo.status).toBe('ACEPTADO');
      expect(conTiempo.programadoPara).toBe(programadoPara);
      expect(Date.parse(conTiempo.listoEstimado!)).toBe(
        Date.parse(conTiempo.aceptadoEn!) + 25 * 60_000,
      );
    });

    it('an order for now without minutos is 400 VALIDACION and stays NUEVO', async () => {
      const shop = await tienda({}, null);
      const pedido = placed(await invitado(shop));
      const res = await expectNothingChanged(server, () =>
        call(server, PEDIDO2.aceptar, shop.owner.token, { pedidoId: pedido.id }),
      );
      expectValidation(res, pedidoWireMessages.minutosAceptar);
    });

    it('only its own shop’s owner may accept it', async () => {
      const shop = await tienda({});
      const otra = await tienda({});
      const pedido = placed(await invitado(shop, { programadoPara: a(MANANA, '11:00') }));
      const shopper = await createShopper(server);
      await expectNothingChanged(server, async () => {
        expectError(
          await call(server, PEDIDO2.aceptar, otra.owner.token, { pedidoId: pedido.id }),
          404,
          'NO_ENCONTRADO',
          'El pedido no existe',
        );
        const comoCliente = await call(server, PEDIDO2.aceptar, shopper.token, {
          pedidoId: pedido.id,
        });
        expect(comoCliente.status).toBe(403);
        const sinSesion = await call(server, PEDIDO2.aceptar, undefined, { pedidoId: pedido.id });
        expect(sinSesion.status).toBe(401);
      });
      const board = await tiendaPedidos(server, shop.owner.token);
      expect(board.find((p) => p.id === pedido.id)).toMatchObject({
        status: 'NUEVO',
        listoEstimado: null,
      });
      // Another shop's owner never sees it either.
      const suyo = await tiendaPedidos(server, otra.owner.token);
      expect(suyo.some((p) => p.id === pedido.id)).toBe(false);
    });
  });
});
