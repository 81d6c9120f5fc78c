import type { RouteOptions } from 'fastify';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { startTestServer } from './build-test-app.js';
import {
  addCategoria,
  addProducto,
  configureTienda,
  createOwner,
  ok,
  post,
  type TiendaView,
} from './catalogo-factories.js';
import {
  shopperPayload,
  registerAndSignIn,
  signInAdmin,
  TEST_ADMIN,
  type SignedIn,
} from './factories.js';
import { readTiendaRow } from './tienda-factories.js';
import {
  arbitraryFor,
  headerSafe,
  hostileString,
  hostileValue,
  percentEncode,
  RAW_BODIES,
  segmentArbitrary,
  stringsIn,
  type Hints,
  type JsonSchema,
} from './fuzz-arbitraries.js';
import {
  closeFuzzClient,
  problemsOf,
  send,
  type FuzzRequest,
  type FuzzResponse,
} from './fuzz-client.js';
import {
  addUnits,
  checkout,
  createPublicShop,
  createShopper,
  listCart,
  type PublicShop,
} from './pedido-factories.js';

// Property-based fuzzing of every route the app registers (docs/reliability.md, "Under attack"): inputs generated from each
// route's zod schemas (through z.toJSONSchema) mixed with hostile values, sent anonymously, with a
// forged token and as each role the route lets in. Every answer must keep docs/api.md's promises: no
// 5xx but the deliberate CELULAR_EXISTENTE, errors as {code, message}, no stack trace, file path
// or database error text. Deterministic: FUZZ_SEED (printed on failure) and FUZZ_RUNS.

const SEED = Number(process.env.FUZZ_SEED ?? 20_260_517);
const RUNS = Number(process.env.FUZZ_RUNS ?? 80);
/** Each failing case fuzzing found, replayed on every run. */
const REGRESSIONS: {
  why: string;
  method: string;
  path: string;
  caller?: 'shopper' | 'owner' | 'admin';
  body?: string;
  headers?: Record<string, string>;
}[] = [
  // Node sends no head for a HEAD answer until it ends; the held-open stream never answered.
  { why: 'HEAD on a live stream', method: 'HEAD', path: '/api/pedido/eventos', caller: 'owner' },
  {
    why: 'HEAD on a live stream',
    method: 'HEAD',
    path: '/api/pedido/mis-eventos',
    caller: 'shopper',
  },
];

interface Route {
  method: string;
  url: string;
  schema: Record<string, unknown>;
}

type Role = 'shopper' | 'owner' | 'admin';
type CallerName = 'anonymous' | 'forged' | Role;

const routes: Route[] = [];
const server = await startTestServer({
  // Without the built web app: its files (one route each) come and go with `npm run build`.
  config: { ...TEST_ADMIN, webDistDir: '/nonexistent/tianguis-web-dist' },
  onRoute(route: RouteOptions) {
    for (const method of [route.method].flat()) {
      if (!routes.some((r) => r.method === method && r.url === route.url)) {
        routes.push({
          method,
          url: route.url,
          schema: (route.schema ?? {}) as Record<string, unknown>,
        });
      }
    }
  },
});
const port = new URL(server.baseUrl).port;

/**
 * Every string a request carried (lowercased): stored input answered back is not a leak. The
 * 100 KB ones are runs of one character, which can't hold a leak pattern: not kept.
 */
const sentTexts = new Set<string>();
function remember(texts: string[]) {
  for (const text of texts) {
    if (text.length < 3 || text.length > 5_000) continue;
    sentTexts.add(text.toLowerCase());
    sentTexts.add(text.normalize('NFC').toLowerCase());
  }
}
function isEcho(fragment: string): boolean {
  const wanted = fragment.toLowerCase();
  for (const text of sentTexts) if (text.includes(wanted)) return true;
  return false;
}

function jsonSchemaOf(value: unknown): JsonSchema | undefined {
  if (!(value instanceof z.ZodType)) return undefined;
  return z.toJSONSchema(value, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
}

/** FNV-1a: a route's own seed, so adding a route changes no other route's inputs. */
function seedFor(key: string): number {
  let hash = 0x811c9dc5;
  for (const char of key) hash = Math.imul(hash ^ char.charCodeAt(0), 0x01000193);
  return (hash ^ SEED) | 0;
}

// ---- The world the fuzzer acts on: accounts of each role, a public shop with an order ----

type IdPool = 'tienda' | 'categoria' | 'producto' | 'carrito' | 'pedido' | 'dia';

interface World {
  accounts: Record<Role, SignedIn>;
  tokens: Record<Role, string>;
  /** A token anyone may send in a body (and revoke through logout): not one the callers use. */
  spareToken: string;
  shop: PublicShop;
  otherShop: PublicShop;
  /** Every row's id, and the live rows of the fuzzed owner's shop and shopper. */
  ids: Record<IdPool, number[]>;
  own: Record<IdPool, number[]>;
}

let world: World;
/** The roles each route lets in, found by asking (an invalid body, so no handler runs). */
const allowedRoles = new Map<Route, Role[]>();

async function signIn(account: SignedIn): Promise<string> {
  const res = await server.call<{ token: string }>('/api/login/authenticate', {
    body: { email: account.email, password: account.password },
  });
  return ok(res, 'authenticate').token;
}

async function buildWorld(): Promise<World> {
  const adminToken = await signInAdmin(server);
  const shop = await createPublicShop(server, adminToken, {
    productos: [
      { name: 'Taco de pastor', price: 19.99 },
      { name: 'Agua de horchata', price: 25 },
    ],
  });
  const otherShop = await createPublicShop(server, adminToken);
  const shopper = await createShopper(server);
  await addUnits(server, shopper.token, shop.productos[0]!.id, 2);
  await checkout(server, shopper.token, shop.tiendaId);
  await addUnits(server, shopper.token, otherShop.productos[0]!.id, 1);
  ok(await post(server, '/api/horariosdias/add', shop.owner.token, { fecha: '2030-12-24' }), 'dia');
  const admin: SignedIn = {
    id: 0,
    email: TEST_ADMIN.adminEmail,
    password: TEST_ADMIN.adminPassword,
    celular: '',
    token: adminToken,
  };
  const w: World = {
    accounts: { shopper, owner: shop.owner, admin },
    tokens: { shopper: shopper.token, owner: shop.owner.token, admin: adminToken },
    spareToken: await signIn(shopper),
    shop,
    otherShop,
    ids: { tienda: [], categoria: [], producto: [], carrito: [], pedido: [], dia: [] },
    own: { tienda: [], categoria: [], producto: [], carrito: [], pedido: [], dia: [] },
  };
  await heal(w);
  return w;
}

/**
 * Undoes what the previous route's fuzzing did to the fuzzed shop, so every route meets a
 * public, open shop with a live product in the shopper's basket: shop active, approved and
 * configured without a minimum, no hours (open), a live category and product (new ones when
 * fuzzing deleted them), the spare token signed in again if it was signed out. Then reads the
 * ids the hints draw from.
 */
async function heal(w: World): Promise<void> {
  const { owner } = w.shop;
  const must = async (path: string, token: string, body: unknown) =>
    ok(await post(server, path, token, body), `heal ${path}`);
  await must('/api/tienda/activatetienda', owner.token, { activate: true });
  await must('/api/tienda/updatetienda', owner.token, {
    nombre: 'Fonda Fuzz',
    imageUrl: '/images/0123456789abcdef0123456789abcdef.png',
    radioMontoMinimo: 'no',
    radioCostoDeEnvio: 'no',
    // Second edition: the default delivery and payment, and no pause.
    entrega: { recoger: false, domicilio: true },
    pagos: { efectivo: true, terminal: false, transferencia: null },
  });
  await must('/api/tienda/pausar', owner.token, { minutos: 0 });
  await must('/api/tienda/approveTienda', w.tokens.admin, { tiendaId: owner.tiendaId });
  await must('/api/horario/addrange', owner.token, []);
  const own = (await server.call<TiendaView>('/api/tienda/mitienda', { token: owner.token })).body;
  // A product a basket can take without choosing options: not sold out, no group with a minimum.
  let producto = own.categorias
    .flatMap((c) => c.productos)
    .find((p) => p.activarODesactivar && !p.agotado && p.grupos.every((g) => g.minimo === 0));
  if (!producto) {
    healed += 1;
    const categoria =
      own.categorias[0] ?? (await addCategoria(server, owner, { title: `Fuzz ${healed}` }));
    producto = await addProducto(server, owner, categoria.id, { name: `Taco ${healed}` });
  }
  const cart = await listCart(server, w.tokens.shopper);
  if (
    !cart.some(
      (g) =>
        g.tiendaId === owner.tiendaId && g.listOfShoppingCartMarketStore.some((l) => l.disponible),
    )
  ) {
    await must('/api/shoppingcartmarket/addItem', w.tokens.shopper, { productoId: producto.id });
  }
  const spare = await post(server, '/api/shoppingcartmarket/listarcarrito', w.spareToken, {});
  if (spare.status === 401) w.spareToken = await signIn(w.accounts.shopper);

  const db = server.app.database.db;
  const tiendaId = owner.tiendaId;
  const accountId = w.accounts.shopper.id;
  const idsOf = async (
    table: 'tienda' | 'categoria' | 'producto' | 'carrito_linea' | 'pedido' | 'dia_especial',
  ) => (await db.selectFrom(table).select('id').orderBy('id').execute()).map((r) => r.id);
  const ids = (rows: { id: number }[]) => rows.map((r) => r.id);
  /** The shop's rows of this table that are not deleted. */
  const liveOfTienda = async (table: 'categoria' | 'producto') =>
    ids(
      await db
        .selectFrom(table)
        .select('id')
        .where('tienda_id', '=', tiendaId)
        .where('deleted', '=', 0)
        .execute(),
    );
  w.ids = {
    tienda: await idsOf('tienda'),
    categoria: await idsOf('categoria'),
    producto: await idsOf('producto'),
    carrito: await idsOf('carrito_linea'),
    pedido: await idsOf('pedido'),
    dia: await idsOf('dia_especial'),
  };
  w.own = {
    tienda: [tiendaId],
    categoria: await liveOfTienda('categoria'),
    producto: await liveOfTienda('producto'),
    carrito: ids(
      await db
        .selectFrom('carrito_linea')
        .select('id')
        .where('account_id', '=', accountId)
        .execute(),
    ),
    pedido: ids(
      await db.selectFrom('pedido').select('id').where('tienda_id', '=', tiendaId).execute(),
    ),
    dia: ids(
      await db.selectFrom('dia_especial').select('id').where('tienda_id', '=', tiendaId).execute(),
    ),
  };
}

let healed = 0;

/**
 * What each property name should usually get: a value the rules accept (a real id, a registered
 * or a fresh email...), now and then a near miss. Hostile values are mixed in by the arbitraries.
 */
function hintsFor(w: World): Hints {
  const all = Object.values(w.ids).flat();
  const mostly = <T>(good: fc.Arbitrary<T>, ...nearMisses: fc.Arbitrary<unknown>[]) =>
    fc.oneof(
      { weight: 5 * Math.max(nearMisses.length, 1), arbitrary: good as fc.Arbitrary<unknown> },
      ...nearMisses.map((arbitrary) => ({ weight: 1, arbitrary })),
    );
  /** Mostly the fuzzed shop's own rows (the handlers then act), else any row or any number. */
  const idFrom = (pool: IdPool[]) => {
    const own = pool.flatMap((p) => w.own[p]);
    const any = pool.flatMap((p) => w.ids[p]);
    return mostly(
      own.length > 0 ? fc.constantFrom(...own) : fc.constantFrom(...any, 1),
      fc.constantFrom(...all, ...any),
      fc.constantFrom(...own, ...any, 1).map(String),
      fc.integer({ min: 1, max: 200 }),
    );
  };
  const accounts = Object.values(w.accounts);
  const password = mostly(
    fc.oneof(fc.constant('Secreta123'), fc.stringMatching(/^[A-Z][a-z]{6,12}\d{1,4}$/)),
    fc.string({ minLength: 8, maxLength: 30 }),
  );
  const texto = mostly(
    fc.oneof(
      fc.constantFrom(
        'Tacos de Guisado',
        'Agua fresca de jamaica',
        'Calle Morelos 12, Centro',
        'Ana López',
        '<script>alert(1)</script>',
        '<img src=x onerror=alert(1)>',
        "O'Higgins 1; DROP TABLE producto",
      ),
      fc.string({ minLength: 4, maxLength: 40, unit: 'grapheme' }),
    ),
    hostileString,
  );
  const monto = mostly(
    fc.integer({ min: 0, max: 9_999_999 }).map((c) => c / 100),
    fc.constantFrom('45.5', '12.', '0', '00.5', '1,000', '$10', '99999.99', '100000', '-5', '1e3'),
  );
  const hora = mostly(
    fc.stringMatching(/^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/),
    fc.constantFrom('24:00', '9:00', '23:59:60', '12:00 PM', '', '10:00:00.000', '-01:00'),
  );
  return {
    id: idFrom(['categoria', 'producto', 'dia']),
    tiendaId: idFrom(['tienda']),
    categoriaId: idFrom(['categoria']),
    productoId: idFrom(['producto']),
    shoppingCartId: idFrom(['carrito']),
    pedidoId: idFrom(['pedido']),
    email: mostly(
      fc.oneof(
        fc.constantFrom(...accounts.map((a) => a.email)),
        fc.integer({ min: 1, max: 1_000_000 }).map((n) => `fz${n}@correo.com`),
      ),
      fc.constantFrom('a@b', 'sin-arroba.com', `${'x'.repeat(300)}@x.com`, ' FZ1@CORREO.COM '),
    ),
    password,
    newPassword: password,
    celular: mostly(
      fc.oneof(
        fc.constantFrom(...accounts.map((a) => a.celular).filter(Boolean)),
        fc.stringMatching(/^55\d{8}$/),
      ),
      fc.constantFrom('55 1234 567', '+525512345678', '55123456789', '５５１２３４５６７８'),
    ),
    usuario: mostly(
      fc.oneof(
        fc.constantFrom(w.shop.owner.usuario, w.otherShop.owner.usuario),
        fc.stringMatching(/^[a-z][a-z0-9._-]{2,20}$/),
      ),
      fc.constantFrom('', '1abc', 'a b', 'ÁRBOL'),
    ),
    codigo: fc.stringMatching(/^\d{6}$/),
    secret: mostly(fc.stringMatching(/^[0-9a-f]{64}$/), fc.string({ maxLength: 200 })),
    token: mostly(
      fc.constant(w.spareToken),
      fc.constantFrom(
        '',
        'null',
        'x.y.z',
        `${w.spareToken}x`,
        w.spareToken.split('.').slice(0, 2).join('.'),
      ),
    ),
    nombre: mostly(
      fc.stringMatching(/^[A-Za-zÁÉÍÓÚÜÑáéíóúüñ][A-Za-zÁÉÍÓÚÜÑáéíóúüñ0-9 ]{2,30}[a-z]$/),
      fc.constantFrom('ab', 'Tienda <b>', '1 Tienda', 'Ünica'),
    ),
    title: texto,
    name: texto,
    descripcion: texto,
    detalle: texto,
    nombreCompleto: texto,
    direccionEntrega: texto,
    imageUrl: mostly(
      fc.stringMatching(/^\/images\/[0-9a-f]{32}\.(png|jpg)$/),
      fc.constantFrom(
        'N/A',
        '',
        'javascript:alert(1)',
        'http://evil.example/x.png',
        '/images/../../etc/passwd',
        'x'.repeat(2_049),
      ),
    ),
    price: monto,
    montoMinimo: monto,
    costoDeEnvio: monto,
    fecha: mostly(
      fc
        .date({ min: new Date('1900-01-01'), max: new Date('2200-01-01'), noInvalidDate: true })
        .map((d) => d.toISOString().slice(0, 10)),
      fc.constantFrom(
        '2026-02-29',
        '2028-02-29',
        '2026-13-01',
        '0000-00-00',
        '2026-1-1',
        '24/12/2026',
        '2026-12-24T00:00:00Z',
      ),
    ),
    dia: mostly(
      fc.constantFrom('LUNES', 'MARTES', 'MIERCOLES', 'JUEVES', 'VIERNES', 'SABADO', 'DOMINGO'),
      fc.constantFrom('lunes', 'Miércoles', 'domingo ', 'SÁBADO', 'FUNDAY', ''),
    ),
    apertura: hora,
    cierre: hora,
    lastEventId: mostly(
      fc.integer({ min: 0, max: 50 }).map(String),
      fc.constantFrom('-1', '1e3', '2147483648', 'x'),
    ),
  };
}

// ---- Requests ----

interface Caller {
  name: CallerName;
  role?: Role;
  /** A forged Authorization header, for the 'forged' caller. */
  authorization?: string;
}

interface GeneratedRequest {
  caller: Caller;
  segments: string[];
  query: string;
  headers: Record<string, string>;
  body:
    { kind: 'none' } | { kind: 'json'; value: unknown } | { kind: 'raw'; text: string | Buffer };
  contentType: string | undefined;
}

function forgedAuthorization(w: World): fc.Arbitrary<string> {
  const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const [header, , signature] = w.tokens.owner.split('.');
  const adminClaims = {
    certserialnumber: 1,
    actort: 'admin',
    groupsid: 0,
    role: 'ADMIN',
    exp: 4_102_444_800,
  };
  return fc.oneof(
    fc.constantFrom(
      `Bearer ${b64({ alg: 'none', typ: 'JWT' })}.${b64(adminClaims)}.`,
      `Bearer ${header}.${b64(adminClaims)}.${signature}`,
      `Bearer ${w.tokens.owner.slice(0, -2)}`,
      'Bearer',
      'Bearer ',
      'Basic dXNlcjpwYXNz',
      `Bearer ${'a'.repeat(3_000)}`,
      'bearer null',
    ),
    hostileString.map((s) => `Bearer ${headerSafe(s)}`),
  );
}

const extraHeaders: fc.Arbitrary<Record<string, string>> = fc
  .array(
    fc.tuple(
      fc.constantFrom(
        'if-none-match',
        'last-event-id',
        'idempotency-key',
        'accept-encoding',
        'x-forwarded-for',
        'accept',
      ),
      fc.oneof(
        fc.constantFrom(
          '*',
          'W/"x"',
          '"abc"',
          '',
          '-1',
          '1',
          'gzip, br',
          'identity;q=0',
          'text/html',
          `"${'a'.repeat(1_900)}"`,
        ),
        hostileString.map(headerSafe),
      ),
    ),
    { maxLength: 2 },
  )
  .map((pairs) => Object.fromEntries(pairs));

const contentTypes = fc.oneof(
  { weight: 20, arbitrary: fc.constant('application/json') },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      'text/plain',
      'application/x-www-form-urlencoded',
      'application/json; charset=utf-16',
      'APPLICATION/JSON',
      'application/vnd.api+json',
      'multipart/form-data; boundary=zz',
      'application/json; charset=utf-8; boundary=x',
      undefined,
    ),
  },
);

const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** Multipart bodies for the upload: a real image, lying names and types, junk, cut short. */
const multipartBody = fc
  .record({
    field: fc.constantFrom('files', 'files', 'file', '', 'files"; x="'),
    filename: fc.oneof(
      fc.constantFrom('a.png', '../../etc/passwd.png', '<script>.png', 'a.svg', 'a.png.exe', ''),
      hostileString.map((s) => headerSafe(s).replace(/"/g, '').slice(0, 200)),
    ),
    type: fc.constantFrom(
      'image/png',
      'image/jpeg',
      'image/svg+xml',
      'text/html',
      'application/octet-stream',
    ),
    content: fc.oneof(
      fc.constant(PNG_1X1),
      fc.constant(Buffer.concat([PNG_1X1.subarray(0, 20), Buffer.from('junk')])),
      fc.constant(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46])),
      fc.constant(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>')),
      fc.uint8Array({ maxLength: 200 }).map((a) => Buffer.from(a)),
    ),
    cut: fc.boolean(),
    twice: fc.boolean(),
  })
  .map(({ field, filename, type, content, cut, twice }) => {
    const part = Buffer.concat([
      Buffer.from(
        `--zz\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
      ),
      content,
      Buffer.from('\r\n'),
    ]);
    const whole = Buffer.concat([part, ...(twice ? [part] : []), Buffer.from('--zz--\r\n')]);
    return cut ? whole.subarray(0, Math.floor(whole.length / 2)) : whole;
  });

/**
 * Whole bodies for routes whose fields only mean something together (an account's email with
 * its own password), which independent property hints would rarely pair.
 */
function examplesFor(w: World, hints: Hints): Record<string, fc.Arbitrary<unknown>> {
  const accounts = Object.values(w.accounts);
  const h = (name: string) => hints[name] ?? fc.constant(undefined);
  const producto = {
    name: h('name'),
    descripcion: h('descripcion'),
    detalle: h('detalle'),
    price: h('price'),
    categoriaId:
      w.own.categoria.length > 0 ? fc.constantFrom(...w.own.categoria) : h('categoriaId'),
    imageUrl: h('imageUrl'),
  };
  return {
    '/api/login/authenticate': fc
      .tuple(fc.constantFrom(...accounts), fc.constantFrom('', '', ' ', 'x', '\u0301'))
      .chain(([a, suffix]) =>
        fc.constantFrom(
          { email: a.email, password: a.password + suffix },
          { email: ` ${a.email.toUpperCase()} `, password: a.password },
        ),
      ),
    '/api/login/registerUser': fc.record({
      email: h('email'),
      password: h('password'),
      usuario: h('usuario'),
      tipousuario: fc.constantFrom('si', 'no'),
      celular: h('celular'),
      nombreCompleto: h('nombreCompleto'),
      direccionEntrega: h('direccionEntrega'),
    }),
    '/api/tienda/addproducto': fc.record(producto),
    '/api/tienda/updateproducto': fc.record({
      ...producto,
      id: w.own.producto.length > 0 ? fc.constantFrom(...w.own.producto) : h('id'),
      activarODesactivar: fc.boolean(),
    }),
  };
}

function bodyArbitrary(route: Route, hints: Hints): fc.Arbitrary<GeneratedRequest['body']> {
  const none = fc.constant({ kind: 'none' as const });
  const raw = fc.constantFrom(...RAW_BODIES).map((text) => ({ kind: 'raw' as const, text }));
  const hostile = hostileValue.map((value) => ({ kind: 'json' as const, value }));
  if (route.method === 'GET' || route.method === 'HEAD') {
    return fc.oneof({ weight: 12, arbitrary: none }, { weight: 1, arbitrary: raw });
  }
  if ((route.schema.consumes as string[] | undefined)?.includes('multipart/form-data')) {
    return fc.oneof(
      { weight: 6, arbitrary: multipartBody.map((text) => ({ kind: 'raw' as const, text })) },
      { weight: 1, arbitrary: hostile },
      { weight: 1, arbitrary: none },
    );
  }
  const schema = jsonSchemaOf(route.schema.body);
  if (!schema) {
    return fc.oneof(
      { weight: 2, arbitrary: none },
      { weight: 2, arbitrary: hostile },
      { weight: 1, arbitrary: raw },
    );
  }
  const example = examplesFor(world, hints)[route.url];
  return fc.oneof(
    {
      weight: 14,
      arbitrary: arbitraryFor(schema, hints).map((value) => ({ kind: 'json' as const, value })),
    },
    {
      weight: example ? 4 : 0,
      arbitrary: (example ?? fc.constant({})).map((value) => ({ kind: 'json' as const, value })),
    },
    { weight: 2, arbitrary: hostile },
    { weight: 2, arbitrary: raw },
    { weight: 1, arbitrary: none },
  );
}

/** The query string: from the route's querystring schema, with hostile additions. */
function queryArbitrary(route: Route, hints: Hints): fc.Arbitrary<string> {
  const schema = jsonSchemaOf(route.schema.querystring);
  const fromSchema = schema
    ? arbitraryFor(schema, hints).map((value) =>
        value && typeof value === 'object' && !Array.isArray(value)
          ? Object.entries(value as Record<string, unknown>)
              .flatMap(([key, v]) =>
                (Array.isArray(v) ? v : [v]).map((item) => [key, item] as const),
              )
              .map(
                ([key, v]) =>
                  `${percentEncode(key)}=${percentEncode((typeof v === 'string' ? v : (JSON.stringify(v) ?? '')).slice(0, 300))}`,
              )
              .join('&')
          : `q=${percentEncode(String(JSON.stringify(value)).slice(0, 300))}`,
      )
    : fc.constant('');
  const extra = fc.constantFrom(
    '',
    '',
    '',
    'a[b][c][d]=1',
    '__proto__[role]=ADMIN',
    'constructor[prototype][x]=1',
    '%ff=%fe',
    'token=',
    'token=x.y.z',
    'lastEventId=-1',
    'email=a%40b.com&email=c%40d.com',
    'a=%',
    '&&&==',
    `x=${'a'.repeat(3_000)}`,
  );
  return fc.tuple(fromSchema, extra).map(([a, b]) => [a, b].filter(Boolean).join('&'));
}

function requestArbitrary(route: Route, callers: fc.Arbitrary<Caller>, hints: Hints) {
  const paramsSchema = jsonSchemaOf(route.schema.params);
  const names = [...route.url.matchAll(/:(\w+)|\*/g)].map((m) => m[1] ?? '*');
  const segments = fc.tuple(
    ...names.map((n) => segmentArbitrary(paramsSchema?.properties?.[n], hints, n)),
  );
  return fc.record<GeneratedRequest>({
    caller: callers,
    segments,
    query: queryArbitrary(route, hints),
    headers: fc.oneof(
      { weight: 4, arbitrary: fc.constant({}) },
      { weight: 1, arbitrary: extraHeaders },
    ),
    body: bodyArbitrary(route, hints),
    contentType: contentTypes,
  });
}

/** The wire request of a generated one; fresh tokens for routes that use theirs up. */
async function toWire(route: Route, generated: GeneratedRequest): Promise<FuzzRequest> {
  let index = 0;
  let path = route.url.replace(/:(\w+)|\*/g, () => generated.segments[index++] ?? 'x');
  if (generated.query) path += `?${generated.query}`;
  // The whole head stays under Node's 16 KB limit (an oversized head: see the it.fails below).
  path = path.slice(0, 7_000);
  const headers: Record<string, string> = { ...generated.headers };
  const { caller, body } = generated;
  if (caller.role) {
    headers.authorization = `Bearer ${
      TOKEN_CONSUMING.has(route.url)
        ? await signIn(world.accounts[caller.role])
        : world.tokens[caller.role]
    }`;
  } else if (caller.authorization) {
    headers.authorization = caller.authorization;
  }
  let wireBody: string | Buffer | undefined;
  if (body.kind === 'json') wireBody = JSON.stringify(body.value) ?? 'null';
  if (body.kind === 'raw') wireBody = body.text;
  const multipart = Buffer.isBuffer(wireBody);
  const contentType = multipart ? 'multipart/form-data; boundary=zz' : generated.contentType;
  if (wireBody !== undefined && contentType !== undefined) headers['content-type'] = contentType;
  if (wireBody === undefined && route.method === 'POST' && contentType)
    headers['content-type'] = contentType;
  return { method: route.method, path, headers, body: wireBody };
}

/** Routes whose signed-in call revokes the caller's token: each run signs in afresh. */
const TOKEN_CONSUMING = new Set(['/api/login/logout']);

function describeRequest(request: FuzzRequest): string {
  const cut = (s: string) => (s.length > 400 ? `${s.slice(0, 400)}… (${s.length} chars)` : s);
  const body = Buffer.isBuffer(request.body)
    ? `<${request.body.length} bytes>`
    : cut(request.body ?? '');
  return JSON.stringify({
    method: request.method,
    path: cut(request.path),
    headers: request.headers,
    body,
  });
}

async function exchange(
  route: Route,
  request: FuzzRequest,
): Promise<{ response: FuzzResponse; problems: string[] }> {
  remember([request.path, safeDecode(request.path), ...Object.values(request.headers)]);
  if (request.body !== undefined) {
    const text = request.body.toString();
    remember([text]);
    try {
      remember(stringsIn(JSON.parse(text)));
    } catch {
      // Not JSON: the raw text is remembered.
    }
  }
  const response = await send(Number(port), request);
  return { response, problems: problemsOf(route.method, route.url, response, isEcho) };
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

afterAll(async () => {
  closeFuzzClient();
  await server.destroy();
});

// ---- Shop texts are data: stored and answered verbatim, as JSON ----

const SCRIPT = '<script>alert(1)</script>';
const IMG = '<img src=x onerror=alert(1)>';
const SVG = '"><svg onload=alert(1)>';

describe('script payloads in shop texts', () => {
  let owner: Awaited<ReturnType<typeof createOwner>>;

  beforeAll(async () => {
    owner = await createOwner(server);
  });

  it('refuses a shop name with markup (the name rule allows letters, digits and spaces)', async () => {
    for (const nombre of [SCRIPT, IMG]) {
      const res = await post(server, '/api/tienda/updatetienda', owner.token, {
        nombre,
        imageUrl: '/images/a.png',
        radioMontoMinimo: 'no',
        radioCostoDeEnvio: 'no',
      });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 'VALIDACION' });
    }
    const row = await readTiendaRow(server, owner.tiendaId, ['nombre']);
    expect(row.nombre).toBe('N/A');
  });

  it('stores category, product and shopper texts as sent and answers them back verbatim', async () => {
    const adminToken = await signInAdmin(server);
    await configureTienda(server, owner, { montoMinimo: 0, radioMontoMinimo: 'no' });
    const categoria = await addCategoria(server, owner, { title: IMG });
    const producto = await addProducto(server, owner, categoria.id, {
      name: SCRIPT,
      descripcion: IMG,
      detalle: SVG,
      price: 10,
    });
    ok(
      await post(server, '/api/tienda/approveTienda', adminToken, { tiendaId: owner.tiendaId }),
      'approve',
    );
    const db = server.app.database.db;
    const storedCategoria = await db
      .selectFrom('categoria')
      .selectAll()
      .where('id', '=', categoria.id)
      .executeTakeFirstOrThrow();
    expect(storedCategoria.title).toBe(IMG);
    const storedProducto = await db
      .selectFrom('producto')
      .selectAll()
      .where('id', '=', producto.id)
      .executeTakeFirstOrThrow();
    expect([storedProducto.name, storedProducto.descripcion, storedProducto.detalle]).toEqual([
      SCRIPT,
      IMG,
      SVG,
    ]);

    const shopper = await registerAndSignIn(
      server,
      shopperPayload({ nombreCompleto: SCRIPT, direccionEntrega: IMG }),
    );
    await addUnits(server, shopper.token, producto.id, 1);
    await checkout(server, shopper.token, owner.tiendaId);

    // Every answer that carries these texts: JSON, with the characters as they were sent.
    const answers = [
      await server.call('/api/tienda/listartiendas'),
      await server.call(`/api/tienda/publica/${owner.usuario}`),
      await server.call('/api/tienda/mitienda', { token: owner.token }),
      await post(server, '/api/pedido/listarpedidosbytiendaid', owner.token, {}),
      await post(server, '/api/pedido/listarpedidosbyid', shopper.token, {}),
    ];
    for (const res of answers) {
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(JSON.stringify(res.body)).not.toMatch(/&lt;|&gt;|&#/);
    }
    const texts = answers.map((res) => stringsIn(res.body));
    for (const [index, expected] of [
      [0, [IMG, SCRIPT, IMG, SVG]],
      [1, [IMG, SCRIPT, IMG, SVG]],
      [2, [IMG, SCRIPT, IMG, SVG]],
      [3, [SCRIPT, IMG]],
      [4, [SCRIPT]],
    ] as const) {
      for (const text of expected) expect(texts[index], `answer ${index}`).toContain(text);
    }
    const pedidos = answers[3]!.body as {
      nombreCompleto: string;
      direccionEntrega: string;
      pedidoDetalles: { nombreProducto: string }[];
    }[];
    const pedido = pedidos.find((p) => p.nombreCompleto === SCRIPT);
    expect(pedido).toMatchObject({ nombreCompleto: SCRIPT, direccionEntrega: IMG });
    expect(pedido?.pedidoDetalles[0]?.nombreProducto).toBe(SCRIPT);
  });
});

// ---- The tests ----

describe('fuzzing every route', () => {
  let hints: Hints;
  let forged: fc.Arbitrary<string>;
  const started = Date.now();
  let requests = 0;
  /** Answers by status, per route: FUZZ_STATS=1 prints them (is the fuzzer getting past the guards?). */
  const statuses: Record<string, Record<number, number>> = {};

  beforeAll(async () => {
    world = await buildWorld();
    hints = hintsFor(world);
    forged = forgedAuthorization(world);
    // Which roles pass each route's guard: a body no schema accepts, so only the guard decides.
    for (const route of routes) {
      const roles: Role[] = [];
      for (const role of ['shopper', 'owner', 'admin'] as const) {
        const path = route.url.replace(/:(\w+)|\*/g, 'x');
        const res = await send(Number(port), {
          method: route.method,
          path,
          headers: {
            authorization: `Bearer ${world.tokens[role]}`,
            ...(route.method === 'POST' && { 'content-type': 'application/json' }),
          },
          body: route.method === 'POST' ? '5' : undefined,
        });
        const code = (res.json as { code?: string } | undefined)?.code;
        if (res.status !== 401 && !(res.status === 403 && code === 'PROHIBIDO')) roles.push(role);
      }
      allowedRoles.set(route, roles);
    }
    // A HEAD answer has no body to tell a 403 PROHIBIDO apart: it lets in whom its GET lets in.
    for (const route of routes.filter((r) => r.method === 'HEAD')) {
      const get = routes.find((r) => r.method === 'GET' && r.url === route.url);
      if (get) allowedRoles.set(route, allowedRoles.get(get) ?? []);
    }
  });

  afterAll(async () => {
    console.log(
      `fuzz: ${routes.length} routes, ${requests} requests, seed ${SEED}, ${RUNS} runs a route, ` +
        `${server.database.dialect}, ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
    if (process.env.FUZZ_STATS) console.table(statuses);
  });

  it('finds the whole route table and a signed-in role for every guarded route', () => {
    expect(routes.length).toBeGreaterThanOrEqual(50);
    for (const route of routes.filter((r) => r.url.startsWith('/api/'))) {
      expect(allowedRoles.get(route)?.length, `${route.method} ${route.url}`).toBeGreaterThan(0);
    }
  });

  it('replays the cases fuzzing found before', async () => {
    for (const regression of REGRESSIONS) {
      const headers: Record<string, string> = { ...regression.headers };
      if (regression.caller) headers.authorization = `Bearer ${world.tokens[regression.caller]}`;
      if (regression.body !== undefined) headers['content-type'] ??= 'application/json';
      const { problems } = await exchange(
        { method: regression.method, url: regression.path.split('?')[0]!, schema: {} },
        { method: regression.method, path: regression.path, headers, body: regression.body },
      );
      expect(problems, JSON.stringify(regression)).toEqual([]);
    }
  });

  it.each(routes.map((r) => [`${r.method} ${r.url}`, r] as const))('%s', async (key, route) => {
    if (route.url.startsWith('/api/')) {
      await heal(world);
      hints = hintsFor(world);
    }
    const roles = allowedRoles.get(route) ?? [];
    const callers = fc.oneof(
      { weight: 2, arbitrary: fc.constant<Caller>({ name: 'anonymous' }) },
      {
        weight: 1,
        arbitrary: forged.map<Caller>((authorization) => ({ name: 'forged', authorization })),
      },
      ...roles.map((role) => ({ weight: 6, arbitrary: fc.constant<Caller>({ name: role, role }) })),
    );
    let last: { request: FuzzRequest; response: FuzzResponse; problems: string[] } | undefined;
    const property = fc.asyncProperty(
      requestArbitrary(route, callers, hints),
      async (generated) => {
        const request = await toWire(route, generated);
        const { response, problems } = await exchange(route, request);
        requests += 1;
        const counts = (statuses[key] ??= {});
        counts[response.status] = (counts[response.status] ?? 0) + 1;
        last = { request, response, problems };
        if (problems.length > 0) throw new Error(problems.join('\n'));
      },
    );
    const seed = seedFor(key);
    const details = await fc.check(property, {
      seed,
      // HEAD mirrors its GET; a logout run signs in afresh (a memory-hard hash): fewer runs.
      numRuns:
        route.method === 'HEAD' || TOKEN_CONSUMING.has(route.url) ? Math.ceil(RUNS / 4) : RUNS,
      endOnFailure: !process.env.FUZZ_SHRINK,
    });
    if (details.failed) {
      const failure = last;
      throw new Error(
        [
          `${key}: fuzzing failed (FUZZ_SEED=${SEED}, route seed ${seed}, path ${details.counterexamplePath}; ` +
            'FUZZ_SHRINK=1 shrinks the case)',
          failure ? `request: ${describeRequest(failure.request)}` : '',
          failure
            ? `answer: ${failure.response.status} ${failure.response.text.slice(0, 500)}`
            : '',
          String(
            details.errorInstance instanceof Error
              ? details.errorInstance.message
              : details.errorInstance,
          ),
        ].join('\n'),
      );
    }
  });

  // Node itself refuses a request head over 16 KB, before Fastify routes it; app.ts's
  // clientErrorHandler answers it in the {code, message} shape too.
  it('answers an oversized request head (431) in the {code, message} shape', async () => {
    const response = await send(Number(port), {
      method: 'GET',
      path: '/health',
      headers: { 'x-relleno': 'a'.repeat(20_000) },
    });
    expect(response.status).toBe(431);
    expect(problemsOf('GET', '/health', response, isEcho)).toEqual([]);
  });

  it('still answers, with its tables and the seeded shop intact', async () => {
    const health = await server.call('/health');
    expect(health.status).toBe(200);
    for (const table of ['account', 'tienda', 'categoria', 'producto', 'pedido'] as const) {
      const row = await server.app.database.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      expect(Number(row.n)).toBeGreaterThan(0);
    }
  });
});
