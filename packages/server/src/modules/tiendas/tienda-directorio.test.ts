import type { TiendaDirectorio } from '@tianguis/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ApiResponse, TestServer } from '../../../test/build-test-app.js';
import { useAdminServer } from '../../../test/build-test-app.js';
import {
  activateProducto,
  addCategoria,
  addProducto,
  approveTienda,
  createShop,
  deleteCatalogoItem,
  getRevalidating,
  listFor,
  ok,
  post,
  updateProducto,
  type ShopSetup,
  type TiendaView,
} from '../../../test/catalogo-factories.js';
import { createShopper } from '../../../test/factories.js';

type Directorio = TiendaDirectorio;

const getDirectorio = (server: TestServer, etag?: string) =>
  getRevalidating<Directorio[]>(server, '/api/tienda/directorio', etag);

/** A public shop's directory card: only what a card needs. */
const cardOf = (shop: ShopSetup, nombre: string) => ({
  tiendaId: shop.owner.tiendaId,
  usuario: shop.owner.usuario,
  nombre,
  imageUrl: expect.any(String),
  categorias: ['Tacos de Guisado'],
  masCategorias: 0,
  timeZone: 'America/Mexico_City',
  semana: [],
  diasEspeciales: [],
  pausadoHasta: null,
});

/**
 * The home page's directory and the anonymous `listartiendas` are kept serialised under the
 * catalogue's version: every change anywhere must show at once, and an unchanged list is a 304.
 */
describe('GET /api/tienda/directorio and the anonymous listartiendas', () => {
  const { server, adminToken, zacatecas, abarrotes } = useAdminServer(
    async (server, adminToken) => ({
      zacatecas: await createShop(server, { adminToken, tienda: { nombre: 'Zacatecas Tacos' } }),
      abarrotes: await createShop(server, { adminToken, tienda: { nombre: 'Abarrotes Lupita' } }),
    }),
  );
  const directorio = (etag?: string) => getDirectorio(server, etag);
  const anonymousList = (etag?: string) =>
    getRevalidating<TiendaView[]>(server, '/api/tienda/listartiendas', etag);
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
      cardOf(abarrotes, 'Abarrotes Lupita'),
      cardOf(zacatecas, 'Zacatecas Tacos'),
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
    const producto = zacatecas.producto;
    await updateProducto(server, zacatecas.owner, producto, { price: 21.5 });
    const changed = await anonymousList(etagOf(list));
    expect(changed.status).toBe(200);
    const precio = changed.body
      .find((t) => t.tiendaId === zacatecas.owner.tiendaId)
      ?.categorias[0]?.productos.find((p) => p.id === producto.id)?.price;
    expect(precio).toBe(21.5);

    // A new shop is approved: the directory lists it.
    const nueva = await createShop(server, { tienda: { nombre: 'Mercado Nuevo' } });
    expect((await directorio(etagOf(dir))).status).toBe(200);
    await approveTienda(server, adminToken(), nueva.owner.tiendaId);
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

/** The UTC date `days` from `now` (YYYY-MM-DD). */
const fechaUtc = (now: Date, days: number) =>
  new Date(now.getTime() + days * 86_400_000).toISOString().slice(0, 10);

/**
 * What each card says (docs/api.md, "The directory"): what the shop sells and what it takes to
 * say open or closed on the visitor's clock. Nothing in the answer depends on the time of day.
 */
describe('GET /api/tienda/directorio: categories, hours and pause of each shop', () => {
  const { server, adminToken } = useAdminServer();
  afterEach(() => vi.useRealTimers());

  const directorio = (etag?: string) => getDirectorio(server, etag);
  const entradaDe = async (shop: ShopSetup) => {
    const res = await directorio();
    expect(res.status).toBe(200);
    const entrada = res.body.find((t) => t.tiendaId === shop.owner.tiendaId);
    expect(entrada, 'la tienda en el directorio').toBeDefined();
    return entrada!;
  };
  /** A category with one active product in the shop. */
  const conProducto = async (shop: ShopSetup, title: string) => {
    const categoria = await addCategoria(server, shop.owner, { title });
    const producto = await addProducto(server, shop.owner, categoria.id, { name: `De ${title}` });
    return { categoria, producto };
  };

  it('lists the public categories in the shop page’s order (Spanish, by title): the first 4 and how many more', async () => {
    const shop = await createShop(server, {
      adminToken: adminToken(),
      categoria: { title: 'Tacos' },
    });
    for (const title of ['Postres', 'Órdenes', 'Bebidas', 'Ñoquis', 'Antojitos']) {
      await conProducto(shop, title);
    }
    const entrada = await entradaDe(shop);
    expect(entrada.categorias).toEqual(['Antojitos', 'Bebidas', 'Ñoquis', 'Órdenes']);
    expect(entrada.masCategorias).toBe(2);
  });

  it('leaves out deleted categories, empty ones and those whose products are all hidden or deleted', async () => {
    const shop = await createShop(server, {
      adminToken: adminToken(),
      categoria: { title: 'Tacos' },
    });
    await addCategoria(server, shop.owner, { title: 'Vacía' });
    const oculta = await conProducto(shop, 'Oculta');
    await activateProducto(server, shop.owner, oculta.producto.id, false);
    const sinProductos = await conProducto(shop, 'Sin productos');
    await deleteCatalogoItem(server, shop.owner, 'producto', sinProductos.producto.id, 'body');
    const borrada = await conProducto(shop, 'Borrada');
    await deleteCatalogoItem(server, shop.owner, 'categoria', borrada.categoria.id, 'body');
    await conProducto(shop, 'Bebidas');
    const entrada = await entradaDe(shop);
    expect(entrada.categorias).toEqual(['Bebidas', 'Tacos']);
    expect(entrada.masCategorias).toBe(0);
  });

  it('carries the week, the special days near today (a yearly one by its month and day) and the pause', async () => {
    const shop = await createShop(server, { adminToken: adminToken() });
    const semana = [
      { dia: 'LUNES', apertura: '09:00:00', cierre: '18:30:00', cerrado: false },
      { dia: 'MARTES', apertura: '22:00:00', cierre: '02:00:00', cerrado: false },
      { dia: 'DOMINGO', apertura: '08:00:00', cierre: '08:00:00', cerrado: true },
    ];
    ok(await post(server, '/api/horario/addrange', shop.owner.token, semana), 'addrange');
    const now = new Date();
    const cercano = fechaUtc(now, 3);
    const anual = `2000-${fechaUtc(now, 5).slice(5)}`;
    const diasEspeciales = [
      { fecha: cercano, recurrenteCadaAnio: false },
      { fecha: anual, recurrenteCadaAnio: true },
      { fecha: fechaUtc(now, -10), recurrenteCadaAnio: false }, // past
      { fecha: fechaUtc(now, 30), recurrenteCadaAnio: false }, // beyond the look-ahead
      { fecha: `2000-${fechaUtc(now, 40).slice(5)}`, recurrenteCadaAnio: true },
    ];
    for (const dia of diasEspeciales) {
      ok(await post(server, '/api/horariosdias/add', shop.owner.token, dia), 'horariosdias/add');
    }

    const entrada = await entradaDe(shop);
    expect(entrada.timeZone).toBe('America/Mexico_City');
    // Compact (docs/api.md): Monday to Sunday, '' for a day it doesn't open.
    expect(entrada.semana).toEqual(['09:00-18:30', '22:00-02:00', '', '', '', '', '']);
    // The dates near today that are special days, a yearly one on this year's date.
    expect(entrada.diasEspeciales).toEqual([cercano, fechaUtc(now, 5)]);
    expect(entrada.pausadoHasta).toBeNull();

    // A shop without hours or special days: both empty (always open, docs/api.md).
    const otra = await createShop(server, { adminToken: adminToken() });
    expect(await entradaDe(otra)).toMatchObject({ semana: [], diasEspeciales: [] });

    ok(await post(server, '/api/tienda/pausar', shop.owner.token, { minutos: 30 }), 'pausar');
    const pausada = await entradaDe(shop);
    expect(Date.parse(pausada.pausadoHasta ?? '') - Date.now()).toBeGreaterThan(25 * 60_000);
  });

  it('shows a category rename, new hours and a special day in the next answer, with a new ETag', async () => {
    const shop = await createShop(server, {
      adminToken: adminToken(),
      categoria: { title: 'Tacos' },
    });
    let res = await directorio();
    let etag = res.headers.get('etag')!;
    expect((await directorio(etag)).status).toBe(304);

    ok(
      await post(server, '/api/tienda/updatecategoria', shop.owner.token, {
        id: shop.categoria.id,
        title: 'Tacos al pastor',
        imageUrl: shop.categoria.imageUrl,
      }),
      'updatecategoria',
    );
    res = await directorio(etag);
    expect(res.status).toBe(200);
    expect(res.headers.get('etag')).not.toBe(etag);
    expect(res.body.find((t) => t.tiendaId === shop.owner.tiendaId)?.categorias).toEqual([
      'Tacos al pastor',
    ]);

    etag = res.headers.get('etag')!;
    const semana = [{ dia: 'LUNES', apertura: '10:00:00', cierre: '14:00:00', cerrado: false }];
    ok(await post(server, '/api/horario/addrange', shop.owner.token, semana), 'addrange');
    res = await directorio(etag);
    expect(res.status).toBe(200);
    expect(res.body.find((t) => t.tiendaId === shop.owner.tiendaId)?.semana).toEqual([
      '10:00-14:00',
      '',
      '',
      '',
      '',
      '',
      '',
    ]);

    etag = res.headers.get('etag')!;
    const fecha = fechaUtc(new Date(), 1);
    ok(
      await post(server, '/api/horariosdias/add', shop.owner.token, { fecha }),
      'horariosdias/add',
    );
    res = await directorio(etag);
    expect(res.status).toBe(200);
    expect(res.body.find((t) => t.tiendaId === shop.owner.tiendaId)?.diasEspeciales).toEqual([
      fecha,
    ]);
  });

  it('is one answer per UTC date: the same all day, a new one (and its special days) the next', async () => {
    const shop = await createShop(server, { adminToken: adminToken() });
    ok(
      await post(server, '/api/horariosdias/add', shop.owner.token, { fecha: '2031-03-20' }),
      'horariosdias/add',
    );
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2031-03-10T00:00:30Z'));
    const antes = await directorio();
    const etag = antes.headers.get('etag')!;
    expect(antes.body.find((t) => t.tiendaId === shop.owner.tiendaId)?.diasEspeciales).toEqual([]);
    vi.setSystemTime(new Date('2031-03-10T23:59:30Z'));
    expect((await directorio(etag)).status).toBe(304);

    // Ten days ahead of the 20th's day before: the day comes into the answer's window.
    vi.setSystemTime(new Date('2031-03-12T00:00:30Z'));
    const despues = await directorio(etag);
    expect(despues.status).toBe(200);
    expect(despues.headers.get('etag')).not.toBe(etag);
    expect(despues.body.find((t) => t.tiendaId === shop.owner.tiendaId)?.diasEspeciales).toEqual([
      '2031-03-20',
    ]);
  });
});
