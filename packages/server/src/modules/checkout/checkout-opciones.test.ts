import { describe, expect, it } from 'vitest';
import { horaLocal } from '@tianguis/domain';
import { useAdminServer } from '../../../test/build-test-app.js';
import {
  CLABE_VALIDA,
  expectError,
  expectValidation,
  gruposPayload,
} from '../../../test/catalogo-factories.js';
import {
  agotar,
  call,
  comoDelDueno,
  CART,
  countPedidos,
  createPublicShop,
  createShopper,
  createShopWithBasket,
  createShopWithOpciones,
  expectNothingChanged,
  expectPedidoShape,
  expectTotalsExact,
  grupoOf,
  listCart,
  opcionId,
  pausar,
  pedidoOfShopper,
  proccess,
  setAjustes,
  setGrupos,
  setPrecio,
  type Shopper,
} from '../../../test/pedido-factories.js';

// docs/api.md, "Checkout": delivery, payment, note, shopper and the expected total of
// proccesscart; a paused shop and a sold-out product refuse it; order lines keep the options as
// they were ordered.

describe('checkout with delivery, payment, note, shopper and expected total', () => {
  const {
    server,
    adminToken,
    shop,
    producto: taco,
    grupos,
  } = useAdminServer(async (server, adminToken) => {
    const made = await createShopWithOpciones(server, adminToken, {
      nombre: 'Cocina Checkout',
      costoDeEnvio: 25.5,
      montoMinimo: 30,
      productos: { 'Taco de suadero': 19.99, 'Agua de jamaica': 18 },
    });
    await setAjustes(server, made.shop, {
      entrega: { recoger: true, domicilio: true },
      pagos: {
        efectivo: true,
        terminal: false,
        transferencia: { clabe: CLABE_VALIDA, banco: 'Banorte', titular: 'Lucía Hernández' },
      },
    });
    return made;
  });

  /** A shopper with 2 tacos (harina + queso: 34.99 each) in the basket: subtotal 69.98. */
  async function withBasket(): Promise<Shopper> {
    const shopper = await createShopper(server);
    const opciones = [opcionId(grupos, 'Tortilla', 'Harina'), opcionId(grupos, 'Extras', 'Queso')];
    for (let i = 0; i < 2; i += 1) {
      const res = await call(server, CART.addItem, shopper.token, {
        productoId: taco.id,
        opciones,
        nota: 'bien dorados',
      });
      expect(res.status).toBe(200);
    }
    return shopper;
  }

  async function placed(shopper: Shopper, body: Record<string, unknown>) {
    const res = await proccess(server, shopper.token, { tiendaId: shop.tiendaId, ...body });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const pedido = await pedidoOfShopper(
      server,
      shopper.token,
      Number(res.headers.get('x-pedido-id')),
    );
    expectPedidoShape(pedido);
    expectTotalsExact(pedido);
    return pedido;
  }

  /** Refused with nothing ordered and the basket kept. */
  async function refused(shopper: Shopper, body: Record<string, unknown>) {
    const before = await listCart(server, shopper.token);
    const res = await expectNothingChanged(server, () =>
      proccess(server, shopper.token, { tiendaId: shop.tiendaId, ...body }),
    );
    expect(res.headers.get('x-pedido-id')).toBeNull();
    expect(await listCart(server, shopper.token)).toEqual(before);
    return res;
  }

  describe('entrega', () => {
    it('the default is DOMICILIO to the account’s address, with shipping', async () => {
      const shopper = await withBasket();
      const pedido = await placed(shopper, {});
      expect(pedido).toMatchObject({
        montoTotal: 95.48,
        costoDeEnvio: 25.5,
        entrega: { tipo: 'DOMICILIO', direccion: shopper.direccionEntrega, referencias: null },
        direccionEntrega: shopper.direccionEntrega,
      });
    });

    it('DOMICILIO to another address with references', async () => {
      const shopper = await withBasket();
      const pedido = await placed(shopper, {
        entrega: {
          tipo: 'DOMICILIO',
          direccion: '  Calle Allende 45, Barrio Alto ',
          referencias: 'Portón verde',
        },
      });
      expect(pedido.entrega).toEqual({
        tipo: 'DOMICILIO',
        direccion: 'Calle Allende 45, Barrio Alto',
        referencias: 'Portón verde',
        // Third edition ("Delivery zones"): nothing said of the address's zone, and no zone.
        colonia: null,
        codigoPostal: null,
        ubicacion: null,
        zona: null,
      });
    });

    it('RECOGER charges no shipping', async () => {
      const shopper = await withBasket();
      const pedido = await placed(shopper, { entrega: { tipo: 'RECOGER' } });
      expect(pedido).toMatchObject({
        montoTotal: 69.98,
        costoDeEnvio: 0,
        entrega: { tipo: 'RECOGER', direccion: null, referencias: null },
      });
    });

    it('a type the shop does not offer is 400 ENTREGA_NO_DISPONIBLE; so is such a default', async () => {
      const { tienda, shopper } = await createShopWithBasket(server, adminToken(), { Torta: 50 });
      await setAjustes(server, tienda, { entrega: { recoger: true, domicilio: false } });
      for (const body of [{}, { entrega: { tipo: 'DOMICILIO', direccion: 'Calle Luna 1' } }]) {
        const res = await expectNothingChanged(server, () =>
          proccess(server, shopper.token, { tiendaId: tienda.tiendaId, ...body }),
        );
        expectError(
          res,
          400,
          'ENTREGA_NO_DISPONIBLE',
          'Esta tienda no hace envíos a domicilio; elige recoger en la tienda',
        );
      }
      await setAjustes(server, tienda, { entrega: { recoger: false, domicilio: true } });
      const res = await proccess(server, shopper.token, {
        tiendaId: tienda.tiendaId,
        entrega: { tipo: 'RECOGER' },
      });
      expectError(
        res,
        400,
        'ENTREGA_NO_DISPONIBLE',
        'Esta tienda no ofrece recoger en la tienda; elige envío a domicilio',
      );
    });

    it('DOMICILIO without an address (none sent, none on the account) is 400', async () => {
      const shopper = await withBasket();
      await server.app.database.db
        .updateTable('account')
        .set({ direccion_entrega: '' })
        .where('id', '=', shopper.id)
        .execute();
      const res = await refused(shopper, { entrega: { tipo: 'DOMICILIO' } });
      expectValidation(res, 'Escribe la dirección de entrega (al menos 5 caracteres)');
      expectValidation(
        await refused(shopper, { entrega: { tipo: 'DOMICILIO', direccion: 'abc' } }),
        'Escribe la dirección de entrega (al menos 5 caracteres)',
      );
      expectValidation(
        await refused(shopper, { entrega: { tipo: 'DOMICILIO', direccion: 'x'.repeat(201) } }),
        'La dirección de entrega debe tener máximo 200 caracteres',
      );
      expectValidation(
        await refused(shopper, { entrega: { tipo: 'AVION' } }),
        'Elige recoger en la tienda o envío a domicilio',
      );
    });
  });

  describe('pago', () => {
    it('EFECTIVO with pagaCon: the change is computed', async () => {
      const shopper = await withBasket();
      const pedido = await placed(shopper, { pago: { metodo: 'EFECTIVO', pagaCon: 100 } });
      expect(pedido.pago).toEqual({
        metodo: 'EFECTIVO',
        pagaCon: 100,
        cambio: 4.52,
        referencia: null,
        pagado: false,
      });
    });

    it('pagaCon below the total is 400 VALIDACION; equal is fine', async () => {
      const shopper = await withBasket();
      const res = await refused(shopper, { pago: { metodo: 'EFECTIVO', pagaCon: 95.47 } });
      expectValidation(res, 'Con cuánto pagas debe ser igual o mayor al total ($ 95.48)');
      const pedido = await placed(shopper, { pago: { metodo: 'EFECTIVO', pagaCon: 95.48 } });
      expect(pedido.pago.cambio).toBe(0);
    });

    it('pagaCon with another method is refused', async () => {
      const shopper = await withBasket();
      expectValidation(
        await refused(shopper, { pago: { metodo: 'TRANSFERENCIA', pagaCon: 200 } }),
        'Con cuánto pagas solo aplica al pago en efectivo',
      );
    });

    it('a method the shop does not take is 400 METODO_NO_DISPONIBLE', async () => {
      const shopper = await withBasket();
      const res = await refused(shopper, { pago: { metodo: 'TERMINAL' } });
      expectError(
        res,
        400,
        'METODO_NO_DISPONIBLE',
        'Esta tienda no acepta pago con tarjeta con terminal; elige otra forma de pago',
      );
    });

    it('TRANSFERENCIA answers the CLABE, bank, holder and the reference to write', async () => {
      const shopper = await withBasket();
      const pedido = await placed(shopper, { pago: { metodo: 'TRANSFERENCIA' } });
      expect(pedido.pago).toEqual({
        metodo: 'TRANSFERENCIA',
        pagaCon: null,
        cambio: null,
        referencia: `Pedido ${pedido.id}`,
        pagado: false,
        clabe: CLABE_VALIDA,
        banco: 'Banorte',
        titular: 'Lucía Hernández',
      });
      // The owner's board shows the same.
      const board = (
        await call<{ id: number; pago: unknown }[]>(
          server,
          '/api/pedido/listarpedidosbytiendaid',
          shop.owner.token,
          {},
        )
      ).body;
      expect(board.find((p) => p.id === pedido.id)?.pago).toEqual(pedido.pago);
    });
  });

  describe('nota and cliente', () => {
    it('the order carries the note and this order’s name and phone', async () => {
      const shopper = await withBasket();
      const pedido = await placed(shopper, {
        nota: '  Tocar el timbre dos veces ',
        cliente: { nombreCompleto: 'Mamá de Cliente', celular: '5512345678' },
      });
      expect(pedido).toMatchObject({
        nota: 'Tocar el timbre dos veces',
        nombreCompleto: 'Mamá de Cliente',
        celular: '5512345678',
        usuarioId: shopper.id,
        invitado: false,
        origen: 'WEB',
      });
      expect(pedido.pedidoDetalles[0]!.nota).toBe('bien dorados');
    });

    it('a note over 280 characters or a wrong phone is 400, nothing ordered', async () => {
      const shopper = await withBasket();
      expectValidation(
        await refused(shopper, { nota: 'n'.repeat(281) }),
        'La nota del pedido debe tener máximo 280 caracteres',
      );
      const res = await refused(shopper, {
        cliente: { nombreCompleto: 'Ana Pérez', celular: '12345' },
      });
      expect(res.status).toBe(400);
      const nombre = await refused(shopper, {
        cliente: { nombreCompleto: 'A', celular: '5512345678' },
      });
      expect(nombre.status).toBe(400);
    });
  });

  describe('totalEsperado', () => {
    it('the same total orders; another is 409 PRECIO_CAMBIO with the new total, nothing ordered', async () => {
      const shopper = await withBasket();
      const orders = await countPedidos(server);
      const res = await refused(shopper, { totalEsperado: 95.47 });
      expect(res.status).toBe(409);
      expect(res.body).toEqual({
        code: 'PRECIO_CAMBIO',
        message: 'El total de tu pedido cambió a $ 95.48; revísalo y confirma de nuevo',
        montoTotal: 95.48,
      });
      expect(await countPedidos(server)).toBe(orders);
      const pedido = await placed(shopper, { totalEsperado: 95.48 });
      expect(pedido.montoTotal).toBe(95.48);
    });

    it('a price changed since the basket was filled: 409 with the new total, then the second confirmation orders', async () => {
      const { tienda, shopper } = await createShopWithBasket(server, adminToken(), { Pozole: 90 });
      const seen = grupoOf(await listCart(server, shopper.token), tienda.tiendaId)!.subtotal;
      await setPrecio(server, tienda, tienda.productos[0]!, 95);
      const res = await proccess(server, shopper.token, {
        tiendaId: tienda.tiendaId,
        totalEsperado: seen,
      });
      expect(res.status).toBe(409);
      expect((res.body as unknown as { montoTotal: number }).montoTotal).toBe(95);
      const again = await proccess(server, shopper.token, {
        tiendaId: tienda.tiendaId,
        totalEsperado: 95,
      });
      expect(again.status).toBe(200);
    });
  });

  describe('shop state at checkout', () => {
    it('a paused shop is 400 TIENDA_PAUSADA saying until when (HH:MM in its zone), basket kept', async () => {
      const { tienda, shopper } = await createShopWithBasket(server, adminToken(), { Birria: 80 });
      const hasta = await pausar(server, tienda, 60);
      const hora = horaLocal(new Date(hasta!), 'America/Mexico_City');
      expect(hora).toMatch(/^\d{2}:\d{2}$/);
      const res = await expectNothingChanged(server, () =>
        proccess(server, shopper.token, { tiendaId: tienda.tiendaId }),
      );
      expectError(res, 400, 'TIENDA_PAUSADA', `La tienda pausó los pedidos hasta las ${hora}`);
      expect(grupoOf(await listCart(server, shopper.token), tienda.tiendaId)).toBeDefined();
      await pausar(server, tienda, 0);
      expect((await proccess(server, shopper.token, { tiendaId: tienda.tiendaId })).status).toBe(
        200,
      );
    });

    it('a sold-out product in the basket is 409 PRODUCTO_AGOTADO naming it, basket kept', async () => {
      const { tienda, shopper } = await createShopWithBasket(server, adminToken(), {
        Menudo: 70,
        Tortillas: 10,
      });
      await agotar(server, tienda, tienda.productos[0]!.id, true);
      const res = await expectNothingChanged(server, () =>
        proccess(server, shopper.token, { tiendaId: tienda.tiendaId }),
      );
      expectError(res, 409, 'PRODUCTO_AGOTADO', 'Menudo está agotado por hoy');
      expect(
        grupoOf(await listCart(server, shopper.token), tienda.tiendaId)!
          .listOfShoppingCartMarketStore,
      ).toHaveLength(2);
    });

    it('a line whose option became invalid is 400 OPCIONES_INVALIDAS naming the product and group', async () => {
      const { tienda, shopper } = await createShopWithBasket(server, adminToken(), { Sope: 25 });
      const sope = tienda.productos[0]!;
      // The owner adds a required group after the line went into the basket.
      await setGrupos(server, tienda, sope, gruposPayload());
      const res = await expectNothingChanged(server, () =>
        proccess(server, shopper.token, { tiendaId: tienda.tiendaId }),
      );
      expectError(res, 400, 'OPCIONES_INVALIDAS', 'Sope: Elige al menos 1 opción en Tortilla');
    });
  });

  describe('order lines keep what was ordered', () => {
    it('options, their prices and the note stay as ordered after the owner edits or deletes them', async () => {
      const tienda = await createPublicShop(server, adminToken(), {
        productos: { Gordita: 20 },
      });
      const gordita = tienda.productos[0]!;
      const own = await setGrupos(server, tienda, gordita, gruposPayload());
      const shopper = await createShopper(server);
      await call(server, CART.addItem, shopper.token, {
        productoId: gordita.id,
        opciones: [opcionId(own, 'Tortilla', 'Harina'), opcionId(own, 'Extras', 'Aguacate')],
        nota: 'sin salsa',
      });
      const res = await proccess(server, shopper.token, { tiendaId: tienda.tiendaId });
      expect(res.status).toBe(200);
      const pedidoId = Number(res.headers.get('x-pedido-id'));
      const before = await pedidoOfShopper(server, shopper.token, pedidoId);
      expect(before.pedidoDetalles).toEqual([
        {
          productoId: gordita.id,
          nombreProducto: 'Gordita',
          imagenProducto: gordita.imageUrl,
          cantidad: 1,
          precio: 40.5,
          opciones: [
            { id: own[0]!.opciones[1]!.id, grupo: 'Tortilla', nombre: 'Harina', precioExtra: 5 },
            { id: own[1]!.opciones[1]!.id, grupo: 'Extras', nombre: 'Aguacate', precioExtra: 15.5 },
          ],
          nota: 'sin salsa',
        },
      ]);
      // Renamed and repriced, then every group deleted, then the product's price changed.
      await setGrupos(
        server,
        tienda,
        gordita,
        own.map((g) => ({
          ...g,
          nombre: `${g.nombre} nueva`,
          opciones: g.opciones.map((o) => ({ ...o, nombre: `${o.nombre} 2`, precioExtra: 99 })),
        })),
      );
      expect(await pedidoOfShopper(server, shopper.token, pedidoId)).toEqual(before);
      await setGrupos(server, tienda, gordita, []);
      await setPrecio(server, tienda, gordita, 33);
      expect(await pedidoOfShopper(server, shopper.token, pedidoId)).toEqual(before);
      const board = (
        await call<{ id: number }[]>(
          server,
          '/api/pedido/listarpedidosbytiendaid',
          tienda.owner.token,
          {},
        )
      ).body;
      expect(board.find((p) => p.id === pedidoId)).toEqual(comoDelDueno(before));
    });
  });
});
