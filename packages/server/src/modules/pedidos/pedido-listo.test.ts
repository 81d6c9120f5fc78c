import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { QuienActuo } from '@tianguis/domain';
import { useAdminServer, type TestServer } from '../../../test/build-test-app.js';
import { expectError, ok, transferenciaPayload } from '../../../test/catalogo-factories.js';
import {
  addUnits,
  call,
  createPublicShop,
  createShopper,
  expectNothingChanged,
  expectPedidoShape,
  guestBody,
  newKey,
  openEventStream,
  pedidoOfShopper,
  PEDIDO,
  PEDIDO2,
  placeGuest,
  placeOrder,
  placeOrderOfNewShopper,
  placeOrdersOfNewShoppers,
  postManual,
  proccess,
  setAjustes,
  tiendaPedidos,
  type Pedido,
  type PedidoConSeguimiento,
  type StreamEvent,
} from '../../../test/pedido-factories.js';
import { createStaff } from '../../../test/personal-factories.js';
import { createTwoPublicShops } from '../../../test/tienda-factories.js';
import {
  startPushServiceStandIn,
  type PushServiceStandIn,
  type StandInSubscription,
} from '../../../test/push-service.js';

// docs/api.md, "Staff and the kitchen": the LISTO state between ACEPTADO and COMPLETADO, who
// acted on each change, what each role may do to an order, the kitchen's view of the orders
// (accepted and ready only, without the customer's phone or address) in its list and its live
// stream, and the words the shopper and the guest get when their order is ready.

const LISTO = '/api/pedido/listo';
const RECOGER_TEXTO = '¡Tu pedido está listo para recoger!';
const DOMICILIO_TEXTO = 'Tu pedido va en camino';

/** A guest's delivery with everything the kitchen must not see. */
const ENTREGA_COMPLETA = {
  tipo: 'DOMICILIO',
  direccion: 'Calle Tezontle 45, Centro',
  referencias: 'Portón verde junto a la farmacia',
  colonia: 'Centro',
  codigoPostal: '06000',
  ubicacion: { lat: 19.4326, lng: -99.1332 },
};

/** A live stream of `path`, with the token, if any, in its query. */
const abrirEventos = (server: TestServer, path: string, token?: string) =>
  openEventStream(`${server.baseUrl}${path}${token ? `?token=${encodeURIComponent(token)}` : ''}`);

describe('LISTO, who acted, and the kitchen', () => {
  const { server, adminToken, shop, other, cocina, cajero, encargado, otroEncargado } =
    useAdminServer(async (server, adminToken) => {
      const { shop, other } = await createTwoPublicShops(server, adminToken, 'Fonda Lista');
      await setAjustes(server, shop, {
        entrega: { recoger: true, domicilio: true },
        pagos: { efectivo: true, terminal: false, transferencia: transferenciaPayload() },
      });
      return {
        shop,
        other,
        cocina: await createStaff(server, shop.owner, 'COCINA', 'Lupe Fogón'),
        cajero: await createStaff(server, shop.owner, 'CAJERO', 'Beto Caja'),
        encargado: await createStaff(server, shop.owner, 'ENCARGADO', 'Marta Mando'),
        otroEncargado: await createStaff(server, other.owner, 'ENCARGADO', 'Raúl Ajeno'),
      };
    });

  const owner = () => shop.owner.token;
  const act = (path: string, body: Record<string, unknown>, token = owner()) =>
    call<Pedido>(server, path, token, body);
  const dueno = (): QuienActuo => ({ nombreCompleto: shop.owner.usuario, rol: 'DUENO' });

  /** A NUEVO order of a new shopper (one phone holds at most 3 NUEVO orders per shop). */
  const nuevo = () => placeOrderOfNewShopper(server, shop);
  async function aceptado(token = owner()) {
    const placed = await nuevo();
    ok(await act(PEDIDO2.aceptar, { pedidoId: placed.pedidoId, minutos: 15 }, token), 'aceptar');
    return placed;
  }
  async function listo(token = owner()) {
    const placed = await aceptado();
    ok(await act(LISTO, { pedidoId: placed.pedidoId }, token), 'listo');
    return placed;
  }
  /** A guest's delivery order paid by transfer, with a full address: its id and phone. */
  async function invitadoCompleto(): Promise<PedidoConSeguimiento> {
    return placeGuest(
      server,
      guestBody(shop.tiendaId, [{ productoId: shop.productos[0]!.id }], {
        entrega: ENTREGA_COMPLETA,
        pago: { metodo: 'TRANSFERENCIA' },
      }),
    );
  }

  describe('POST /api/pedido/listo', () => {
    it('ACEPTADO → LISTO by the kitchen: listoEn now, listoPor the cook; the shopper sees it', async () => {
      const { shopper, pedidoId } = await aceptado();
      const before = Date.now();
      const res = await act(LISTO, { pedidoId }, cocina.token);
      const after = Date.now();
      expect(res.status).toBe(200);
      expectPedidoShape(res.body);
      expect(res.body).toMatchObject({
        id: pedidoId,
        status: 'LISTO',
        aceptadoPor: dueno(),
        listoPor: { nombreCompleto: 'Lupe Fogón', rol: 'COCINA' },
        completadoPor: null,
        canceladoPor: null,
      });
      const listoEn = Date.parse(res.body.listoEn!);
      expect(listoEn).toBeGreaterThanOrEqual(before - 1000);
      expect(listoEn).toBeLessThanOrEqual(after + 1000);
      // The cook's own answer is the kitchen's copy.
      expect(res.body.celular).toBe('');
      expect(res.body.direccionEntrega).toBe('');

      const seen = await pedidoOfShopper(server, shopper.token, pedidoId);
      expect(seen).toMatchObject({
        status: 'LISTO',
        listoEn: res.body.listoEn,
        listoPor: { nombreCompleto: 'Lupe Fogón', rol: 'COCINA' },
        celular: shopper.celular,
      });
    });

    it('from NUEVO, LISTO, COMPLETADO or CANCELADO: 409 ESTADO_INVALIDO, nothing changed', async () => {
      const nuevoId = (await nuevo()).pedidoId;
      const listoId = (await listo()).pedidoId;
      const completado = (await nuevo()).pedidoId;
      ok(await act(PEDIDO.completar, { pedidoId: completado }), 'completar');
      const cancelado = (await nuevo()).pedidoId;
      ok(await act(PEDIDO.cancelar, { pedidoId: cancelado }), 'cancelar');
      for (const [pedidoId, status] of [
        [nuevoId, 'NUEVO'],
        [listoId, 'LISTO'],
        [completado, 'COMPLETADO'],
        [cancelado, 'CANCELADO'],
      ] as const) {
        for (const token of [owner(), cocina.token]) {
          const res = await expectNothingChanged(server, () => act(LISTO, { pedidoId }, token));
          expectError(res, 409, 'ESTADO_INVALIDO', `El pedido ya está ${status}`);
        }
      }
    });

    it('another shop’s order: 404 and unchanged, for its owner and its staff; a shopper 403; no token 401', async () => {
      const { shopper, pedidoId } = await aceptado();
      for (const token of [other.owner.token, otroEncargado.token]) {
        const res = await expectNothingChanged(server, () => act(LISTO, { pedidoId }, token));
        expectError(res, 404, 'NO_ENCONTRADO', 'El pedido no existe');
      }
      expect((await act(LISTO, { pedidoId }, shopper.token)).status).toBe(403);
      expect((await call(server, LISTO, undefined, { pedidoId })).status).toBe(401);
      const unknown = await act(LISTO, { pedidoId: 999_999 });
      expectError(unknown, 404, 'NO_ENCONTRADO', 'El pedido no existe');
      expect((await pedidoOfShopper(server, shopper.token, pedidoId)).status).toBe('ACEPTADO');
    });

    it('a LISTO order completes (the cashier) or cancels (the manager), each recorded', async () => {
      const a = await listo(cocina.token);
      const completo = await act(PEDIDO.completar, { pedidoId: a.pedidoId }, cajero.token);
      expect(completo.status).toBe(200);
      expect(completo.body).toMatchObject({
        status: 'COMPLETADO',
        aceptadoPor: dueno(),
        listoPor: { nombreCompleto: 'Lupe Fogón', rol: 'COCINA' },
        completadoPor: { nombreCompleto: 'Beto Caja', rol: 'CAJERO' },
        canceladoPor: null,
      });
      // The cashier sees the whole order.
      expect(completo.body.celular).toBe(a.shopper.celular);

      const b = await listo();
      const cancelado = await act(
        PEDIDO.cancelar,
        { pedidoId: b.pedidoId, motivo: 'Nadie pasó por él' },
        encargado.token,
      );
      expect(cancelado.status).toBe(200);
      expect(cancelado.body).toMatchObject({
        status: 'CANCELADO',
        motivoCancelacion: 'Nadie pasó por él',
        listoPor: dueno(),
        completadoPor: null,
        canceladoPor: { nombreCompleto: 'Marta Mando', rol: 'ENCARGADO' },
      });
      expect(await pedidoOfShopper(server, b.shopper.token, b.pedidoId)).toMatchObject({
        status: 'CANCELADO',
        canceladoPor: { nombreCompleto: 'Marta Mando', rol: 'ENCARGADO' },
      });
    });
  });

  describe('who acted', () => {
    it('staff: the manager accepts, the cashier completes; nothing recorded for what did not happen', async () => {
      const { pedidoId } = await nuevo();
      const accepted = await act(PEDIDO2.aceptar, { pedidoId, minutos: 10 }, encargado.token);
      expect(accepted.body).toMatchObject({
        status: 'ACEPTADO',
        aceptadoPor: { nombreCompleto: 'Marta Mando', rol: 'ENCARGADO' },
        listoPor: null,
        completadoPor: null,
        canceladoPor: null,
        listoEn: null,
      });
      const done = await act(PEDIDO.completar, { pedidoId }, cajero.token);
      expect(done.body).toMatchObject({
        aceptadoPor: { nombreCompleto: 'Marta Mando', rol: 'ENCARGADO' },
        listoPor: null,
        completadoPor: { nombreCompleto: 'Beto Caja', rol: 'CAJERO' },
      });
      expect((await tiendaPedidos(server, owner())).find((p) => p.id === pedidoId)).toMatchObject(
        done.body,
      );
    });

    it('the owner: rol DUENO, named by nombreCompleto, or by usuario when that is empty', async () => {
      // The shop owners of these tests registered without a name: their usuario stands in.
      const { pedidoId } = await nuevo();
      const cancelled = await act(PEDIDO.cancelar, { pedidoId });
      expect(cancelled.body.canceladoPor).toEqual({
        nombreCompleto: shop.owner.usuario,
        rol: 'DUENO',
      });
      expect(shop.owner.usuario).not.toBe('');

      // With a name, the name (read per request: no new token needed).
      await server.app.database.db
        .updateTable('account')
        .set({ nombre_completo: 'Rosa Díaz' })
        .where('id', '=', other.owner.id)
        .execute();
      const shopper = await createShopper(server);
      const otherId = await placeOrder(server, shopper, {
        owner: other.owner,
        categoria: other.categoria,
        producto: other.productos[0]!,
      });
      const accepted = await act(
        PEDIDO2.aceptar,
        { pedidoId: otherId, minutos: 10 },
        other.owner.token,
      );
      expect(accepted.body.aceptadoPor).toEqual({ nombreCompleto: 'Rosa Díaz', rol: 'DUENO' });
      const ready = await act(LISTO, { pedidoId: otherId }, other.owner.token);
      expect(ready.body.listoPor).toEqual({ nombreCompleto: 'Rosa Díaz', rol: 'DUENO' });
    });
  });

  describe('what each role may do to an order', () => {
    it('the kitchen: listo only; accept, cancel, complete, paid, seen and manual orders are 403', async () => {
      const { pedidoId } = await nuevo();
      const accepted = (await aceptado()).pedidoId;
      const manualBody = guestBody(shop.tiendaId, [{ productoId: shop.productos[0]!.id }]);
      const refused: [string, Record<string, unknown>][] = [
        [PEDIDO2.aceptar, { pedidoId, minutos: 10 }],
        [PEDIDO.cancelar, { pedidoId }],
        [PEDIDO.completar, { pedidoId }],
        [PEDIDO2.marcarpagado, { pedidoId }],
        [PEDIDO2.visto, { pedidoId }],
        [PEDIDO.cancelar, { pedidoId: accepted }],
        [PEDIDO.completar, { pedidoId: accepted }],
      ];
      for (const [path, body] of refused) {
        const res = await expectNothingChanged(server, () => act(path, body, cocina.token));
        expect(res.status, path).toBe(403);
        expect(res.body).toMatchObject({ code: 'PROHIBIDO' });
      }
      const manual = await expectNothingChanged(server, () =>
        postManual(server, cocina.token, manualBody, newKey()),
      );
      expect(manual.status).toBe(403);
      expect((await act(LISTO, { pedidoId: accepted }, cocina.token)).status).toBe(200);
    });

    it.each(['CAJERO', 'ENCARGADO'] as const)(
      '%s: accept, seen, paid, ready, complete, cancel and manual orders',
      async (rol) => {
        const staff = rol === 'CAJERO' ? cajero : encargado;
        const a = (await nuevo()).pedidoId;
        for (const [path, body] of [
          [PEDIDO2.visto, { pedidoId: a }],
          [PEDIDO2.marcarpagado, { pedidoId: a }],
          [PEDIDO2.aceptar, { pedidoId: a, minutos: 20 }],
          [LISTO, { pedidoId: a }],
          [PEDIDO.completar, { pedidoId: a }],
        ] as const) {
          const res = await act(path, body, staff.token);
          expect(res.status, path).toBe(200);
        }
        const b = (await nuevo()).pedidoId;
        expect((await act(PEDIDO.cancelar, { pedidoId: b }, staff.token)).status).toBe(200);
        const { tiendaId: _t, ...manualBody } = guestBody(shop.tiendaId, [
          { productoId: shop.productos[0]!.id },
        ]);
        const manual = await postManual(server, staff.token, manualBody, newKey());
        expect(manual.status).toBe(201);
        expect(manual.body.pedido).toMatchObject({ tiendaId: shop.tiendaId, origen: 'MANUAL' });
        const list = await tiendaPedidos(server, staff.token, { status: 'COMPLETADO' });
        expect(list.find((p) => p.id === a)).toMatchObject({
          pago: { pagado: true },
          vistoEn: expect.any(String),
          completadoPor: { nombreCompleto: staff.nombreCompleto, rol },
        });
      },
    );
  });

  describe('the lists', () => {
    it('the owner’s active tab holds NUEVO, ACEPTADO and LISTO', async () => {
      const board = await createPublicShop(server, adminToken(), { nombre: 'Fonda Tablero Listo' });
      const token = board.owner.token;
      const [n, a, l, c, x] = await placeOrdersOfNewShoppers(server, board, 5);
      ok(await act(PEDIDO2.aceptar, { pedidoId: a, minutos: 10 }, token), 'aceptar');
      ok(await act(PEDIDO2.aceptar, { pedidoId: l, minutos: 10 }, token), 'aceptar');
      ok(await act(LISTO, { pedidoId: l }, token), 'listo');
      ok(await act(PEDIDO.completar, { pedidoId: c }, token), 'completar');
      ok(await act(PEDIDO.cancelar, { pedidoId: x }, token), 'cancelar');
      const ids = (list: Pedido[]) => list.map((p) => p.id);
      expect(ids(await tiendaPedidos(server, token, { activos: true }))).toEqual([l, a, n]);
      expect(ids(await tiendaPedidos(server, token, { status: 'LISTO' }))).toEqual([l]);
      expect(ids(await tiendaPedidos(server, token))).toEqual([x, c, l, a, n]);
    });

    it('the kitchen lists only ACEPTADO and LISTO orders, without phone, address or transfer details', async () => {
      const guest = await invitadoCompleto();
      const guestId = guest.pedido.id;
      ok(await act(PEDIDO2.aceptar, { pedidoId: guestId, minutos: 30 }), 'aceptar');
      const ready = (await listo()).pedidoId;
      const nuevoId = (await nuevo()).pedidoId;
      const hecho = (await aceptado()).pedidoId;
      ok(await act(PEDIDO.completar, { pedidoId: hecho }), 'completar');

      const full = (await tiendaPedidos(server, owner())).find((p) => p.id === guestId)!;
      expect(full).toMatchObject({
        celular: guest.pedido.celular,
        direccionEntrega: ENTREGA_COMPLETA.direccion,
        entrega: {
          direccion: ENTREGA_COMPLETA.direccion,
          referencias: ENTREGA_COMPLETA.referencias,
        },
        pago: { metodo: 'TRANSFERENCIA', clabe: transferenciaPayload().clabe },
      });

      const kitchen = await tiendaPedidos(server, cocina.token);
      expect(new Set(kitchen.map((p) => p.status))).toEqual(new Set(['ACEPTADO', 'LISTO']));
      const ids = kitchen.map((p) => p.id);
      expect(ids).toContain(guestId);
      expect(ids).toContain(ready);
      expect(ids).not.toContain(nuevoId);
      expect(ids).not.toContain(hecho);
      const copy = kitchen.find((p) => p.id === guestId)!;
      expectPedidoShape(copy);
      const { clabe: _c, banco: _b, titular: _t, ...pagoSinTransferencia } = full.pago;
      expect(copy).toEqual({
        ...full,
        celular: '',
        direccionEntrega: '',
        entrega: {
          tipo: 'DOMICILIO',
          direccion: null,
          referencias: null,
          colonia: null,
          codigoPostal: null,
          ubicacion: null,
          zona: full.entrega.zona,
        },
        pago: pagoSinTransferencia,
      });
      const text = JSON.stringify(kitchen);
      for (const secret of [
        guest.pedido.celular,
        'Tezontle',
        'Portón verde',
        // Quoted: the digits alone may stand in a test shop's generated name.
        '"06000"',
        transferenciaPayload().clabe,
        transferenciaPayload().titular,
      ]) {
        expect(text).not.toContain(secret);
      }

      // Filters narrow the kitchen's list further, never widen it.
      const idsOf = async (body: Record<string, unknown>) =>
        (await tiendaPedidos(server, cocina.token, body)).map((p) => p.id);
      expect(await idsOf({ activos: true })).toEqual(ids);
      expect(await idsOf({ status: 'NUEVO' })).toEqual([]);
      expect(await idsOf({ status: 'COMPLETADO' })).toEqual([]);
      expect(await idsOf({ status: 'LISTO', activos: true })).toEqual(
        kitchen.filter((p) => p.status === 'LISTO').map((p) => p.id),
      );
      expect(await idsOf({ desde: guestId })).toEqual(ids.filter((id) => id > guestId));
    });

    it('the kitchen’s answer and the owner’s never share an ETag or a cached body', async () => {
      const guest = await invitadoCompleto();
      ok(await act(PEDIDO2.aceptar, { pedidoId: guest.pedido.id, minutos: 30 }), 'aceptar');
      const body = { activos: true };
      const cook = await call<Pedido[]>(server, PEDIDO.byTienda, cocina.token, body);
      const own = await call<Pedido[]>(server, PEDIDO.byTienda, owner(), body);
      expect(cook.status).toBe(200);
      expect(own.status).toBe(200);
      const cookTag = cook.headers.get('etag')!;
      const ownTag = own.headers.get('etag')!;
      expect(cookTag).not.toBe(ownTag);
      expect(own.body.find((p) => p.id === guest.pedido.id)!.celular).toBe(guest.pedido.celular);
      expect(cook.body.find((p) => p.id === guest.pedido.id)!.celular).toBe('');

      // Each one's tag is a 304 for itself and names nothing for the other.
      const again = (token: string, tag: string) =>
        call<Pedido[]>(server, PEDIDO.byTienda, token, body, { headers: { 'if-none-match': tag } });
      expect((await again(cocina.token, cookTag)).status).toBe(304);
      expect((await again(owner(), ownTag)).status).toBe(304);
      const ownWithCookTag = await again(owner(), cookTag);
      expect(ownWithCookTag.status).toBe(200);
      expect(ownWithCookTag.body.find((p) => p.id === guest.pedido.id)!.celular).toBe(
        guest.pedido.celular,
      );
      const cookWithOwnTag = await again(cocina.token, ownTag);
      expect(cookWithOwnTag.status).toBe(200);
      expect(JSON.stringify(cookWithOwnTag.body)).not.toContain(guest.pedido.celular);
    });
  });

  describe('live streams', () => {
    it('the kitchen’s stream carries accepted orders’ changes only, without phone or address; the owner’s all of them', async () => {
      const cook = await abrirEventos(server, '/api/pedido/eventos', cocina.token);
      const own = await abrirEventos(server, '/api/pedido/eventos', owner());
      expect(cook.status).toBe(200);
      try {
        const b = await invitadoCompleto();
        const a = await invitadoCompleto();
        ok(await act(PEDIDO2.aceptar, { pedidoId: a.pedido.id, minutos: 20 }), 'aceptar');
        const first = await cook.waitForEvent((e) => e.data.tipo === 'ACEPTADO');
        expect(first.data.pedido).toMatchObject({
          id: a.pedido.id,
          status: 'ACEPTADO',
          celular: '',
          direccionEntrega: '',
          entrega: { direccion: null, referencias: null, ubicacion: null, colonia: null },
        });
        ok(await act(PEDIDO.cancelar, { pedidoId: b.pedido.id }), 'cancelar');
        ok(await act(LISTO, { pedidoId: a.pedido.id }, cocina.token), 'listo');
        ok(await act(PEDIDO.completar, { pedidoId: a.pedido.id }, cajero.token), 'completar');
        await cook.waitForEvent((e) => e.data.tipo === 'COMPLETADO');
        // The owner's stream, in the same order, got the new orders and the cancellation too.
        await own.waitForEvent((e) => e.data.tipo === 'COMPLETADO');
        const resumen = (list: StreamEvent[]) => list.map((e) => [e.data.tipo, e.data.pedido?.id]);
        expect(resumen(cook.events)).toEqual([
          ['ACEPTADO', a.pedido.id],
          ['LISTO', a.pedido.id],
          ['COMPLETADO', a.pedido.id],
        ]);
        expect(resumen(own.events)).toEqual([
          ['NUEVO', b.pedido.id],
          ['NUEVO', a.pedido.id],
          ['ACEPTADO', a.pedido.id],
          ['CANCELADO', b.pedido.id],
          ['LISTO', a.pedido.id],
          ['COMPLETADO', a.pedido.id],
        ]);
        const cookText = JSON.stringify(cook.events);
        for (const secret of [a.pedido.celular, b.pedido.celular, 'Tezontle', 'Portón verde']) {
          expect(cookText).not.toContain(secret);
        }
        expect(JSON.stringify(own.events)).toContain(a.pedido.celular);
        // The shop's stream carries no words for the customer.
        expect(own.events.every((e) => e.data.mensaje === undefined)).toBe(true);
      } finally {
        cook.close();
        own.close();
      }
    });

    it('a staff stream ends when the member’s role changes, and reopens with the new role', async () => {
      const staff = await createStaff(server, shop.owner, 'CAJERO', 'Toño Turno');
      const before = await abrirEventos(server, '/api/pedido/eventos', staff.token);
      expect(before.status).toBe(200);
      try {
        const fence = await invitadoCompleto();
        await before.waitForEvent((e) => e.data.pedido?.id === fence.pedido.id);
        await server.app.database.db
          .updateTable('personal')
          .set({ rol: 'COCINA' })
          .where('id', '=', staff.personalId)
          .execute();
        const secreto = await invitadoCompleto();
        await before.waitForEnd();
        expect(before.events.some((e) => e.data.pedido?.id === secreto.pedido.id)).toBe(false);
      } finally {
        before.close();
      }
      const after = await abrirEventos(server, '/api/pedido/eventos', staff.token);
      try {
        const nuevoId = (await invitadoCompleto()).pedido.id;
        const a = await invitadoCompleto();
        ok(await act(PEDIDO2.aceptar, { pedidoId: a.pedido.id, minutos: 20 }), 'aceptar');
        const first = await after.waitForEvent(() => true);
        expect(first.data).toMatchObject({
          tipo: 'ACEPTADO',
          pedido: { id: a.pedido.id, celular: '' },
        });
        expect(after.events.some((e) => e.data.pedido?.id === nuevoId)).toBe(false);
      } finally {
        after.close();
      }
    });

    it('the guest’s tracking stream and the shopper’s stream say the order is ready, by how it arrives', async () => {
      const guest = await invitadoCompleto();
      const tracking = await abrirEventos(
        server,
        `/api/pedido/seguimiento/${guest.seguimiento}/eventos`,
      );
      const shopper = await createShopper(server);
      const mine = await abrirEventos(server, '/api/pedido/mis-eventos', shopper.token);
      expect(tracking.status).toBe(200);
      expect(mine.status).toBe(200);
      try {
        await addUnits(server, shopper.token, shop.productos[0]!.id);
        const placed = await proccess(server, shopper.token, {
          tiendaId: shop.tiendaId,
          entrega: { tipo: 'RECOGER' },
        });
        expect(placed.status).toBe(200);
        const recogerId = Number(placed.headers.get('x-pedido-id'));
        for (const pedidoId of [guest.pedido.id, recogerId]) {
          ok(await act(PEDIDO2.aceptar, { pedidoId, minutos: 10 }), 'aceptar');
          ok(await act(LISTO, { pedidoId }, cocina.token), 'listo');
        }
        const enCamino = await tracking.waitForEvent((e) => e.data.tipo === 'LISTO');
        expect(enCamino.data.mensaje).toBe(DOMICILIO_TEXTO);
        expect(enCamino.data.pedido).toMatchObject({
          id: guest.pedido.id,
          status: 'LISTO',
          listoPor: { nombreCompleto: 'Lupe Fogón', rol: 'COCINA' },
          // The guest's own order, whole.
          celular: guest.pedido.celular,
          entrega: { tipo: 'DOMICILIO', direccion: ENTREGA_COMPLETA.direccion },
        });
        const paraRecoger = await mine.waitForEvent((e) => e.data.tipo === 'LISTO');
        expect(paraRecoger.data.mensaje).toBe(RECOGER_TEXTO);
        expect(paraRecoger.data.pedido).toMatchObject({
          id: recogerId,
          status: 'LISTO',
          entrega: { tipo: 'RECOGER' },
          recogerEn: { nombre: 'Fonda Lista' },
        });
        // Other events carry no such words.
        expect(
          tracking.events.filter((e) => e.data.tipo !== 'LISTO').map((e) => e.data.mensaje),
        ).toEqual([undefined]);
      } finally {
        tracking.close();
        mine.close();
      }
    });
  });
});

describe('push: the shopper and the guest hear their order is ready', () => {
  let pushService: PushServiceStandIn;
  beforeAll(async () => {
    pushService = await startPushServiceStandIn();
  });
  // After the server is destroyed (after-hooks run last registered first).
  afterAll(() => pushService.close());
  const { server, shop, cocina } = useAdminServer(
    async (server, adminToken) => {
      const shop = await createPublicShop(server, adminToken, { nombre: 'Fonda Campanita' });
      await setAjustes(server, shop, { entrega: { recoger: true, domicilio: true } });
      const cocina = await createStaff(server, shop.owner, 'COCINA', 'Lupe Fogón');
      pushService.expectedVapidKey = (
        await server.call<{ publicKey: string }>('/api/push/clavepublica')
      ).body.publicKey;
      return { shop, cocina };
    },
    { pushDelivery: { attempts: 3, firstRetryMs: 10, timeoutMs: 2_000 } },
  );

  async function subscribe(sub: StandInSubscription, token?: string, seguimiento?: string) {
    const res = await server.call('/api/push/suscribir', {
      body: seguimiento ? { ...sub.json, seguimiento } : sub.json,
      token,
    });
    if (res.status !== 201) throw new Error(`suscribir: ${res.status} ${JSON.stringify(res.body)}`);
  }
  const act = (path: string, body: Record<string, unknown>, token = shop.owner.token) =>
    call<Pedido>(server, path, token, body);

  it('a signed-in shopper’s pickup order: ¡Tu pedido está listo para recoger!', async () => {
    const shopper = await createShopper(server);
    const sub = pushService.subscribe();
    await subscribe(sub, shopper.token);
    await addUnits(server, shopper.token, shop.productos[0]!.id);
    const placed = await proccess(server, shopper.token, {
      tiendaId: shop.tiendaId,
      entrega: { tipo: 'RECOGER' },
    });
    const pedidoId = Number(placed.headers.get('x-pedido-id'));
    ok(await act(PEDIDO2.aceptar, { pedidoId, minutos: 10 }), 'aceptar');
    ok(await act(LISTO, { pedidoId }, cocina.token), 'listo');
    const messages = await pushService.waitForMessages(sub.id, 2);
    expect(messages.map((m) => m.payload.status)).toEqual(['ACEPTADO', 'LISTO']);
    expect(messages[1]!.payload).toEqual({
      tipo: 'PEDIDO_ESTADO',
      pedidoId,
      status: 'LISTO',
      listoEstimado: null,
      titulo: RECOGER_TEXTO,
      cuerpo: `Pedido #${pedidoId} · Fonda Campanita`,
      url: `/mispedidosdetalle?id=${pedidoId}`,
    });
    expect(pushService.problems).toEqual([]);
  });

  it('a guest’s delivery order: Tu pedido va en camino, at the tracking page', async () => {
    const { pedido, seguimiento } = await placeGuest(
      server,
      guestBody(shop.tiendaId, [{ productoId: shop.productos[0]!.id }]),
    );
    const sub = pushService.subscribe();
    await subscribe(sub, undefined, seguimiento);
    ok(await act(PEDIDO2.aceptar, { pedidoId: pedido.id, minutos: 10 }), 'aceptar');
    ok(await act(LISTO, { pedidoId: pedido.id }), 'listo');
    const messages = await pushService.waitForMessages(sub.id, 2);
    expect(messages[1]!.payload).toEqual({
      tipo: 'PEDIDO_ESTADO',
      pedidoId: pedido.id,
      status: 'LISTO',
      listoEstimado: null,
      titulo: DOMICILIO_TEXTO,
      cuerpo: `Pedido #${pedido.id} · Fonda Campanita`,
      url: `/pedido/seguimiento/${seguimiento}`,
    });
    expect(pushService.problems).toEqual([]);
  });
});
