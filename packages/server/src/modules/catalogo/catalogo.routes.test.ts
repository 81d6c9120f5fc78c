import { catalogoMessages } from '@tianguis/domain';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { useAdminServer } from '../../../test/build-test-app.js';
import {
  addCategoria,
  addProducto,
  allCategorias,
  allProductos,
  configureTienda,
  createOwner,
  createShop,
  expectBadRequest,
  expectError,
  expectListShape,
  expectNotRevealed,
  expectUnchanged,
  expectValidation,
  IMAGE,
  listFor,
  ok,
  ownView,
  post,
  productoPayload,
  type Owner,
  type ProductoView,
  type TiendaView,
} from '../../../test/catalogo-factories.js';
import { createShopper } from '../../../test/factories.js';
import { TIENDA } from '../../../test/rutas.js';
import { TEXTOS } from '../../../test/textos.js';

describe('catalogue: categories and products', () => {
  const { server, adminToken, shopper, victim, mine } = useAdminServer(
    async (server, adminToken) => ({
      shopper: await createShopper(server),
      /** Another owner's shop, never public, which nobody but the refused callers touches. */
      victim: await createShop(server, {
        tienda: { nombre: 'Fonda Escondida' },
        categoria: { title: 'Guisos Secretos' },
        producto: { name: 'Mole de la abuela', descripcion: 'Receta privada' },
      }),
      /** The shop the happy paths change. */
      mine: await createShop(server, { adminToken }),
    }),
  );
  /** What no answer to another caller may hold of the victim's shop. */
  const victimSecrets = () => [
    victim.owner.usuario,
    'fonda escondida',
    'Guisos Secretos',
    'guisossecretos',
    'Mole de la abuela',
    'Receta privada',
  ];

  const me = () => mine.owner;
  const postMine = (path: string, body?: unknown) => post(server, path, me().token, body);
  /** A call of the owner's that must be refused: it changes nothing. */
  const refusedMine = (path: string, body?: unknown) =>
    expectUnchanged(server, () => postMine(path, body), me());
  const own = (list: TiendaView[]) => list.find((t) => t.tiendaId === me().tiendaId)!;

  /** The caller's answer: its own shop first, the documented shape, what listartiendas answers. */
  async function expectOwnerList(res: { status: number; body: unknown }, owner: Owner) {
    expect(res.status).toBe(200);
    const list = res.body as TiendaView[];
    expectListShape(list);
    expect(list[0]?.tiendaId).toBe(owner.tiendaId);
    expect(list).toEqual(await listFor(server, owner.token));
    return list;
  }

  async function productoRow(id: number) {
    return server.app.database.db
      .selectFrom('producto')
      .select(['price', 'deleted', 'activated', 'categoria_id', 'tienda_id'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
  }

  describe('POST addcategoria', () => {
    it('is refused until the shop is configured, then accepted', async () => {
      const owner = await createOwner(server);
      for (const body of [
        { title: 'Bebidas', imageUrl: IMAGE },
        { title: 'Bebidas', imageUrl: IMAGE, tiendaId: owner.tiendaId },
      ]) {
        const res = await expectUnchanged(
          server,
          () => post(server, TIENDA.addCategoria, owner.token, body),
          owner,
        );
        expectValidation(res, TEXTOS.sinConfigurar);
      }
      await configureTienda(server, owner);
      const res = await post(server, TIENDA.addCategoria, owner.token, {
        title: 'Bebidas',
        imageUrl: IMAGE,
      });
      const list = await expectOwnerList(res, owner);
      expect(list[0]!.categorias.map((c) => c.title)).toEqual(['Bebidas']);
    });

    it('adds a category (title trimmed, URL segment lowercased without spaces) and answers the owner’s list', async () => {
      const res = await postMine(TIENDA.addCategoria, {
        title: '  Antojitos  Mexicanos ',
        imageUrl: '/images/antojitos.png',
        tiendaId: me().tiendaId,
      });
      const list = await expectOwnerList(res, me());
      const added = own(list).categorias.find((c) => c.title === 'Antojitos  Mexicanos');
      expect(added).toEqual({
        id: expect.any(Number),
        title: 'Antojitos  Mexicanos',
        titleWithoutSpaces: 'antojitosmexicanos',
        imageUrl: '/images/antojitos.png',
        tiendaId: me().tiendaId,
        deleted: false,
        productos: [],
      });
      expect(Number.isInteger(added!.id) && added!.id > 0).toBe(true);
      // An empty category is not shown to the public.
      const publicView = (await listFor(server)).find((t) => t.tiendaId === me().tiendaId)!;
      expect(publicView.categorias.map((c) => c.id)).not.toContain(added!.id);
    });

    it.each([
      ['the same title', 'Tacos de Guisado'],
      ['another case', 'TACOS DE guisado'],
      ['other spaces', '  Tacos   de Guisado'],
      ['no spaces', 'tacosdeguisado'],
      ['a tab inside', 'Tacos\tde Guisado'],
    ])(
      '400 CATEGORIA_EXISTENTE for %s in the same shop, nothing changed',
      async (_label, title) => {
        const res = await refusedMine(TIENDA.addCategoria, { title, imageUrl: IMAGE });
        expectError(res, 400, 'CATEGORIA_EXISTENTE', TEXTOS.categoriaExistente);
      },
    );

    it('allows the same title in another shop, and a deleted category’s title again', async () => {
      const other = await createShop(server);
      await addCategoria(server, other.owner, { title: 'Antojitos Mexicanos' });
      const desayunos = await addCategoria(server, me(), { title: 'Desayunos' });
      ok(await postMine(`${TIENDA.deleteCategoria}/${desayunos.id}`), 'deletecategoria');
      const again = await addCategoria(server, me(), { title: 'desayunos' });
      expect(again.id).not.toBe(desayunos.id);
      expect(again.titleWithoutSpaces).toBe('desayunos');
    });

    it.each([
      ['a 2-letter title', { title: 'Té' }, TEXTOS.tituloMin],
      ['a title padded with spaces', { title: '  ab  ' }, TEXTOS.tituloMin],
      ['no title', { title: undefined }, TEXTOS.tituloMin],
      ['an empty title', { title: '' }, TEXTOS.tituloMin],
      ['a 51-character title', { title: 'c'.repeat(51) }, catalogoMessages.tituloMax],
      ['no image', { imageUrl: undefined }, TEXTOS.imagen],
      ['an empty image', { imageUrl: '' }, TEXTOS.imagen],
      ["the image 'N/A'", { imageUrl: 'N/A' }, TEXTOS.imagen],
      ['the title before the image', { title: 'x', imageUrl: '' }, TEXTOS.tituloMin],
    ])('400 VALIDACION for %s, nothing changed', async (_label, overrides, message) => {
      const body = { title: 'Mariscos', imageUrl: IMAGE, ...overrides };
      const res = await refusedMine(TIENDA.addCategoria, body);
      expectValidation(res, message);
    });

    it.each([
      ['a title that is not text', { title: 123, imageUrl: IMAGE }],
      ['a tiendaId that is not an id', { title: 'Mariscos', imageUrl: IMAGE, tiendaId: 'mía' }],
      ['tiendaId 0', { title: 'Mariscos', imageUrl: IMAGE, tiendaId: 0 }],
      ['an array', [{ title: 'Mariscos', imageUrl: IMAGE }]],
    ])('400 VALIDACION for %s, nothing changed', async (_label, body) => {
      const res = await refusedMine(TIENDA.addCategoria, body);
      expectBadRequest(res);
    });
  });

  describe('POST updatecategoria', () => {
    it('changes the title, segment and image, keeping its products; answers the owner’s list', async () => {
      const categoria = await addCategoria(server, me(), { title: 'Tortas' });
      const torta = await addProducto(server, me(), categoria.id, { name: 'Torta cubana' });
      const res = await postMine(TIENDA.updateCategoria, {
        id: categoria.id,
        title: 'Tortas Ahogadas',
        imageUrl: '/images/ahogadas.png',
      });
      const list = await expectOwnerList(res, me());
      expect(own(list).categorias.find((c) => c.id === categoria.id)).toEqual({
        ...categoria,
        title: 'Tortas Ahogadas',
        titleWithoutSpaces: 'tortasahogadas',
        imageUrl: '/images/ahogadas.png',
        productos: [torta],
      });
    });

    it('may keep its own title in another case, or take a deleted category’s title', async () => {
      const categoria = await addCategoria(server, me(), { title: 'Quesadillas' });
      const viejas = await addCategoria(server, me(), { title: 'Sopes' });
      ok(await postMine(`${TIENDA.deleteCategoria}/${viejas.id}`), 'deletecategoria');
      let list = ok(
        await postMine(TIENDA.updateCategoria, {
          id: categoria.id,
          title: 'QUESADILLAS',
          imageUrl: IMAGE,
        }),
        'same title',
      ) as TiendaView[];
      expect(own(list).categorias.find((c) => c.id === categoria.id)?.title).toBe('QUESADILLAS');
      list = ok(
        await postMine(TIENDA.updateCategoria, {
          id: categoria.id,
          title: 'sopes',
          imageUrl: IMAGE,
        }),
        'deleted title',
      ) as TiendaView[];
      expect(own(list).categorias.find((c) => c.id === categoria.id)?.titleWithoutSpaces).toBe(
        'sopes',
      );
    });

    it('400 CATEGORIA_EXISTENTE when renamed to another category’s title, nothing changed', async () => {
      const categoria = await addCategoria(server, me(), { title: 'Gorditas' });
      const res = await expectUnchanged(
        server,
        () =>
          postMine(TIENDA.updateCategoria, {
            id: categoria.id,
            title: 'TACOS DE GUISADO',
            imageUrl: IMAGE,
          }),
        me(),
      );
      expectError(res, 400, 'CATEGORIA_EXISTENTE', TEXTOS.categoriaExistente);
    });

    it('404 NO_ENCONTRADO for an unknown or a deleted category', async () => {
      const borrada = await addCategoria(server, me(), { title: 'Efímera' });
      ok(await postMine(TIENDA.deleteCategoria, { id: borrada.id }), 'deletecategoria');
      for (const id of [999_999, borrada.id]) {
        const res = await refusedMine(TIENDA.updateCategoria, {
          id,
          title: 'Revivida',
          imageUrl: IMAGE,
        });
        expectError(res, 404, 'NO_ENCONTRADO', TEXTOS.categoriaNoExiste);
      }
    });

    it.each([
      ['a short title', { title: 'ab' }, TEXTOS.tituloMin],
      ['no image', { imageUrl: '' }, TEXTOS.imagen],
    ])('400 VALIDACION for %s, nothing changed', async (_label, overrides, message) => {
      const body = { id: mine.categoria.id, title: 'Tacos', imageUrl: IMAGE, ...overrides };
      const res = await refusedMine(TIENDA.updateCategoria, body);
      expectValidation(res, message);
    });

    it.each([
      ['no id', { title: 'Tacos', imageUrl: IMAGE }],
      ['id 0', { id: 0, title: 'Tacos', imageUrl: IMAGE }],
      ['a word for id', { id: 'uno', title: 'Tacos', imageUrl: IMAGE }],
    ])('400 VALIDACION for %s, nothing changed', async (_label, body) => {
      const res = await refusedMine(TIENDA.updateCategoria, body);
      expectBadRequest(res);
    });
  });

  describe('POST deletecategoria', () => {
    it.each([
      ['/:id', (id: number) => [`${TIENDA.deleteCategoria}/${id}`, undefined] as const],
      ['{id}', (id: number) => [TIENDA.deleteCategoria, { id }] as const],
    ])(
      '%s soft-deletes the category and its products; answers the owner’s list',
      async (_label, request) => {
        const categoria = await addCategoria(server, me(), { title: `Borrable ${_label}` });
        const a = await addProducto(server, me(), categoria.id, { name: 'Producto A' });
        const b = await addProducto(server, me(), categoria.id, { name: 'Producto B' });
        ok(
          await postMine(TIENDA.activateProducto, { productoId: b.id, activate: false }),
          'activateproducto',
        );
        const [path, body] = request(categoria.id);
        const list = await expectOwnerList(await postMine(path, body), me());
        expect(own(list).categorias.map((c) => c.id)).not.toContain(categoria.id);
        expect(allProductos(list, me().tiendaId).map((p) => p.id)).not.toContain(a.id);
        expect(allProductos(list, me().tiendaId).map((p) => p.id)).not.toContain(b.id);
        // Soft: the rows stay, flagged deleted.
        const row = await server.app.database.db
          .selectFrom('categoria')
          .select('deleted')
          .where('id', '=', categoria.id)
          .executeTakeFirstOrThrow();
        expect(row.deleted).toBe(1);
        expect((await productoRow(a.id)).deleted).toBe(1);
        expect((await productoRow(b.id)).deleted).toBe(1);
        // Its products can no longer be changed, and nothing can be added to it.
        const again = await expectUnchanged(server, async () => [
          await postMine(`${TIENDA.deleteCategoria}/${categoria.id}`),
          await postMine(TIENDA.activateProducto, { productoId: a.id, activate: true }),
          await postMine(`${TIENDA.deleteProducto}/${b.id}`),
          await postMine(TIENDA.addProducto, productoPayload(categoria.id, { name: 'Producto C' })),
        ]);
        expectError(again[0]!, 404, 'NO_ENCONTRADO', TEXTOS.categoriaNoExiste);
        expectError(again[1]!, 404, 'NO_ENCONTRADO', TEXTOS.productoNoExiste);
        expectError(again[2]!, 404, 'NO_ENCONTRADO', TEXTOS.productoNoExiste);
        expectError(again[3]!, 404, 'NO_ENCONTRADO', TEXTOS.categoriaNoExiste);
      },
    );

    it('404 NO_ENCONTRADO for an unknown category, both forms', async () => {
      for (const [path, body] of [
        [`${TIENDA.deleteCategoria}/999999`, undefined],
        [TIENDA.deleteCategoria, { id: 999_999 }],
      ] as const) {
        const res = await refusedMine(path, body);
        expectError(res, 404, 'NO_ENCONTRADO', TEXTOS.categoriaNoExiste);
      }
    });

    it.each([
      ['a word in the path', `${TIENDA.deleteCategoria}/abc`, undefined],
      ['0 in the path', `${TIENDA.deleteCategoria}/0`, undefined],
      ['no id in the body', TIENDA.deleteCategoria, {}],
      ['a negative id', TIENDA.deleteCategoria, { id: -1 }],
    ])('400 VALIDACION for %s, nothing changed', async (_label, path, body) => {
      const res = await refusedMine(path, body);
      expectBadRequest(res);
    });
  });

  describe('POST addproducto', () => {
    it('adds an active product and answers the owner’s list with it', async () => {
      const categoria = await addCategoria(server, me(), { title: 'Postres' });
      const res = await postMine(TIENDA.addProducto, {
        name: '  Flan napolitano ',
        price: 35.5,
        categoriaId: categoria.id,
        imageUrl: '/images/flan.png',
        descripcion: ' Flan casero ',
        detalle: 'Con cajeta',
        tiendaId: me().tiendaId,
      });
      const list = await expectOwnerList(res, me());
      const productos = own(list).categorias.find((c) => c.id === categoria.id)!.productos;
      expect(productos).toEqual([
        {
          id: expect.any(Number),
          name: 'Flan napolitano',
          price: 35.5,
          categoriaId: categoria.id,
          imageUrl: '/images/flan.png',
          descripcion: 'Flan casero',
          detalle: 'Con cajeta',
          tiendaId: me().tiendaId,
          activarODesactivar: true,
          deleted: false,
          agotado: false,
          grupos: [],
        },
      ]);
      // Public at once: the shop is approved and the product active.
      const publicView = (await listFor(server)).find((t) => t.tiendaId === me().tiendaId)!;
      expect(allProductos([publicView], me().tiendaId)).toContainEqual(productos[0]);
    });

    it.each([
      [19.99, 19.99, 1999],
      [0.29, 0.29, 29],
      [1.1, 1.1, 110],
      [0.07, 0.07, 7],
      [0, 0, 0],
      [45.5, 45.5, 4550],
      ['45.50', 45.5, 4550],
      [' 12 ', 12, 1200],
      ['1234.56', 1234.56, 123456],
      [99999.99, 99999.99, 9999999],
    ])(
      'price %j is stored as centavos and answered back exactly as %j',
      async (price, pesos, centavos) => {
        const name = `Precio ${JSON.stringify(price)}`;
        const producto = await addProducto(server, me(), mine.categoria.id, { name, price });
        expect(producto.price).toBe(pesos);
        expect(JSON.stringify(producto.price)).toBe(JSON.stringify(pesos));
        expect((await productoRow(producto.id)).price).toBe(centavos);
      },
    );

    const refusals: [string, Record<string, unknown>, string][] = [
      ['no price', { price: undefined }, catalogoMessages.precioRequerido],
      ['an empty price', { price: '' }, catalogoMessages.precioRequerido],
      ['a null price', { price: null }, catalogoMessages.precioRequerido],
      ['a price ending with a dot', { price: '12.' }, TEXTOS.precioPunto],
      ['a price that is a word', { price: 'diez' }, TEXTOS.numerico],
      ['a negative price', { price: -1 }, TEXTOS.numerico],
      ['a price with 3 decimals', { price: 1.005 }, TEXTOS.numerico],
      ['a float sum', { price: 0.1 + 0.2 }, TEXTOS.numerico],
      ['a price in exponent form', { price: '1e3' }, TEXTOS.numerico],
      ['a boolean price', { price: true }, TEXTOS.numerico],
      ['a price over the cap', { price: 100000 }, catalogoMessages.precioMax],
      ['a 2-letter name', { name: 'Té' }, TEXTOS.nombreMin],
      ['a name of spaces', { name: '    ' }, TEXTOS.nombreMin],
      ['no name', { name: undefined }, TEXTOS.nombreMin],
      ['a 101-character name', { name: 'n'.repeat(101) }, catalogoMessages.productoNombreMax],
      ['a short descripcion', { descripcion: ' ab ' }, TEXTOS.descripcionMin],
      ['no descripcion', { descripcion: undefined }, TEXTOS.descripcionMin],
      [
        'a 501-character descripcion',
        { descripcion: 'd'.repeat(501) },
        catalogoMessages.descripcionMax,
      ],
      ['a short detalle', { detalle: 'x' }, TEXTOS.detalleMin],
      ['a 1001-character detalle', { detalle: 'd'.repeat(1001) }, catalogoMessages.detalleMax],
      ['no category', { categoriaId: undefined }, TEXTOS.seleccioneCategoria],
      ['category 0', { categoriaId: 0 }, TEXTOS.seleccioneCategoria],
      ['an empty category', { categoriaId: '' }, TEXTOS.seleccioneCategoria],
      ['a category that is a word', { categoriaId: 'tacos' }, TEXTOS.seleccioneCategoria],
      ['no image', { imageUrl: undefined }, TEXTOS.imagen],
      ["the image 'N/A'", { imageUrl: 'N/A' }, TEXTOS.imagen],
      // The form's order: name, descripcion, detalle, precio, categoria, image.
      ['name before price', { name: 'x', price: 'x' }, TEXTOS.nombreMin],
      ['descripcion before detalle', { descripcion: '', detalle: '' }, TEXTOS.descripcionMin],
      ['price before category', { price: '', categoriaId: 0 }, catalogoMessages.precioRequerido],
      ['category before image', { categoriaId: 0, imageUrl: '' }, TEXTOS.seleccioneCategoria],
    ];

    it.each(refusals)(
      '400 VALIDACION for %s, nothing changed',
      async (_label, overrides, message) => {
        const body = productoPayload(mine.categoria.id, { name: 'Taco al pastor', ...overrides });
        const res = await refusedMine(TIENDA.addProducto, body);
        expectValidation(res, message);
      },
    );

    it.each([
      ['the same name', 'Taco de chicharrón'],
      ['another case', 'TACO DE CHICHARRÓN'],
      ['spaces around it', '  taco de Chicharrón  '],
    ])(
      '400 PRODUCTO_EXISTENTE for %s in the same category, nothing changed',
      async (_label, name) => {
        const body = productoPayload(mine.categoria.id, { name });
        const res = await refusedMine(TIENDA.addProducto, body);
        expectError(res, 400, 'PRODUCTO_EXISTENTE', TEXTOS.productoExistente);
      },
    );

    it('allows the same name in another category, and again after the first is deleted', async () => {
      const otra = await addCategoria(server, me(), { title: 'Tacos de canasta' });
      const enOtra = await addProducto(server, me(), otra.id, { name: mine.producto.name });
      expect(enOtra.id).not.toBe(mine.producto.id);
      ok(await postMine(`${TIENDA.deleteProducto}/${enOtra.id}`), 'deleteproducto');
      const again = await addProducto(server, me(), otra.id, { name: mine.producto.name });
      expect(again.id).not.toBe(enOtra.id);
    });

    it('404 NO_ENCONTRADO for an unknown or deleted category, nothing changed', async () => {
      const borrada = await addCategoria(server, me(), { title: 'Temporal' });
      ok(await postMine(`${TIENDA.deleteCategoria}/${borrada.id}`), 'deletecategoria');
      for (const categoriaId of [999_999, borrada.id]) {
        const body = productoPayload(categoriaId, { name: 'Huérfano' });
        const res = await refusedMine(TIENDA.addProducto, body);
        expectError(res, 404, 'NO_ENCONTRADO', TEXTOS.categoriaNoExiste);
      }
    });
  });

  describe('POST updateproducto', () => {
    let categoria: { id: number };
    let producto: ProductoView;

    beforeAll(async () => {
      categoria = await addCategoria(server, me(), { title: 'Platillos' });
      producto = await addProducto(server, me(), categoria.id, { name: 'Enchiladas' });
      await addProducto(server, me(), categoria.id, { name: 'Chilaquiles' });
    });

    it('changes every field, moves it to another category, price answered exactly', async () => {
      const destino = await addCategoria(server, me(), { title: 'Comida corrida' });
      const cambios = {
        name: 'Enchiladas suizas',
        price: 0.29,
        categoriaId: destino.id,
        imageUrl: '/images/suizas.png',
        descripcion: 'Con crema',
        detalle: 'Tres piezas',
      };
      const res = await postMine(TIENDA.updateProducto, { id: producto.id, ...cambios });
      const list = await expectOwnerList(res, me());
      expect(allProductos(list, me().tiendaId).find((p) => p.id === producto.id)).toEqual({
        ...producto,
        ...cambios,
      });
      expect((await productoRow(producto.id)).price).toBe(29);
      // Back where it was (the same fields as at creation), for the next tests.
      ok(
        await postMine(TIENDA.updateProducto, {
          id: producto.id,
          ...productoPayload(categoria.id, { name: 'Enchiladas' }),
        }),
        'back',
      );
    });

    it('activarODesactivar switches it off and on; leaving it out keeps the current state', async () => {
      const base = { id: producto.id, ...productoPayload(categoria.id, { name: 'Enchiladas' }) };
      const stateOf = async (res: { body: unknown }) =>
        allProductos(res.body as TiendaView[], me().tiendaId).find((p) => p.id === producto.id)
          ?.activarODesactivar;
      expect(
        await stateOf(
          await postMine(TIENDA.updateProducto, { ...base, activarODesactivar: false }),
        ),
      ).toBe(false);
      expect(await stateOf(await postMine(TIENDA.updateProducto, { ...base, price: 50 }))).toBe(
        false,
      );
      const publicView = (await listFor(server)).find((t) => t.tiendaId === me().tiendaId)!;
      expect(allProductos([publicView], me().tiendaId).map((p) => p.id)).not.toContain(producto.id);
      expect(
        await stateOf(await postMine(TIENDA.updateProducto, { ...base, activarODesactivar: true })),
      ).toBe(true);
      expect(await stateOf(await postMine(TIENDA.updateProducto, base))).toBe(true);
    });

    it('may rename itself in another case', async () => {
      const list = ok(
        await postMine(TIENDA.updateProducto, {
          id: producto.id,
          ...productoPayload(categoria.id, { name: 'ENCHILADAS' }),
        }),
        'rename',
      ) as TiendaView[];
      expect(allProductos(list, me().tiendaId).find((p) => p.id === producto.id)?.name).toBe(
        'ENCHILADAS',
      );
    });

    it('400 PRODUCTO_EXISTENTE when renamed to a sibling’s name or moved next to one, nothing changed', async () => {
      const otra = await addCategoria(server, me(), { title: 'Antojos' });
      await addProducto(server, me(), otra.id, { name: 'Enchiladas' });
      for (const body of [
        { id: producto.id, ...productoPayload(categoria.id, { name: 'chilaquiles ' }) },
        { id: producto.id, ...productoPayload(otra.id, { name: 'Enchiladas' }) },
      ]) {
        const res = await refusedMine(TIENDA.updateProducto, body);
        expectError(res, 400, 'PRODUCTO_EXISTENTE', TEXTOS.productoExistente);
      }
    });

    it('404 NO_ENCONTRADO for an unknown or deleted product, nothing changed', async () => {
      const borrado = await addProducto(server, me(), categoria.id, { name: 'Efímero' });
      ok(await postMine(TIENDA.deleteProducto, { id: borrado.id }), 'deleteproducto');
      for (const id of [999_999, borrado.id]) {
        const body = { id, ...productoPayload(categoria.id, { name: 'Revivido' }) };
        const res = await refusedMine(TIENDA.updateProducto, body);
        expectError(res, 404, 'NO_ENCONTRADO', TEXTOS.productoNoExiste);
      }
    });

    it.each([
      ['a price with 3 decimals', { price: 10.999 }, TEXTOS.numerico],
      ['a price ending with a dot', { price: '10.' }, TEXTOS.precioPunto],
      ['a short name', { name: 'ab' }, TEXTOS.nombreMin],
      ['no image', { imageUrl: '' }, TEXTOS.imagen],
    ])('400 VALIDACION for %s, nothing changed', async (_label, overrides, message) => {
      const body = { id: producto.id, ...productoPayload(categoria.id, overrides) };
      const res = await refusedMine(TIENDA.updateProducto, body);
      expectValidation(res, message);
    });

    it.each([
      ['no id', () => productoPayload(categoria.id, { name: 'Enchiladas' })],
      [
        'a switch that is not a boolean',
        () => ({
          id: producto.id,
          ...productoPayload(categoria.id, { name: 'Enchiladas' }),
          activarODesactivar: 'no',
        }),
      ],
    ])('400 VALIDACION for %s, nothing changed', async (_label, body) => {
      const res = await refusedMine(TIENDA.updateProducto, body());
      expectBadRequest(res);
    });
  });

  describe('POST deleteproducto and activateproducto', () => {
    it.each([
      ['/:id', (id: number) => [`${TIENDA.deleteProducto}/${id}`, undefined] as const],
      ['{id}', (id: number) => [TIENDA.deleteProducto, { id }] as const],
    ])('deleteproducto %s soft-deletes it; a second delete is 404', async (label, request) => {
      const producto = await addProducto(server, me(), mine.categoria.id, {
        name: `Borrar ${label}`,
      });
      const [path, body] = request(producto.id);
      const list = await expectOwnerList(await postMine(path, body), me());
      expect(allProductos(list, me().tiendaId).map((p) => p.id)).not.toContain(producto.id);
      expect((await productoRow(producto.id)).deleted).toBe(1);
      const again = await refusedMine(path, body);
      expectError(again, 404, 'NO_ENCONTRADO', TEXTOS.productoNoExiste);
    });

    it('activateproducto switches a product off (hidden publicly, kept for its owner) and on', async () => {
      const producto = await addProducto(server, me(), mine.categoria.id, { name: 'Gringa' });
      const publicIds = async () =>
        allProductos(await listFor(server), me().tiendaId).map((p) => p.id);
      let list = await expectOwnerList(
        await postMine(TIENDA.activateProducto, { productoId: producto.id, activate: false }),
        me(),
      );
      expect(allProductos(list, me().tiendaId).find((p) => p.id === producto.id)).toEqual({
        ...producto,
        activarODesactivar: false,
      });
      expect(await publicIds()).not.toContain(producto.id);
      list = await expectOwnerList(
        await postMine(TIENDA.activateProducto, { productoId: producto.id, activate: true }),
        me(),
      );
      expect(allProductos(list, me().tiendaId).find((p) => p.id === producto.id)).toEqual(producto);
      expect(await publicIds()).toContain(producto.id);
    });

    it('activateproducto: 404 for an unknown product; 400 for a bad body; nothing changed', async () => {
      let res = await refusedMine(TIENDA.activateProducto, {
        productoId: 999_999,
        activate: false,
      });
      expectError(res, 404, 'NO_ENCONTRADO', TEXTOS.productoNoExiste);
      for (const body of [
        { productoId: mine.producto.id },
        { productoId: mine.producto.id, activate: 'false' },
        { productoId: mine.producto.id, activate: 0 },
      ]) {
        res = await refusedMine(TIENDA.activateProducto, body);
        expectValidation(res, 'activate debe ser true o false');
      }
      res = await refusedMine(TIENDA.activateProducto, { productoId: 2.5, activate: false });
      expectBadRequest(res);
    });

    it('activateproducto/ and deletecategoria/ exist at the first edition’s paths with a trailing slash (docs/api.md, Wire conventions)', async () => {
      const categoria = await addCategoria(server, me(), { title: 'Barra libre' });
      const producto = await addProducto(server, me(), categoria.id, { name: 'Cafe de olla' });
      const off = await postMine(`${TIENDA.activateProducto}/`, {
        productoId: producto.id,
        activate: false,
      });
      expect(off.status).toBe(200);
      expect(allProductos(off.body, me().tiendaId).find((p) => p.id === producto.id)).toEqual({
        ...producto,
        activarODesactivar: false,
      });
      const deleted = await postMine(`${TIENDA.deleteCategoria}/`, { id: categoria.id });
      expect(deleted.status).toBe(200);
      expect(allCategorias(deleted.body, me().tiendaId).map((c) => c.id)).not.toContain(
        categoria.id,
      );
    });

    it.each([
      ['true', true],
      ['an array', 'array'],
      ['an object', 'object'],
    ] as const)(
      'an id sent as %s is a wrong-typed field: 400 VALIDACION, nothing changed',
      async (_label, kind) => {
        const producto = await addProducto(server, me(), mine.categoria.id, {
          name: `Tipado ${kind}`,
        });
        const idOf = (id: number) =>
          kind === 'array' ? [id] : kind === 'object' ? { valueOf: id } : true;
        for (const [path, body] of [
          [TIENDA.deleteProducto, { id: idOf(producto.id) }],
          [TIENDA.activateProducto, { productoId: idOf(producto.id), activate: false }],
          [TIENDA.deleteCategoria, { id: idOf(mine.categoria.id) }],
        ] as const) {
          const res = await expectUnchanged(server, () => postMine(path, body));
          expect({ path, status: res.status, code: res.body.code }).toEqual({
            path,
            status: 400,
            code: 'VALIDACION',
          });
        }
      },
    );
  });

  describe('saves racing each other (a double tap on Guardar)', () => {
    /** The live rows of the owner's shop whose `column` is `value`: what a race of saves left. */
    const liveRows = async (table: 'categoria' | 'producto', column: string, value: string) => {
      const query = sql<{
        id: number;
      }>`select id from ${sql.table(table)} where tienda_id = ${me().tiendaId} and ${sql.ref(column)} = ${value} and deleted = 0`;
      return (await query.execute(server.app.database.db)).rows;
    };
    const liveCategorias = () => liveRows('categoria', 'title_without_spaces', 'carrera');
    const liveProductos = () => liveRows('producto', 'name_key', 'taco de carrera');

    it.each([
      [
        'addcategoria with one title',
        'CATEGORIA_EXISTENTE',
        TEXTOS.categoriaExistente,
        TIENDA.addCategoria,
        () => ({ title: 'Carrera', imageUrl: IMAGE }),
        liveCategorias,
      ],
      [
        'addproducto with one name',
        'PRODUCTO_EXISTENTE',
        TEXTOS.productoExistente,
        TIENDA.addProducto,
        () => productoPayload(mine.categoria.id, { name: 'Taco de carrera' }),
        liveProductos,
      ],
    ] as const)(
      'parallel %s: one is added, the others get %s',
      async (_what, code, message, path, body, live) => {
        const sent = body();
        const answers = await Promise.all(Array.from({ length: 6 }, () => postMine(path, sent)));
        expect(answers.map((r) => r.status).sort()).toEqual([200, 400, 400, 400, 400, 400]);
        for (const res of answers.filter((r) => r.status !== 200)) {
          expectError(res, 400, code, message);
        }
        expect(await live()).toHaveLength(1);
      },
    );
  });

  describe('only the owner may change its catalogue', () => {
    type Request = { path: string; body?: unknown };
    /** Every mutation, aimed at the victim's shop, category and product. */
    const victimRequests = (): [string, Request][] => [
      ['addcategoria', { path: TIENDA.addCategoria, body: { title: 'Intrusa', imageUrl: IMAGE } }],
      [
        'addcategoria naming the victim’s shop',
        {
          path: TIENDA.addCategoria,
          body: { title: 'Intrusa', imageUrl: IMAGE, tiendaId: victim.owner.tiendaId },
        },
      ],
      [
        'updatecategoria',
        {
          path: TIENDA.updateCategoria,
          body: { id: victim.categoria.id, title: 'Robada', imageUrl: IMAGE },
        },
      ],
      ['deletecategoria/:id', { path: `${TIENDA.deleteCategoria}/${victim.categoria.id}` }],
      ['deletecategoria {id}', { path: TIENDA.deleteCategoria, body: { id: victim.categoria.id } }],
      [
        'addproducto into the victim’s category',
        {
          path: TIENDA.addProducto,
          body: productoPayload(victim.categoria.id, { name: 'Intruso' }),
        },
      ],
      [
        'addproducto naming the victim’s shop',
        {
          path: TIENDA.addProducto,
          body: {
            ...productoPayload(mine.categoria.id, { name: 'Intruso' }),
            tiendaId: victim.owner.tiendaId,
          },
        },
      ],
      [
        'updateproducto',
        {
          path: TIENDA.updateProducto,
          body: {
            id: victim.producto.id,
            ...productoPayload(victim.categoria.id, { price: 0.01 }),
            activarODesactivar: false,
          },
        },
      ],
      [
        'updateproducto moving it into the caller’s category',
        {
          path: TIENDA.updateProducto,
          body: { id: victim.producto.id, ...productoPayload(mine.categoria.id, { price: 1 }) },
        },
      ],
      [
        'updateproducto moving the caller’s product into the victim’s category',
        {
          path: TIENDA.updateProducto,
          body: {
            id: mine.producto.id,
            ...productoPayload(victim.categoria.id, { name: 'Infiltrado' }),
          },
        },
      ],
      ['deleteproducto/:id', { path: `${TIENDA.deleteProducto}/${victim.producto.id}` }],
      ['deleteproducto {id}', { path: TIENDA.deleteProducto, body: { id: victim.producto.id } }],
      [
        'activateproducto',
        {
          path: TIENDA.activateProducto,
          body: { productoId: victim.producto.id, activate: false },
        },
      ],
    ];

    const names = [
      'addcategoria',
      'addcategoria naming the victim’s shop',
      'updatecategoria',
      'deletecategoria/:id',
      'deletecategoria {id}',
      'addproducto into the victim’s category',
      'addproducto naming the victim’s shop',
      'updateproducto',
      'updateproducto moving it into the caller’s category',
      'updateproducto moving the caller’s product into the victim’s category',
      'deleteproducto/:id',
      'deleteproducto {id}',
      'activateproducto',
    ];

    const requestNamed = (name: string) => victimRequests().find(([n]) => n === name)![1];

    it.each(names.filter((n) => n !== 'addcategoria'))(
      '%s by another owner: 404 NO_ENCONTRADO (or 403), nothing changed, nothing revealed',
      async (name) => {
        const { path, body } = requestNamed(name);
        const res = await expectUnchanged(
          server,
          () => post(server, path, me().token, body),
          victim.owner,
        );
        if (name.includes('naming')) {
          expectError(res, 403, 'PROHIBIDO', TEXTOS.otraTienda);
        } else if (name.includes('categoria') || name.includes('into the victim')) {
          expectError(res, 404, 'NO_ENCONTRADO', TEXTOS.categoriaNoExiste);
        } else {
          expectError(res, 404, 'NO_ENCONTRADO', TEXTOS.productoNoExiste);
        }
        expectNotRevealed(res, victimSecrets());
      },
    );

    const callers = [
      ['anonymous', 401, 'NO_AUTENTICADO'],
      ['a shopper', 403, 'PROHIBIDO'],
      ['the admin', 403, 'PROHIBIDO'],
    ] as const;

    it.each(
      callers.flatMap(([who, status, code]) => names.map((n) => [n, who, status, code] as const)),
    )('%s by %s: %i %s, nothing changed', async (name, who, status, code) => {
      const token =
        who === 'anonymous' ? undefined : who === 'a shopper' ? shopper.token : adminToken();
      const { path, body } = requestNamed(name);
      const res = await expectUnchanged(
        server,
        () => post(server, path, token, body),
        victim.owner,
      );
      expectError(res, status, code);
      expectNotRevealed(res, victimSecrets());
    });

    it('a refused caller learns nothing of the payload rules (role checked before the body)', async () => {
      for (const token of [undefined, shopper.token, adminToken()]) {
        const res = await expectUnchanged(server, () =>
          post(server, TIENDA.addProducto, token, { name: 'x', price: 'abc' }),
        );
        expect(res.status).toBe(token === undefined ? 401 : 403);
      }
    });

    it('the victim’s own list still shows its catalogue as it was set up', async () => {
      const view = await ownView(server, victim.owner);
      expect(view.categorias).toEqual([{ ...victim.categoria, productos: [victim.producto] }]);
      expect(allCategorias(await listFor(server, adminToken()), victim.owner.tiendaId)).toEqual(
        view.categorias,
      );
    });
  });
});
