import { expect } from 'vitest';
import { errorCatalog, type ErrorCode } from '../src/http/app-error.js';
import type { ApiResponse, CallOptions, TestServer } from './build-test-app.js';
import { registerAndSignIn, shopPayload, type SignedIn } from './factories.js';
import type { DiaEspecialView } from '../src/modules/horarios/horario.service.js';
import type { TiendaPublicaAnswer } from '../src/modules/paginas/pagina.view.js';
import type {
  CategoriaView,
  ProductoView,
  TiendaView,
} from '../src/modules/tiendas/tienda.view.js';

// Shared setup for the shop, catalogue and hours route tests: owners that know their shop,
// a configured (and approved) shop with a category and a product, the wire shapes of the
// shop list, and "nothing changed" snapshots read straight from the database.

// ---- Wire shapes (the field names docs/api.md fixes) ----

// The types come from the server; the runtime key lists below are the test's own contract.
export type {
  CategoriaView,
  ProductoView,
  TiendaView,
} from '../src/modules/tiendas/tienda.view.js';
export type { DiaEspecialView, HorarioView } from '../src/modules/horarios/horario.service.js';
export type { TiendaPublicaAnswer } from '../src/modules/paginas/pagina.view.js';

export const TIENDA_KEYS = [
  'tiendaId',
  'usuario',
  'nombre',
  'imageUrl',
  'celularTienda',
  'montoMinimo',
  'costoDeEnvio',
  'radioMontoMinimo',
  'radioCostoDeEnvio',
  'configured',
  'approved',
  'activarODesactivar',
  'deleted',
  'timeZone',
  'categorias',
].sort();

/** Keys only some callers' answers carry (the owner's and the admin's). */
export const OPTIONAL_TIENDA_KEYS: string[] = ['pausaAutomatica'];

export const CATEGORIA_KEYS = [
  'id',
  'title',
  'titleWithoutSpaces',
  'imageUrl',
  'tiendaId',
  'deleted',
  'productos',
].sort();

export const PRODUCTO_KEYS = [
  'id',
  'name',
  'price',
  'categoriaId',
  'imageUrl',
  'descripcion',
  'detalle',
  'tiendaId',
  'activarODesactivar',
  'deleted',
].sort();

/** Every shop, category and product of a list has exactly its documented fields (docs/api.md). */
export function expectListShape(list: TiendaView[]): void {
  expect(Array.isArray(list)).toBe(true);
  for (const tienda of list) {
    const keys = Object.keys(tienda).filter((k) => !OPTIONAL_TIENDA_KEYS.includes(k));
    expect(keys.sort()).toEqual(TIENDA_KEYS);
    for (const categoria of tienda.categorias) {
      expect(Object.keys(categoria).sort()).toEqual(CATEGORIA_KEYS);
      expect(categoria.tiendaId).toBe(tienda.tiendaId);
      expect(categoria.deleted).toBe(false);
      for (const producto of categoria.productos) {
        expect(Object.keys(producto).sort()).toEqual(PRODUCTO_KEYS);
        expect(producto.categoriaId).toBe(categoria.id);
        expect(producto.tiendaId).toBe(tienda.tiendaId);
        expect(producto.deleted).toBe(false);
      }
    }
  }
}

// ---- Errors ----

interface ErrorBody {
  code: string;
  message: string;
  errors?: { field: string; message: string }[];
}

/**
 * An error answer: the status, the code, the exact message (the code's default text when none
 * is given) and nothing but `{code, message[, errors]}`.
 */
export function expectError(
  res: ApiResponse,
  status: number,
  code: ErrorCode,
  message: string = errorCatalog[code].message,
): void {
  const body = res.body as ErrorBody;
  expect({ status: res.status, code: body?.code, message: body?.message }).toEqual({
    status,
    code,
    message,
  });
  expect(Object.keys(body).every((k) => ['code', 'message', 'errors'].includes(k))).toBe(true);
  expect(JSON.stringify(body)).not.toMatch(/at \S+ \(|node_modules|\.[jt]s:\d+|SQLITE|stack/i);
}

/** 400 VALIDACION with the rule's text, also first in `errors` when the list is given. */
export function expectValidation(res: ApiResponse, message: string): void {
  expectError(res, 400, 'VALIDACION', message);
  const { errors } = res.body as ErrorBody;
  if (errors !== undefined) expect(errors[0]?.message).toBe(message);
}

/** 400 VALIDACION, whatever its message (bodies the schema refuses before any rule). */
export function expectBadRequest(res: { status: number; body: unknown }): void {
  const code = (res.body as ErrorBody | undefined)?.code;
  expect({ status: res.status, code }).toEqual({ status: 400, code: 'VALIDACION' });
}

/** The body answers nothing of another shop: none of these texts appear in it. */
export function expectNotRevealed(res: ApiResponse, secrets: (string | number)[]): void {
  const text = JSON.stringify(res.body ?? '');
  for (const secret of secrets) expect(text).not.toContain(String(secret));
}

// ---- Owners and tokens ----

export interface Owner extends SignedIn {
  tiendaId: number;
  usuario: string;
}

/** The JWT payload (base64url JSON of the middle part). */
export function claimsOf(token: string): Record<string, unknown> {
  const payload = token.split('.')[1] ?? '';
  return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
}

/** Registers a shop owner through the API; its shop comes from the token's `groupsid`. */
export async function createOwner(server: TestServer, overrides = {}): Promise<Owner> {
  const signedIn = await registerAndSignIn(server, shopPayload(overrides));
  const claims = claimsOf(signedIn.token);
  const tiendaId = claims.groupsid;
  if (typeof tiendaId !== 'number' || tiendaId <= 0) throw new Error('token sin groupsid');
  return { ...signedIn, tiendaId, usuario: String(claims.actort) };
}

// ---- Calls ----

/** A POST with or without a body (the delete routes take none). */
export function post(
  server: TestServer,
  path: string,
  token: string | undefined,
  body?: unknown,
  options: CallOptions = {},
) {
  return server.call(path, { ...options, method: 'POST', token, body });
}

/** Fails the setup loudly when a call meant to succeed does not. */
export function ok<T>(res: ApiResponse<T>, label: string): T {
  if (res.status !== 200) {
    throw new Error(`${label}: ${res.status} ${JSON.stringify(res.body)}`);
  }
  return res.body;
}

export async function listFor(server: TestServer, token?: string): Promise<TiendaView[]> {
  return ok(
    await server.call<TiendaView[]>('/api/tienda/listartiendas', { token }),
    'listartiendas',
  );
}

/** GET `path`, revalidated with `etag` (If-None-Match) when one is given. */
export function getRevalidating<T>(server: TestServer, path: string, etag?: string) {
  return server.call<T>(path, { headers: etag ? { 'if-none-match': etag } : {} });
}

/** The shop's public answer (GET /api/tienda/publica/:usuario), revalidated with `etag` if given. */
export function getPublica(server: TestServer, usuario: string, etag?: string) {
  return getRevalidating<TiendaPublicaAnswer>(
    server,
    `/api/tienda/publica/${encodeURIComponent(usuario)}`,
    etag,
  );
}

export function findTienda(list: TiendaView[], tiendaId: number): TiendaView | undefined {
  return list.find((t) => t.tiendaId === tiendaId);
}

/** The owner's own shop as its list shows it (first, whatever its state). */
export async function ownView(server: TestServer, owner: Owner): Promise<TiendaView> {
  const list = await listFor(server, owner.token);
  const own = list[0];
  if (!own || own.tiendaId !== owner.tiendaId) throw new Error('la tienda propia no va primero');
  return own;
}

export function allCategorias(list: TiendaView[], tiendaId: number): CategoriaView[] {
  return findTienda(list, tiendaId)?.categorias ?? [];
}

export function allProductos(list: TiendaView[], tiendaId: number): ProductoView[] {
  return allCategorias(list, tiendaId).flatMap((c) => c.productos);
}

// ---- Payloads ----

export const IMAGE = '/images/0123456789abcdef0123456789abcdef.png';

export function tiendaPayload(overrides: Record<string, unknown> = {}) {
  return {
    nombre: 'Taquería El Sol',
    imageUrl: IMAGE,
    radioMontoMinimo: 'si',
    montoMinimo: 150,
    radioCostoDeEnvio: 'si',
    costoDeEnvio: 25.5,
    ...overrides,
  };
}

export function categoriaPayload(overrides: Record<string, unknown> = {}) {
  return { title: 'Tacos de Guisado', imageUrl: IMAGE, ...overrides };
}

export function productoPayload(categoriaId: number, overrides: Record<string, unknown> = {}) {
  return {
    name: 'Taco de chicharrón',
    price: 19.99,
    categoriaId,
    imageUrl: IMAGE,
    descripcion: 'Tortilla hecha a mano',
    detalle: 'Incluye salsa verde y cebolla',
    ...overrides,
  };
}

// ---- Setup steps through the API ----

export async function configureTienda(
  server: TestServer,
  owner: Owner,
  overrides: Record<string, unknown> = {},
): Promise<TiendaView[]> {
  return ok(
    await post(server, '/api/tienda/updatetienda', owner.token, tiendaPayload(overrides)),
    'updatetienda',
  );
}

export async function approveTienda(server: TestServer, adminToken: string, tiendaId: number) {
  ok(await post(server, '/api/tienda/approveTienda', adminToken, { tiendaId }), 'approveTienda');
}

/** Adds a category and answers it as the owner's list shows it. */
export async function addCategoria(
  server: TestServer,
  owner: Owner,
  overrides: Record<string, unknown> = {},
): Promise<CategoriaView> {
  const payload = categoriaPayload(overrides);
  const list = ok(
    await post(server, '/api/tienda/addcategoria', owner.token, payload),
    'addcategoria',
  );
  const found = allCategorias(list, owner.tiendaId).find((c) => c.title === payload.title.trim());
  if (!found) throw new Error(`categoria ${payload.title} no está en la respuesta`);
  return found;
}

/** Adds a product and answers it as the owner's list shows it. */
export async function addProducto(
  server: TestServer,
  owner: Owner,
  categoriaId: number,
  overrides: Record<string, unknown> = {},
): Promise<ProductoView> {
  const payload = productoPayload(categoriaId, overrides);
  const list = ok(
    await post(server, '/api/tienda/addproducto', owner.token, payload),
    'addproducto',
  );
  const found = allProductos(list, owner.tiendaId).find(
    (p) => p.categoriaId === categoriaId && p.name === payload.name.trim(),
  );
  if (!found) throw new Error(`producto ${payload.name} no está en la respuesta`);
  return found;
}

/** Switches one of the owner's products on or off (activateproducto). */
export async function activateProducto(
  server: TestServer,
  owner: { token: string },
  productoId: number,
  activate: boolean,
): Promise<void> {
  const body = { productoId, activate };
  ok(await post(server, '/api/tienda/activateproducto', owner.token, body), 'activateproducto');
}

/**
 * Deletes one of the owner's categories or products: delete{kind}/:id, or with `{id}` in the
 * body (the first edition's two forms).
 */
export async function deleteCatalogoItem(
  server: TestServer,
  owner: { token: string },
  kind: 'categoria' | 'producto',
  id: number,
  via: 'path' | 'body' = 'path',
) {
  const path = `/api/tienda/delete${kind}`;
  const res =
    via === 'path'
      ? post(server, `${path}/${id}`, owner.token)
      : post(server, path, owner.token, { id });
  ok(await res, `delete${kind}`);
}

/** updateproducto with the product's fields as answered, `cambios` aside; answers the owner's list. */
export async function updateProducto(
  server: TestServer,
  owner: { token: string },
  producto: ProductoView,
  cambios: Record<string, unknown> = {},
): Promise<TiendaView[]> {
  const { id, name, price, categoriaId, imageUrl, descripcion, detalle } = producto;
  const body = { id, name, price, categoriaId, imageUrl, descripcion, detalle, ...cambios };
  return ok(await post(server, '/api/tienda/updateproducto', owner.token, body), 'updateproducto');
}

/** Sets the owner's week (horario/addrange): one entry a day, as the form sends them. */
export async function setSemana(server: TestServer, owner: { token: string }, semana: unknown[]) {
  ok(await post(server, '/api/horario/addrange', owner.token, semana), 'addrange');
}

/** Adds one of the owner's special days (horariosdias/add); answers the shop's special days. */
export async function addDiaEspecial(
  server: TestServer,
  owner: { token: string },
  dia: { fecha: string; recurrenteCadaAnio?: boolean },
): Promise<DiaEspecialView[]> {
  return ok(await post(server, '/api/horariosdias/add', owner.token, dia), 'horariosdias/add');
}

export interface ShopSetup {
  owner: Owner;
  categoria: CategoriaView;
  producto: ProductoView;
}

/**
 * A configured shop with one category holding one active product; approved by the admin when
 * `adminToken` is given, which makes it publicly visible.
 */
export async function createShop(
  server: TestServer,
  options: {
    adminToken?: string;
    tienda?: Record<string, unknown>;
    categoria?: Record<string, unknown>;
    producto?: Record<string, unknown>;
  } = {},
): Promise<ShopSetup> {
  const owner = await createOwner(server);
  await configureTienda(server, owner, options.tienda);
  const categoria = await addCategoria(server, owner, options.categoria);
  const producto = await addProducto(server, owner, categoria.id, options.producto);
  if (options.adminToken) await approveTienda(server, options.adminToken, owner.tiendaId);
  return { owner, categoria, producto };
}

// ---- "Nothing changed": every catalogue and hours row, read from the database ----

/** All rows of the shop, catalogue and hours tables (versions and timestamps included). */
export async function snapshotCatalogo(server: TestServer) {
  const db = server.app.database.db;
  const [tiendas, categorias, productos, horarios, diasEspeciales] = await Promise.all([
    db.selectFrom('tienda').selectAll().orderBy('id').execute(),
    db.selectFrom('categoria').selectAll().orderBy('id').execute(),
    db.selectFrom('producto').selectAll().orderBy('id').execute(),
    db.selectFrom('horario').selectAll().orderBy('id').execute(),
    db.selectFrom('dia_especial').selectAll().orderBy('id').execute(),
  ]);
  return { tiendas, categorias, productos, horarios, diasEspeciales };
}

/**
 * Runs a call that must be refused and checks that it changed nothing: not a row in the
 * database, and not the victim's shop as its owner lists it.
 */
export async function expectUnchanged<T>(
  server: TestServer,
  run: () => Promise<T>,
  victim?: Owner,
): Promise<T> {
  const before = await snapshotCatalogo(server);
  const viewBefore = victim ? await ownView(server, victim) : undefined;
  const result = await run();
  expect(await snapshotCatalogo(server)).toEqual(before);
  if (victim) expect(await ownView(server, victim)).toEqual(viewBefore);
  return result;
}

// ---- Second edition: shop settings, pause, sold-out marks, option groups ----

// Every shop answer gains its delivery and payment choices and its pause; every product its
// sold-out flag and option groups (docs/api.md, "Shop settings" and "Product options").
TIENDA_KEYS.push('entrega', 'pagos', 'pausadoHasta');
// The owner's side (issue 29): the shop's address and public phone, null until set.
TIENDA_KEYS.push('direccion', 'telefono');
// Its optional map point (docs/api.md, "Shop address and public phone"), null until set.
TIENDA_KEYS.push('ubicacion');
// Its delivery zones (docs/api.md, "Delivery zones"), [] until set.
TIENDA_KEYS.push('zonas');
// Orders for later and the busy delay (docs/api.md, "Orders for later"); the automatic pause
// (`pausaAutomatica`) goes to the owner and the admin only, so it is not among the keys every
// answer has (OPTIONAL_TIENDA_KEYS).
TIENDA_KEYS.push('programacion', 'demoraMin');
TIENDA_KEYS.sort();
PRODUCTO_KEYS.push('agotado', 'grupos');
PRODUCTO_KEYS.sort();

/** A valid CLABE (the check digit of its first 17 digits last). */
export const CLABE_VALIDA = '012180001234567899';

export function transferenciaPayload(overrides: Record<string, unknown> = {}) {
  return { clabe: CLABE_VALIDA, banco: 'BBVA', titular: 'Guadalupe Ramírez', ...overrides };
}

/** An option group as the owner's form sends it: its options by name and extra price. */
function grupoPayload(
  nombre: string,
  minimo: number,
  maximo: number,
  opciones: [string, number][],
) {
  return {
    nombre,
    minimo,
    maximo,
    opciones: opciones.map(([nombre, precioExtra]) => ({ nombre, precioExtra })),
  };
}

/** The taquería's option groups (docs/api.md, "Product options"): Tortilla (1 of 2), Extras (up to 2). */
export function gruposPayload() {
  return [
    grupoPayload('Tortilla', 1, 1, [
      ['Maíz', 0],
      ['Harina', 5],
    ]),
    grupoPayload('Extras', 0, 2, [
      ['Queso', 10],
      ['Aguacate', 15.5],
    ]),
  ];
}

/** Option group and option rows of every shop (for "nothing changed" checks). */
export async function snapshotOpciones(server: TestServer) {
  const db = server.app.database.db;
  const [grupos, opciones] = await Promise.all([
    db.selectFrom('producto_grupo').selectAll().orderBy('id').execute(),
    db.selectFrom('producto_opcion').selectAll().orderBy('id').execute(),
  ]);
  return { grupos, opciones };
}

/** Moves a shop to another IANA time zone, straight in the database (no route changes it). */
export async function setShopTimeZone(server: TestServer, tiendaId: number, timeZone: string) {
  await server.app.database.db
    .updateTable('tienda')
    .set({ time_zone: timeZone })
    .where('id', '=', tiendaId)
    .execute();
}
