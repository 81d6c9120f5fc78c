import {
  catalogoMessages,
  PAUSA_AUTOMATICA_POR_OMISION,
  PROGRAMACION_POR_OMISION,
} from '@tianguis/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { useAdminServer } from '../../../test/build-test-app.js';
import {
  activateProducto,
  addCategoria,
  addProducto,
  approveTienda,
  configureTienda,
  createOwner,
  createShop,
  deleteCatalogoItem,
  expectBadRequest,
  expectError,
  expectListShape,
  expectUnchanged,
  expectValidation,
  findTienda,
  IMAGE,
  listFor,
  ok,
  ownView,
  post,
  tiendaPayload,
  type Owner,
  type ShopSetup,
  type TiendaView,
} from '../../../test/catalogo-factories.js';
import { createShopper } from '../../../test/factories.js';
import { readTiendaRow } from '../../../test/tienda-factories.js';
import { TIENDA } from '../../../test/rutas.js';
import { TEXTOS } from '../../../test/textos.js';

/** The owner's whole shop answer with the registration defaults, but for `cambios`. */
function tiendaNueva(owner: Owner, cambios: Partial<TiendaView> = {}): TiendaView {
  return {
    tiendaId: owner.tiendaId,
    usuario: owner.usuario,
    nombre: 'N/A',
    imageUrl: 'N/A',
    celularTienda: owner.celular,
    montoMinimo: 0,
    costoDeEnvio: 0,
    radioMontoMinimo: 'no',
    radioCostoDeEnvio: 'no',
    configured: false,
    approved: false,
    activarODesactivar: true,
    deleted: false,
    timeZone: 'America/Mexico_City',
    entrega: { recoger: false, domicilio: true },
    pagos: { efectivo: true, terminal: false, transferencia: null },
    pausadoHasta: null,
    direccion: null,
    telefono: null,
    ubicacion: null,
    zonas: [],
    programacion: PROGRAMACION_POR_OMISION,
    demoraMin: 0,
    pausaAutomatica: PAUSA_AUTOMATICA_POR_OMISION,
    categorias: [],
    ...cambios,
  };
}

describe('shops: listartiendas, updatetienda, activatetienda, approveTienda', () => {
  const { server, adminToken, signedInShopper, publicShop, otherOwner } = useAdminServer(
    async (server, adminToken) => ({
      signedInShopper: await createShopper(server),
      /** A publicly visible shop nobody else changes, to check the other callers' lists. */
      publicShop: await createShop(server, { adminToken }),
      /** An owner whose shop is never made public. */
      otherOwner: await createOwner(server),
    }),
  );

  const ids = (list: TiendaView[]) => list.map((t) => t.tiendaId);

  /** The lists every kind of caller gets. */
  async function listsOfEveryone(owner: Owner) {
    const [anonymous, shopper, other, own, admin] = await Promise.all([
      listFor(server),
      listFor(server, signedInShopper.token),
      listFor(server, otherOwner.token),
      listFor(server, owner.token),
      listFor(server, adminToken()),
    ]);
    return { anonymous, shopper, other, own, admin };
  }

  /** Hidden from the public, the shopper and another owner; its owner and the admin see it. */
  async function expectHidden(owner: Owner) {
    const lists = await listsOfEveryone(owner);
    expect(ids(lists.anonymous)).not.toContain(owner.tiendaId);
    expect(ids(lists.shopper)).not.toContain(owner.tiendaId);
    expect(ids(lists.other)).not.toContain(owner.tiendaId);
    expect(lists.own[0]?.tiendaId).toBe(owner.tiendaId);
    expect(ids(lists.own).filter((id) => id === owner.tiendaId)).toHaveLength(1);
    expect(ids(lists.admin)).toContain(owner.tiendaId);
    return lists;
  }

  async function expectPublic(owner: Owner) {
    const lists = await listsOfEveryone(owner);
    for (const list of [lists.anonymous, lists.shopper, lists.other, lists.admin]) {
      expect(ids(list).filter((id) => id === owner.tiendaId)).toHaveLength(1);
    }
    expect(lists.own[0]?.tiendaId).toBe(owner.tiendaId);
    expect(ids(lists.own).filter((id) => id === owner.tiendaId)).toHaveLength(1);
    return lists;
  }

  describe('GET mitienda: the owner screens read', () => {
    it('answers the owner its own shop whatever its state, with hidden categories and inactive products', async () => {
      const owner = await createOwner(server);
      await configureTienda(server, owner);
      const categoria = await addCategoria(server, owner);
      const producto = await addProducto(server, owner, categoria.id);
      await activateProducto(server, owner, producto.id, false);
      const res = await server.call<TiendaView>('/api/tienda/mitienda', { token: owner.token });
      expect(res.status).toBe(200);
      expect(res.body).toEqual(await ownView(server, owner));
      expect(res.body.categorias[0]!.productos[0]).toMatchObject({
        id: producto.id,
        activarODesactivar: false,
      });
    });

    it('refuses anonymous callers, shoppers and the admin, and names no shop', async () => {
      expectError(await server.call('/api/tienda/mitienda'), 401, 'NO_AUTENTICADO');
      expectError(
        await server.call('/api/tienda/mitienda', { token: signedInShopper.token }),
        403,
        'PROHIBIDO',
      );
      expectError(
        await server.call('/api/tienda/mitienda', { token: adminToken() }),
        403,
        'PROHIBIDO',
      );
    });
  });

  describe('GET listartiendas: who sees what', () => {
    type HideStep = (s: ShopSetup) => { path: string; body?: unknown };
    /** activateproducto of the shop's product. */
    const activateStep =
      (activate: boolean): HideStep =>
      (s) => ({
        path: '/api/tienda/activateproducto',
        body: { productoId: s.producto.id, activate },
      });
    /** delete{kind} of the shop's category or product: its id in the path, or in the body. */
    const deleteStep =
      (kind: 'producto' | 'categoria', via: 'path' | 'body'): HideStep =>
      (s) => {
        const path = `/api/tienda/delete${kind}`;
        const { id } = s[kind];
        return via === 'path' ? { path: `${path}/${id}` } : { path, body: { id } };
      };
    /** updateproducto of the shop's product with its switch set. */
    const switchStep =
      (activarODesactivar: boolean): HideStep =>
      (s) => ({ path: '/api/tienda/updateproducto', body: { ...s.producto, activarODesactivar } });

    it('a new shop is its owner’s first entry with the registration defaults, and the admin’s; nobody else sees it', async () => {
      const owner = await createOwner(server);
      const lists = await expectHidden(owner);
      for (const list of Object.values(lists)) expectListShape(list);
      expect(lists.own[0]).toEqual(tiendaNueva(owner));
      expect(findTienda(lists.admin, owner.tiendaId)).toEqual(lists.own[0]);
      // The owner also gets the public shops after its own.
      expect(ids(lists.own)).toContain(publicShop.owner.tiendaId);
    });

    it('a shop appears publicly only once configured, with an active product in a live category, and approved', async () => {
      const owner = await createOwner(server);
      await configureTienda(server, owner);
      await expectHidden(owner);
      const categoria = await addCategoria(server, owner);
      await expectHidden(owner);
      const producto = await addProducto(server, owner, categoria.id);
      // Configured, activated, with a product, but not approved yet.
      await expectHidden(owner);
      await approveTienda(server, adminToken(), owner.tiendaId);
      const lists = await expectPublic(owner);
      const seen = findTienda(lists.anonymous, owner.tiendaId)!;
      expect(seen).toMatchObject({
        usuario: owner.usuario,
        nombre: 'Taquería El Sol',
        configured: true,
        approved: true,
        activarODesactivar: true,
        deleted: false,
      });
      expect(seen.categorias).toEqual([{ ...categoria, productos: [producto] }]);
      for (const list of Object.values(lists)) expectListShape(list);
    });

    it('the public gets only live categories with active products, and only active products; the owner and the admin get everything live', async () => {
      const { owner, categoria, producto } = await createShop(server, { adminToken: adminToken() });
      const inactivo = await addProducto(server, owner, categoria.id, { name: 'Taco de papa' });
      await activateProducto(server, owner, inactivo.id, false);
      const soloInactivos = await addCategoria(server, owner, { title: 'Bebidas' });
      const agua = await addProducto(server, owner, soloInactivos.id, { name: 'Agua de jamaica' });
      await activateProducto(server, owner, agua.id, false);
      const vacia = await addCategoria(server, owner, { title: 'Postres' });
      const borrada = await addCategoria(server, owner, { title: 'Tortas' });
      const torta = await addProducto(server, owner, borrada.id, { name: 'Torta de milanesa' });
      await deleteCatalogoItem(server, owner, 'categoria', borrada.id);
      const borrado = await addProducto(server, owner, categoria.id, { name: 'Taco de suadero' });
      await deleteCatalogoItem(server, owner, 'producto', borrado.id);

      const lists = await expectPublic(owner);
      for (const list of [lists.anonymous, lists.shopper, lists.other]) {
        expect(findTienda(list, owner.tiendaId)!.categorias).toEqual([
          { ...categoria, productos: [producto] },
        ]);
      }
      const byId = <T extends { id: number }>(a: T, b: T) => a.id - b.id;
      for (const list of [lists.own, lists.admin]) {
        const categorias = findTienda(list, owner.tiendaId)!.categorias;
        expect(categorias.map((c) => c.id).sort((a, b) => a - b)).toEqual(
          [categoria.id, soloInactivos.id, vacia.id].sort((a, b) => a - b),
        );
        const productos = categorias.flatMap((c) => c.productos).sort(byId);
        expect(productos).toEqual(
          [
            producto,
            { ...inactivo, activarODesactivar: false },
            { ...agua, activarODesactivar: false },
          ].sort(byId),
        );
        const all = JSON.stringify(categorias);
        for (const gone of [torta.name, borrado.name, borrada.title]) {
          expect(all).not.toContain(gone);
        }
      }
    });

    it('an owner’s own shop comes first and only once, also when it is public', async () => {
      const list = await listFor(server, publicShop.owner.token);
      expect(list[0]?.tiendaId).toBe(publicShop.owner.tiendaId);
      expect(ids(list).filter((id) => id === publicShop.owner.tiendaId)).toHaveLength(1);
      expectListShape(list);
    });

    it.each([
      [
        'the shop is deactivated',
        (_s: ShopSetup) => ({ path: TIENDA.activate, body: { activate: false } }),
        (_s: ShopSetup) => ({ path: TIENDA.activate, body: { activate: true } }),
      ],
      [
        'its only product is deactivated (activateproducto)',
        activateStep(false),
        activateStep(true),
      ],
      ['its only product is switched off in updateproducto', switchStep(false), switchStep(true)],
      ['its only product is deleted', deleteStep('producto', 'path'), undefined],
      ['its only product is deleted ({id} form)', deleteStep('producto', 'body'), undefined],
      ['its only category is deleted', deleteStep('categoria', 'path'), undefined],
      ['its only category is deleted ({id} form)', deleteStep('categoria', 'body'), undefined],
    ] as [string, HideStep, HideStep | undefined][])(
      'a public shop is hidden again when %s',
      async (_label, hide, show) => {
        const shop = await createShop(server, { adminToken: adminToken() });
        await expectPublic(shop.owner);
        const hiding = hide(shop);
        ok(await post(server, hiding.path, shop.owner.token, hiding.body), hiding.path);
        const lists = await expectHidden(shop.owner);
        // The owner still sees its product, inactive or not, unless it was deleted.
        const ownProducts = lists.own[0]!.categorias.flatMap((c) => c.productos);
        if (hiding.path.includes('delete')) expect(ownProducts).toEqual([]);
        else expect(ownProducts.map((p) => p.id)).toEqual([shop.producto.id]);
        if (show) {
          const showing = show(shop);
          ok(await post(server, showing.path, shop.owner.token, showing.body), showing.path);
          await expectPublic(shop.owner);
        } else {
          // A new product in a live category makes it public again.
          const categoria = hiding.path.includes('categoria')
            ? await addCategoria(server, shop.owner, { title: 'Otra categoria' })
            : shop.categoria;
          await addProducto(server, shop.owner, categoria.id, { name: 'Otro producto' });
          await expectPublic(shop.owner);
        }
      },
    );

    it('a shop that is not configured or is deleted is never public; a deleted one is not even the admin’s', async () => {
      const noConfigurada = await createShop(server, { adminToken: adminToken() });
      const borrada = await createShop(server, { adminToken: adminToken() });
      const db = server.app.database.db;
      await db
        .updateTable('tienda')
        .set({ configured: 0 })
        .where('id', '=', noConfigurada.owner.tiendaId)
        .execute();
      await db
        .updateTable('tienda')
        .set({ deleted: 1 })
        .where('id', '=', borrada.owner.tiendaId)
        .execute();
      await expectHidden(noConfigurada.owner);
      for (const token of [undefined, signedInShopper.token, otherOwner.token, adminToken()]) {
        expect(ids(await listFor(server, token))).not.toContain(borrada.owner.tiendaId);
      }
    });

    it('the admin gets every shop with all its live categories and products', async () => {
      const { owner, categoria, producto } = await createShop(server); // not approved
      const list = await listFor(server, adminToken());
      expectListShape(list);
      expect(findTienda(list, owner.tiendaId)).toEqual(await ownView(server, owner));
      expect(findTienda(list, owner.tiendaId)!.categorias).toEqual([
        { ...categoria, productos: [producto] },
      ]);
      expect(ids(list)).toEqual(expect.arrayContaining([otherOwner.tiendaId]));
    });

    it('an invalid token is refused even though the list is public', async () => {
      const res = await server.call(TIENDA.list, { token: 'no.es.un-token' });
      expectError(res, 401, 'NO_AUTENTICADO', 'Tu sesión no es válida o ya expiró');
    });
  });

  describe('POST updatetienda', () => {
    it('configures the caller’s shop: name as typed (trimmed), amounts in pesos, marked configured; answers the owner’s list', async () => {
      const owner = await createOwner(server);
      const res = await post(server, TIENDA.update, owner.token, {
        nombre: '  Taquería El Güero 2 ',
        imageUrl: IMAGE,
        radioMontoMinimo: 'si',
        montoMinimo: 150.5,
        radioCostoDeEnvio: 'si',
        costoDeEnvio: '19.99',
      });
      expect(res.status).toBe(200);
      const list = res.body as TiendaView[];
      expectListShape(list);
      expect(list[0]).toEqual(
        tiendaNueva(owner, {
          nombre: 'Taquería El Güero 2',
          imageUrl: IMAGE,
          montoMinimo: 150.5,
          costoDeEnvio: 19.99,
          radioMontoMinimo: 'si',
          radioCostoDeEnvio: 'si',
          configured: true,
        }),
      );
      expect(list).toEqual(await listFor(server, owner.token));
      const row = readTiendaRow(server, owner.tiendaId, [
        'monto_minimo',
        'costo_de_envio',
        'configured',
      ]);
      expect(await row).toEqual({ monto_minimo: 15050, costo_de_envio: 1999, configured: 1 });
    });

    it.each([
      ['numbers', 500, 99],
      ['texts', '500', '99.5'],
      ['nothing', undefined, undefined],
      ['null', null, null],
      ['empty texts', '', ''],
      ['anything typed', 'abc', '12.'],
    ])("a 'no' radio stores 0 whatever amount is sent (%s)", async (_label, monto, envio) => {
      const owner = await createOwner(server);
      const list = ok(
        await post(server, TIENDA.update, owner.token, {
          ...tiendaPayload(),
          radioMontoMinimo: 'no',
          montoMinimo: monto,
          radioCostoDeEnvio: 'no',
          costoDeEnvio: envio,
        }),
        'updatetienda',
      );
      expect(list[0]).toMatchObject({
        tiendaId: owner.tiendaId,
        montoMinimo: 0,
        costoDeEnvio: 0,
        radioMontoMinimo: 'no',
        radioCostoDeEnvio: 'no',
        configured: true,
      });
    });

    it('a second update replaces the first; a 40-character name is still accepted', async () => {
      const owner = await createOwner(server);
      await configureTienda(server, owner);
      const nombre = `Abarrotes ${'x'.repeat(30)}`;
      expect(nombre).toHaveLength(40);
      const list = await configureTienda(server, owner, {
        nombre,
        imageUrl: '/images/otra.png',
        radioMontoMinimo: 'no',
        radioCostoDeEnvio: 'si',
        costoDeEnvio: 0,
      });
      expect(list[0]).toMatchObject({
        nombre,
        imageUrl: '/images/otra.png',
        montoMinimo: 0,
        radioMontoMinimo: 'no',
        costoDeEnvio: 0,
        radioCostoDeEnvio: 'si',
        configured: true,
      });
    });

    it('a tiendaId in the payload never redirects the change to another shop', async () => {
      const owner = await createOwner(server);
      const victimBefore = await ownView(server, otherOwner);
      const list = await configureTienda(server, owner, {
        tiendaId: otherOwner.tiendaId,
        nombre: 'Tienda Intrusa',
      });
      expect(list[0]).toMatchObject({ tiendaId: owner.tiendaId, nombre: 'Tienda Intrusa' });
      expect(await ownView(server, otherOwner)).toEqual(victimBefore);
    });

    const invalid: [string, Record<string, unknown>, string][] = [
      ['a 2-letter name', { nombre: 'ab' }, TEXTOS.nombreMin],
      ['a name of spaces', { nombre: '     ' }, TEXTOS.nombreMin],
      ['a name padded to 3 with spaces', { nombre: ' ab ' }, TEXTOS.nombreMin],
      ['no name', { nombre: undefined }, TEXTOS.nombreMin],
      ['a 41-character name', { nombre: 'a'.repeat(41) }, TEXTOS.nombreMax],
      ['a name starting with a digit', { nombre: '7 Mares' }, TEXTOS.nombreFormato],
      ['a name with a symbol', { nombre: 'Tacos-El-Sol' }, TEXTOS.nombreFormato],
      ['a name with a script', { nombre: 'Sol<script>' }, TEXTOS.nombreFormato],
      ['no image', { imageUrl: undefined }, TEXTOS.imagen],
      ['an empty image', { imageUrl: '  ' }, TEXTOS.imagen],
      ["the image 'N/A'", { imageUrl: 'N/A' }, TEXTOS.imagen],
      ['the name before the image', { nombre: 'ab', imageUrl: '' }, TEXTOS.nombreMin],
      ["'si' without a minimum", { montoMinimo: undefined }, TEXTOS.montoRequerido],
      ["'si' with an empty minimum", { montoMinimo: '' }, TEXTOS.montoRequerido],
      ["'si' with a null minimum", { montoMinimo: null }, TEXTOS.montoRequerido],
      ['a minimum ending with a dot', { montoMinimo: '12.' }, TEXTOS.montoPunto],
      ['a minimum that is not a number', { montoMinimo: 'cien' }, TEXTOS.numerico],
      ['a negative minimum', { montoMinimo: -5 }, TEXTOS.numerico],
      ['a minimum with 3 decimals', { montoMinimo: 12.345 }, TEXTOS.numerico],
      ['a minimum in exponent form', { montoMinimo: '1e3' }, TEXTOS.numerico],
      ['a minimum over the cap', { montoMinimo: 100000 }, catalogoMessages.montoMinimoMax],
      ["'si' without a shipping cost", { costoDeEnvio: undefined }, TEXTOS.envioRequerido],
      ["'si' with an empty shipping cost", { costoDeEnvio: ' ' }, TEXTOS.envioRequerido],
      ['a shipping cost ending with a dot', { costoDeEnvio: '30.' }, TEXTOS.envioPunto],
      ['a shipping cost that is not a number', { costoDeEnvio: 'gratis' }, TEXTOS.numerico],
      ['a shipping cost with a float-sum tail', { costoDeEnvio: 0.1 + 0.2 }, TEXTOS.numerico],
      ['a shipping cost over the cap', { costoDeEnvio: 123456 }, catalogoMessages.costoDeEnvioMax],
      [
        'the minimum before the shipping cost',
        { montoMinimo: '', costoDeEnvio: 'y' },
        TEXTOS.montoRequerido,
      ],
      [
        'a radio that is neither si nor no',
        { radioMontoMinimo: 'tal vez' },
        catalogoMessages.opcionMontoMinimo,
      ],
      ['no shipping radio', { radioCostoDeEnvio: undefined }, catalogoMessages.opcionCostoDeEnvio],
    ];

    it.each(invalid)('refuses %s with 400 VALIDACION and changes nothing', async (_l, o, msg) => {
      const res = await expectUnchanged(
        server,
        () => post(server, TIENDA.update, otherOwner.token, tiendaPayload(o)),
        otherOwner,
      );
      expectValidation(res, msg);
    });

    it('refuses a body that is not an object, and a name that is not text', async () => {
      for (const body of [[tiendaPayload()], 'Taquería', tiendaPayload({ nombre: 12345 })]) {
        const res = await expectUnchanged(
          server,
          () => post(server, TIENDA.update, otherOwner.token, body),
          otherOwner,
        );
        expectBadRequest(res);
      }
    });
  });

  describe('POST activatetienda', () => {
    it('switches the caller’s shop off and on; answers the owner’s list', async () => {
      const owner = await createOwner(server);
      const off = await post(server, TIENDA.activate, owner.token, { activate: false });
      expect(off.status).toBe(200);
      expectListShape(off.body);
      expect(off.body[0]).toMatchObject({ tiendaId: owner.tiendaId, activarODesactivar: false });
      expect(await ownView(server, owner)).toMatchObject({ activarODesactivar: false });
      const on = await post(server, TIENDA.activate, owner.token, { activate: true });
      expect(on.status).toBe(200);
      expect(on.body[0]).toMatchObject({ tiendaId: owner.tiendaId, activarODesactivar: true });
      // Nothing else of the shop moved.
      expect(on.body[0]).toEqual({ ...off.body[0], activarODesactivar: true });
    });

    it('accepts the token in the body, as the first edition’s client sends it', async () => {
      const owner = await createOwner(server);
      const res = await post(server, TIENDA.activate, undefined, {
        token: owner.token,
        activate: false,
      });
      expect(res.status).toBe(200);
      expect(res.body[0]).toMatchObject({ tiendaId: owner.tiendaId, activarODesactivar: false });
    });

    it('exists at the first edition’s path with a trailing slash (docs/api.md, Wire conventions)', async () => {
      const owner = await createOwner(server);
      const res = await post(server, `${TIENDA.activate}/`, owner.token, { activate: false });
      expect({ status: res.status, body: res.body?.[0]?.activarODesactivar }).toEqual({
        status: 200,
        body: false,
      });
    });

    it.each([
      ['no activate', {}],
      ['a text', { activate: 'true' }],
      ['a number', { activate: 1 }],
      ['null', { activate: null }],
    ])('refuses %s with 400 VALIDACION and changes nothing', async (_label, body) => {
      const res = await expectUnchanged(
        server,
        () => post(server, TIENDA.activate, otherOwner.token, body),
        otherOwner,
      );
      expectValidation(res, TEXTOS.activate);
    });
  });

  describe('POST approveTienda', () => {
    it('the admin approves a pending shop', async () => {
      const { owner } = await createShop(server);
      expect(findTienda(await listFor(server, adminToken()), owner.tiendaId)?.approved).toBe(false);
      const res = await post(server, TIENDA.approve, adminToken(), { tiendaId: owner.tiendaId });
      expect(res.status).toBe(200);
      expect(findTienda(await listFor(server, adminToken()), owner.tiendaId)?.approved).toBe(true);
      expect((await ownView(server, owner)).approved).toBe(true);
      await expectPublic(owner);
    });

    it('answers 404 NO_ENCONTRADO for an unknown shop, changing nothing', async () => {
      const res = await expectUnchanged(server, () =>
        post(server, TIENDA.approve, adminToken(), { tiendaId: 999_999 }),
      );
      expectError(res, 404, 'NO_ENCONTRADO', 'La tienda no existe');
    });

    it.each([
      ['no tiendaId', {}],
      ['tiendaId 0', { tiendaId: 0 }],
      ['a negative tiendaId', { tiendaId: -3 }],
      ['a fractional tiendaId', { tiendaId: 1.5 }],
      ['a word', { tiendaId: 'uno' }],
    ])('refuses %s with 400 VALIDACION', async (_label, body) => {
      const res = await expectUnchanged(server, () =>
        post(server, TIENDA.approve, adminToken(), body),
      );
      expectBadRequest(res);
    });
  });

  describe('who may call each mutation', () => {
    let victim: ShopSetup;

    beforeAll(async () => {
      victim = await createShop(server); // configured, not approved
    });

    type Caller = 'anonymous' | 'shopper' | 'admin' | 'owner' | 'invalid token';
    const tokenOf = (caller: Caller): string | undefined =>
      ({
        anonymous: undefined,
        shopper: signedInShopper.token,
        admin: adminToken(),
        owner: victim.owner.token,
        'invalid token': `${victim.owner.token.slice(0, -4)}AAAA`,
      })[caller];

    const cases: [string, Caller, () => unknown, number, 'NO_AUTENTICADO' | 'PROHIBIDO'][] = [
      ['updatetienda', 'anonymous', () => tiendaPayload(), 401, 'NO_AUTENTICADO'],
      ['updatetienda', 'invalid token', () => tiendaPayload(), 401, 'NO_AUTENTICADO'],
      ['updatetienda', 'shopper', () => tiendaPayload(), 403, 'PROHIBIDO'],
      ['updatetienda', 'admin', () => tiendaPayload(), 403, 'PROHIBIDO'],
      // The role is checked before the body: a refused caller learns nothing of the rules.
      ['updatetienda', 'shopper', () => ({ nombre: 'x' }), 403, 'PROHIBIDO'],
      ['activatetienda', 'anonymous', () => ({ activate: false }), 401, 'NO_AUTENTICADO'],
      ['activatetienda', 'shopper', () => ({ activate: false }), 403, 'PROHIBIDO'],
      ['activatetienda', 'admin', () => ({ activate: false }), 403, 'PROHIBIDO'],
      [
        'approveTienda',
        'anonymous',
        () => ({ tiendaId: victim.owner.tiendaId }),
        401,
        'NO_AUTENTICADO',
      ],
      ['approveTienda', 'shopper', () => ({ tiendaId: victim.owner.tiendaId }), 403, 'PROHIBIDO'],
      // An owner may not approve its own shop.
      ['approveTienda', 'owner', () => ({ tiendaId: victim.owner.tiendaId }), 403, 'PROHIBIDO'],
      ['approveTienda', 'owner', () => ({ tiendaId: 'x' }), 403, 'PROHIBIDO'],
    ];

    it('a signed-out owner’s token is refused with 401 on every call, nothing changed', async () => {
      const owner = await createOwner(server);
      ok(await post(server, '/api/login/logout', owner.token, {}), 'logout');
      for (const [path, body] of [
        [TIENDA.update, tiendaPayload()],
        [TIENDA.activate, { activate: false }],
      ] as const) {
        const res = await expectUnchanged(server, () => post(server, path, owner.token, body));
        expectError(res, 401, 'NO_AUTENTICADO', 'Tu sesión no es válida o ya expiró');
      }
    });

    it.each(cases)('%s by %s: %i %s, nothing changed', async (call, caller, body, status, code) => {
      const res = await expectUnchanged(
        server,
        () => post(server, `/api/tienda/${call}`, tokenOf(caller), body()),
        victim.owner,
      );
      const message = caller === 'invalid token' ? 'Tu sesión no es válida o ya expiró' : undefined;
      expectError(res, status, code, message);
      expect((await ownView(server, victim.owner)).approved).toBe(false);
    });
  });
});
