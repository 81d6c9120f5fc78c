import { gunzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { rawGet, useAdminServer, type ApiResponse } from '../../../test/build-test-app.js';
import {
  addCategoria,
  addDiaEspecial,
  addProducto,
  approveTienda,
  createOwner,
  createShop,
  configureTienda,
  expectError,
  expectListShape,
  findTienda,
  getPublica,
  listFor,
  ok,
  post,
  productoPayload,
  setSemana,
  type Owner,
  type ShopSetup,
  type TiendaPublicaAnswer,
} from '../../../test/catalogo-factories.js';

const NOT_AVAILABLE = 'La tienda no existe o no está disponible';

describe('GET /api/tienda/publica/:usuario', () => {
  const { server, adminToken, shop } = useAdminServer(async (server, adminToken) => {
    const shop = await createShop(server, { adminToken });
    await setSemana(server, shop.owner, [
      { dia: 'Lunes', apertura: '09:00', cierre: '18:00', cerrado: false },
      { dia: 'Domingo', cerrado: true },
    ]);
    await addDiaEspecial(server, shop.owner, { fecha: '2026-12-25', recurrenteCadaAnio: true });
    return { shop };
  });

  const read = (usuario: string, etag?: string) => getPublica(server, usuario, etag);

  function etagOf(res: ApiResponse): string {
    const etag = res.headers.get('etag');
    expect(etag).toMatch(/^(W\/)?"[^"]+"$/);
    return etag!;
  }

  /** A 200 with a fresh ETag, which no longer answers 304 to the old one. */
  async function expectNewEtag(
    owner: Owner,
    oldEtag: string,
  ): Promise<ApiResponse<TiendaPublicaAnswer>> {
    const res = await read(owner.usuario, oldEtag);
    expect(res.status).toBe(200);
    expect(etagOf(res)).not.toBe(oldEtag);
    expect((await read(owner.usuario, etagOf(res))).status).toBe(304);
    return res;
  }

  it('answers the shop as the public list shows it, its hours and its special days, with an ETag', async () => {
    const res = await read(shop.owner.usuario);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    etagOf(res);
    expect(Object.keys(res.body).sort()).toEqual([
      'abierta',
      'diasEspeciales',
      'horarios',
      'mensajeCerrada',
      'tienda',
    ]);
    expectListShape([res.body.tienda]);
    expect(res.body.tienda).toEqual(findTienda(await listFor(server), shop.owner.tiendaId));
    expect(res.body.tienda.categorias).toEqual([{ ...shop.categoria, productos: [shop.producto] }]);
    const id = shop.owner.tiendaId;
    expect(res.body.horarios).toEqual((await server.call(`/api/horario/getbytienda/${id}`)).body);
    expect(res.body.horarios).toHaveLength(2);
    expect(res.body.diasEspeciales).toEqual(
      (await server.call(`/api/horariosdias/getbytienda/${id}`)).body,
    );
    expect(res.body.diasEspeciales).toEqual([
      { id: expect.any(Number), tiendaId: id, fecha: '2026-12-25', recurrenteCadaAnio: true },
    ]);
  });

  it('answers 304 with no body to a matching If-None-Match, also within a list; 200 otherwise', async () => {
    const first = await read(shop.owner.usuario);
    const etag = etagOf(first);
    const again = await read(shop.owner.usuario, etag);
    expect(again.status).toBe(304);
    expect(again.body).toBeUndefined();
    expect(again.headers.get('etag')).toBe(etag);
    expect((await read(shop.owner.usuario, `"otro", ${etag}`)).status).toBe(304);
    const other = await read(shop.owner.usuario, '"t1v999999"');
    expect(other.status).toBe(200);
    expect(other.body).toEqual(first.body);
    expect(etagOf(other)).toBe(etag);
  });

  it('sends the kept answer gzipped to a client that takes gzip, the same JSON', async () => {
    const url = `${server.baseUrl}/api/tienda/publica/${shop.owner.usuario}`;
    const get = (acceptEncoding: string) => rawGet(url, { 'accept-encoding': acceptEncoding });
    const plain = await get('identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    for (let i = 0; i < 2; i += 1) {
      const zipped = await get('gzip, deflate, br');
      expect(zipped.headers['content-encoding']).toBe('gzip');
      expect(zipped.headers.vary).toMatch(/accept-encoding/i);
      expect(gunzipSync(zipped.body).toString()).toBe(plain.body.toString());
    }
  });

  it('finds the shop whatever the case of usuario', async () => {
    const lower = await read(shop.owner.usuario);
    const upper = await read(shop.owner.usuario.toUpperCase());
    expect(upper.status).toBe(200);
    expect(upper.body).toEqual(lower.body);
    expect(etagOf(upper)).toBe(etagOf(lower));
    expect((await read(shop.owner.usuario.toUpperCase(), etagOf(lower))).status).toBe(304);
  });

  describe('every change by the owner or the admin changes the ETag', () => {
    let s: ShopSetup;
    let etag: string;
    let extraCategoriaId: number;
    let extraProductoId: number;
    let diaId: number;

    beforeAll(async () => {
      s = await createShop(server, { adminToken: adminToken() });
    });

    async function current() {
      const res = await read(s.owner.usuario);
      expect(res.status).toBe(200);
      etag = etagOf(res);
      return res;
    }

    const postAs = (path: string, body?: unknown) => post(server, path, s.owner.token, body);

    it('updatetienda', async () => {
      await current();
      await configureTienda(server, s.owner, { nombre: 'Cocina Economica' });
      const res = await expectNewEtag(s.owner, etag);
      expect(res.body.tienda.nombre).toBe('Cocina Economica');
    });

    it('addcategoria (even an empty one, not shown yet)', async () => {
      await current();
      extraCategoriaId = (await addCategoria(server, s.owner, { title: 'Bebidas' })).id;
      const res = await expectNewEtag(s.owner, etag);
      expect(res.body.tienda.categorias.map((c) => c.id)).toEqual([s.categoria.id]);
    });

    it('addproducto', async () => {
      await current();
      extraProductoId = (
        await addProducto(server, s.owner, extraCategoriaId, { name: 'Agua de horchata' })
      ).id;
      const res = await expectNewEtag(s.owner, etag);
      const names = res.body.tienda.categorias.flatMap((c) => c.productos.map((p) => p.name));
      expect(names.sort()).toEqual(['Agua de horchata', s.producto.name].sort());
    });

    it('updatecategoria', async () => {
      await current();
      ok(
        await postAs('/api/tienda/updatecategoria', {
          id: extraCategoriaId,
          title: 'Aguas frescas',
          imageUrl: '/images/aguas.png',
        }),
        'updatecategoria',
      );
      const res = await expectNewEtag(s.owner, etag);
      const categoria = res.body.tienda.categorias.find((c) => c.id === extraCategoriaId);
      expect(categoria).toMatchObject({
        title: 'Aguas frescas',
        titleWithoutSpaces: 'aguasfrescas',
        imageUrl: '/images/aguas.png',
      });
    });

    it('updateproducto', async () => {
      await current();
      ok(
        await postAs('/api/tienda/updateproducto', {
          id: extraProductoId,
          ...productoPayload(extraCategoriaId, { name: 'Agua de horchata', price: 22.5 }),
        }),
        'updateproducto',
      );
      const res = await expectNewEtag(s.owner, etag);
      const producto = res.body.tienda.categorias
        .flatMap((c) => c.productos)
        .find((p) => p.id === extraProductoId);
      expect(producto?.price).toBe(22.5);
    });

    it('activateproducto (off hides it, on shows it again)', async () => {
      await current();
      const path = '/api/tienda/activateproducto';
      ok(await postAs(path, { productoId: extraProductoId, activate: false }), 'off');
      const off = await expectNewEtag(s.owner, etag);
      expect(off.body.tienda.categorias.map((c) => c.id)).toEqual([s.categoria.id]);
      etag = etagOf(off);
      ok(await postAs(path, { productoId: extraProductoId, activate: true }), 'on');
      const on = await expectNewEtag(s.owner, etag);
      expect(on.body.tienda.categorias).toHaveLength(2);
    });

    it('addrange', async () => {
      await current();
      ok(
        await postAs('/api/horario/addrange', [
          { dia: 'Martes', apertura: '10:00', cierre: '14:00' },
        ]),
        'addrange',
      );
      const res = await expectNewEtag(s.owner, etag);
      expect(res.body.horarios).toMatchObject([
        { dia: 'MARTES', apertura: '10:00:00', cierre: '14:00:00', cerrado: false },
      ]);
    });

    it('horariosdias add, update and delete', async () => {
      await current();
      const added = ok(
        await postAs('/api/horariosdias/add', { fecha: '2027-01-01', recurrenteCadaAnio: false }),
        'add',
      ) as { id: number }[];
      diaId = added[0]!.id;
      let res = await expectNewEtag(s.owner, etag);
      expect(res.body.diasEspeciales).toMatchObject([{ id: diaId, fecha: '2027-01-01' }]);
      etag = etagOf(res);
      ok(
        await postAs(`/api/horariosdias/update/${diaId}`, {
          fecha: '2027-09-16',
          recurrenteCadaAnio: true,
        }),
        'update',
      );
      res = await expectNewEtag(s.owner, etag);
      expect(res.body.diasEspeciales).toMatchObject([
        { id: diaId, fecha: '2027-09-16', recurrenteCadaAnio: true },
      ]);
      etag = etagOf(res);
      ok(await postAs(`/api/horariosdias/delete/${diaId}`), 'delete');
      res = await expectNewEtag(s.owner, etag);
      expect(res.body.diasEspeciales).toEqual([]);
    });

    it('deleteproducto and deletecategoria', async () => {
      await current();
      ok(await postAs(`/api/tienda/deleteproducto/${extraProductoId}`), 'deleteproducto');
      const res = await expectNewEtag(s.owner, etag);
      expect(res.body.tienda.categorias.map((c) => c.id)).toEqual([s.categoria.id]);
      etag = etagOf(res);
      const otra = await addCategoria(server, s.owner, { title: 'Temporada' });
      await addProducto(server, s.owner, otra.id, { name: 'Pan de muerto' });
      etag = etagOf(await current());
      ok(await postAs(`/api/tienda/deletecategoria/${otra.id}`), 'deletecategoria');
      const after = await expectNewEtag(s.owner, etag);
      expect(after.body.tienda.categorias.map((c) => c.id)).toEqual([s.categoria.id]);
    });

    it('activatetienda: off answers 404 even to the old ETag; on answers a new ETag', async () => {
      await current();
      ok(await postAs('/api/tienda/activatetienda', { activate: false }), 'off');
      expectError(await read(s.owner.usuario, etag), 404, 'NO_ENCONTRADO', NOT_AVAILABLE);
      ok(await postAs('/api/tienda/activatetienda', { activate: true }), 'on');
      await expectNewEtag(s.owner, etag);
    });

    it('a refused change, or a change to another shop, leaves the ETag alone', async () => {
      await current();
      // Invalid product, duplicate category, and the other shop's own changes.
      await postAs('/api/tienda/addproducto', productoPayload(s.categoria.id, { price: 'x' }));
      await postAs('/api/tienda/addcategoria', { title: s.categoria.title, imageUrl: '/i.png' });
      await postAs('/api/tienda/deleteproducto/999999');
      ok(
        await post(server, '/api/tienda/activatetienda', shop.owner.token, { activate: true }),
        'other shop',
      );
      expect((await read(s.owner.usuario, etag)).status).toBe(304);
    });
  });

  describe('404 NO_ENCONTRADO, the same answer for every shop the public may not see', () => {
    it.each([
      ['an unknown usuario', 'nadie-aqui'],
      ['a shopper’s usuario', 'N/A'],
    ])('%s', async (_label, usuario) => {
      const res = await read(usuario);
      expectError(res, 404, 'NO_ENCONTRADO', NOT_AVAILABLE);
      expect(res.headers.get('etag')).toBeNull();
    });

    it('a shop just registered, configured without products, or with products but not approved', async () => {
      const owner = await createOwner(server);
      expectError(await read(owner.usuario), 404, 'NO_ENCONTRADO', NOT_AVAILABLE);
      await configureTienda(server, owner);
      expectError(await read(owner.usuario), 404, 'NO_ENCONTRADO', NOT_AVAILABLE);
      const categoria = await addCategoria(server, owner);
      await addProducto(server, owner, categoria.id);
      expectError(await read(owner.usuario), 404, 'NO_ENCONTRADO', NOT_AVAILABLE);
      await approveTienda(server, adminToken(), owner.tiendaId);
      expect((await read(owner.usuario)).status).toBe(200);
    });

    it('a shop whose only product is inactive, or whose only category is deleted', async () => {
      const a = await createShop(server, { adminToken: adminToken() });
      ok(
        await post(server, '/api/tienda/activateproducto', a.owner.token, {
          productoId: a.producto.id,
          activate: false,
        }),
        'activateproducto',
      );
      expectError(await read(a.owner.usuario), 404, 'NO_ENCONTRADO', NOT_AVAILABLE);
      const b = await createShop(server, { adminToken: adminToken() });
      const etag = etagOf(await read(b.owner.usuario));
      ok(
        await post(server, `/api/tienda/deletecategoria/${b.categoria.id}`, b.owner.token),
        'deletecategoria',
      );
      expectError(await read(b.owner.usuario, etag), 404, 'NO_ENCONTRADO', NOT_AVAILABLE);
    });

    it('a deleted or unconfigured shop (flags set in the database), even to its cached ETag', async () => {
      const a = await createShop(server, { adminToken: adminToken() });
      const b = await createShop(server, { adminToken: adminToken() });
      const etagA = etagOf(await read(a.owner.usuario));
      const etagB = etagOf(await read(b.owner.usuario));
      const db = server.app.database.db;
      await db
        .updateTable('tienda')
        .set({ deleted: 1, version: 1000 })
        .where('id', '=', a.owner.tiendaId)
        .execute();
      await db
        .updateTable('tienda')
        .set({ configured: 0, version: 1000 })
        .where('id', '=', b.owner.tiendaId)
        .execute();
      expectError(await read(a.owner.usuario, etagA), 404, 'NO_ENCONTRADO', NOT_AVAILABLE);
      expectError(await read(b.owner.usuario, etagB), 404, 'NO_ENCONTRADO', NOT_AVAILABLE);
    });
  });
});
