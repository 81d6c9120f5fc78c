import { expect } from 'vitest';
import { readSseEvents } from '../../../scripts/lib/sse-client.js';
import type { ApiResponse, CallOptions, TestServer } from './build-test-app.js';
import {
  addCategoria,
  addProducto,
  approveTienda,
  configureTienda,
  createOwner,
  gruposPayload,
  ok,
  type CategoriaView,
  type Owner,
  type ProductoView,
  type ShopSetup,
  type TiendaView,
} from './catalogo-factories.js';
import { shopperPayload, registerAndSignIn, type SignedIn } from './factories.js';
import type { CarritoGrupoView, CarritoItemView } from '../src/modules/carrito/carrito.service.js';
import type { PedidoView } from '../src/modules/pedidos/pedido.service.js';

// Shared setup for the cart, checkout and order route tests: "a public, open shop with
// products", "a shopper with a basket", the wire shapes of the cart and of an order, and
// "nothing changed" snapshots of the cart and order tables read straight from the database.

export const CART = {
  listar: '/api/shoppingcartmarket/listarcarrito',
  addItem: '/api/shoppingcartmarket/addItem',
  removeItem: '/api/shoppingcartmarket/removeItem',
  clearItem: '/api/shoppingcartmarket/clearItem',
  removecart: '/api/shoppingcartmarket/removecart',
  proccesscart: '/api/shoppingcartmarket/proccesscart',
} as const;

export const PEDIDO = {
  byShopper: '/api/pedido/listarpedidosbyid',
  byTienda: '/api/pedido/listarpedidosbytiendaid',
  completar: '/api/pedido/completarpedidobypedidoid',
  cancelar: '/api/pedido/cancelarpedidobypedidoid',
} as const;

// ---- Wire shapes (docs/api.md, "Basket and orders (first edition)") ----

// The types come from the server under the names these tests use; the runtime key lists below
// are the tests' own statement of the contract.
export type CarritoGrupo = CarritoGrupoView;
export type CarritoItem = CarritoItemView;
export type Pedido = PedidoView;
export type PedidoDetalle = PedidoView['pedidoDetalles'][number];

export const GRUPO_KEYS = [
  'tiendaId',
  'nombreTienda',
  'usuarioTienda',
  'celularTienda',
  'montoMinimo',
  'costoDeEnvio',
  'listOfShoppingCartMarketStore',
  // Second edition ("Cart lines"): what the cart screen says before checkout.
  'subtotal',
  'entrega',
  'pagos',
  'abierta',
  'mensajeCerrada',
].sort();

export const ITEM_KEYS = [
  'productoId',
  'nombreProducto',
  'precio',
  'cantidad',
  'imageurl',
  'shoppingCartId',
  'tiendaId',
  'loginId',
  'disponible',
  // Second edition: the line's options and note (precio includes the options).
  'opciones',
  'nota',
].sort();

export const PEDIDO_KEYS = [
  'id',
  'tiendaId',
  'usuarioId',
  'status',
  'fecha',
  'cantidadDeArticulos',
  'montoTotal',
  'costoDeEnvio',
  'nombreTienda',
  'usuarioTienda',
  'tiendaImageUrl',
  'celularTienda',
  'nombreCompleto',
  'celular',
  'direccionEntrega',
  'pedidoDetalles',
  // Second edition ("Checkout", "Order life"): every order answer gains these.
  'entrega',
  'pago',
  'nota',
  'invitado',
  'origen',
  'aceptadoEn',
  'listoEstimado',
  'motivoCancelacion',
  'escalado',
  'vistoEn',
  'listoEn',
  'aceptadoPor',
  'listoPor',
  'completadoPor',
  'canceladoPor',
  // Third edition ("Orders for later"): the slot's start, or null.
  'programadoPara',
].sort();

export const DETALLE_KEYS = [
  'nombreProducto',
  'imagenProducto',
  'cantidad',
  'precio',
  // Second edition: the product, and its options and note as they were when ordered.
  'productoId',
  'opciones',
  'nota',
].sort();

/** At most two decimals, as a JSON number (docs/api.md, "Wire conventions"). */
export function expectPesos(value: unknown): void {
  expect(typeof value).toBe('number');
  const text = String(value);
  expect(text, `${text} is not pesos with at most two decimals`).toMatch(/^\d+(\.\d{1,2})?$/);
}

/**
 * What a cart group says of a shop with the default settings and no hours: delivery only,
 * cash only, open (docs/api.md, "Cart lines").
 */
export const GRUPO_DEFAULTS = {
  entrega: { recoger: false, domicilio: true },
  pagos: { efectivo: true, terminal: false, transferencia: null },
  abierta: true,
  mensajeCerrada: null,
} as const;

/** Every group and line of a cart answer has exactly the documented fields. */
export function expectCartShape(cart: CarritoGrupo[], loginId?: number): void {
  expect(Array.isArray(cart)).toBe(true);
  const tiendaIds = cart.map((g) => g.tiendaId);
  expect(new Set(tiendaIds).size, 'one group per shop').toBe(tiendaIds.length);
  for (const grupo of cart) {
    expect(Object.keys(grupo).sort()).toEqual(GRUPO_KEYS);
    expectPesos(grupo.montoMinimo);
    expectPesos(grupo.costoDeEnvio);
    expect(grupo.listOfShoppingCartMarketStore.length).toBeGreaterThan(0);
    for (const item of grupo.listOfShoppingCartMarketStore) {
      expect(Object.keys(item).sort()).toEqual(ITEM_KEYS);
      expect(item.tiendaId).toBe(grupo.tiendaId);
      expect(Number.isInteger(item.cantidad) && item.cantidad > 0).toBe(true);
      expectPesos(item.precio);
      expect(typeof item.disponible).toBe('boolean');
      if (loginId !== undefined) expect(item.loginId).toBe(loginId);
    }
  }
}

/** Every order has exactly its documented fields and lines (docs/api.md). */
export function expectPedidoShape(pedido: Pedido): void {
  // The shopper's and the guest's answers also say where a pickup order is collected (null for
  // delivery); the owner's leave it out.
  const { recogerEn, ...rest } = pedido;
  expect(Object.keys(rest).sort()).toEqual(PEDIDO_KEYS);
  if (recogerEn !== undefined) {
    expect(recogerEn === null).toBe(pedido.entrega.tipo !== 'RECOGER');
    if (recogerEn) {
      expect(Object.keys(recogerEn).sort()).toEqual(['direccion', 'mapa', 'nombre', 'telefono']);
    }
  }
  expect(['NUEVO', 'ACEPTADO', 'LISTO', 'COMPLETADO', 'CANCELADO']).toContain(pedido.status);
  // ISO-8601 with an offset (docs/api.md): 'Z' or ±HH:MM.
  expect(pedido.fecha).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/);
  expect(Number.isNaN(Date.parse(pedido.fecha))).toBe(false);
  expectPesos(pedido.montoTotal);
  expectPesos(pedido.costoDeEnvio);
  for (const d of pedido.pedidoDetalles) {
    expect(Object.keys(d).sort()).toEqual(DETALLE_KEYS);
    expectPesos(d.precio);
  }
}

/**
 * An order as the owner's answers carry it: the shopper's and the guest's add `recogerEn`
 * (docs/api.md, "Shop address and public phone").
 */
export function comoDelDueno(pedido: Pedido): Pedido {
  const { recogerEn: _recogerEn, ...rest } = pedido;
  return rest;
}

/** Pesos to integer centavos by their decimal text (never a float multiplication). */
export function centavos(pesos: number): number {
  const [whole = '0', fraction = ''] = String(pesos).split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/**
 * An order's totals hold exactly: cantidadDeArticulos is the sum of quantities and montoTotal
 * the sum of line amounts plus shipping, compared in integer centavos.
 */
export function expectTotalsExact(pedido: Pedido): void {
  const subtotal = pedido.pedidoDetalles.reduce(
    (sum, d) => sum + centavos(d.precio) * d.cantidad,
    0,
  );
  expect(centavos(pedido.montoTotal)).toBe(subtotal + centavos(pedido.costoDeEnvio));
  expect(pedido.montoTotal).toBe((subtotal + centavos(pedido.costoDeEnvio)) / 100);
  expect(pedido.cantidadDeArticulos).toBe(
    pedido.pedidoDetalles.reduce((sum, d) => sum + d.cantidad, 0),
  );
}

// ---- Calls ----

export function call<T>(
  server: TestServer,
  path: string,
  token: string | undefined,
  body?: unknown,
  options: CallOptions = {},
): Promise<ApiResponse<T>> {
  return server.call<T>(path, { ...options, method: 'POST', token, body });
}

/**
 * POST `path` with the token in the header and no body, as the first edition's clients send it;
 * with `emptyJson`, an empty body sent as JSON.
 */
export function postWithoutBody<T>(
  server: TestServer,
  path: string,
  token: string,
  emptyJson = false,
): Promise<ApiResponse<T>> {
  const empty = { headers: { 'content-type': 'application/json' }, rawBody: '' };
  return server.call<T>(path, { method: 'POST', token, ...(emptyJson && empty) });
}

export async function listCart(server: TestServer, token: string): Promise<CarritoGrupo[]> {
  return ok(await call<CarritoGrupo[]>(server, CART.listar, token, {}), 'listarcarrito');
}

export function grupoOf(cart: CarritoGrupo[], tiendaId: number): CarritoGrupo | undefined {
  return cart.find((g) => g.tiendaId === tiendaId);
}

export function lineOf(cart: CarritoGrupo[], productoId: number): CarritoItem | undefined {
  return cart
    .flatMap((g) => g.listOfShoppingCartMarketStore)
    .find((l) => l.productoId === productoId);
}

/** Adds `cantidad` units of a product, one addItem call per unit. */
export async function addUnits(
  server: TestServer,
  token: string,
  productoId: number,
  cantidad = 1,
): Promise<CarritoGrupo[]> {
  let cart: CarritoGrupo[] = [];
  for (let i = 0; i < cantidad; i += 1) {
    cart = ok(
      await call<CarritoGrupo[]>(server, CART.addItem, token, { productoId }),
      `addItem ${productoId}`,
    );
  }
  return cart;
}

/** proccesscart that must succeed: the new order id (X-Pedido-Id) and the cart answered. */
export async function checkout(
  server: TestServer,
  token: string,
  tiendaId: number,
  headers: Record<string, string> = {},
): Promise<{ pedidoId: number; cart: CarritoGrupo[] }> {
  const res = await call<CarritoGrupo[]>(
    server,
    CART.proccesscart,
    token,
    { tiendaId },
    { headers },
  );
  const cart = ok(res, 'proccesscart');
  const pedidoId = Number(res.headers.get('x-pedido-id'));
  if (!Number.isInteger(pedidoId) || pedidoId <= 0) throw new Error('proccesscart sin X-Pedido-Id');
  return { pedidoId, cart };
}

/** One unit of the shop's product in the basket, checked out: the new order's id. */
export async function placeOrder(
  server: TestServer,
  shopper: { token: string },
  shop: ShopSetup,
): Promise<number> {
  await addUnits(server, shopper.token, shop.producto.id);
  return (await checkout(server, shopper.token, shop.owner.tiendaId)).pedidoId;
}

export async function shopperPedidos(server: TestServer, token: string): Promise<Pedido[]> {
  return ok(await call<Pedido[]>(server, PEDIDO.byShopper, token, {}), 'listarpedidosbyid');
}

export async function tiendaPedidos(
  server: TestServer,
  token: string,
  body: Record<string, unknown> = {},
): Promise<Pedido[]> {
  return ok(await call<Pedido[]>(server, PEDIDO.byTienda, token, body), 'listarpedidosbytiendaid');
}

// ---- "A public, open shop with products" ----

export interface ProductoSpec {
  name: string;
  price: number;
  imageUrl?: string;
}

/** A shop's products to create: specs, or a menu of prices by name (`{ Gringa: 45.1 }`). */
export type Productos = ProductoSpec[] | Record<string, number>;

export interface PublicShop {
  owner: Owner;
  tiendaId: number;
  /** The shop name as stored: as the owner typed it (second edition). */
  nombre: string;
  imageUrl: string;
  categoria: CategoriaView;
  productos: ProductoView[];
}

export interface PublicShopOptions {
  nombre?: string;
  imageUrl?: string;
  montoMinimo?: number;
  costoDeEnvio?: number;
  productos?: Productos;
}

let shopSequence = 0;

export function productoSpecs(productos: Productos): ProductoSpec[] {
  if (Array.isArray(productos)) return productos;
  return Object.entries(productos).map(([name, price]) => ({ name, price }));
}

/**
 * A configured shop, approved by the admin, activated (the default), with no hours (so it
 * counts as open) and one live category holding the given active products: publicly visible.
 * Without `adminToken` the shop stays unapproved (not visible).
 */
export async function createPublicShop(
  server: TestServer,
  adminToken: string | undefined,
  options: PublicShopOptions = {},
): Promise<PublicShop> {
  shopSequence += 1;
  const owner = await createOwner(server);
  const nombre = options.nombre ?? `Fonda Numero ${shopSequence}`;
  const imageUrl = options.imageUrl ?? `/images/tienda${shopSequence}.png`;
  const montoMinimo = options.montoMinimo ?? 0;
  const costoDeEnvio = options.costoDeEnvio ?? 0;
  await configureTienda(server, owner, {
    nombre,
    imageUrl,
    radioMontoMinimo: montoMinimo > 0 ? 'si' : 'no',
    montoMinimo,
    radioCostoDeEnvio: costoDeEnvio > 0 ? 'si' : 'no',
    costoDeEnvio,
  });
  const categoria = await addCategoria(server, owner, { title: `Comida ${shopSequence}` });
  const specs = productoSpecs(options.productos ?? { 'Taco de pastor': 19.99 });
  const productos: ProductoView[] = [];
  for (const [index, spec] of specs.entries()) {
    productos.push(
      await addProducto(server, owner, categoria.id, {
        name: spec.name,
        price: spec.price,
        imageUrl: spec.imageUrl ?? `/images/producto${shopSequence}x${index}.png`,
      }),
    );
  }
  if (adminToken) await approveTienda(server, adminToken, owner.tiendaId);
  return {
    owner,
    tiendaId: owner.tiendaId,
    nombre,
    imageUrl,
    categoria,
    productos,
  };
}

/** Changes a product's price (and keeps the rest) through updateproducto. */
export async function setPrecio(
  server: TestServer,
  shop: PublicShop,
  producto: ProductoView,
  price: number,
): Promise<void> {
  ok(
    await call(server, '/api/tienda/updateproducto', shop.owner.token, {
      id: producto.id,
      name: producto.name,
      price,
      categoriaId: producto.categoriaId,
      imageUrl: producto.imageUrl,
      descripcion: producto.descripcion,
      detalle: producto.detalle,
    }),
    'updateproducto',
  );
}

export async function setProductoActivo(
  server: TestServer,
  shop: PublicShop,
  productoId: number,
  activate: boolean,
): Promise<void> {
  ok(
    await call(server, '/api/tienda/activateproducto', shop.owner.token, { productoId, activate }),
    'activateproducto',
  );
}

export async function setTiendaActiva(
  server: TestServer,
  shop: PublicShop,
  activate: boolean,
): Promise<void> {
  ok(
    await call(server, '/api/tienda/activatetienda', shop.owner.token, { activate }),
    'activatetienda',
  );
}

/**
 * Sets a shop's configured or deleted flag in the database: states no API call leads to (a setup
 * never finished, a soft-deleted shop).
 */
export async function setTiendaFlag(
  server: TestServer,
  shop: { tiendaId: number },
  flag: { configured: 0 } | { deleted: 1 },
): Promise<void> {
  await server.app.database.db
    .updateTable('tienda')
    .set(flag)
    .where('id', '=', shop.tiendaId)
    .execute();
}

// ---- "A shopper with a basket" ----

export interface Shopper extends SignedIn {
  nombreCompleto: string;
  direccionEntrega: string;
}

let shopperSequence = 0;

/** A shopper (USUARIO) with its own name and delivery address. */
export async function createShopper(server: TestServer): Promise<Shopper> {
  shopperSequence += 1;
  const nombreCompleto = `Cliente Número ${shopperSequence}`;
  const direccionEntrega = `Calle Hidalgo ${shopperSequence}, Centro`;
  const signedIn = await registerAndSignIn(
    server,
    shopperPayload({ nombreCompleto, direccionEntrega }),
  );
  return { ...signedIn, nombreCompleto, direccionEntrega };
}

/**
 * A NUEVO order of a public shop's first product by a new shopper (one phone holds at most 3
 * NUEVO orders per shop, so a test placing several at one shop gives each its own shopper).
 */
export async function placeOrderOfNewShopper(
  server: TestServer,
  shop: PublicShop,
): Promise<{ shopper: Shopper; pedidoId: number }> {
  const shopper = await createShopper(server);
  const pedidoId = await placeOrder(server, shopper, {
    owner: shop.owner,
    categoria: shop.categoria,
    producto: shop.productos[0]!,
  });
  return { shopper, pedidoId };
}

/**
 * `count` NUEVO orders at a public shop, placed one after another, each by a new shopper: their
 * ids, oldest first.
 */
export async function placeOrdersOfNewShoppers(
  server: TestServer,
  shop: PublicShop,
  count: number,
): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < count; i += 1)
    ids.push((await placeOrderOfNewShopper(server, shop)).pedidoId);
  return ids;
}

/** A shopper whose basket holds `cantidad` units of each given product. */
export async function createShopperWithBasket(
  server: TestServer,
  lines: { productoId: number; cantidad: number }[],
): Promise<Shopper> {
  const shopper = await createShopper(server);
  for (const line of lines) await addUnits(server, shopper.token, line.productoId, line.cantidad);
  return shopper;
}

/**
 * A new public shop of `productos` and a new shopper with one unit of each in the basket: the
 * cast of a test about what the shop's state does to a basket or a checkout.
 */
export async function createShopWithBasket(
  server: TestServer,
  adminToken: string,
  productos: Productos,
  options: Omit<PublicShopOptions, 'productos'> = {},
): Promise<{ tienda: PublicShop; shopper: Shopper }> {
  const tienda = await createPublicShop(server, adminToken, { ...options, productos });
  const shopper = await createShopperWithBasket(
    server,
    tienda.productos.map((p) => ({ productoId: p.id, cantidad: 1 })),
  );
  return { tienda, shopper };
}

// ---- Time in the shop's zone ----

export const ZONA = 'America/Mexico_City';

const DIAS = ['DOMINGO', 'LUNES', 'MARTES', 'MIERCOLES', 'JUEVES', 'VIERNES', 'SABADO'];

/** Today's date ('YYYY-MM-DD'), weekday (the uppercase wire name) and hour in the zone. */
export function nowInZone(timeZone = ZONA, instant = new Date()) {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    weekday: 'short',
  }).formatToParts(instant);
  const read = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value;
  const fecha = `${read('year')}-${read('month')}-${read('day')}`;
  const weekday = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'].indexOf(read('weekday') ?? '');
  return {
    fecha,
    dia: DIAS[weekday] ?? 'LUNES',
    hour: Number(read('hour')) % 24,
    minute: Number(read('minute')),
  };
}

// ---- "Nothing changed": every cart and order row, read from the database ----

export async function snapshotPedidos(server: TestServer) {
  const db = server.app.database.db;
  const [lineas, pedidos, detalles, eventos] = await Promise.all([
    db.selectFrom('carrito_linea').selectAll().orderBy('id').execute(),
    db.selectFrom('pedido').selectAll().orderBy('id').execute(),
    db.selectFrom('pedido_detalle').selectAll().orderBy('id').execute(),
    db.selectFrom('pedido_evento').selectAll().orderBy('id').execute(),
  ]);
  return { lineas, pedidos, detalles, eventos };
}

/** Runs a call that must be refused and checks that no cart or order row changed. */
export async function expectNothingChanged<T>(
  server: TestServer,
  run: () => Promise<T>,
): Promise<T> {
  const before = await snapshotPedidos(server);
  const result = await run();
  expect(await snapshotPedidos(server)).toEqual(before);
  return result;
}

export async function countPedidos(server: TestServer, where: { accountId?: number } = {}) {
  let query = server.app.database.db.selectFrom('pedido').select('id');
  if (where.accountId !== undefined) query = query.where('account_id', '=', where.accountId);
  return (await query.execute()).length;
}

// ---- Second edition: options, shop settings, pause, sold-out, guest and owner-typed orders ----

export const CART2 = {
  cantidad: '/api/shoppingcartmarket/cantidad',
} as const;

export const PEDIDO2 = {
  aceptar: '/api/pedido/aceptarpedido',
  marcarpagado: '/api/pedido/marcarpagado',
  visto: '/api/pedido/visto',
  invitado: '/api/pedido/invitado',
  manual: '/api/pedido/manual',
  seguimiento: (s: string) => `/api/pedido/seguimiento/${s}`,
} as const;

/** The owner's own shop as mitienda answers it. */
export async function ownTienda(server: TestServer, shop: PublicShop) {
  const res = await server.call<TiendaView>('/api/tienda/mitienda', { token: shop.owner.token });
  return ok(res, 'mitienda');
}

/**
 * updatetienda with the shop's current first-edition fields and `extra` as sent (the call's
 * answer, accepted or refused), by the owner or by `token`.
 */
export async function updateTiendaCon(
  server: TestServer,
  target: PublicShop,
  extra: Record<string, unknown>,
  token?: string,
) {
  const t = await ownTienda(server, target);
  return call<TiendaView[]>(server, '/api/tienda/updatetienda', token ?? target.owner.token, {
    nombre: t.nombre,
    imageUrl: t.imageUrl,
    radioMontoMinimo: t.radioMontoMinimo,
    montoMinimo: t.montoMinimo,
    radioCostoDeEnvio: t.radioCostoDeEnvio,
    costoDeEnvio: t.costoDeEnvio,
    ...extra,
  });
}

/** updatetienda with the shop's current first-edition fields and the given settings. */
export async function setAjustes(
  server: TestServer,
  shop: PublicShop,
  ajustes: { entrega?: unknown; pagos?: unknown; costoDeEnvio?: number; montoMinimo?: number },
): Promise<void> {
  const t = await ownTienda(server, shop);
  const costoDeEnvio = ajustes.costoDeEnvio ?? t.costoDeEnvio;
  const montoMinimo = ajustes.montoMinimo ?? t.montoMinimo;
  ok(
    await call(server, '/api/tienda/updatetienda', shop.owner.token, {
      nombre: t.nombre,
      imageUrl: t.imageUrl,
      radioMontoMinimo: montoMinimo > 0 ? 'si' : 'no',
      montoMinimo,
      radioCostoDeEnvio: costoDeEnvio > 0 ? 'si' : 'no',
      costoDeEnvio,
      ...(ajustes.entrega !== undefined && { entrega: ajustes.entrega }),
      ...(ajustes.pagos !== undefined && { pagos: ajustes.pagos }),
    }),
    'updatetienda',
  );
}

/** Pauses the shop (`minutos` 15–240) or resumes it (0); answers pausadoHasta. */
export async function pausar(
  server: TestServer,
  shop: PublicShop,
  minutos: number,
): Promise<string | null> {
  ok(await call(server, '/api/tienda/pausar', shop.owner.token, { minutos }), 'pausar');
  return (await ownTienda(server, shop)).pausadoHasta;
}

export async function agotar(
  server: TestServer,
  shop: PublicShop,
  productoId: number,
  agotado: boolean,
): Promise<void> {
  ok(
    await call(server, '/api/tienda/agotarproducto', shop.owner.token, { productoId, agotado }),
    'agotarproducto',
  );
}

/** Replaces a product's option groups through updateproducto; answers them as stored. */
export async function setGrupos(
  server: TestServer,
  shop: PublicShop,
  producto: ProductoView,
  grupos: unknown[],
): Promise<ProductoView['grupos']> {
  ok(
    await call(server, '/api/tienda/updateproducto', shop.owner.token, {
      id: producto.id,
      name: producto.name,
      price: producto.price,
      categoriaId: producto.categoriaId,
      imageUrl: producto.imageUrl,
      descripcion: producto.descripcion,
      detalle: producto.detalle,
      grupos,
    }),
    'updateproducto',
  );
  const t = await ownTienda(server, shop);
  const found = t.categorias.flatMap((c) => c.productos).find((p) => p.id === producto.id);
  if (!found) throw new Error(`producto ${producto.id} no está en mitienda`);
  return found.grupos;
}

/**
 * A public shop whose first product carries the option groups of gruposPayload() (Tortilla:
 * Maíz or Harina, required; Extras: Queso, Aguacate): the shop, that product and its groups.
 */
export async function createShopWithOpciones(
  server: TestServer,
  adminToken: string,
  options: PublicShopOptions,
): Promise<{ shop: PublicShop; producto: ProductoView; grupos: ProductoView['grupos'] }> {
  const shop = await createPublicShop(server, adminToken, options);
  const producto = shop.productos[0]!;
  return { shop, producto, grupos: await setGrupos(server, shop, producto, gruposPayload()) };
}

/** One option group as updateproducto takes it, its options a menu of extra prices by name. */
export function grupoPayload(
  nombre: string,
  { minimo, maximo }: { minimo: number; maximo: number },
  opciones: Record<string, number>,
) {
  return {
    nombre,
    minimo,
    maximo,
    opciones: Object.entries(opciones).map(([opcion, precioExtra]) => ({
      nombre: opcion,
      precioExtra,
    })),
  };
}

/** An option's id by group and option name. */
export function opcionId(grupos: ProductoView['grupos'], grupo: string, opcion: string): number {
  const id = grupos.find((g) => g.nombre === grupo)?.opciones.find((o) => o.nombre === opcion)?.id;
  if (id === undefined) throw new Error(`opción ${grupo}/${opcion} no existe`);
  return id;
}

let guestSequence = 0;

/** A shopper without an account, with a phone of its own. */
export function guestCliente(overrides: Record<string, unknown> = {}) {
  guestSequence += 1;
  const n = (process.pid % 10_000) * 10_000 + guestSequence;
  return {
    nombreCompleto: `Invitado Número ${guestSequence}`,
    celular: `57${String(n).padStart(8, '0').slice(-8)}`,
    ...overrides,
  };
}

/** A guest order's body: one unit of each product unless lines are given. */
export function guestBody(
  tiendaId: number,
  lineas: { productoId: number; cantidad?: number; opciones?: number[]; nota?: string }[],
  overrides: Record<string, unknown> = {},
) {
  return {
    tiendaId,
    lineas: lineas.map((l) => ({ cantidad: 1, ...l })),
    cliente: guestCliente(),
    entrega: { tipo: 'DOMICILIO', direccion: 'Avenida Juárez 100, Centro' },
    pago: { metodo: 'EFECTIVO' },
    ...overrides,
  };
}

export interface PedidoConSeguimiento {
  pedido: Pedido;
  seguimiento: string;
}

let keySequence = 0;
export const newKey = () => `clave-${process.pid}-${(keySequence += 1)}-${Date.now()}`;

/**
 * POST /api/pedido/invitado (a new Idempotency-Key unless one is given; null sends none), from
 * `ip` when given: sent as X-Forwarded-For, for a server with trustProxy (one address may place
 * 20 guest orders in 10 minutes; newAddress() gives each test one of its own).
 */
export function postInvitado(
  server: TestServer,
  body: unknown,
  key: string | null = newKey(),
  token?: string,
  ip?: string,
) {
  const headers: Record<string, string> = {};
  if (key !== null) headers['idempotency-key'] = key;
  if (ip !== undefined) headers['x-forwarded-for'] = ip;
  return call<PedidoConSeguimiento>(server, PEDIDO2.invitado, token, body, { headers });
}

/** POST /api/pedido/manual by `token` (with an Idempotency-Key only when one is given). */
export function postManual(
  server: TestServer,
  token: string | undefined,
  body: unknown,
  key?: string,
) {
  return call<PedidoConSeguimiento>(server, PEDIDO2.manual, token, body, {
    headers: key ? { 'idempotency-key': key } : {},
  });
}

/**
 * An owner-typed order made: 201, the documented shape, a NUEVO guest order (no account) of
 * origin MANUAL holding `fields`, and its tracking secret.
 */
export function expectManualPedido(
  res: ApiResponse<PedidoConSeguimiento>,
  fields: Record<string, unknown>,
): void {
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  expectPedidoShape(res.body.pedido);
  expect(res.body.pedido).toMatchObject({
    usuarioId: null,
    invitado: true,
    origen: 'MANUAL',
    status: 'NUEVO',
    ...fields,
  });
  expect(res.body.seguimiento).toMatch(/^[A-Za-z0-9_-]{22,}$/);
}

/** A guest order that must be made: 201 and its answer. */
export async function placeGuest(server: TestServer, body: unknown): Promise<PedidoConSeguimiento> {
  const res = await postInvitado(server, body);
  if (res.status !== 201) {
    throw new Error(`invitado: ${res.status} ${JSON.stringify(res.body)}`);
  }
  return res.body;
}

/** proccesscart with the second edition's optional fields. */
export function proccess(
  server: TestServer,
  token: string,
  body: Record<string, unknown>,
  headers: Record<string, string> = {},
) {
  return call<CarritoGrupo[]>(server, CART.proccesscart, token, body, { headers });
}

/** An order as the shopper reads it. */
export async function pedidoOfShopper(
  server: TestServer,
  token: string,
  pedidoId: number,
): Promise<Pedido> {
  const found = (await shopperPedidos(server, token)).find((p) => p.id === pedidoId);
  if (!found) throw new Error(`pedido ${pedidoId} no está en listarpedidosbyid`);
  return found;
}

// ---- Live order streams (docs/api.md, "Live order events") ----

/** One `event: pedido` block of a live stream, its data parsed. */
export interface StreamEvent {
  id: number;
  event: string;
  data: { tipo: string; pedido: Pedido; mensaje?: string };
}

/**
 * Opens a Server-Sent Events answer with fetch (the token, if any, already in `url`) and reads
 * it in the background: its events as they come, waits for a count of them, for one that
 * matches or for the server to end the stream, and `close` to stop reading.
 */
export async function openEventStream(url: string, options: { lastEventId?: number } = {}) {
  const controller = new AbortController();
  const response = await fetch(url, {
    headers:
      options.lastEventId === undefined ? {} : { 'last-event-id': String(options.lastEventId) },
    signal: controller.signal,
  });
  const events: StreamEvent[] = [];
  const waiters = new Set<() => void>();
  const wakeAll = () => [...waiters].forEach((w) => w());
  let ended = false;
  const body = response.ok ? response.body : null;
  if (body) {
    void (async () => {
      try {
        await readSseEvents(body, (e) => {
          events.push({ id: Number(e.id), event: e.event, data: JSON.parse(e.data) });
          wakeAll();
        });
      } catch {
        // Aborted by close().
      }
      ended = true;
      wakeAll();
    })();
  }
  /** Waits, woken by each event, until `done` holds; past `timeoutMs` throws `what()`. */
  const until = async (done: () => boolean, what: () => string, timeoutMs: number) => {
    const deadline = Date.now() + timeoutMs;
    while (!done()) {
      if (Date.now() > deadline) throw new Error(what());
      await new Promise<void>((resolve) => {
        const wake = () => {
          waiters.delete(wake);
          clearTimeout(timer);
          resolve();
        };
        const timer = setTimeout(wake, 100);
        waiters.add(wake);
      });
    }
  };
  return {
    status: response.status,
    contentType: response.headers.get('content-type'),
    headers: response.headers,
    events,
    /** Waits until `count` events have come and answers them all. */
    async waitFor(count: number, timeoutMs = 5000): Promise<StreamEvent[]> {
      await until(
        () => events.length >= count,
        () => `${events.length} de ${count} eventos`,
        timeoutMs,
      );
      return events;
    },
    /** Waits for the first event that matches and answers it. */
    async waitForEvent(match: (e: StreamEvent) => boolean, timeoutMs = 5000): Promise<StreamEvent> {
      await until(
        () => events.some(match),
        () => `evento no llegó; llegaron ${JSON.stringify(events.map((e) => e.data.tipo))}`,
        timeoutMs,
      );
      return events.find(match)!;
    },
    /** Waits until the server ends the stream. */
    waitForEnd: (timeoutMs = 5000) =>
      until(
        () => ended,
        () => 'el servidor no cerró el stream',
        timeoutMs,
      ),
    close: () => controller.abort(),
  };
}

export type EventStream = Awaited<ReturnType<typeof openEventStream>>;
