import { beforeAll, describe, expect, it } from 'vitest';
import { useAdminServer } from '../../../test/build-test-app.js';
import {
  addCategoria,
  addProducto,
  createOwner,
  expectError,
  expectValidation,
  ok,
  type ProductoView,
} from '../../../test/catalogo-factories.js';
import {
  addUnits,
  call,
  CART,
  createPublicShop,
  createShopper,
  expectCartShape,
  expectNothingChanged,
  grupoOf,
  GRUPO_DEFAULTS,
  lineOf,
  listCart,
  postWithoutBody,
  setPrecio,
  setProductoActivo,
  setTiendaFlag,
  setTiendaActiva,
  type CarritoGrupo,
  type Shopper,
} from '../../../test/pedido-factories.js';

const NO_DISPONIBLE = 'El producto no existe o no está disponible';
const NO_EN_CANASTA = 'Ese producto no está en tu canasta';
const ID_INVALIDO = 'Identificador inválido';
const SESION_INVALIDA = 'Tu sesión no es válida o ya expiró';

describe('cart: /api/shoppingcartmarket', () => {
  const { server, adminToken, tacos, jugos, taco, salsa, gringa, jugo } = useAdminServer(
    async (server, adminToken) => {
      /** Public shop with a minimum and shipping; prices chosen to drift as binary floats. */
      const tacos = await createPublicShop(server, adminToken, {
        nombre: 'Taquería El Güero',
        montoMinimo: 100,
        costoDeEnvio: 25.5,
        productos: { 'Taco de pastor': 19.99, 'Salsa extra': 0.29, Gringa: 45.1 },
      });
      /** A second public shop. */
      const jugos = await createPublicShop(server, adminToken, {
        nombre: 'Jugos La Naranja',
        productos: { 'Jugo verde': 35 },
      });
      const [taco, salsa, gringa] = tacos.productos as [ProductoView, ProductoView, ProductoView];
      return { tacos, jugos, taco, salsa, gringa, jugo: jugos.productos[0]! };
    },
  );

  const post = (path: string, token: string | undefined, body?: unknown) =>
    call<CarritoGrupo[]>(server, path, token, body);

  describe('listarcarrito and addItem', () => {
    it('answers [] for a new shopper', async () => {
      const shopper = await createShopper(server);
      const res = await post(CART.listar, shopper.token, {});
      expect(res.status).toBe(200);
      expect(res.body).toEqual([]);
    });

    it('groups the lines by shop, with the shop’s data; addItem twice makes cantidad 2', async () => {
      const shopper = await createShopper(server);
      await addUnits(server, shopper.token, taco.id, 1);
      const res = await post(CART.addItem, shopper.token, { productoId: taco.id });
      expect(res.status).toBe(200);
      expectCartShape(res.body, shopper.id);
      expect(lineOf(res.body, taco.id)?.cantidad).toBe(2);
      await addUnits(server, shopper.token, jugo.id, 1);
      const cart = await addUnits(server, shopper.token, salsa.id, 1);
      expectCartShape(cart, shopper.id);
      /** A line of the taquería in this shopper's basket, without options or note. */
      const linea = (
        p: ProductoView,
        nombreProducto: string,
        precio: number,
        cantidad: number,
      ) => ({
        productoId: p.id,
        nombreProducto,
        precio,
        cantidad,
        imageurl: p.imageUrl,
        shoppingCartId: expect.any(Number),
        tiendaId: tacos.tiendaId,
        loginId: shopper.id,
        disponible: true,
        opciones: [],
        nota: null,
      });

      expect(cart).toHaveLength(2);
      const grupo = grupoOf(cart, tacos.tiendaId)!;
      expect(grupo).toEqual({
        tiendaId: tacos.tiendaId,
        nombreTienda: 'Taquería El Güero',
        usuarioTienda: tacos.owner.usuario,
        celularTienda: tacos.owner.celular,
        montoMinimo: 100,
        costoDeEnvio: 25.5,
        // Second edition: 2 × 19.99 + 0.29; the shop's default delivery and payment; no hours.
        subtotal: 40.27,
        ...GRUPO_DEFAULTS,
        listOfShoppingCartMarketStore: [
          linea(taco, 'Taco de pastor', 19.99, 2),
          linea(salsa, 'Salsa extra', 0.29, 1),
        ],
      });
      expect(grupoOf(cart, jugos.tiendaId)).toEqual({
        tiendaId: jugos.tiendaId,
        nombreTienda: 'Jugos La Naranja',
        usuarioTienda: jugos.owner.usuario,
        celularTienda: jugos.owner.celular,
        montoMinimo: 0,
        costoDeEnvio: 0,
        subtotal: 35,
        ...GRUPO_DEFAULTS,
        listOfShoppingCartMarketStore: [
          expect.objectContaining({ productoId: jugo.id, cantidad: 1, precio: 35 }),
        ],
      });
      // listarcarrito answers the same cart the last mutation answered.
      expect(await listCart(server, shopper.token)).toEqual(cart);
      // One row per product, the quantity counted on it.
      const rows = await server.app.database.db
        .selectFrom('carrito_linea')
        .select(['producto_id', 'tienda_id', 'cantidad'])
        .where('account_id', '=', shopper.id)
        .orderBy('id')
        .execute();
      expect(rows).toEqual([
        { producto_id: taco.id, tienda_id: tacos.tiendaId, cantidad: 2 },
        { producto_id: jugo.id, tienda_id: jugos.tiendaId, cantidad: 1 },
        { producto_id: salsa.id, tienda_id: tacos.tiendaId, cantidad: 1 },
      ]);
    });

    it('keeps money exact: 19.99 × 3 and 0.29 × 7 stay two-decimal prices on every line', async () => {
      const shopper = await createShopper(server);
      await addUnits(server, shopper.token, taco.id, 3);
      const cart = await addUnits(server, shopper.token, salsa.id, 7);
      const lines = grupoOf(cart, tacos.tiendaId)!.listOfShoppingCartMarketStore;
      expect(lines.map((l) => [l.precio, l.cantidad])).toEqual([
        [19.99, 3],
        [0.29, 7],
      ]);
      // The prices are the exact two-decimal numbers (no 0.28999… from a float conversion).
      const raw = await server.call(CART.listar, {
        method: 'POST',
        token: shopper.token,
        body: {},
      });
      expect(JSON.stringify(raw.body)).toContain('"precio":19.99,');
      expect(JSON.stringify(raw.body)).toContain('"precio":0.29,');
    });

    it('reads the name and price from the catalogue now: a price change shows at once', async () => {
      const shop = await createPublicShop(server, adminToken(), {
        productos: { 'Torta ahogada': 55.5 },
      });
      const torta = shop.productos[0]!;
      const shopper = await createShopper(server);
      await addUnits(server, shopper.token, torta.id, 2);
      await setPrecio(server, shop, torta, 61.25);
      const line = lineOf(await listCart(server, shopper.token), torta.id)!;
      expect(line).toMatchObject({ precio: 61.25, cantidad: 2, disponible: true });
    });

    it('accepts the token in the body (the first edition’s payload) as well as in the header', async () => {
      const shopper = await createShopper(server);
      await addUnits(server, shopper.token, jugo.id, 1);
      const res = await server.call<CarritoGrupo[]>(CART.listar, {
        method: 'POST',
        body: { token: shopper.token },
      });
      expect(res.status).toBe(200);
      expect(lineOf(res.body, jugo.id)?.cantidad).toBe(1);
    });

    it('listarcarrito with the token in the header and no body, or an empty JSON body, answers the cart', async () => {
      const shopper = await createShopper(server);
      const cart = await addUnits(server, shopper.token, jugo.id, 1);
      const bare = await postWithoutBody<CarritoGrupo[]>(server, CART.listar, shopper.token);
      expect({ status: bare.status, body: bare.body }).toEqual({ status: 200, body: cart });
      const empty = await postWithoutBody<CarritoGrupo[]>(server, CART.listar, shopper.token, true);
      expect({ status: empty.status, body: empty.body }).toEqual({ status: 200, body: cart });
    });

    it('shows disponible:false on a line whose product was deactivated after adding, and true again once reactivated', async () => {
      const shop = await createPublicShop(server, adminToken(), {
        productos: { 'Pozole rojo': 89, Tostada: 12 },
      });
      const [pozole, tostada] = shop.productos as [ProductoView, ProductoView];
      const shopper = await createShopper(server);
      await addUnits(server, shopper.token, pozole.id, 1);
      await addUnits(server, shopper.token, tostada.id, 1);

      await setProductoActivo(server, shop, pozole.id, false);
      let cart = await listCart(server, shopper.token);
      expectCartShape(cart, shopper.id);
      expect(lineOf(cart, pozole.id)).toMatchObject({ cantidad: 1, disponible: false });
      expect(lineOf(cart, tostada.id)).toMatchObject({ cantidad: 1, disponible: true });

      await setProductoActivo(server, shop, pozole.id, true);
      cart = await listCart(server, shopper.token);
      expect(lineOf(cart, pozole.id)?.disponible).toBe(true);

      // A deactivated shop makes all its lines unavailable.
      await setTiendaActiva(server, shop, false);
      cart = await listCart(server, shopper.token);
      expect(
        grupoOf(cart, shop.tiendaId)!.listOfShoppingCartMarketStore.map((l) => l.disponible),
      ).toEqual([false, false]);
      await setTiendaActiva(server, shop, true);
      expect(lineOf(await listCart(server, shopper.token), pozole.id)?.disponible).toBe(true);
    });
  });

  describe('addItem refuses what cannot be bought (404 NO_ENCONTRADO, nothing changed)', () => {
    let shopper: Shopper;
    beforeAll(async () => {
      shopper = await createShopper(server);
      await addUnits(server, shopper.token, taco.id, 1);
    });

    async function expectNotAddable(productoId: number) {
      const before = await listCart(server, shopper.token);
      const res = await expectNothingChanged(server, () =>
        post(CART.addItem, shopper.token, { productoId }),
      );
      expectError(res, 404, 'NO_ENCONTRADO', NO_DISPONIBLE);
      expect(await listCart(server, shopper.token)).toEqual(before);
    }

    /** A public shop of these products (name and price), approved unless said otherwise. */
    const shopOf = (productos: Record<string, number>, approved = true) =>
      createPublicShop(server, approved ? adminToken() : undefined, { productos });
    /** Each way a product can't be bought, and how to get such a product: its id. */
    const notBuyable: [string, () => Promise<number>][] = [
      ['an unknown product id', async () => 999_999],
      [
        'a deleted product',
        async () => {
          const shop = await shopOf({ 'Tamal verde': 18, Atole: 20 });
          const tamal = shop.productos[0]!;
          ok(
            await call(server, `/api/tienda/deleteproducto/${tamal.id}`, shop.owner.token),
            'delete',
          );
          return tamal.id;
        },
      ],
      [
        'an inactive product',
        async () => {
          const shop = await shopOf({ Elote: 25, Esquite: 30 });
          await setProductoActivo(server, shop, shop.productos[0]!.id, false);
          return shop.productos[0]!.id;
        },
      ],
      [
        'a product of a deleted category',
        async () => {
          const shop = await shopOf({ Flan: 30 });
          const postres = await addCategoria(server, shop.owner, { title: 'Postres Caseros' });
          const pay = await addProducto(server, shop.owner, postres.id, { name: 'Pay de queso' });
          ok(
            await call(server, `/api/tienda/deletecategoria/${postres.id}`, shop.owner.token),
            'del',
          );
          return pay.id;
        },
      ],
      [
        'a product of a shop not approved by the admin',
        async () => (await shopOf({ Quesadilla: 30 }, false)).productos[0]!.id,
      ],
      [
        'a product of a deactivated shop',
        async () => {
          const shop = await shopOf({ Sope: 28 });
          await setTiendaActiva(server, shop, false);
          return shop.productos[0]!.id;
        },
      ],
      [
        'a product of an unconfigured shop',
        async () => {
          // The API never un-configures a shop and needs a configured one to add products, so
          // the flag is cleared in the database: the state of a shop whose setup was never
          // finished.
          const shop = await shopOf({ Huarache: 40 });
          await setTiendaFlag(server, shop, { configured: 0 });
          return shop.productos[0]!.id;
        },
      ],
      [
        'a product of a deleted shop',
        async () => {
          // No API deletes a shop; the soft-delete flag is set directly.
          const shop = await shopOf({ Tlayuda: 70 });
          await setTiendaFlag(server, shop, { deleted: 1 });
          return shop.productos[0]!.id;
        },
      ],
    ];

    it.each(notBuyable)('%s', async (_label, productoNotBuyable) => {
      await expectNotAddable(await productoNotBuyable());
    });

    it.each([
      ['no productoId', {}],
      ['a text productoId', { productoId: 'abc' }],
      ['productoId 0', { productoId: 0 }],
      ['a negative productoId', { productoId: -3 }],
      ['a fractional productoId', { productoId: 1.5 }],
    ])('400 VALIDACION for %s', async (_label, body) => {
      const res = await expectNothingChanged(server, () => post(CART.addItem, shopper.token, body));
      expectValidation(res, ID_INVALIDO);
    });
  });

  describe('removeItem, clearItem, removecart', () => {
    it('removeItem takes one unit off; the line goes at zero and never turns negative', async () => {
      const shopper = await createShopper(server);
      await addUnits(server, shopper.token, taco.id, 2);
      const cart = await addUnits(server, shopper.token, salsa.id, 1);
      const shoppingCartId = lineOf(cart, taco.id)!.shoppingCartId;

      let res = await post(CART.removeItem, shopper.token, { shoppingCartId });
      expect(res.status).toBe(200);
      expectCartShape(res.body, shopper.id);
      expect(lineOf(res.body, taco.id)).toMatchObject({ shoppingCartId, cantidad: 1 });

      res = await post(CART.removeItem, shopper.token, { shoppingCartId });
      expect(res.status).toBe(200);
      expect(lineOf(res.body, taco.id)).toBeUndefined();
      expect(lineOf(res.body, salsa.id)?.cantidad).toBe(1);

      res = await expectNothingChanged(server, () =>
        post(CART.removeItem, shopper.token, { shoppingCartId }),
      );
      expectError(res, 404, 'NO_ENCONTRADO', NO_EN_CANASTA);
      const rows = await server.app.database.db
        .selectFrom('carrito_linea')
        .select(['producto_id', 'cantidad'])
        .where('account_id', '=', shopper.id)
        .execute();
      expect(rows).toEqual([{ producto_id: salsa.id, cantidad: 1 }]);
      const cart2 = await listCart(server, shopper.token);
      expect(cart2.map((g) => g.tiendaId)).toEqual([tacos.tiendaId]);
      expect(cart2[0]!.listOfShoppingCartMarketStore.map((l) => l.productoId)).toEqual([salsa.id]);
    });

    it('removeItem of the last line of a shop drops that shop’s group', async () => {
      const shopper = await createShopper(server);
      await addUnits(server, shopper.token, taco.id, 1);
      const cart = await addUnits(server, shopper.token, jugo.id, 1);
      const res = await post(CART.removeItem, shopper.token, {
        shoppingCartId: lineOf(cart, jugo.id)!.shoppingCartId,
      });
      expect(res.status).toBe(200);
      expect(res.body.map((g) => g.tiendaId)).toEqual([tacos.tiendaId]);
    });

    it('clearItem drops the whole line and keeps the others', async () => {
      const shopper = await createShopper(server);
      await addUnits(server, shopper.token, taco.id, 3);
      await addUnits(server, shopper.token, gringa.id, 2);
      const res = await post(CART.clearItem, shopper.token, { productoId: taco.id });
      expect(res.status).toBe(200);
      expectCartShape(res.body, shopper.id);
      expect(lineOf(res.body, taco.id)).toBeUndefined();
      expect(lineOf(res.body, gringa.id)?.cantidad).toBe(2);
      expect(await listCart(server, shopper.token)).toEqual(res.body);
    });

    it('clearItem of a product not in the basket: 404 NO_ENCONTRADO, nothing changed', async () => {
      const shopper = await createShopper(server);
      await addUnits(server, shopper.token, taco.id, 1);
      const res = await expectNothingChanged(server, () =>
        post(CART.clearItem, shopper.token, { productoId: jugo.id }),
      );
      expectError(res, 404, 'NO_ENCONTRADO', NO_EN_CANASTA);
    });

    it('removecart empties only that shop’s group', async () => {
      const shopper = await createShopper(server);
      await addUnits(server, shopper.token, taco.id, 2);
      await addUnits(server, shopper.token, salsa.id, 1);
      const before = await addUnits(server, shopper.token, jugo.id, 1);
      const res = await post(CART.removecart, shopper.token, { tiendaId: tacos.tiendaId });
      expect(res.status).toBe(200);
      expectCartShape(res.body, shopper.id);
      expect(res.body).toEqual([grupoOf(before, jugos.tiendaId)]);
      expect(await listCart(server, shopper.token)).toEqual(res.body);
    });

    it('removecart of a shop with nothing in the basket answers the cart unchanged', async () => {
      const shopper = await createShopper(server);
      const before = await addUnits(server, shopper.token, taco.id, 1);
      const res = await expectNothingChanged(server, () =>
        post(CART.removecart, shopper.token, { tiendaId: jugos.tiendaId }),
      );
      expect(res.status).toBe(200);
      expect(res.body).toEqual(before);
    });

    it.each([
      [CART.removeItem, { shoppingCartId: 'x' }],
      [CART.removeItem, {}],
      [CART.clearItem, { productoId: -1 }],
      [CART.removecart, { tiendaId: 0 }],
      [CART.proccesscart, {}],
    ])('%s with %j: 400 VALIDACION, nothing changed', async (path, body) => {
      const shopper = await createShopper(server);
      await addUnits(server, shopper.token, taco.id, 1);
      const res = await expectNothingChanged(server, () => post(path, shopper.token, body));
      expectValidation(res, ID_INVALIDO);
    });
  });

  describe('roles and ownership', () => {
    let victim: Shopper;
    let intruder: Shopper;
    let victimCart: CarritoGrupo[];
    let ownerToken: string;

    beforeAll(async () => {
      victim = await createShopper(server);
      intruder = await createShopper(server);
      await addUnits(server, victim.token, taco.id, 2);
      victimCart = await addUnits(server, victim.token, jugo.id, 1);
      await addUnits(server, intruder.token, salsa.id, 1);
      ownerToken = (await createOwner(server)).token;
    });

    const mutations = (): [string, Record<string, unknown>][] => [
      [CART.listar, {}],
      [CART.addItem, { productoId: taco.id }],
      [CART.removeItem, { shoppingCartId: lineOf(victimCart, taco.id)!.shoppingCartId }],
      [CART.clearItem, { productoId: taco.id }],
      [CART.removecart, { tiendaId: tacos.tiendaId }],
      [CART.proccesscart, { tiendaId: tacos.tiendaId }],
    ];

    it('anonymous callers get 401 NO_AUTENTICADO on every cart call, nothing changed', async () => {
      for (const [path, body] of mutations()) {
        const res = await expectNothingChanged(server, () => post(path, undefined, body));
        expectError(res, 401, 'NO_AUTENTICADO');
      }
    });

    it('a forged token gets 401 NO_AUTENTICADO, nothing changed', async () => {
      const [head, , sig] = victim.token.split('.');
      const payload = Buffer.from(
        JSON.stringify({ certserialnumber: victim.id, role: 'USUARIO' }),
      ).toString('base64url');
      const forged = `${head}.${payload}.${sig}`;
      for (const [path, body] of mutations()) {
        const res = await expectNothingChanged(server, () => post(path, forged, body));
        expectError(res, 401, 'NO_AUTENTICADO', SESION_INVALIDA);
      }
    });

    it('a shop owner (TIENDA) and an ADMIN get 403 PROHIBIDO on every cart call, nothing changed', async () => {
      for (const token of [ownerToken, adminToken()]) {
        for (const [path, body] of mutations()) {
          const res = await expectNothingChanged(server, () => post(path, token, body));
          expectError(res, 403, 'PROHIBIDO');
        }
      }
    });

    it('a shopper cannot remove another shopper’s line by its shoppingCartId (404), the other basket unchanged', async () => {
      const shoppingCartId = lineOf(victimCart, taco.id)!.shoppingCartId;
      const res = await expectNothingChanged(server, () =>
        post(CART.removeItem, intruder.token, { shoppingCartId }),
      );
      expectError(res, 404, 'NO_ENCONTRADO', NO_EN_CANASTA);
      expect(await listCart(server, victim.token)).toEqual(victimCart);
    });

    it('clearItem and removecart only touch the caller’s own basket', async () => {
      // The intruder has no taco line and no jugos group: its calls reach nothing of the victim.
      const cleared = await expectNothingChanged(server, () =>
        post(CART.clearItem, intruder.token, { productoId: taco.id }),
      );
      expectError(cleared, 404, 'NO_ENCONTRADO', NO_EN_CANASTA);
      const emptied = await post(CART.removecart, intruder.token, { tiendaId: jugos.tiendaId });
      expect(emptied.status).toBe(200);
      expect(emptied.body.map((g) => g.tiendaId)).toEqual([tacos.tiendaId]);
      expect(await listCart(server, victim.token)).toEqual(victimCart);
    });

    it('listarcarrito never shows another shopper’s lines', async () => {
      const cart = await listCart(server, intruder.token);
      expectCartShape(cart, intruder.id);
      expect(cart.flatMap((g) => g.listOfShoppingCartMarketStore.map((l) => l.productoId))).toEqual(
        [salsa.id],
      );
    });
  });
});
