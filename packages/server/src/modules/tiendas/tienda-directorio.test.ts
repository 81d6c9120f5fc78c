import type { TiendaDirectorio } from '@tianguis/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiResponse, TestServer } from '../../../test/build-test-app.js';
import { startTestServer } from '../../../test/build-test-app.js';
import {
  approveTienda,
  createShop,
  listFor,
  ok,
  post,
  type ShopSetup,
  type TiendaView,
} from '../../../test/catalogo-factories.js';
import { createShopper, signInAdmin, TEST_ADMIN } from '../../../test/factories.js';

type Directorio = TiendaDirectorio;

/**
 * The home page's directory and the anonymous `listartiendas` are kept serialised under the
 * catalogue's version: every change anywhere must show at once, and an unchanged list is a 304.
 */
describe('GET /api/tienda/directorio and the anonymous listartiendas', () => {
  let server: TestServer;
  let adminToken: string;
  let zacatecas: ShopSetup;
  let abarrotes: ShopSetup;

  beforeAll(async () => {
    server = await startTestServer({ config: TEST_ADMIN });
    adminToken = await signInAdmin(server);
    zacatecas = await createShop(server, { adminToken, tienda: { nombre: 'Zacatecas Tacos' } });
    abarrotes = await createShop(server, { adminToken, tienda: { nombre: 'Abarrotes Lupita' } });
  });
  afterAll(() => server.destroy());

  const directorio = (etag?: string) =>
    server.call<Directorio[]>('/api/tienda/directorio', {
      headers: etag ? { 'if-none-match': etag } : {},
    });
  const anonymousList = (etag?: string) =>
    server.call<TiendaView[]>('/api/tienda/listartiendas', {
      headers: etag ? { 'if-none-match': etag } : {},
    });
  const etagOf = (res: ApiResponse) => {
    const etag = res.headers.get('etag');
    expect(etag).toMatch(/^W\/"[^"]+"$/);
    return etag!;
  };

  // Shop names are stored as typed (second edition) and sorted ignoring case.
  it('lists the public shops by name with only what a card needs', async () => {
    const res = await directorio();
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      {
        tiendaId: abarrotes.owner.tiendaId,
        usuario: abarrotes.owner.usuario,
        nombre: 'Abarrotes Lupita',
        imageUrl: expect.any(String),
        categorias: ['Tacos de Guisado'],
        masCategorias: 0,
        timeZone: 'America/Mexico_City',
        horarios: [],
        diasEspeciales: [],
        pausadoHasta: null,
      },
      {
        tiendaId: zacatecas.owner.tiendaId,
        usuario: zacatecas.owner.usuario,
        nombre: 'Zacatecas Tacos',
        imageUrl: expect.any(String),
        categorias: ['Tacos de Guisado'],
        masCategorias: 0,
        timeZone: 'America/Mexico_City',
        horarios: [],
        diasEspeciales: [],
        pausadoHasta: null,
      },
    ]);
    expect((await directorio(etagOf(res))).status).toBe(304);
  });

  it('shows a change anywhere at once, in both answers, and a 304 only while nothing changed', async () => {
    const dir = await directorio();
    const list = await anonymousList();
    expect(list.status).toBe(200);
    expect(list.body).toEqual(await listFor(server));
    expect((await anonymousList(etagOf(list))).status).toBe(304);

    // A price changes in one shop: the anonymous list shows it, with a new ETag.
    const producto = { ...zacatecas.producto, price: 21.5 };
    ok(
      await post(server, '/api/tienda/updateproducto', zacatecas.owner.token, {
        id: producto.id,
        name: producto.name,
        price: producto.price,
        categoriaId: producto.categoriaId,
        imageUrl: producto.imageUrl,
        descripcion: producto.descripcion,
        detalle: producto.detalle,
      }),
      'updateproducto',
    );
    const changed = await anonymousList(etagOf(list));
    expect(changed.status).toBe(200);
    const precio = changed.body
      .find((t) => t.tiendaId === zacatecas.owner.tiendaId)
      ?.categorias[0]?.productos.find((p) => p.id === producto.id)?.price;
    expect(precio).toBe(21.5);

    // A new shop is approved: the directory lists it.
    const nueva = await createShop(server, { tienda: { nombre: 'Mercado Nuevo' } });
    expect((await directorio(etagOf(dir))).status).toBe(200);
    await approveTienda(server, adminToken, nueva.owner.tiendaId);
    const after = await directorio(etagOf(dir));
    expect(after.status).toBe(200);
    expect(after.body.map((t) => t.nombre)).toEqual([
      'Abarrotes Lupita',
      'Mercado Nuevo',
      'Zacatecas Tacos',
    ]);

    // The shop switches itself off: gone from both at once.
    ok(
      await post(server, '/api/tienda/activatetienda', nueva.owner.token, { activate: false }),
      'activatetienda',
    );
    expect((await directorio()).body.map((t) => t.nombre)).not.toContain('Mercado Nuevo');
    expect((await anonymousList()).body.map((t) => t.tiendaId)).not.toContain(nueva.owner.tiendaId);
  });

  it('gives a signed-in shopper the same public list, revalidated the same way', async () => {
    const shopper = await createShopper(server);
    const anonymous = await anonymousList();
    const mine = await server.call<TiendaView[]>('/api/tienda/listartiendas', {
      token: shopper.token,
    });
    expect(mine.status).toBe(200);
    expect(mine.body).toEqual(anonymous.body);
    expect(mine.headers.get('etag')).toBe(etagOf(anonymous));
  });

  it('still gives an owner its own shop whatever its state, never the cached public answer', async () => {
    const hidden = await createShop(server, { tienda: { nombre: 'Sin Aprobar' } });
    const own = await listFor(server, hidden.owner.token);
    expect(own.map((t) => t.tiendaId)).toContain(hidden.owner.tiendaId);
    const anonymous = await anonymousList();
    expect(anonymous.body.map((t) => t.tiendaId)).not.toContain(hidden.owner.tiendaId);
  });
});
