import { describe, expect, it } from 'vitest';
import { horaLocal } from '@tianguis/domain';
import { logInto, useAdminServer } from '../../../test/build-test-app.js';
import { expectError, expectValidation } from '../../../test/catalogo-factories.js';
import {
  agotar,
  call,
  CART,
  countPedidos,
  createPublicShop,
  createShopper,
  createShopWithOpciones,
  expectManualPedido,
  expectNothingChanged,
  expectPedidoShape,
  expectTotalsExact,
  guestBody,
  guestCliente,
  newKey,
  nowInZone,
  opcionId,
  pausar,
  openEventStream,
  PEDIDO,
  PEDIDO2,
  postInvitado,
  postManual,
  proccess,
  setAjustes,
  setProductoActivo,
  shopperPedidos,
  tiendaPedidos,
  type Pedido,
  type PublicShop,
} from '../../../test/pedido-factories.js';
import { newAddress } from '../../../test/from-address.js';
import { GUEST_ORDERS_PER_IP } from './checkout.routes.js';

// docs/api.md, "Guest orders" and the owner-typed order of "Order life": an order
// without an account, its Idempotency-Key and tracking secret, every shop rule, the per-phone and
// per-address limits, the tracking read and its live stream, and the secret kept out of the log.

describe('guest checkout, tracking and owner-typed orders', () => {
  const logLines: string[] = [];
  const {
    server,
    adminToken,
    shop,
    producto: taco,
    grupos,
  } = useAdminServer(
    (server, adminToken) =>
      createShopWithOpciones(server, adminToken, {
        nombre: 'Fonda Invitados',
        costoDeEnvio: 20,
        montoMinimo: 30,
        productos: { 'Taco de canasta': 12.5, Refresco: 20 },
      }),
    {
      logger: true,
      logStream: logInto(logLines),
      // X-Forwarded-For is believed, so each test has an address of its own.
      config: { logLevel: 'info', trustProxy: true, sseHeartbeatMs: 200 },
    },
  );

  /** Each test orders from its own address: one address may place 20 guest orders per 10 min. */
  const invitado = (body: unknown, key: string | null = newKey(), ip = newAddress()) =>
    postInvitado(server, body, key, undefined, ip);
  /** Two tacos with harina and queso (27.50 each) and a soda: 75 + 20 shipping. */
  const body = (overrides: Record<string, unknown> = {}) =>
    guestBody(
      shop.tiendaId,
      [
        {
          productoId: taco.id,
          cantidad: 2,
          opciones: [opcionId(grupos, 'Tortilla', 'Harina'), opcionId(grupos, 'Extras', 'Queso')],
          nota: 'con salsa aparte',
        },
        { productoId: shop.productos[1]!.id },
      ],
      overrides,
    );
  const owner = () => shop.owner.token;

  describe('POST /api/pedido/invitado', () => {
    it('201 {pedido, seguimiento}: an order without an account, priced from the catalogue', async () => {
      const cliente = guestCliente({ nombreCompleto: 'Rosa Invitada' });
      const sent = body({
        cliente,
        nota: 'Sin cubiertos',
        pago: { metodo: 'EFECTIVO', pagaCon: 100 },
      });
      // A price in the body is not the client's to set.
      (sent.lineas[0] as Record<string, unknown>).precio = 0.01;
      const res = await invitado(sent);
      expect(res.status).toBe(201);
      expect(Object.keys(res.body).sort()).toEqual(['pedido', 'seguimiento']);
      const { pedido, seguimiento } = res.body;
      expectPedidoShape(pedido);
      expectTotalsExact(pedido);
      expect(pedido).toMatchObject({
        tiendaId: shop.tiendaId,
        usuarioId: null,
        invitado: true,
        origen: 'WEB',
        status: 'NUEVO',
        nombreCompleto: 'Rosa Invitada',
        celular: cliente.celular,
        montoTotal: 95,
        costoDeEnvio: 20,
        nota: 'Sin cubiertos',
        entrega: { tipo: 'DOMICILIO', direccion: 'Avenida Juárez 100, Centro', referencias: null },
        pago: { metodo: 'EFECTIVO', pagaCon: 100, cambio: 5, pagado: false },
      });
      expect(
        pedido.pedidoDetalles.map((d) => [d.nombreProducto, d.precio, d.cantidad, d.nota]),
      ).toEqual([
        ['Taco de canasta', 27.5, 2, 'con salsa aparte'],
        ['Refresco', 20, 1, null],
      ]);
      expect(pedido.pedidoDetalles[0]!.opciones.map((o) => o.nombre)).toEqual(['Harina', 'Queso']);
      // The order's time in 12 hex digits, then at least 128 random bits, URL-safe; never the
      // same twice, and a later order's key does not sort before (docs/write-path.md, "The tracking secret").
      expect(seguimiento).toMatch(/^[0-9a-f]{12}[A-Za-z0-9_-]+$/);
      expect(parseInt(seguimiento.slice(0, 12), 16)).toBe(Date.parse(pedido.fecha));
      expect(Buffer.from(seguimiento.slice(12), 'base64url').length).toBeGreaterThanOrEqual(16);
      const other = (await invitado(body())).body;
      expect(other.seguimiento).not.toBe(seguimiento);
      expect(other.seguimiento.slice(0, 12) >= seguimiento.slice(0, 12)).toBe(true);
      // The owner sees it on the board, marked as guest, with name and phone.
      const board = await tiendaPedidos(server, owner());
      expect(board.find((p) => p.id === pedido.id)).toEqual(pedido);
    });

    it('without Idempotency-Key: 400 VALIDACION, nothing ordered', async () => {
      const res = await expectNothingChanged(server, () => invitado(body(), null));
      expectValidation(res, 'Falta el encabezado Idempotency-Key');
    });

    it('the same key answers the same order and secret; with another body 409 IDEMPOTENCIA_CONFLICTO', async () => {
      const key = newKey();
      const sent = body();
      const first = await invitado(sent, key);
      expect(first.status).toBe(201);
      const count = await countPedidos(server);
      const again = await invitado(sent, key);
      expect(again.status).toBe(201);
      expect(again.body).toEqual(first.body);
      expect(await countPedidos(server)).toBe(count);
      const conflict = await expectNothingChanged(server, () =>
        invitado({ ...sent, nota: 'otra cosa' }, key),
      );
      expectError(conflict, 409, 'IDEMPOTENCIA_CONFLICTO');
    });

    it('concurrency: the same key sent five times at once makes one order with one secret', async () => {
      const key = newKey();
      const sent = body();
      const ip = newAddress();
      const count = await countPedidos(server);
      const answers = await Promise.all(Array.from({ length: 5 }, () => invitado(sent, key, ip)));
      expect(answers.map((a) => a.status)).toEqual([201, 201, 201, 201, 201]);
      expect(new Set(answers.map((a) => a.body.pedido.id)).size).toBe(1);
      expect(new Set(answers.map((a) => a.body.seguimiento)).size).toBe(1);
      expect(await countPedidos(server)).toBe(count + 1);
    });

    it('an unknown shop is 404, a hidden one 400 TIENDA_CERRADA, another shop’s product 400', async () => {
      const unknown = await expectNothingChanged(server, () =>
        invitado({ ...body(), tiendaId: 999_999 }),
      );
      expectError(unknown, 404, 'NO_ENCONTRADO', 'La tienda no existe');
      const hidden = await createPublicShop(server, undefined, {
        productos: { Oculto: 50 },
      });
      const res = await expectNothingChanged(server, () =>
        invitado(guestBody(hidden.tiendaId, [{ productoId: hidden.productos[0]!.id }])),
      );
      expectError(res, 400, 'TIENDA_CERRADA', 'La tienda no está disponible en este momento');
      const ajeno = await expectNothingChanged(server, () =>
        invitado(guestBody(shop.tiendaId, [{ productoId: hidden.productos[0]!.id }])),
      );
      expectError(
        ajeno,
        400,
        'PRODUCTO_NO_DISPONIBLE',
        'Un producto de tu pedido no existe en esta tienda',
      );
    });

    it('malformed bodies are 400 VALIDACION with the rule’s text', async () => {
      const cases: [Record<string, unknown>, string][] = [
        [{ lineas: [] }, 'Tu pedido no tiene productos'],
        [{ lineas: [{ productoId: taco.id, cantidad: 100 }] }, 'La cantidad debe ser de 1 a 99'],
        [{ lineas: [{ productoId: taco.id, cantidad: 0 }] }, 'La cantidad debe ser de 1 a 99'],
        [
          { entrega: { tipo: 'DOMICILIO' } },
          'Escribe la dirección de entrega (al menos 5 caracteres)',
        ],
      ];
      for (const [overrides, message] of cases) {
        const res = await expectNothingChanged(server, () => invitado(body(overrides)));
        expectValidation(res, message);
      }
      const sinCliente = await invitado({ ...body(), cliente: undefined });
      expect(sinCliente.status).toBe(400);
      const malCelular = await invitado(body({ cliente: guestCliente({ celular: '123' }) }));
      expect(malCelular.status).toBe(400);
    });

    describe('every shop rule applies', () => {
      async function ruleShop(productos: Record<string, number> = { Pambazo: 40 }) {
        return createPublicShop(server, adminToken(), { productos, montoMinimo: 30 });
      }
      const one = (s: PublicShop, extra: Record<string, unknown> = {}) =>
        guestBody(s.tiendaId, [{ productoId: s.productos[0]!.id }], extra);

      it('closed by its hours: TIENDA_CERRADA', async () => {
        const s = await ruleShop();
        await call(server, '/api/horariosdias/add', s.owner.token, { fecha: nowInZone().fecha });
        const res = await expectNothingChanged(server, () => invitado(one(s)));
        expect(res.status).toBe(400);
        expect((res.body as unknown as { code: string }).code).toBe('TIENDA_CERRADA');
      });

      it('paused: TIENDA_PAUSADA until HH:MM', async () => {
        const s = await ruleShop();
        const hasta = await pausar(server, s, 30);
        const res = await expectNothingChanged(server, () => invitado(one(s)));
        expectError(
          res,
          400,
          'TIENDA_PAUSADA',
          `La tienda pausó los pedidos hasta las ${horaLocal(new Date(hasta!), 'America/Mexico_City')}`,
        );
      });

      it('below the minimum: MONTO_MINIMO', async () => {
        const s = await ruleShop({ Chicle: 2 });
        const res = await expectNothingChanged(server, () => invitado(one(s)));
        expectError(res, 400, 'MONTO_MINIMO');
      });

      it('sold out: PRODUCTO_AGOTADO; deactivated: PRODUCTO_NO_DISPONIBLE', async () => {
        const s = await ruleShop({ Tlayuda: 60, Memela: 60 });
        await agotar(server, s, s.productos[0]!.id, true);
        const agotado = await expectNothingChanged(server, () => invitado(one(s)));
        expectError(agotado, 409, 'PRODUCTO_AGOTADO', 'Tlayuda está agotado por hoy');
        await setProductoActivo(server, s, s.productos[1]!.id, false);
        const inactivo = await expectNothingChanged(server, () =>
          invitado(guestBody(s.tiendaId, [{ productoId: s.productos[1]!.id }])),
        );
        expectError(
          inactivo,
          400,
          'PRODUCTO_NO_DISPONIBLE',
          'El producto Memela ya no está disponible; quítalo de tu canasta',
        );
      });

      it('invalid options: OPCIONES_INVALIDAS naming the group', async () => {
        const res = await expectNothingChanged(server, () =>
          invitado(guestBody(shop.tiendaId, [{ productoId: taco.id, cantidad: 3 }])),
        );
        expectError(
          res,
          400,
          'OPCIONES_INVALIDAS',
          'Taco de canasta: Elige al menos 1 opción en Tortilla',
        );
      });

      it('delivery and payment the shop does not offer; pagaCon below the total; expected total', async () => {
        const s = await ruleShop();
        await setAjustes(server, s, {
          entrega: { recoger: true, domicilio: false },
          pagos: { efectivo: true, terminal: false, transferencia: null },
        });
        expectError(
          await invitado(one(s)),
          400,
          'ENTREGA_NO_DISPONIBLE',
          'Esta tienda no hace envíos a domicilio; elige recoger en la tienda',
        );
        const recoger = { entrega: { tipo: 'RECOGER' } };
        expectError(
          await invitado(one(s, { ...recoger, pago: { metodo: 'TRANSFERENCIA' } })),
          400,
          'METODO_NO_DISPONIBLE',
          'Esta tienda no acepta pago con transferencia; elige otra forma de pago',
        );
        expectValidation(
          await invitado(one(s, { ...recoger, pago: { metodo: 'EFECTIVO', pagaCon: 39.99 } })),
          'Con cuánto pagas debe ser igual o mayor al total ($ 40.00)',
        );
        const cambio = await invitado(one(s, { ...recoger, totalEsperado: 41 }));
        expect(cambio.status).toBe(409);
        expect(cambio.body).toEqual({
          code: 'PRECIO_CAMBIO',
          message: expect.stringContaining('40.00'),
          montoTotal: 40,
        });
        const ok = await invitado(one(s, { ...recoger, totalEsperado: 40 }));
        expect(ok.status).toBe(201);
        expect(ok.body.pedido).toMatchObject({ montoTotal: 40, costoDeEnvio: 0 });
      });
    });
  });

  describe('limits: 3 NUEVO orders per phone per shop, 20 guest orders per address', () => {
    it('a 4th NUEVO order from one phone is 429 DEMASIADOS_PEDIDOS; accepting one frees a slot', async () => {
      const cliente = guestCliente();
      const ids: number[] = [];
      for (let i = 0; i < 3; i += 1) {
        const res = await invitado(body({ cliente }));
        expect(res.status).toBe(201);
        ids.push(res.body.pedido.id);
      }
      const fourth = await expectNothingChanged(server, () => invitado(body({ cliente })));
      expectError(fourth, 429, 'DEMASIADOS_PEDIDOS');
      // Only NUEVO orders count: an accepted one frees a slot.
      expect(
        (await call(server, PEDIDO2.aceptar, owner(), { pedidoId: ids[0], minutos: 15 })).status,
      ).toBe(200);
      expect((await invitado(body({ cliente }))).status).toBe(201);
      expectError(await invitado(body({ cliente })), 429, 'DEMASIADOS_PEDIDOS');
      // Another shop counts on its own.
      const otra = await createPublicShop(server, adminToken(), {
        productos: { Elote: 35 },
      });
      const res = await invitado(
        guestBody(otra.tiendaId, [{ productoId: otra.productos[0]!.id }], { cliente }),
      );
      expect(res.status).toBe(201);
    });

    it('concurrency: seven orders from one phone at once make exactly 3; the others are 429', async () => {
      const cliente = guestCliente();
      const count = await countPedidos(server);
      const answers = await Promise.all(
        Array.from({ length: 7 }, () => invitado(body({ cliente }), newKey(), newAddress())),
      );
      expect(answers.map((a) => a.status).sort()).toEqual([201, 201, 201, 429, 429, 429, 429]);
      for (const refused of answers.filter((a) => a.status === 429)) {
        expectError(refused, 429, 'DEMASIADOS_PEDIDOS');
      }
      expect(await countPedidos(server)).toBe(count + 3);
    });

    it('the same for a signed-in shopper: its account or its phone', async () => {
      const shopper = await createShopper(server);
      const order = async (extra: Record<string, unknown> = {}) => {
        await call(server, CART.addItem, shopper.token, { productoId: shop.productos[1]!.id });
        await call(server, CART.addItem, shopper.token, { productoId: shop.productos[1]!.id });
        return proccess(server, shopper.token, { tiendaId: shop.tiendaId, ...extra });
      };
      for (let i = 0; i < 3; i += 1) expect((await order()).status).toBe(200);
      // Another phone for this order: the account still holds 3 NUEVO orders.
      const res = await order({ cliente: guestCliente() });
      expectError(res, 429, 'DEMASIADOS_PEDIDOS');
      // The basket was kept.
      expect(await shopperPedidos(server, shopper.token)).toHaveLength(3);
      // A guest order from the shopper's phone counts too.
      const guest = await invitado(
        body({ cliente: { nombreCompleto: 'Cliente Sin Sesión', celular: shopper.celular } }),
      );
      expectError(guest, 429, 'DEMASIADOS_PEDIDOS');
      const [newest] = await shopperPedidos(server, shopper.token);
      await call(server, PEDIDO.cancelar, owner(), { pedidoId: newest!.id });
      expect((await proccess(server, shopper.token, { tiendaId: shop.tiendaId })).status).toBe(200);
    });

    it(`the ${GUEST_ORDERS_PER_IP + 1}st guest order from one address in 10 minutes is 429; another address goes on`, async () => {
      const ip = newAddress();
      const first = { body: body({ cliente: guestCliente() }), key: newKey() };
      let placed: { pedido: { id: number }; seguimiento: string } | undefined;
      for (let i = 0; i < GUEST_ORDERS_PER_IP; i += 1) {
        const res =
          i === 0
            ? await invitado(first.body, first.key, ip)
            : await invitado(body({ cliente: guestCliente() }), newKey(), ip);
        expect(res.status, JSON.stringify(res.body)).toBe(201);
        if (i === 0) placed = res.body as typeof placed;
      }
      // A retry of an order already placed (its answer lost) still gets that order, not a 429.
      const retry = await invitado(first.body, first.key, ip);
      expect(retry.status).toBe(201);
      expect(retry.body).toMatchObject({
        pedido: { id: placed!.pedido.id },
        seguimiento: placed!.seguimiento,
      });
      const refused = await expectNothingChanged(server, () =>
        invitado(body({ cliente: guestCliente() }), newKey(), ip),
      );
      expectError(
        refused,
        429,
        'DEMASIADOS_PEDIDOS',
        'Se hicieron demasiados pedidos desde esta conexión. Espera unos minutos y vuelve a intentarlo.',
      );
      expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
      expect((await invitado(body({ cliente: guestCliente() }))).status).toBe(201);
    });
  });

  describe('tracking: GET /api/pedido/seguimiento/{s} and its stream', () => {
    it('answers the order by its secret; an unknown one is 404; a malformed one 400', async () => {
      const { pedido, seguimiento } = (await invitado(body())).body;
      const res = await server.call<Pedido>(PEDIDO2.seguimiento(seguimiento));
      expect(res.status).toBe(200);
      // The tracking answer also says where a pickup order is collected (null: delivery).
      expect(res.body).toEqual({ ...pedido, recogerEn: null });
      expect(res.headers.get('cache-control')).toBe('private, no-store');
      const unknown = await server.call(PEDIDO2.seguimiento('A'.repeat(32)));
      expectError(unknown, 404, 'NO_ENCONTRADO', 'No encontramos ese pedido');
      const malformed = await server.call(PEDIDO2.seguimiento('no.valida'));
      expect(malformed.status).toBe(400);
      // A refused order's cancel reason and an accepted order's time reach the guest.
      await call(server, PEDIDO2.aceptar, owner(), { pedidoId: pedido.id, minutos: 25 });
      const aceptado = (await server.call<Pedido>(PEDIDO2.seguimiento(seguimiento))).body;
      expect(aceptado.status).toBe('ACEPTADO');
      expect(Date.parse(aceptado.listoEstimado!) - Date.parse(aceptado.aceptadoEn!)).toBe(
        25 * 60_000,
      );
      await call(server, PEDIDO.cancelar, owner(), {
        pedidoId: pedido.id,
        motivo: 'Se acabó el gas',
      });
      expect((await server.call<Pedido>(PEDIDO2.seguimiento(seguimiento))).body).toMatchObject({
        status: 'CANCELADO',
        motivoCancelacion: 'Se acabó el gas',
      });
    });

    it('the stream sends that order’s changes only, as `event: pedido` with {tipo, pedido}', async () => {
      const mine = (await invitado(body())).body;
      const other = (await invitado(body())).body;
      const stream = await openEventStream(
        `${server.baseUrl}${PEDIDO2.seguimiento(mine.seguimiento)}/eventos`,
      );
      expect(stream.status).toBe(200);
      expect(stream.contentType).toBe('text/event-stream; charset=utf-8');
      await call(server, PEDIDO2.aceptar, owner(), { pedidoId: other.pedido.id, minutos: 10 });
      await call(server, PEDIDO2.aceptar, owner(), { pedidoId: mine.pedido.id, minutos: 10 });
      await call(server, PEDIDO.completar, owner(), { pedidoId: other.pedido.id });
      await call(server, PEDIDO.completar, owner(), { pedidoId: mine.pedido.id });
      const events = await stream.waitFor(2);
      // A moment for anything that should not come.
      await new Promise((r) => setTimeout(r, 300));
      stream.close();
      expect(
        events.map((e) => [e.event, e.data.tipo, e.data.pedido.id, e.data.pedido.status]),
      ).toEqual([
        ['pedido', 'ACEPTADO', mine.pedido.id, 'ACEPTADO'],
        ['pedido', 'COMPLETADO', mine.pedido.id, 'COMPLETADO'],
      ]);
      // Replayed from the start for a stream that comes back with Last-Event-ID 0.
      const replay = await openEventStream(
        `${server.baseUrl}${PEDIDO2.seguimiento(mine.seguimiento)}/eventos?lastEventId=0`,
      );
      const all = await replay.waitFor(3);
      replay.close();
      expect(all.map((e) => e.data.tipo)).toEqual(['NUEVO', 'ACEPTADO', 'COMPLETADO']);
      const unknown = await fetch(
        `${server.baseUrl}${PEDIDO2.seguimiento('B'.repeat(32))}/eventos`,
      );
      expect(unknown.status).toBe(404);
      await unknown.body?.cancel();
    });

    it('the secret never appears in the server log', async () => {
      const { seguimiento } = (await invitado(body())).body;
      await server.call(PEDIDO2.seguimiento(seguimiento));
      await server.call(`${PEDIDO2.seguimiento(seguimiento)}?x=1`);
      const stream = await openEventStream(
        `${server.baseUrl}${PEDIDO2.seguimiento(seguimiento)}/eventos`,
      );
      await new Promise((r) => setTimeout(r, 300));
      stream.close();
      await new Promise((r) => setTimeout(r, 100));
      const log = logLines.join('');
      expect(log).toContain('/api/pedido/seguimiento/[oculto]');
      expect(log).not.toContain(seguimiento);
    });
  });

  describe('POST /api/pedido/manual (the owner types an order)', () => {
    const manual = (token: string, sent: unknown, key?: string) =>
      postManual(server, token, sent, key);
    const manualBody = (s: PublicShop, extra: Record<string, unknown> = {}) => {
      const { tiendaId: _t, ...rest } = guestBody(
        s.tiendaId,
        [{ productoId: s.productos[0]!.id }],
        extra,
      );
      return rest;
    };

    it('201 in its own shop: origen MANUAL, invitado, no account; no open/pause/minimum/phone rule', async () => {
      const s = await createPublicShop(server, adminToken(), {
        montoMinimo: 500,
        productos: { 'Caldo de res': 85 },
      });
      await pausar(server, s, 60);
      await call(server, '/api/horariosdias/add', s.owner.token, { fecha: nowInZone().fecha });
      const cliente = guestCliente({ nombreCompleto: 'Don Teléfono' });
      const res = await manual(s.owner.token, manualBody(s, { cliente }));
      expectManualPedido(res, {
        tiendaId: s.tiendaId,
        nombreCompleto: 'Don Teléfono',
        montoTotal: 85,
      });
      // No per-phone limit.
      for (let i = 0; i < 4; i += 1) {
        expect((await manual(s.owner.token, manualBody(s, { cliente }))).status).toBe(201);
      }
      // The tracking link works for it too.
      const tracked = await server.call<Pedido>(PEDIDO2.seguimiento(res.body.seguimiento));
      expect(tracked.body.id).toBe(res.body.pedido.id);
    });

    it('Idempotency-Key is optional: without it two calls make two orders, with it one', async () => {
      // The soda: the taco needs its options, in an owner's order too.
      const sent = {
        ...manualBody(shop),
        lineas: [{ productoId: shop.productos[1]!.id, cantidad: 1 }],
      };
      const withoutOptions = await manual(owner(), manualBody(shop));
      expectError(
        withoutOptions,
        400,
        'OPCIONES_INVALIDAS',
        'Taco de canasta: Elige al menos 1 opción en Tortilla',
      );
      const count = await countPedidos(server);
      await manual(owner(), sent);
      await manual(owner(), sent);
      expect(await countPedidos(server)).toBe(count + 2);
      const key = newKey();
      const a = await manual(owner(), sent, key);
      const b = await manual(owner(), sent, key);
      expect(a.status).toBe(201);
      expect(b.body).toEqual(a.body);
      expect(await countPedidos(server)).toBe(count + 3);
    });

    it('owners only, each in its own shop: a product of another shop is refused', async () => {
      const shopper = await createShopper(server);
      expectError(await manual(shopper.token, manualBody(shop)), 403, 'PROHIBIDO');
      const anonymous = await call(server, PEDIDO2.manual, undefined, manualBody(shop));
      expect(anonymous.status).toBe(401);
      const otra = await createPublicShop(server, adminToken());
      const res = await expectNothingChanged(server, () =>
        manual(otra.owner.token, manualBody(shop)),
      );
      expectError(
        res,
        400,
        'PRODUCTO_NO_DISPONIBLE',
        'Un producto de tu pedido no existe en esta tienda',
      );
    });
  });

  describe('concurrency', () => {
    it('the same basket checked out five times at once makes exactly one order', async () => {
      const shopper = await createShopper(server);
      for (let i = 0; i < 3; i += 1) {
        await call(server, CART.addItem, shopper.token, { productoId: shop.productos[1]!.id });
      }
      const count = await countPedidos(server);
      const answers = await Promise.all(
        Array.from({ length: 5 }, () =>
          proccess(server, shopper.token, { tiendaId: shop.tiendaId, totalEsperado: 80 }),
        ),
      );
      const statuses = answers.map((a) => a.status).sort();
      expect(statuses.filter((s) => s === 200)).toHaveLength(1);
      expect(statuses.every((s) => s === 200 || s === 400)).toBe(true);
      expect(await countPedidos(server)).toBe(count + 1);
      const [pedido] = await shopperPedidos(server, shopper.token);
      expect(pedido).toMatchObject({ cantidadDeArticulos: 3, montoTotal: 80 });
    });
  });
});
