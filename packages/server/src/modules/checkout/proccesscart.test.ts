import { describe, expect, it } from 'vitest';
import { useAdminServer } from '../../../test/build-test-app.js';
import { expectError, ok, type ProductoView } from '../../../test/catalogo-factories.js';
import {
  addUnits,
  call,
  comoDelDueno,
  CART,
  checkout,
  countPedidos,
  createPublicShop,
  createShopper,
  createShopperWithBasket,
  createShopWithBasket,
  expectNothingChanged,
  expectPedidoShape,
  expectTotalsExact,
  grupoOf,
  listCart,
  nowInZone,
  setPrecio,
  setProductoActivo,
  setTiendaFlag,
  setTiendaActiva,
  shopperPedidos,
  tiendaPedidos,
  type CarritoGrupo,
  type PublicShop,
  type Shopper,
} from '../../../test/pedido-factories.js';
import { SIN_GESTION } from '../../../test/pedido-vista.js';

// The first edition's checkout texts, quoted verbatim (docs/api.md, "Texts and forms").
const MONTO_MINIMO =
  'El monto para poder comprar debe ser igual o mayor al monto mínimo (sin contar el costo de envio)';
const CARRITO_VACIO = 'Tu carrito esta vacio';
// The closed notice (docs/api.md, "Hours and special days").
const ESTA_CERRADA = 'está cerrada';
const NO_DISPONIBLE_TIENDA = 'La tienda no está disponible en este momento';
const productoNoDisponible = (name: string) =>
  `El producto ${name} ya no está disponible; quítalo de tu canasta`;

const DIA_LABEL: Record<string, string> = {
  LUNES: 'Lunes',
  MARTES: 'Martes',
  MIERCOLES: 'Miércoles',
  JUEVES: 'Jueves',
  VIERNES: 'Viernes',
  SABADO: 'Sábado',
  DOMINGO: 'Domingo',
};
const SEMANA = Object.keys(DIA_LABEL);
const hh = (hour: number) => `${String(hour % 24).padStart(2, '0')}:00`;

describe('proccesscart: a signed-in basket becomes an order', () => {
  const { server, adminToken, fonda, jugos, tacos, salsa, corrida, paquete, agua, jugo } =
    useAdminServer(async (server, adminToken) => {
      /** Minimum 150, shipping 25.50; prices that drift when summed as binary floats. */
      const fonda = await createPublicShop(server, adminToken, {
        nombre: 'Fonda Doña Lupe',
        imageUrl: '/images/fonda-lupe.png',
        montoMinimo: 150,
        costoDeEnvio: 25.5,
        productos: {
          'Orden de tacos': 19.99,
          'Salsa extra': 0.29,
          'Comida corrida': 95.5,
          'Paquete familiar': 50,
          'Agua fresca': 1.1,
        },
      });
      /** No minimum, no shipping. */
      const jugos = await createPublicShop(server, adminToken, {
        nombre: 'Jugos La Naranja',
        productos: { 'Jugo verde': 35 },
      });
      const [tacos, salsa, corrida, paquete, agua] = fonda.productos as [
        ProductoView,
        ProductoView,
        ProductoView,
        ProductoView,
        ProductoView,
      ];
      return { fonda, jugos, tacos, salsa, corrida, paquete, agua, jugo: jugos.productos[0]! };
    });

  const proccess = (token: string, tiendaId: number, headers: Record<string, string> = {}) =>
    call<CarritoGrupo[]>(server, CART.proccesscart, token, { tiendaId }, { headers });

  /** proccesscart must be refused with this answer, change nothing and keep the basket. */
  async function expectRefused(
    shopper: Shopper,
    tiendaId: number,
    status: number,
    code: Parameters<typeof expectError>[2],
    message: string | ((m: string) => void),
  ) {
    const cartBefore = await listCart(server, shopper.token);
    const res = await expectNothingChanged(server, () => proccess(shopper.token, tiendaId));
    if (typeof message === 'string') {
      expectError(res, status, code, message);
    } else {
      const body = res.body as unknown as { code: string; message: string };
      expect({ status: res.status, code: body.code }).toEqual({ status, code });
      message(body.message);
    }
    expect(res.headers.get('x-pedido-id')).toBeNull();
    expect(await listCart(server, shopper.token)).toEqual(cartBefore);
    return res;
  }
  describe('proccesscart', () => {
    it('turns the shop’s group into one order: lines, prices of now, exact totals, shopper and shop data; the group is emptied', async () => {
      const shopper = await createShopperWithBasket(server, [
        { productoId: tacos.id, cantidad: 3 },
        { productoId: salsa.id, cantidad: 7 },
        { productoId: corrida.id, cantidad: 1 },
        { productoId: agua.id, cantidad: 3 },
        { productoId: jugo.id, cantidad: 2 },
      ]);
      const jugosGroup = grupoOf(await listCart(server, shopper.token), jugos.tiendaId);
      // The price changes after the product went into the basket: the order uses the new one.
      await setPrecio(server, fonda, corrida, 99.99);

      const before = Date.now();
      const res = await proccess(shopper.token, fonda.tiendaId);
      const after = Date.now();
      expect(res.status).toBe(200);
      const pedidoId = Number(res.headers.get('x-pedido-id'));
      expect(Number.isInteger(pedidoId) && pedidoId > 0).toBe(true);
      // The answer is the updated cart: only the other shop's group is left.
      expect(res.body).toEqual([jugosGroup]);
      expect(await listCart(server, shopper.token)).toEqual(res.body);

      const mine = await shopperPedidos(server, shopper.token);
      expect(mine).toHaveLength(1);
      const pedido = mine[0]!;
      expectPedidoShape(pedido);
      // 19.99×3 + 0.29×7 + 99.99×1 + 1.10×3 = 165.29; + 25.50 shipping = 190.79 exactly
      // (summed as binary floats it would be 190.79000000000002).
      expect(pedido).toEqual({
        id: pedidoId,
        tiendaId: fonda.tiendaId,
        usuarioId: shopper.id,
        status: 'NUEVO',
        fecha: expect.any(String),
        cantidadDeArticulos: 14,
        montoTotal: 190.79,
        costoDeEnvio: 25.5,
        nombreTienda: 'Fonda Doña Lupe',
        usuarioTienda: fonda.owner.usuario,
        tiendaImageUrl: '/images/fonda-lupe.png',
        celularTienda: fonda.owner.celular,
        nombreCompleto: shopper.nombreCompleto,
        celular: shopper.celular,
        direccionEntrega: shopper.direccionEntrega,
        // Second edition: the defaults of a checkout that sends none of the new fields.
        entrega: {
          tipo: 'DOMICILIO',
          direccion: shopper.direccionEntrega,
          referencias: null,
          colonia: null,
          codigoPostal: null,
          ubicacion: null,
          zona: null,
        },
        pago: { metodo: 'EFECTIVO', pagaCon: null, cambio: null, referencia: null, pagado: false },
        nota: null,
        invitado: false,
        origen: 'WEB',
        // Nothing done yet, third edition's who acted included (docs/api.md, "Staff and the kitchen").
        ...SIN_GESTION,
        recogerEn: null,
        pedidoDetalles: [
          {
            productoId: tacos.id,
            nombreProducto: 'Orden de tacos',
            imagenProducto: tacos.imageUrl,
            cantidad: 3,
            precio: 19.99,
            opciones: [],
            nota: null,
          },
          {
            productoId: salsa.id,
            nombreProducto: 'Salsa extra',
            imagenProducto: salsa.imageUrl,
            cantidad: 7,
            precio: 0.29,
            opciones: [],
            nota: null,
          },
          {
            productoId: corrida.id,
            nombreProducto: 'Comida corrida',
            imagenProducto: corrida.imageUrl,
            cantidad: 1,
            precio: 99.99,
            opciones: [],
            nota: null,
          },
          {
            productoId: agua.id,
            nombreProducto: 'Agua fresca',
            imagenProducto: agua.imageUrl,
            cantidad: 3,
            precio: 1.1,
            opciones: [],
            nota: null,
          },
        ],
      });
      expectTotalsExact(pedido);
      const fecha = Date.parse(pedido.fecha);
      expect(fecha).toBeGreaterThanOrEqual(before - 1000);
      expect(fecha).toBeLessThanOrEqual(after + 1000);

      // Stored as integer centavos.
      const row = await server.app.database.db
        .selectFrom('pedido')
        .select(['subtotal', 'costo_de_envio', 'monto_total', 'cantidad_de_articulos'])
        .where('id', '=', pedidoId)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({
        subtotal: 16529,
        costo_de_envio: 2550,
        monto_total: 19079,
        cantidad_de_articulos: 14,
      });
      // The owner sees the same order.
      const ownerList = await tiendaPedidos(server, fonda.owner.token);
      expect(ownerList.find((p) => p.id === pedidoId)).toEqual(comoDelDueno(pedido));

      // The order is a copy: later catalogue changes do not touch it.
      await setPrecio(server, fonda, corrida, 95.5);
      expect(await shopperPedidos(server, shopper.token)).toEqual([pedido]);
    });

    it('retrying proccesscart after success makes no second order (400, the basket is empty)', async () => {
      const shopper = await createShopperWithBasket(server, [{ productoId: jugo.id, cantidad: 1 }]);
      await checkout(server, shopper.token, jugos.tiendaId);
      await expectRefused(shopper, jugos.tiendaId, 400, 'VALIDACION', CARRITO_VACIO);
      expect(await countPedidos(server, { accountId: shopper.id })).toBe(1);
    });

    it('an empty basket: 400 with the first edition’s text, nothing changed', async () => {
      const nothing = await createShopper(server);
      await expectRefused(nothing, fonda.tiendaId, 400, 'VALIDACION', CARRITO_VACIO);
      // A basket in another shop is not this shop's basket, and stays as it is.
      const other = await createShopperWithBasket(server, [{ productoId: jugo.id, cantidad: 1 }]);
      await expectRefused(other, fonda.tiendaId, 400, 'VALIDACION', CARRITO_VACIO);
      await expectRefused(other, 999_999, 400, 'VALIDACION', CARRITO_VACIO);
    });

    it('below the minimum: 400 MONTO_MINIMO with the first edition’s text and the basket kept; shipping does not count toward it', async () => {
      // 50×2 + 19.99×2 = 139.98 < 150, although 139.98 + 25.50 shipping = 165.48 ≥ 150.
      const shopper = await createShopperWithBasket(server, [
        { productoId: paquete.id, cantidad: 2 },
        { productoId: tacos.id, cantidad: 2 },
      ]);
      await expectRefused(shopper, fonda.tiendaId, 400, 'MONTO_MINIMO', MONTO_MINIMO);
      expect(await countPedidos(server, { accountId: shopper.id })).toBe(0);
      // One more taco: 159.97 reaches the minimum.
      await addUnits(server, shopper.token, tacos.id, 1);
      const { pedidoId } = await checkout(server, shopper.token, fonda.tiendaId);
      const [pedido] = await shopperPedidos(server, shopper.token);
      expect(pedido).toMatchObject({ id: pedidoId, montoTotal: 185.47, cantidadDeArticulos: 5 });
      expectTotalsExact(pedido!);
    });

    it('a subtotal exactly at the minimum is accepted', async () => {
      const shopper = await createShopperWithBasket(server, [
        { productoId: paquete.id, cantidad: 3 },
      ]);
      await checkout(server, shopper.token, fonda.tiendaId);
      const [pedido] = await shopperPedidos(server, shopper.token);
      expect(pedido).toMatchObject({ montoTotal: 175.5, costoDeEnvio: 25.5 });
    });

    it('a product deactivated since it was added: 400 PRODUCTO_NO_DISPONIBLE naming it, basket kept', async () => {
      const shop = await createPublicShop(server, adminToken(), {
        productos: { 'Pozole rojo': 89, 'Tostada de tinga': 22.5 },
      });
      const [pozole, tostada] = shop.productos as [ProductoView, ProductoView];
      const shopper = await createShopperWithBasket(server, [
        { productoId: pozole.id, cantidad: 1 },
        { productoId: tostada.id, cantidad: 2 },
      ]);
      await setProductoActivo(server, shop, tostada.id, false);
      await expectRefused(
        shopper,
        shop.tiendaId,
        400,
        'PRODUCTO_NO_DISPONIBLE',
        productoNoDisponible('Tostada de tinga'),
      );
      await setProductoActivo(server, shop, tostada.id, true);
      await checkout(server, shopper.token, shop.tiendaId);
    });

    it('a product deleted since it was added: 400 PRODUCTO_NO_DISPONIBLE naming it, basket kept', async () => {
      const { tienda: shop, shopper } = await createShopWithBasket(server, adminToken(), {
        'Chilaquiles verdes': 75,
        'Café de olla': 25,
      });
      const cafe = shop.productos[1]!;
      ok(await call(server, `/api/tienda/deleteproducto/${cafe.id}`, shop.owner.token), 'delete');
      await expectRefused(
        shopper,
        shop.tiendaId,
        400,
        'PRODUCTO_NO_DISPONIBLE',
        productoNoDisponible('Café de olla'),
      );
    });

    describe('a closed shop: 400 TIENDA_CERRADA with the closed notice, basket kept', () => {
      async function closedShop() {
        const { tienda: shop, shopper } = await createShopWithBasket(
          server,
          adminToken(),
          { 'Enchiladas suizas': 85 },
          { nombre: 'Cocina Cerrada' },
        );
        return { shop, shopper };
      }

      it('today (in America/Mexico_City) is a special day', async () => {
        const { shop, shopper } = await closedShop();
        const { fecha } = nowInZone();
        const dias = ok(
          await call<{ id: number }[]>(server, '/api/horariosdias/add', shop.owner.token, {
            fecha,
            recurrenteCadaAnio: false,
          }),
          'horariosdias/add',
        );
        await expectRefused(shopper, shop.tiendaId, 400, 'TIENDA_CERRADA', (message) => {
          expect(message.startsWith(`Cocina Cerrada ${ESTA_CERRADA}`)).toBe(true);
          expect(message).toContain('Cerrado por día especial/feriado');
          expect(message).toContain('No hay horarios de apertura disponibles');
          expect(message.endsWith('Te esperamos pronto para atenderte mejor')).toBe(true);
        });
        // Lifting the special day opens the shop again: the basket was kept.
        ok(
          await call(server, `/api/horariosdias/delete/${dias[0]!.id}`, shop.owner.token),
          'horariosdias/delete',
        );
        await checkout(server, shopper.token, shop.tiendaId);
      });

      it('a recurring special day on today’s month and day (another year)', async () => {
        const { shop, shopper } = await closedShop();
        const { fecha } = nowInZone();
        ok(
          await call(server, '/api/horariosdias/add', shop.owner.token, {
            fecha: `2001${fecha.slice(4)}`,
            recurrenteCadaAnio: true,
          }),
          'horariosdias/add',
        );
        await expectRefused(shopper, shop.tiendaId, 400, 'TIENDA_CERRADA', (message) => {
          expect(message).toContain(ESTA_CERRADA);
          expect(message).toContain('Cerrado por día especial/feriado');
        });
      });

      it('every day’s hours exclude the current time', async () => {
        const { shop, shopper } = await closedShop();
        const { hour } = nowInZone();
        const apertura = hh(hour + 2);
        const cierre = hh(hour + 3);
        ok(
          await call(
            server,
            '/api/horario/addrange',
            shop.owner.token,
            SEMANA.map((dia) => ({ dia, apertura, cierre, cerrado: false })),
          ),
          'addrange',
        );
        const cuando = hour + 2 < 24 ? 'Hoy' : 'Mañana';
        await expectRefused(shopper, shop.tiendaId, 400, 'TIENDA_CERRADA', (message) => {
          expect(message.startsWith(`Cocina Cerrada ${ESTA_CERRADA}`)).toBe(true);
          expect(message).toContain(`Fuera del horario de atención (${apertura} - ${cierre})`);
          expect(message).toContain(`Próxima apertura: ${cuando} a las ${apertura}`);
        });
        // Hours covering the whole day open it.
        ok(
          await call(
            server,
            '/api/horario/addrange',
            shop.owner.token,
            SEMANA.map((dia) => ({ dia, apertura: '00:00', cierre: '23:59:59', cerrado: false })),
          ),
          'addrange',
        );
        await checkout(server, shopper.token, shop.tiendaId);
      });

      it('today is marked cerrado', async () => {
        const { shop, shopper } = await closedShop();
        const { dia } = nowInZone();
        ok(
          await call(
            server,
            '/api/horario/addrange',
            shop.owner.token,
            SEMANA.map((d) => ({ dia: d, apertura: '00:00', cierre: '23:59', cerrado: d === dia })),
          ),
          'addrange',
        );
        await expectRefused(shopper, shop.tiendaId, 400, 'TIENDA_CERRADA', (message) => {
          expect(message).toContain(ESTA_CERRADA);
          expect(message).toContain(
            `Cerrado el día de hoy (${DIA_LABEL[dia]}) por configuración especial`,
          );
          expect(message).toContain('Próxima apertura: Mañana a las 00:00');
        });
      });
    });

    describe('a shop that is not publicly visible any more: 400 TIENDA_CERRADA, basket kept', () => {
      async function visibleThen(hide: (shop: PublicShop) => Promise<void>) {
        const { tienda: shop, shopper } = await createShopWithBasket(server, adminToken(), {
          'Birria de res': 120,
        });
        await hide(shop);
        await expectRefused(shopper, shop.tiendaId, 400, 'TIENDA_CERRADA', NO_DISPONIBLE_TIENDA);
      }

      it('deactivated by its owner', async () => {
        await visibleThen((shop) => setTiendaActiva(server, shop, false));
      });
      // No API reaches these states; the flags are set directly.
      it('no longer configured', async () => {
        await visibleThen((shop) => setTiendaFlag(server, shop, { configured: 0 }));
      });
      it('deleted', async () => {
        await visibleThen((shop) => setTiendaFlag(server, shop, { deleted: 1 }));
      });
    });

    describe('Idempotency-Key', () => {
      it('the same key twice answers the same X-Pedido-Id and makes one order', async () => {
        const shopper = await createShopperWithBasket(server, [
          { productoId: jugo.id, cantidad: 2 },
        ]);
        const headers = { 'Idempotency-Key': 'pedido-7f3a' };
        const first = await checkout(server, shopper.token, jugos.tiendaId, headers);
        const second = await proccess(shopper.token, jugos.tiendaId, headers);
        expect(second.status).toBe(200);
        expect(Number(second.headers.get('x-pedido-id'))).toBe(first.pedidoId);
        expect(second.body).toEqual([]);
        expect(await countPedidos(server, { accountId: shopper.id })).toBe(1);

        // A new basket with a new key is a new order.
        await addUnits(server, shopper.token, jugo.id, 1);
        const third = await checkout(server, shopper.token, jugos.tiendaId, {
          'Idempotency-Key': 'pedido-9b21',
        });
        expect(third.pedidoId).not.toBe(first.pedidoId);
        expect(await countPedidos(server, { accountId: shopper.id })).toBe(2);
      });

      it('keys belong to one shopper: another shopper’s same key makes its own order', async () => {
        const headers = { 'Idempotency-Key': 'compartida-1' };
        const ana = await createShopperWithBasket(server, [{ productoId: jugo.id, cantidad: 1 }]);
        const beto = await createShopperWithBasket(server, [{ productoId: jugo.id, cantidad: 3 }]);
        const a = await checkout(server, ana.token, jugos.tiendaId, headers);
        const b = await checkout(server, beto.token, jugos.tiendaId, headers);
        expect(b.pedidoId).not.toBe(a.pedidoId);
        const [pedidoBeto] = await shopperPedidos(server, beto.token);
        expect(pedidoBeto).toMatchObject({ id: b.pedidoId, usuarioId: beto.id, montoTotal: 105 });
      });
    });
  });
});
