import { describe, expect, it } from 'vitest';
import { useAdminServer } from '../../../test/build-test-app.js';
import {
  CLABE_VALIDA,
  expectError,
  expectValidation,
  gruposPayload,
  type ProductoView,
} from '../../../test/catalogo-factories.js';
import {
  agotar,
  call,
  CART,
  CART2,
  createPublicShop,
  createShopper,
  createShopWithBasket,
  expectCartShape,
  expectNothingChanged,
  grupoOf,
  grupoPayload,
  GRUPO_DEFAULTS,
  listCart,
  nowInZone,
  opcionId,
  pausar,
  setAjustes,
  setGrupos,
  type CarritoGrupo,
} from '../../../test/pedido-factories.js';
import { CANTIDAD_MAXIMA_POR_LINEA, horaLocal } from '@tianguis/domain';

// docs/api.md, "Basket (signed-in shopper)": a line is a product with one option set and one note;
// option rules name the group; quantities 0–99; the unit price includes the extras; basket groups
// carry subtotal, delivery, payment and the open state; a sold-out product can't be added.

describe('cart lines with options and notes', () => {
  /** The taco's and the gringa's option groups (two tests change them and put them back). */
  let grupos: ProductoView['grupos'];
  let otroGrupos: ProductoView['grupos'];
  const { server, adminToken, shop, taco, agua, ids } = useAdminServer(
    async (server, adminToken) => {
      const shop = await createPublicShop(server, adminToken, {
        nombre: 'Taquería Opciones',
        costoDeEnvio: 20,
        montoMinimo: 50,
        productos: { 'Taco de pastor': 19.99, 'Agua fresca': 15, Gringa: 45 },
      });
      const [taco, agua] = shop.productos as [ProductoView, ProductoView];
      grupos = await setGrupos(server, shop, taco, gruposPayload());
      otroGrupos = await setGrupos(server, shop, shop.productos[2]!, gruposPayload());
      const ids = {
        maiz: opcionId(grupos, 'Tortilla', 'Maíz'),
        harina: opcionId(grupos, 'Tortilla', 'Harina'),
        queso: opcionId(grupos, 'Extras', 'Queso'),
        aguacate: opcionId(grupos, 'Extras', 'Aguacate'),
      };
      return { shop, taco, agua, ids };
    },
  );

  const add = (token: string, body: Record<string, unknown>) =>
    call<CarritoGrupo[]>(server, CART.addItem, token, body);
  const lines = (cart: CarritoGrupo[]) =>
    grupoOf(cart, shop.tiendaId)!.listOfShoppingCartMarketStore;

  describe('line identity', () => {
    it('the same product, options (in any order) and note adds a unit to the line', async () => {
      const shopper = await createShopper(server);
      await add(shopper.token, {
        productoId: taco.id,
        opciones: [ids.harina, ids.queso],
        nota: 'sin cebolla',
      });
      const res = await add(shopper.token, {
        productoId: taco.id,
        opciones: [ids.queso, ids.harina],
        nota: '  sin cebolla ',
      });
      expect(res.status).toBe(200);
      expectCartShape(res.body, shopper.id);
      expect(lines(res.body)).toEqual([
        expect.objectContaining({
          productoId: taco.id,
          cantidad: 2,
          nota: 'sin cebolla',
          opciones: [
            { id: ids.harina, grupo: 'Tortilla', nombre: 'Harina', precioExtra: 5 },
            { id: ids.queso, grupo: 'Extras', nombre: 'Queso', precioExtra: 10 },
          ],
        }),
      ]);
    });

    it('another note, other options or no note make new lines', async () => {
      const shopper = await createShopper(server);
      const base = { productoId: taco.id, opciones: [ids.maiz] };
      await add(shopper.token, { ...base, nota: 'sin cebolla' });
      await add(shopper.token, { ...base, nota: 'con todo' });
      await add(shopper.token, { ...base });
      await add(shopper.token, { ...base, nota: '   ' });
      const cart = (await add(shopper.token, { productoId: taco.id, opciones: [ids.harina] })).body;
      const mine = lines(cart);
      expect(mine.map((l) => [l.opciones.map((o) => o.nombre), l.nota, l.cantidad])).toEqual([
        [['Maíz'], 'sin cebolla', 1],
        [['Maíz'], 'con todo', 1],
        // An empty or blank note is no note: the same line.
        [['Maíz'], null, 2],
        [['Harina'], null, 1],
      ]);
      expect(new Set(mine.map((l) => l.shoppingCartId)).size).toBe(4);
    });

    it('a note longer than 140 characters is refused', async () => {
      const shopper = await createShopper(server);
      const res = await add(shopper.token, { productoId: agua.id, nota: 'x'.repeat(141) });
      expectValidation(res, 'La nota del producto debe tener máximo 140 caracteres');
      expect(
        (await add(shopper.token, { productoId: agua.id, nota: 'x'.repeat(140) })).status,
      ).toBe(200);
    });
  });

  describe('option rules: 400 OPCIONES_INVALIDAS naming the group, nothing added', () => {
    const cases: [string, () => number[], string][] = [
      ['fewer than minimo', () => [ids.queso], 'Elige al menos 1 opción en Tortilla'],
      ['none at all', () => [], 'Elige al menos 1 opción en Tortilla'],
      [
        'more than maximo (Tortilla)',
        () => [ids.maiz, ids.harina],
        'Elige como máximo 1 opción en Tortilla',
      ],
      [
        'an option of another product',
        () => [ids.maiz, opcionId(otroGrupos, 'Extras', 'Queso')],
        'Una de las opciones elegidas ya no está disponible; vuelve a elegir',
      ],
      [
        'an unknown option id',
        () => [ids.maiz, 987_654],
        'Una de las opciones elegidas ya no está disponible; vuelve a elegir',
      ],
      ['the same option twice', () => [ids.maiz, ids.maiz], 'Elegiste la misma opción dos veces'],
    ];
    it.each(cases)('%s', async (_label, opciones, message) => {
      const shopper = await createShopper(server);
      const res = await expectNothingChanged(server, () =>
        add(shopper.token, { productoId: taco.id, opciones: opciones() }),
      );
      expectError(res, 400, 'OPCIONES_INVALIDAS', message);
    });

    it('more than maximo in Extras: "Elige como máximo 2 opciones en Extras"', async () => {
      const shopper = await createShopper(server);
      // Extras with three options, maximo 2.
      const gringa = shop.productos[2]!;
      const tres = await setGrupos(server, shop, gringa, [
        grupoPayload('Extras', { minimo: 0, maximo: 2 }, { Queso: 10, Aguacate: 15, Piña: 5 }),
      ]);
      const res = await expectNothingChanged(server, () =>
        add(shopper.token, {
          productoId: gringa.id,
          opciones: tres[0]!.opciones.map((o) => o.id),
        }),
      );
      expectError(res, 400, 'OPCIONES_INVALIDAS', 'Elige como máximo 2 opciones en Extras');
      otroGrupos = await setGrupos(server, shop, gringa, gruposPayload());
    });

    it('an inactive option is refused; a line holding it becomes unavailable', async () => {
      const shopper = await createShopper(server);
      // An inactive option on this shop's taco: set through updateproducto, then restored.
      const conInactiva = gruposPayload();
      await add(shopper.token, { productoId: taco.id, opciones: [ids.maiz, ids.aguacate] });
      const now = await setGrupos(
        server,
        shop,
        taco,
        conInactiva.map((g, gi) => ({
          ...g,
          id: grupos[gi]!.id,
          opciones: g.opciones.map((o, oi) => ({
            ...o,
            id: grupos[gi]!.opciones[oi]!.id,
            activo: !(g.nombre === 'Extras' && o.nombre === 'Aguacate'),
          })),
          maximo: g.nombre === 'Extras' ? 1 : g.maximo,
        })),
      );
      expect(now.find((g) => g.nombre === 'Extras')!.opciones.find((o) => !o.activo)?.id).toBe(
        ids.aguacate,
      );
      const res = await expectNothingChanged(server, () =>
        add(shopper.token, { productoId: taco.id, opciones: [ids.maiz, ids.aguacate] }),
      );
      expectError(
        res,
        400,
        'OPCIONES_INVALIDAS',
        'Una de las opciones elegidas ya no está disponible; vuelve a elegir',
      );
      // The line added before is kept, shown unavailable, and left out of the subtotal.
      const cart = await listCart(server, shopper.token);
      expect(lines(cart)[0]).toMatchObject({ disponible: false, cantidad: 1 });
      expect(grupoOf(cart, shop.tiendaId)!.subtotal).toBe(0);
      grupos = await setGrupos(
        server,
        shop,
        taco,
        gruposPayload().map((g, gi) => ({
          ...g,
          id: grupos[gi]!.id,
          opciones: g.opciones.map((o, oi) => ({ ...o, id: grupos[gi]!.opciones[oi]!.id })),
        })),
      );
      expect(lines(await listCart(server, shopper.token))[0]!.disponible).toBe(true);
    });
  });

  describe('quantities: cantidad sets 1–99, 0 drops the line', () => {
    it('sets, drops and refuses out of range', async () => {
      const shopper = await createShopper(server);
      const cart = (await add(shopper.token, { productoId: agua.id })).body;
      const shoppingCartId = lines(cart)[0]!.shoppingCartId;
      const set = (cantidad: unknown) =>
        call<CarritoGrupo[]>(server, CART2.cantidad, shopper.token, { shoppingCartId, cantidad });

      const res = await set(99);
      expect(res.status).toBe(200);
      expectCartShape(res.body, shopper.id);
      expect(lines(res.body)[0]!.cantidad).toBe(99);
      // addItem stops at 99 too: refused, the line unchanged.
      const more = await expectNothingChanged(server, () =>
        add(shopper.token, { productoId: agua.id }),
      );
      expectError(
        more,
        400,
        'VALIDACION',
        `No puedes agregar más de ${CANTIDAD_MAXIMA_POR_LINEA} piezas de un producto`,
      );
      expect(lines(await listCart(server, shopper.token))[0]!.cantidad).toBe(99);
      for (const bad of [100, -1, 1.5, '3', null]) {
        const refused = await expectNothingChanged(server, () => set(bad));
        expectValidation(refused, 'La cantidad debe ser de 0 a 99');
      }
      expect(lines((await set(1)).body)[0]!.cantidad).toBe(1);
      const dropped = await set(0);
      expect(dropped.status).toBe(200);
      expect(dropped.body).toEqual([]);
      // The line is gone: naming it again is 404.
      expectError(await set(3), 404, 'NO_ENCONTRADO', 'Ese producto no está en tu canasta');
    });

    it('another shopper’s line is 404 and unchanged', async () => {
      const owner = await createShopper(server);
      const other = await createShopper(server);
      const cart = (await add(owner.token, { productoId: agua.id })).body;
      const shoppingCartId = lines(cart)[0]!.shoppingCartId;
      const res = await expectNothingChanged(server, () =>
        call(server, CART2.cantidad, other.token, { shoppingCartId, cantidad: 5 }),
      );
      expectError(res, 404, 'NO_ENCONTRADO', 'Ese producto no está en tu canasta');
    });

    it('clearItem {shoppingCartId} drops that line; {productoId} every line of the product', async () => {
      const shopper = await createShopper(server);
      await add(shopper.token, { productoId: taco.id, opciones: [ids.maiz] });
      await add(shopper.token, { productoId: taco.id, opciones: [ids.harina] });
      await add(shopper.token, { productoId: taco.id, opciones: [ids.harina], nota: 'dorado' });
      const cart = (await add(shopper.token, { productoId: agua.id })).body;
      const [maiz] = lines(cart);
      const afterOne = await call<CarritoGrupo[]>(server, CART.clearItem, shopper.token, {
        shoppingCartId: maiz!.shoppingCartId,
      });
      expect(afterOne.status).toBe(200);
      expect(lines(afterOne.body).map((l) => [l.productoId, l.nota])).toEqual([
        [taco.id, null],
        [taco.id, 'dorado'],
        [agua.id, null],
      ]);
      const afterAll = await call<CarritoGrupo[]>(server, CART.clearItem, shopper.token, {
        productoId: taco.id,
      });
      expect(lines(afterAll.body).map((l) => l.productoId)).toEqual([agua.id]);
      // Both or neither: refused.
      expectValidation(
        await call(server, CART.clearItem, shopper.token, {
          productoId: agua.id,
          shoppingCartId: lines(afterAll.body)[0]!.shoppingCartId,
        }),
        'Identificador inválido',
      );
    });
  });

  describe('prices and the basket group', () => {
    it('the unit price includes the extras; the group sums available lines into subtotal', async () => {
      const shopper = await createShopper(server);
      await add(shopper.token, { productoId: taco.id, opciones: [ids.harina, ids.aguacate] });
      await add(shopper.token, { productoId: taco.id, opciones: [ids.harina, ids.aguacate] });
      const cart = (await add(shopper.token, { productoId: agua.id })).body;
      const grupo = grupoOf(cart, shop.tiendaId)!;
      // 19.99 + 5 + 15.5 = 40.49 a unit.
      expect(grupo.listOfShoppingCartMarketStore.map((l) => [l.precio, l.cantidad])).toEqual([
        [40.49, 2],
        [15, 1],
      ]);
      expect(grupo).toMatchObject({
        subtotal: 95.98,
        montoMinimo: 50,
        costoDeEnvio: 20,
        ...GRUPO_DEFAULTS,
      });
    });

    it('entrega and pagos follow the shop’s settings; the CLABE and holder never go out', async () => {
      const tienda = await createPublicShop(server, adminToken(), {
        productos: { 'Pan de elote': 40 },
      });
      await setAjustes(server, tienda, {
        entrega: { recoger: true, domicilio: false },
        pagos: {
          efectivo: false,
          terminal: true,
          transferencia: { clabe: CLABE_VALIDA, banco: 'BBVA', titular: 'Rosa Pérez Luna' },
        },
      });
      const shopper = await createShopper(server);
      const cart = (await add(shopper.token, { productoId: tienda.productos[0]!.id })).body;
      const grupo = grupoOf(cart, tienda.tiendaId)!;
      expect(grupo.entrega).toEqual({ recoger: true, domicilio: false });
      expect(grupo.pagos).toEqual({
        efectivo: false,
        terminal: true,
        transferencia: { banco: 'BBVA' },
      });
      expect(JSON.stringify(cart)).not.toContain(CLABE_VALIDA);
      expect(JSON.stringify(cart)).not.toContain('Rosa Pérez');
    });

    it('a paused shop: abierta false and the pause notice with its time', async () => {
      const { tienda, shopper } = await createShopWithBasket(server, adminToken(), { Concha: 12 });
      const hasta = await pausar(server, tienda, 45);
      expect(hasta).not.toBeNull();
      const grupo = grupoOf(await listCart(server, shopper.token), tienda.tiendaId)!;
      const hora = horaLocal(new Date(hasta!), 'America/Mexico_City');
      expect(grupo).toMatchObject({
        abierta: false,
        mensajeCerrada: `La tienda pausó los pedidos hasta las ${hora}`,
      });
      await pausar(server, tienda, 0);
      expect(grupoOf(await listCart(server, shopper.token), tienda.tiendaId)).toMatchObject({
        abierta: true,
        mensajeCerrada: null,
      });
    });

    it('a closed shop (hours): abierta false with the closed notice', async () => {
      const { tienda, shopper } = await createShopWithBasket(
        server,
        adminToken(),
        { Bolillo: 3 },
        { nombre: 'Panadería Cerrada' },
      );
      const { fecha } = nowInZone();
      await call(server, '/api/horariosdias/add', tienda.owner.token, { fecha });
      const grupo = grupoOf(await listCart(server, shopper.token), tienda.tiendaId)!;
      expect(grupo.abierta).toBe(false);
      expect(grupo.mensajeCerrada).toContain('Panadería Cerrada');
      expect(grupo.mensajeCerrada).toContain('Cerrado por día especial/feriado');
    });
  });

  describe('sold out', () => {
    it('adding a sold-out product is 409 PRODUCTO_AGOTADO naming it; undone, it can be added', async () => {
      const tienda = await createPublicShop(server, adminToken(), {
        productos: { 'Tamal de rajas': 22 },
      });
      const producto = tienda.productos[0]!;
      const shopper = await createShopper(server);
      await agotar(server, tienda, producto.id, true);
      const res = await expectNothingChanged(server, () =>
        add(shopper.token, { productoId: producto.id }),
      );
      expectError(res, 409, 'PRODUCTO_AGOTADO', 'Tamal de rajas está agotado por hoy');
      await agotar(server, tienda, producto.id, false);
      expect((await add(shopper.token, { productoId: producto.id })).status).toBe(200);
    });

    it('a product added before and then sold out, or deleted, is refused like one never added', async () => {
      const tienda = await createPublicShop(server, adminToken(), {
        productos: { Champurrado: 20 },
      });
      const producto = tienda.productos[0]!;
      const shopper = await createShopper(server);
      expect((await add(shopper.token, { productoId: producto.id })).status).toBe(200);
      await agotar(server, tienda, producto.id, true);
      const agotado = await expectNothingChanged(server, () =>
        add(shopper.token, { productoId: producto.id }),
      );
      expectError(agotado, 409, 'PRODUCTO_AGOTADO', 'Champurrado está agotado por hoy');
      await agotar(server, tienda, producto.id, false);
      const again = await add(shopper.token, { productoId: producto.id });
      expect(again.status).toBe(200);
      expect(grupoOf(again.body, tienda.tiendaId)!.listOfShoppingCartMarketStore[0]).toMatchObject({
        cantidad: 2,
      });
      const deleted = await call(
        server,
        `/api/tienda/deleteproducto/${producto.id}`,
        tienda.owner.token,
      );
      expect(deleted.status).toBe(200);
      const gone = await expectNothingChanged(server, () =>
        add(shopper.token, { productoId: producto.id }),
      );
      expectError(gone, 404, 'NO_ENCONTRADO', 'El producto no existe o no está disponible');
    });

    it('a line already in the basket shows unavailable while its product is sold out', async () => {
      const { tienda, shopper } = await createShopWithBasket(server, adminToken(), { Atole: 18 });
      const producto = tienda.productos[0]!;
      await agotar(server, tienda, producto.id, true);
      const grupo = grupoOf(await listCart(server, shopper.token), tienda.tiendaId)!;
      expect(grupo.listOfShoppingCartMarketStore[0]!.disponible).toBe(false);
      expect(grupo.subtotal).toBe(0);
    });
  });
});
