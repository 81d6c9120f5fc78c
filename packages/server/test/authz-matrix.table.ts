import { createECDH } from 'node:crypto';
import { sql } from 'kysely';
import sharp from 'sharp';
import { DIAS, type Accion, type Actor } from '@tianguis/domain';
import type { Notifier } from '../src/notifier/notifier.js';
import type { TestServer } from './build-test-app.js';
import {
  addCategoria,
  addProducto,
  approveTienda,
  categoriaPayload,
  CLABE_VALIDA,
  configureTienda,
  createOwner,
  IMAGE,
  ok,
  post,
  productoPayload,
  tiendaPayload,
  transferenciaPayload,
  type CategoriaView,
  type DiaEspecialView,
  type Owner,
  type ProductoView,
} from './catalogo-factories.js';
import {
  shopperPayload,
  createShopper,
  registerAndSignIn,
  signInAdmin,
  type SignedIn,
} from './factories.js';
import {
  addUnits,
  checkout,
  createPublicShop,
  lineOf,
  PEDIDO,
  type PublicShop,
} from './pedido-factories.js';
import { createStaff, type InvitationReader, type Staff } from './personal-factories.js';

// The authorization matrix: every route of the server times every kind of caller, each
// expectation written once below. authz-matrix.test.ts walks the server's own route table, so a
// route added without a row here fails the test.

/**
 * The kinds of caller. "owner" owns the shop every request names (the victim shop) and "shopper"
 * owns the cart and orders the requests name (the victim shopper); "otherOwner" and
 * "otherShopper" are the same roles with their own shop or cart. "encargado", "cajero" and
 * "cocina" are the victim shop's staff with those roles (docs/api.md, "Staff and the kitchen");
 * "otherEncargado" manages the other owner's shop: the staff role that may do the most, never on
 * the victim's data.
 */
export const CALLERS = [
  'anonymous',
  'shopper',
  'owner',
  'otherOwner',
  'admin',
  'otherShopper',
  'encargado',
  'cajero',
  'cocina',
  'otherEncargado',
] as const;
export type Caller = (typeof CALLERS)[number];

/** The caller that acts as each role of the permission table, in the victim shop. */
export const CALLER_OF_ACTOR: Readonly<Record<Actor, Caller>> = {
  DUENO: 'owner',
  ENCARGADO: 'encargado',
  CAJERO: 'cajero',
  COCINA: 'cocina',
};

/** The callers who are a shop's staff. */
export type StaffCaller = 'encargado' | 'cajero' | 'cocina' | 'otherEncargado';
export const STAFF_CALLERS: readonly StaffCaller[] = [
  'encargado',
  'cajero',
  'cocina',
  'otherEncargado',
];
export const isStaffCaller = (caller: Caller): caller is StaffCaller =>
  (STAFF_CALLERS as readonly Caller[]).includes(caller);

/** 2xx/3xx: served; 400 VALIDACION, 401 NO_AUTENTICADO, 403 PROHIBIDO, 404 NO_ENCONTRADO. */
export type Status = 200 | 201 | 302 | 400 | 401 | 403 | 404;

export interface AuthzRequest {
  method: 'GET' | 'POST';
  url: string;
  /** Sent as JSON. */
  body?: unknown;
  /** Sent as multipart instead (a new FormData per call: a body is read once). */
  form?: FormData;
  /** Sent instead of the caller's usual token (logout spends the token it is given). */
  token?: string;
  /** Extra request headers (Idempotency-Key). */
  headers?: Record<string, string>;
  /** Puts the victim back as the rest of the matrix needs it; runs whatever the outcome. */
  cleanup?: () => Promise<void>;
}

export type Marker = keyof typeof MARKERS;

export interface RouteCase {
  expect: Record<Caller, Status>;
  /**
   * The row of the permission table (docs/api.md, "Staff and the kitchen") that guards a shop's
   * route: the test checks the owner's and each staff role's status against PERMISOS.
   */
  permiso?: Accion;
  /**
   * The calls of `by` change the victim's data (they must, so the same request from anyone else
   * would show in the snapshot); nobody else's call may. `names`: the request names an object of
   * the victim, so every other caller must be refused; otherwise the route acts on the caller's
   * own shop or cart and the others may succeed on theirs.
   */
  changes?: { by: readonly Caller[]; names: boolean };
  /** Callers whose answer must hold the victim's private data: what the others must not see. */
  reveals?: readonly Caller[];
  /**
   * Marker words a caller's answer must hold: the private data of the kind the caller may see,
   * so that another caller's answer without it (the kitchen's, the staff's) proves something.
   */
  holds?: Partial<Record<Caller, readonly Marker[]>>;
  /** A valid request naming the victim's objects; what a call spends is made afresh. */
  request: (w: World, caller: Caller) => Promise<AuthzRequest>;
}

// ---- The world every request is made in ----

/**
 * Marker words: the victim shop's public data carries ZAFIRO; what the shop's side (its owner,
 * its staff, the admin) may see carries CANTERA (a hidden product); what only its owner and the
 * admin may see carries TEZONTLE (the transfer details' holder, a zone switched off, the owner's
 * email). The victim shopper's name carries BERILO (the shop's side sees it, the kitchen too);
 * the rest of their personal data (address, email) carries AMBARINO, which the kitchen may not
 * see. OBSIDIANA is a deleted product nobody may see. Refusals may reveal none of them.
 */
export const MARKERS = {
  tienda: 'zafiro',
  tiendaInterna: 'cantera',
  tiendaPrivada: 'tezontle',
  clienteNombre: 'berilo',
  cliente: 'ambarino',
  borrado: 'obsidiana',
} as const;

/** The victim shop's CLABE: only its owner and the admin may see it, like TEZONTLE. */
export const VICTIM_CLABE = CLABE_VALIDA;

export interface SentMessage {
  to: string;
  text: string;
}

/** Every email and SMS the server sends, in memory, so a reset code can be read back. */
export function createMemoryNotifier(): { notifier: Notifier; sent: SentMessage[] } {
  const sent: SentMessage[] = [];
  return {
    sent,
    notifier: {
      async sendEmail({ to, text }) {
        sent.push({ to, text });
      },
      async sendSms({ to, text }) {
        sent.push({ to, text });
      },
    },
  };
}

/** Invitation emails as the memory notifier keeps them (createStaff reads the outbox by default). */
export function sentInvitation(sent: SentMessage[]): InvitationReader {
  return async (email) => {
    const deadline = Date.now() + 5000;
    for (;;) {
      const found = sent.findLast((m) => m.to === email && m.text.includes('/personal/aceptar?'));
      if (found) return found.text;
      if (Date.now() > deadline) throw new Error(`no llegó la invitación a ${email}`);
      await new Promise((r) => setTimeout(r, 10));
    }
  };
}

export interface World {
  server: TestServer;
  sent: SentMessage[];
  adminToken: string;
  /** The victim shop's owner; its shop is public, open, with a hidden and a deleted product. */
  owner: Owner;
  other: Owner;
  /** The victim shopper, with an order in the victim shop and one the shop accepted. */
  shopper: SignedIn;
  otherShopper: SignedIn;
  /** The victim shop's staff, one per role, and a manager of the other shop. */
  staff: Record<StaffCaller, Staff>;
  /** The victim shopper's ACEPTADO order: what the kitchen sees; never changed. */
  pedidoAceptado: number;
  categoria: CategoriaView;
  producto: ProductoView;
  /** Signs in in the authenticate row; never changed. */
  signInAccount: SignedIn;
  /** Its password is reset in the password rows. */
  resetAccount: SignedIn;
  imagePath: string;
  png: Buffer;
}

const VICTIM_TIENDA = tiendaPayload({
  nombre: 'Zafiro Fonda',
  radioMontoMinimo: 'no',
  montoMinimo: 0,
  radioCostoDeEnvio: 'si',
  costoDeEnvio: 10,
  // The transfer details: only the owner (and the admin) read the holder and the CLABE.
  pagos: {
    efectivo: true,
    terminal: false,
    transferencia: transferenciaPayload({ clabe: VICTIM_CLABE, titular: 'Tezontle Titular' }),
  },
  // A zone switched off: only the owner reads it among the zones' settings (the public, and
  // the staff, get the active zones).
  zonas: [
    {
      nombre: 'Tezontle Reserva',
      colonias: ['Centro'],
      codigosPostales: [],
      radioKm: null,
      costoDeEnvio: 20,
      montoMinimo: 0,
      activa: false,
    },
  ],
});

/** Open round the clock, so checkout never depends on when the test runs. */
const weekFor = (tiendaId: number) =>
  DIAS.map((dia) => ({ tiendaId, dia, apertura: '00:00', cierre: '23:59:59', cerrado: false }));

export async function createWorld(server: TestServer, sent: SentMessage[]): Promise<World> {
  const adminToken = await signInAdmin(server);
  const owner = await createOwner(server, {
    usuario: 'zafirofonda',
    email: 'tezontle.duena@correo.com',
  });
  await configureTienda(server, owner, VICTIM_TIENDA);
  const categoria = await addCategoria(server, owner, { title: 'Zafiro Tacos' });
  const producto = await addProducto(server, owner, categoria.id, { name: 'Zafiro Pastor' });
  const oculto = await addProducto(server, owner, categoria.id, { name: 'Cantera Oculto' });
  ok(
    await post(server, '/api/tienda/activateproducto', owner.token, {
      productoId: oculto.id,
      activate: false,
    }),
    'activateproducto',
  );
  const borrado = await addProducto(server, owner, categoria.id, { name: 'Obsidiana Borrada' });
  ok(await post(server, `/api/tienda/deleteproducto/${borrado.id}`, owner.token), 'deleteproducto');
  ok(await post(server, '/api/horario/addrange', owner.token, weekFor(owner.tiendaId)), 'addrange');
  ok(
    await post(server, '/api/horariosdias/add', owner.token, { fecha: '2099-12-25' }),
    'horariosdias/add',
  );
  await approveTienda(server, adminToken, owner.tiendaId);

  const other = await createOwner(server);
  await configureTienda(server, other, { nombre: 'Fonda Vecina' });
  const suya = await addCategoria(server, other, { title: 'Guisados' });
  await addProducto(server, other, suya.id, { name: 'Taco de papa' });

  const shopper = await registerAndSignIn(
    server,
    shopperPayload({
      email: 'ambarino.cliente@correo.com',
      nombreCompleto: 'Berilo Cliente',
      direccionEntrega: 'Calle Ambarino 7, Centro',
    }),
  );
  await addUnits(server, shopper.token, producto.id, 2);
  await checkout(server, shopper.token, owner.tiendaId);
  await addUnits(server, shopper.token, producto.id, 1);
  const { pedidoId: pedidoAceptado } = await checkout(server, shopper.token, owner.tiendaId);
  ok(
    await post(server, '/api/pedido/aceptarpedido', owner.token, {
      pedidoId: pedidoAceptado,
      minutos: 30,
    }),
    'aceptarpedido',
  );
  const otherShopper = await createShopper(server);
  const readInvitation = sentInvitation(sent);
  const staff: Record<StaffCaller, Staff> = {
    encargado: await createStaff(server, owner, 'ENCARGADO', 'Elena Encargada', { readInvitation }),
    cajero: await createStaff(server, owner, 'CAJERO', 'Carlos Cajero', { readInvitation }),
    cocina: await createStaff(server, owner, 'COCINA', 'Cora Cocina', { readInvitation }),
    otherEncargado: await createStaff(server, other, 'ENCARGADO', 'Omar Vecino', {
      readInvitation,
    }),
  };

  const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#2a7' } })
    .png()
    .toBuffer();
  const uploaded = await fetch(`${server.baseUrl}/api/ImageStorage/uploadImage`, {
    method: 'POST',
    headers: { authorization: `Bearer ${other.token}` },
    body: imageForm(png),
  });
  if (uploaded.status !== 200) throw new Error(`uploadImage: ${uploaded.status}`);
  const { path: imagePath } = (await uploaded.json()) as { path: string };

  const world: World = {
    server,
    sent,
    adminToken,
    owner,
    other,
    shopper,
    otherShopper,
    staff,
    pedidoAceptado,
    categoria,
    producto,
    signInAccount: await createShopper(server),
    resetAccount: await createShopper(server),
    imagePath,
    png,
  };
  // A guest's order left NUEVO throughout: the kitchen's answers must never hold it.
  await victimGuestSecret(world);
  return world;
}

function imageForm(png: Buffer): FormData {
  const form = new FormData();
  form.append('files', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'foto.png');
  return form;
}

export function tokenOf(w: World, caller: Caller): string | undefined {
  switch (caller) {
    case 'anonymous':
      return undefined;
    case 'shopper':
      return w.shopper.token;
    case 'owner':
      return w.owner.token;
    case 'otherOwner':
      return w.other.token;
    case 'admin':
      return w.adminToken;
    case 'otherShopper':
      return w.otherShopper.token;
    case 'encargado':
    case 'cajero':
    case 'cocina':
    case 'otherEncargado':
      return w.staff[caller].token;
  }
}

/** The token of the owner of the caller's shop (the caller's own, or its employer's). */
function shopOwnerTokenOf(w: World, caller: Caller): string | undefined {
  if (caller === 'owner' || (isStaffCaller(caller) && caller !== 'otherEncargado')) {
    return w.owner.token;
  }
  if (caller === 'otherOwner' || caller === 'otherEncargado') return w.other.token;
  return undefined;
}

/** A new token of the caller's account (a logout spends one). */
async function freshTokenOf(w: World, caller: Caller): Promise<string | undefined> {
  if (caller === 'anonymous') return undefined;
  if (caller === 'admin') return signInAdmin(w.server);
  const accounts = {
    shopper: w.shopper,
    owner: w.owner,
    otherOwner: w.other,
    otherShopper: w.otherShopper,
    ...w.staff,
  };
  const account = accounts[caller];
  const res = await w.server.call<{ token: string }>('/api/login/authenticate', {
    body: { email: account.email, password: account.password },
  });
  return ok(res, 'authenticate').token;
}

// ---- Fresh objects of the victim, made through the API ----

let sequence = 0;
const next = () => (sequence += 1);

/** A date no test run reaches, different each time (special days are unique per shop). */
function futureFecha(): string {
  return new Date(Date.UTC(2090, 0, 1) + next() * 86_400_000).toISOString().slice(0, 10);
}

const freshCategoria = (w: World) =>
  addCategoria(w.server, w.owner, { title: `Zafiro Cat ${next()}` });

const freshProducto = (w: World) =>
  addProducto(w.server, w.owner, w.categoria.id, { name: `Zafiro Extra ${next()}` });

async function freshDiaEspecial(w: World): Promise<number> {
  const fecha = futureFecha();
  const dias = ok(
    await post(w.server, '/api/horariosdias/add', w.owner.token, { fecha }),
    'horariosdias/add',
  ) as DiaEspecialView[];
  const dia = dias.find((d) => d.fecha === fecha);
  if (!dia) throw new Error(`día especial ${fecha} no está en la respuesta`);
  return dia.id;
}

/** One more unit of the public product in the victim shopper's basket: its line id. */
async function freshLinea(w: World, productoId = w.producto.id): Promise<number> {
  const line = lineOf(await addUnits(w.server, w.shopper.token, productoId), productoId);
  if (!line) throw new Error('la línea no está en la canasta');
  return line.shoppingCartId;
}

/**
 * The owner completes the victim shopper's NUEVO orders: one phone may hold at most 3 NUEVO
 * orders at one shop (docs/api.md, "Guest orders"), and the rows below place one per caller.
 */
async function makeRoomForOrders(w: World): Promise<void> {
  const nuevos = await w.server.app.database.db
    .selectFrom('pedido')
    .select('id')
    .where('account_id', '=', w.shopper.id)
    .where('tienda_id', '=', w.owner.tiendaId)
    .where('status', '=', 'NUEVO')
    .execute();
  for (const { id } of nuevos) {
    ok(await post(w.server, PEDIDO.completar, w.owner.token, { pedidoId: id }), 'completar');
  }
}

/** A NUEVO order of the victim shopper in the victim shop. */
export async function freshPedido(w: World): Promise<number> {
  await makeRoomForOrders(w);
  await freshLinea(w);
  return (await checkout(w.server, w.shopper.token, w.owner.tiendaId)).pedidoId;
}

/** Waits for the next message to `to` sent after `since` messages, and reads `pattern` in it. */
export async function readSent(
  w: World,
  to: string,
  since: number,
  pattern: RegExp,
): Promise<string> {
  const deadline = Date.now() + 5000;
  for (;;) {
    const found = w.sent.slice(since).find((m) => m.to === to && pattern.test(m.text));
    const value = found && pattern.exec(found.text)?.[1];
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`ningún mensaje para ${to}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

// ---- The table ----

/** One browser per caller: a real P-256 public key at the test push origin (127.0.0.1). */
const pushKeys = new Map<Caller, string>();
function pushSubscriptionOf(caller: Caller) {
  let p256dh = pushKeys.get(caller);
  if (!p256dh) {
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    p256dh = ecdh.getPublicKey().toString('base64url');
    pushKeys.set(caller, p256dh);
  }
  return {
    endpoint: `http://127.0.0.1:9/push/authz-${caller}`,
    keys: { p256dh, auth: Buffer.alloc(16, 7).toString('base64url') },
  };
}

export const ALL_200 = {
  anonymous: 200,
  shopper: 200,
  owner: 200,
  otherOwner: 200,
  admin: 200,
  otherShopper: 200,
  encargado: 200,
  cajero: 200,
  cocina: 200,
  otherEncargado: 200,
} as const;

/** Callers with no part in any shop: refused on every shop's route. */
export const NOT_OF_A_SHOP = {
  anonymous: 401,
  shopper: 403,
  admin: 403,
  otherShopper: 403,
} as const;

/** Every shop's people, owners and staff alike, refused (shopper and admin routes). */
const NO_SHOP_PEOPLE = {
  owner: 403,
  otherOwner: 403,
  encargado: 403,
  cajero: 403,
  cocina: 403,
  otherEncargado: 403,
} as const;

// Shop routes, one preset per row of the permission table (docs/api.md, "Staff and the kitchen"):
// the victim shop's owner and staff get what PERMISOS gives their role. "_HIDDEN": the request
// names an object of the victim shop, so another shop's people allowed the action are told it
// doesn't exist (404); "_NAMED": the body names the victim shop, which they are refused (403);
// "_OWN": the route acts on the caller's own shop, where the other shop's people succeed.

/** Catalogue, options, images, hours and special days: the owner and the manager. */
const CATALOGO_HIDDEN = {
  ...NOT_OF_A_SHOP,
  owner: 200,
  encargado: 200,
  cajero: 403,
  cocina: 403,
  otherOwner: 404,
  otherEncargado: 404,
} as const;
const CATALOGO_NAMED = { ...CATALOGO_HIDDEN, otherOwner: 403, otherEncargado: 403 } as const;
const CATALOGO_OWN = { ...CATALOGO_HIDDEN, otherOwner: 200, otherEncargado: 200 } as const;

/** Accept, cancel, complete, mark paid, seen, manual orders: everyone but the kitchen. */
const ATENDER_HIDDEN = {
  ...NOT_OF_A_SHOP,
  owner: 200,
  encargado: 200,
  cajero: 200,
  cocina: 403,
  otherOwner: 404,
  otherEncargado: 404,
} as const;

/** Pause and busy delay, on the caller's own shop: everyone but the kitchen. */
const RITMO_OWN = { ...ATENDER_HIDDEN, otherOwner: 200, otherEncargado: 200 } as const;

/** The cash close, of the caller's own shop: everyone but the kitchen. */
const CORTE_OWN = RITMO_OWN;

/** Sold out today and "listo", on an object of the victim shop: every role of the shop. */
export const TODOS_HIDDEN = { ...ATENDER_HIDDEN, cocina: 200 } as const;

/** Orders, the live stream, the shop's own view: every role of the shop, each on its own. */
const PEDIDOS_OWN = { ...TODOS_HIDDEN, otherOwner: 200, otherEncargado: 200 } as const;

/** Sales and the export, of the caller's own shop: the owner and the manager. */
const VENTAS_OWN = CATALOGO_OWN;

/** Shop settings, staff, on/off, of the caller's own shop: the owner only. */
export const DUENO_OWN = {
  ...NOT_OF_A_SHOP,
  owner: 200,
  otherOwner: 200,
  encargado: 403,
  cajero: 403,
  cocina: 403,
  otherEncargado: 403,
} as const;

/** The victim shop's staff member: its owner only; another owner is told it doesn't exist. */
export const DUENO_HIDDEN = { ...DUENO_OWN, otherOwner: 404 } as const;

/** Any shopper, each on its own cart and orders. */
const ANY_SHOPPER = {
  anonymous: 401,
  shopper: 200,
  admin: 403,
  otherShopper: 200,
  ...NO_SHOP_PEOPLE,
} as const;

/** The admin only. */
const ADMIN_ONLY = {
  anonymous: 401,
  shopper: 403,
  admin: 200,
  otherShopper: 403,
  ...NO_SHOP_PEOPLE,
} as const;

/** The shopper who owns the object; another shopper is told it doesn't exist. */
const SHOPPER_ONLY_HIDDEN = { ...ANY_SHOPPER, otherShopper: 404 } as const;

/** Who changes the victim shop's data, by row of the permission table. */
const BY_GERENCIA: readonly Caller[] = ['owner', 'encargado'];
const BY_MOSTRADOR: readonly Caller[] = ['owner', 'encargado', 'cajero'];
export const BY_TODOS: readonly Caller[] = ['owner', 'encargado', 'cajero', 'cocina'];

const get = (url: string) => async (): Promise<AuthzRequest> => ({ method: 'GET', url });
const postJson =
  (url: string, body: (w: World) => unknown = () => ({})) =>
  async (w: World): Promise<AuthzRequest> => ({ method: 'POST', url, body: body(w) });

export const AUTHZ_TABLE: Record<string, RouteCase> = {
  // Swagger UI and the API description are public.
  'GET /docs': { expect: ALL_200, request: get('/docs') },
  'GET /docs/static/index.html': {
    expect: {
      anonymous: 302,
      shopper: 302,
      owner: 302,
      otherOwner: 302,
      admin: 302,
      otherShopper: 302,
      encargado: 302,
      cajero: 302,
      cocina: 302,
      otherEncargado: 302,
    },
    request: get('/docs/static/index.html'),
  },
  'GET /docs/static/swagger-initializer.js': {
    expect: ALL_200,
    request: get('/docs/static/swagger-initializer.js'),
  },
  'GET /docs/static/*': { expect: ALL_200, request: get('/docs/static/index.css') },
  'GET /docs/json': { expect: ALL_200, request: get('/docs/json') },
  'GET /docs/yaml': { expect: ALL_200, request: get('/docs/yaml') },
  'GET /health': { expect: ALL_200, request: get('/health') },
  'GET /live': { expect: ALL_200, request: get('/live') },
  'GET /ready': { expect: ALL_200, request: get('/ready') },
  // Served by the socket's address, not by role: every caller here is on loopback. Callers from
  // elsewhere (404 without METRICS_TOKEN's Bearer) are in metrics.test.ts.
  'GET /metrics': { expect: ALL_200, request: get('/metrics') },

  // ---- Accounts ----
  'POST /api/login/registerUser': {
    expect: ALL_200,
    request: async () => ({
      method: 'POST',
      url: '/api/login/registerUser',
      body: shopperPayload(),
    }),
  },
  'POST /api/login/authenticate': {
    expect: ALL_200,
    request: async (w) => ({
      method: 'POST',
      url: '/api/login/authenticate',
      body: { email: w.signInAccount.email, password: w.signInAccount.password },
    }),
  },
  'POST /api/login/logout': {
    expect: { ...ALL_200, anonymous: 401 },
    request: async (w, caller) => ({
      method: 'POST',
      url: '/api/login/logout',
      body: {},
      token: await freshTokenOf(w, caller),
    }),
  },
  'POST /api/login/listarlogin': {
    expect: ADMIN_ONLY,
    reveals: ['admin'],
    request: postJson('/api/login/listarlogin'),
  },
  'GET /api/login/recuperacion': { expect: ALL_200, request: get('/api/login/recuperacion') },
  'POST /api/recuperarcontrasena/emailderecuperacion': {
    expect: ALL_200,
    request: async (w) => ({
      method: 'POST',
      url: `/api/recuperarcontrasena/emailderecuperacion?email=${w.resetAccount.email}`,
    }),
  },
  'POST /api/recuperarcontrasena/actualizarContrasena': {
    expect: ALL_200,
    request: async (w) => {
      const since = w.sent.length;
      const { email } = w.resetAccount;
      ok(
        await post(
          w.server,
          `/api/recuperarcontrasena/emailderecuperacion?email=${email}`,
          undefined,
        ),
        'emailderecuperacion',
      );
      const secret = await readSent(w, email, since, /secret=([A-Za-z0-9_-]+)/);
      return {
        method: 'POST',
        url: '/api/recuperarcontrasena/actualizarContrasena',
        body: { newPassword: 'NuevaClave77', secret },
      };
    },
  },
  'POST /api/restaurar/restaurarpassword': {
    expect: ALL_200,
    request: async (w) => {
      const since = w.sent.length;
      const { celular } = w.resetAccount;
      return {
        method: 'POST',
        url: '/api/restaurar/restaurarpassword',
        body: { celular },
        // The code is texted after the answer, and a newer code voids it: waiting for it here
        // keeps it from voiding the code the next row reads back.
        cleanup: async () => void (await readSent(w, celular, since, /\b(\d{6})\b/)),
      };
    },
  },
  'POST /api/restaurar/cambiarcontrasena': {
    expect: ALL_200,
    request: async (w) => {
      const since = w.sent.length;
      const { celular } = w.resetAccount;
      ok(await post(w.server, '/api/restaurar/restaurarpassword', undefined, { celular }), 'sms');
      const codigo = await readSent(w, celular, since, /\b(\d{6})\b/);
      return {
        method: 'POST',
        url: '/api/restaurar/cambiarcontrasena',
        body: { celular, password: 'CelNueva123', codigo },
      };
    },
  },

  // ---- Shops ----
  'GET /api/tienda/listartiendas': {
    expect: ALL_200,
    reveals: ['owner', 'admin'],
    request: get('/api/tienda/listartiendas'),
  },
  'GET /api/tienda/directorio': { expect: ALL_200, request: get('/api/tienda/directorio') },
  'GET /api/tienda/mitienda': {
    expect: PEDIDOS_OWN,
    permiso: 'pedidos',
    // Every role of the shop reads it (its hidden product too); the transfer details are the
    // owner's alone.
    reveals: BY_TODOS,
    holds: {
      owner: ['tiendaPrivada', 'tiendaInterna'],
      encargado: ['tiendaInterna'],
      cajero: ['tiendaInterna'],
      cocina: ['tiendaInterna'],
    },
    request: get('/api/tienda/mitienda'),
  },
  'GET /api/tienda/publica/:usuario': {
    expect: ALL_200,
    request: async (w) => ({ method: 'GET', url: `/api/tienda/publica/${w.owner.usuario}` }),
  },

  // Anyone, signed in or not: a read of the victim shop's public zones.
  'POST /api/tienda/cotizarenvio': {
    expect: ALL_200,
    request: async (w) => ({
      method: 'POST',
      url: '/api/tienda/cotizarenvio',
      body: { tiendaId: w.owner.tiendaId, codigoPostal: '72000' },
    }),
  },

  // ---- Shop pages (HTML, docs/shop-pages.md): public, the same for every caller ----
  'GET /tienda/:usuario': {
    expect: ALL_200,
    request: async (w) => ({ method: 'GET', url: `/tienda/${w.owner.usuario}` }),
  },
  'GET /tienda/:usuario/:subcategoria': {
    expect: ALL_200,
    request: async (w) => ({ method: 'GET', url: `/tienda/${w.owner.usuario}/zafirotacos` }),
  },
  'GET /tienda/:usuario/:subcategoria/productodetalle/:id': {
    expect: ALL_200,
    request: async (w) => ({
      method: 'GET',
      url: `/tienda/${w.owner.usuario}/zafirotacos/productodetalle/${w.producto.id}`,
    }),
  },
  'GET /sitemap.xml': { expect: ALL_200, request: get('/sitemap.xml') },
  'GET /robots.txt': { expect: ALL_200, request: get('/robots.txt') },
  'POST /api/tienda/updatetienda': {
    expect: DUENO_OWN,
    permiso: 'ajustes',
    changes: { by: ['owner'], names: false },
    request: async (w) => ({
      method: 'POST',
      url: '/api/tienda/updatetienda',
      body: tiendaPayload({ nombre: 'Fonda Intrusa', costoDeEnvio: 99 }),
      cleanup: async () => void (await configureTienda(w.server, w.owner, VICTIM_TIENDA)),
    }),
  },
  'POST /api/tienda/activatetienda': {
    expect: DUENO_OWN,
    permiso: 'ajustes',
    changes: { by: ['owner'], names: false },
    request: async (w) => ({
      method: 'POST',
      url: '/api/tienda/activatetienda',
      body: { activate: false },
      cleanup: async () => {
        const body = { activate: true };
        ok(await post(w.server, '/api/tienda/activatetienda', w.owner.token, body), 'activar');
      },
    }),
  },
  'POST /api/tienda/approveTienda': {
    expect: ADMIN_ONLY,
    changes: { by: ['admin'], names: true },
    request: async (w) => {
      // No route withdraws an approval: the victim shop goes back to pending in the database, so
      // an approval that should have been refused would show.
      await w.server.app.database.db
        .updateTable('tienda')
        .set({ approved: 0, version: sql`version + 1` })
        .where('id', '=', w.owner.tiendaId)
        .execute();
      return {
        method: 'POST',
        url: '/api/tienda/approveTienda',
        body: { tiendaId: w.owner.tiendaId },
        cleanup: () => approveTienda(w.server, w.adminToken, w.owner.tiendaId),
      };
    },
  },

  // ---- Catalogue ----
  'POST /api/tienda/addcategoria': {
    expect: CATALOGO_NAMED,
    permiso: 'catalogo',
    changes: { by: BY_GERENCIA, names: true },
    request: async (w) => ({
      method: 'POST',
      url: '/api/tienda/addcategoria',
      body: categoriaPayload({ title: `Zafiro Nueva ${next()}`, tiendaId: w.owner.tiendaId }),
    }),
  },
  'POST /api/tienda/updatecategoria': {
    expect: CATALOGO_HIDDEN,
    permiso: 'catalogo',
    changes: { by: BY_GERENCIA, names: true },
    request: async (w) => ({
      method: 'POST',
      url: '/api/tienda/updatecategoria',
      body: { id: (await freshCategoria(w)).id, title: `Zafiro Otra ${next()}`, imageUrl: IMAGE },
    }),
  },
  'POST /api/tienda/deletecategoria/:id': {
    expect: CATALOGO_HIDDEN,
    permiso: 'catalogo',
    changes: { by: BY_GERENCIA, names: true },
    request: async (w) => ({
      method: 'POST',
      url: `/api/tienda/deletecategoria/${(await freshCategoria(w)).id}`,
    }),
  },
  'POST /api/tienda/deletecategoria': {
    expect: CATALOGO_HIDDEN,
    permiso: 'catalogo',
    changes: { by: BY_GERENCIA, names: true },
    request: async (w) => ({
      method: 'POST',
      url: '/api/tienda/deletecategoria',
      body: { id: (await freshCategoria(w)).id },
    }),
  },
  'POST /api/tienda/addproducto': {
    expect: CATALOGO_NAMED,
    permiso: 'catalogo',
    changes: { by: BY_GERENCIA, names: true },
    request: async (w) => ({
      method: 'POST',
      url: '/api/tienda/addproducto',
      body: productoPayload(w.categoria.id, {
        name: `Zafiro Nuevo ${next()}`,
        tiendaId: w.owner.tiendaId,
      }),
    }),
  },
  'POST /api/tienda/updateproducto': {
    expect: CATALOGO_HIDDEN,
    permiso: 'catalogo',
    changes: { by: BY_GERENCIA, names: true },
    request: async (w) => ({
      method: 'POST',
      url: '/api/tienda/updateproducto',
      body: productoPayload(w.categoria.id, {
        id: (await freshProducto(w)).id,
        name: `Zafiro Otro ${next()}`,
        price: 31.5,
      }),
    }),
  },
  'POST /api/tienda/deleteproducto/:id': {
    expect: CATALOGO_HIDDEN,
    permiso: 'catalogo',
    changes: { by: BY_GERENCIA, names: true },
    request: async (w) => ({
      method: 'POST',
      url: `/api/tienda/deleteproducto/${(await freshProducto(w)).id}`,
    }),
  },
  'POST /api/tienda/deleteproducto': {
    expect: CATALOGO_HIDDEN,
    permiso: 'catalogo',
    changes: { by: BY_GERENCIA, names: true },
    request: async (w) => ({
      method: 'POST',
      url: '/api/tienda/deleteproducto',
      body: { id: (await freshProducto(w)).id },
    }),
  },
  'POST /api/tienda/activateproducto': {
    expect: CATALOGO_HIDDEN,
    permiso: 'catalogo',
    changes: { by: BY_GERENCIA, names: true },
    request: async (w) => ({
      method: 'POST',
      url: '/api/tienda/activateproducto',
      body: { productoId: (await freshProducto(w)).id, activate: false },
    }),
  },

  // ---- Hours and special days ----
  'POST /api/horario/addrange': {
    expect: CATALOGO_NAMED,
    permiso: 'catalogo',
    changes: { by: BY_GERENCIA, names: true },
    request: postJson('/api/horario/addrange', (w) => weekFor(w.owner.tiendaId)),
  },
  'GET /api/horario/getbytienda/:tiendaId': {
    expect: ALL_200,
    request: async (w) => ({ method: 'GET', url: `/api/horario/getbytienda/${w.owner.tiendaId}` }),
  },
  'GET /api/horariosdias/getbytienda/:tiendaId': {
    expect: ALL_200,
    request: async (w) => ({
      method: 'GET',
      url: `/api/horariosdias/getbytienda/${w.owner.tiendaId}`,
    }),
  },
  'POST /api/horariosdias/add': {
    expect: CATALOGO_NAMED,
    permiso: 'catalogo',
    changes: { by: BY_GERENCIA, names: true },
    request: postJson('/api/horariosdias/add', (w) => ({
      fecha: futureFecha(),
      recurrenteCadaAnio: false,
      tiendaId: w.owner.tiendaId,
    })),
  },
  'POST /api/horariosdias/update/:id': {
    expect: CATALOGO_HIDDEN,
    permiso: 'catalogo',
    changes: { by: BY_GERENCIA, names: true },
    request: async (w) => ({
      method: 'POST',
      url: `/api/horariosdias/update/${await freshDiaEspecial(w)}`,
      body: { fecha: futureFecha(), recurrenteCadaAnio: true },
    }),
  },
  'POST /api/horariosdias/delete/:id': {
    expect: CATALOGO_HIDDEN,
    permiso: 'catalogo',
    changes: { by: BY_GERENCIA, names: true },
    request: async (w) => ({
      method: 'POST',
      url: `/api/horariosdias/delete/${await freshDiaEspecial(w)}`,
    }),
  },

  // ---- Cart ----
  'POST /api/shoppingcartmarket/listarcarrito': {
    expect: ANY_SHOPPER,
    reveals: ['shopper'],
    request: async (w) => {
      await freshLinea(w);
      return { method: 'POST', url: '/api/shoppingcartmarket/listarcarrito', body: {} };
    },
  },
  'POST /api/shoppingcartmarket/addItem': {
    expect: ANY_SHOPPER,
    changes: { by: ['shopper'], names: false },
    request: postJson('/api/shoppingcartmarket/addItem', (w) => ({ productoId: w.producto.id })),
  },
  'POST /api/shoppingcartmarket/removeItem': {
    expect: SHOPPER_ONLY_HIDDEN,
    changes: { by: ['shopper'], names: true },
    request: async (w) => ({
      method: 'POST',
      url: '/api/shoppingcartmarket/removeItem',
      body: { shoppingCartId: await freshLinea(w) },
    }),
  },
  'POST /api/shoppingcartmarket/clearItem': {
    expect: SHOPPER_ONLY_HIDDEN,
    changes: { by: ['shopper'], names: true },
    request: async (w) => {
      // A product only the victim shopper has in a basket.
      const producto = await freshProducto(w);
      await freshLinea(w, producto.id);
      return {
        method: 'POST',
        url: '/api/shoppingcartmarket/clearItem',
        body: { productoId: producto.id },
      };
    },
  },
  'POST /api/shoppingcartmarket/removecart': {
    expect: ANY_SHOPPER,
    changes: { by: ['shopper'], names: false },
    request: async (w) => {
      await freshLinea(w);
      const body = { tiendaId: w.owner.tiendaId };
      return { method: 'POST', url: '/api/shoppingcartmarket/removecart', body };
    },
  },
  'POST /api/shoppingcartmarket/proccesscart': {
    // The other shopper's own basket for the shop is empty: the victim's basket, full, is not
    // its to check out (400 "empty basket", and no order).
    expect: { ...ANY_SHOPPER, otherShopper: 400 },
    changes: { by: ['shopper'], names: false },
    request: async (w) => {
      await makeRoomForOrders(w);
      await freshLinea(w);
      const body = { tiendaId: w.owner.tiendaId };
      ok(
        await post(w.server, '/api/shoppingcartmarket/removecart', w.otherShopper.token, body),
        'vaciar la canasta del otro cliente',
      );
      return { method: 'POST', url: '/api/shoppingcartmarket/proccesscart', body };
    },
  },

  // ---- Orders ----
  'POST /api/pedido/listarpedidosbyid': {
    expect: ANY_SHOPPER,
    reveals: ['shopper'],
    request: postJson(PEDIDO.byShopper),
  },
  'POST /api/pedido/listarpedidosbytiendaid': {
    expect: PEDIDOS_OWN,
    permiso: 'pedidos',
    // The kitchen gets the accepted order too, without the shopper's address or phone.
    reveals: BY_TODOS,
    holds: { owner: ['cliente'], encargado: ['cliente'], cajero: ['cliente'] },
    request: postJson(PEDIDO.byTienda),
  },
  'POST /api/pedido/completarpedidobypedidoid': {
    expect: ATENDER_HIDDEN,
    permiso: 'atender',
    changes: { by: BY_MOSTRADOR, names: true },
    request: async (w) => ({
      method: 'POST',
      url: PEDIDO.completar,
      body: { pedidoId: await freshPedido(w) },
    }),
  },
  'POST /api/pedido/cancelarpedidobypedidoid': {
    expect: ATENDER_HIDDEN,
    permiso: 'atender',
    changes: { by: BY_MOSTRADOR, names: true },
    request: async (w) => ({
      method: 'POST',
      url: PEDIDO.cancelar,
      body: { pedidoId: await freshPedido(w) },
    }),
  },
  // From event 0: the stream replays every past event its caller may see.
  'GET /api/pedido/eventos': {
    expect: PEDIDOS_OWN,
    permiso: 'pedidos',
    // The kitchen's replay: the accepted orders, without the shopper's address or phone.
    reveals: BY_TODOS,
    holds: { owner: ['cliente'], encargado: ['cliente'], cajero: ['cliente'] },
    request: get('/api/pedido/eventos?lastEventId=0'),
  },
  // An order's ESC/POS ticket: every role of the shop; the kitchen's (of the accepted order it
  // sees) without the shopper's address or phone.
  'GET /api/pedido/ticket/:pedidoId': {
    expect: TODOS_HIDDEN,
    permiso: 'pedidos',
    reveals: BY_TODOS,
    holds: { owner: ['cliente'], encargado: ['cliente'], cajero: ['cliente'] },
    request: async (w) => ({
      method: 'GET',
      url: `/api/pedido/ticket/${w.pedidoAceptado}?ancho=80`,
    }),
  },
  'GET /api/pedido/mis-eventos': {
    expect: ANY_SHOPPER,
    reveals: ['shopper'],
    request: get('/api/pedido/mis-eventos?lastEventId=0'),
  },

  // ---- Images ----
  'POST /api/ImageStorage/uploadImage': {
    expect: CATALOGO_OWN,
    permiso: 'catalogo',
    request: async (w) => ({
      method: 'POST',
      url: '/api/ImageStorage/uploadImage',
      form: imageForm(w.png),
    }),
  },
  'GET /images/:name': {
    expect: ALL_200,
    request: async (w) => ({ method: 'GET', url: w.imagePath }),
  },
};

// ---- Second edition: pause and sold-out marks (docs/api.md, "Shop settings") ----

Object.assign(AUTHZ_TABLE, {
  'POST /api/tienda/pausar': {
    expect: RITMO_OWN,
    permiso: 'ritmo',
    changes: { by: BY_MOSTRADOR, names: false },
    request: async (w, caller) => ({
      method: 'POST',
      url: '/api/tienda/pausar',
      body: { minutos: 30 },
      // A paused shop takes no orders: the rows after this one need it open again.
      cleanup: async () => {
        const token = shopOwnerTokenOf(w, caller);
        if (token)
          ok(await post(w.server, '/api/tienda/pausar', token, { minutos: 0 }), 'reanudar');
      },
    }),
  },
  'POST /api/tienda/agotarproducto': {
    expect: TODOS_HIDDEN,
    permiso: 'agotar',
    changes: { by: BY_TODOS, names: true },
    request: async (w) => ({
      method: 'POST',
      url: '/api/tienda/agotarproducto',
      body: { productoId: (await freshProducto(w)).id, agotado: true },
    }),
  },
} satisfies Record<string, RouteCase>);

// ---- Third edition: orders for later and the busy delay (docs/api.md, "Orders for later") ----

Object.assign(AUTHZ_TABLE, {
  'POST /api/tienda/demora': {
    expect: RITMO_OWN,
    permiso: 'ritmo',
    changes: { by: BY_MOSTRADOR, names: false },
    request: async (w, caller) => ({
      method: 'POST',
      url: '/api/tienda/demora',
      body: { minutos: 20 },
      cleanup: async () => {
        const token = shopOwnerTokenOf(w, caller);
        if (token) ok(await post(w.server, '/api/tienda/demora', token, { minutos: 0 }), 'demora');
      },
    }),
  },
  // Anyone, signed in or not: the victim shop's public slots.
  'GET /api/tienda/franjas/:usuario': {
    expect: ALL_200,
    request: async (w) => ({ method: 'GET', url: `/api/tienda/franjas/${w.owner.usuario}` }),
  },
} satisfies Record<string, RouteCase>);

// ---- Second edition: basket quantities, guest and owner-typed orders, order life, tracking
// (docs/api.md, "Basket (signed-in shopper)", "Guest orders", "Order life") ----

let guestSequence = 0;

/** A guest shopper for an order without an account: a phone of its own each time (3 NUEVO per phone). */
function guestCliente() {
  guestSequence += 1;
  return {
    nombreCompleto: 'Invitada Prueba',
    celular: `56${String((process.pid % 10_000) * 10_000 + guestSequence)
      .padStart(8, '0')
      .slice(-8)}`,
  };
}

function guestBody(productoId: number) {
  return {
    lineas: [{ productoId, cantidad: 1 }],
    cliente: guestCliente(),
    entrega: { tipo: 'DOMICILIO', direccion: 'Calle Invitada 9, Centro' },
    pago: { metodo: 'EFECTIVO' },
  };
}

const thirdShops = new WeakMap<World, Promise<PublicShop>>();

/** A public shop nobody in the matrix owns: guest orders go there, so they change no victim. */
export function thirdShop(w: World): Promise<PublicShop> {
  let shop = thirdShops.get(w);
  if (!shop) {
    shop = createPublicShop(w.server, w.adminToken, { nombre: 'Fonda Tercera' });
    thirdShops.set(w, shop);
  }
  return shop;
}

const guestOrders = new WeakMap<World, Promise<string>>();

/** The tracking secret of one guest order in the victim shop, made once. */
function victimGuestSecret(w: World): Promise<string> {
  let secret = guestOrders.get(w);
  if (!secret) {
    secret = (async () => {
      const res = await w.server.call<{ seguimiento: string }>('/api/pedido/invitado', {
        method: 'POST',
        headers: { 'idempotency-key': 'authz-victima' },
        body: { tiendaId: w.owner.tiendaId, ...guestBody(w.producto.id) },
      });
      if (res.status !== 201)
        throw new Error(`invitado: ${res.status} ${JSON.stringify(res.body)}`);
      return res.body.seguimiento;
    })();
    guestOrders.set(w, secret);
  }
  return secret;
}

/** The caller's own shop's first product (the owner-typed order names its own products). */
async function productoOf(w: World, tiendaId: number): Promise<number> {
  const row = await w.server.app.database.db
    .selectFrom('producto')
    .select('id')
    .where('tienda_id', '=', tiendaId)
    .where('deleted', '=', 0)
    .where('activated', '=', 1)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

Object.assign(AUTHZ_TABLE, {
  'POST /api/shoppingcartmarket/cantidad': {
    expect: SHOPPER_ONLY_HIDDEN,
    changes: { by: ['shopper'], names: true },
    request: async (w) => ({
      method: 'POST',
      url: '/api/shoppingcartmarket/cantidad',
      body: { shoppingCartId: await freshLinea(w), cantidad: 5 },
    }),
  },
  'POST /api/pedido/aceptarpedido': {
    expect: ATENDER_HIDDEN,
    permiso: 'atender',
    changes: { by: BY_MOSTRADOR, names: true },
    request: async (w) => ({
      method: 'POST',
      url: '/api/pedido/aceptarpedido',
      body: { pedidoId: await freshPedido(w), minutos: 20 },
    }),
  },
  'POST /api/pedido/marcarpagado': {
    expect: ATENDER_HIDDEN,
    permiso: 'atender',
    changes: { by: BY_MOSTRADOR, names: true },
    request: async (w) => ({
      method: 'POST',
      url: '/api/pedido/marcarpagado',
      body: { pedidoId: await freshPedido(w) },
    }),
  },
  'POST /api/pedido/visto': {
    expect: ATENDER_HIDDEN,
    permiso: 'atender',
    changes: { by: BY_MOSTRADOR, names: true },
    request: async (w) => ({
      method: 'POST',
      url: '/api/pedido/visto',
      body: { pedidoId: await freshPedido(w) },
    }),
  },
  // Anyone, signed in or not; into a shop of nobody here, so no victim's data changes.
  'POST /api/pedido/invitado': {
    expect: {
      anonymous: 201,
      shopper: 201,
      owner: 201,
      otherOwner: 201,
      admin: 201,
      otherShopper: 201,
      encargado: 201,
      cajero: 201,
      cocina: 201,
      otherEncargado: 201,
    },
    request: async (w) => {
      const shop = await thirdShop(w);
      return {
        method: 'POST',
        url: '/api/pedido/invitado',
        body: { tiendaId: shop.tiendaId, ...guestBody(shop.productos[0]!.id) },
        headers: { 'idempotency-key': `authz-invitado-${(guestSequence += 1)}` },
      };
    },
  },
  // Any shop's owner and counter staff, into its own shop.
  'POST /api/pedido/manual': {
    expect: {
      ...NOT_OF_A_SHOP,
      owner: 201,
      otherOwner: 201,
      encargado: 201,
      cajero: 201,
      cocina: 403,
      otherEncargado: 201,
    },
    permiso: 'atender',
    changes: { by: BY_MOSTRADOR, names: false },
    request: async (w, caller) => {
      // A shop takes orders, typed by its people too, while approved and switched on (the
      // activatetienda row switched the other shop off).
      const otherShop = caller === 'otherOwner' || caller === 'otherEncargado';
      if (otherShop) {
        await approveTienda(w.server, w.adminToken, w.other.tiendaId);
        const body = { activate: true };
        ok(await post(w.server, '/api/tienda/activatetienda', w.other.token, body), 'activar');
      }
      const tiendaId = otherShop ? w.other.tiendaId : w.owner.tiendaId;
      return {
        method: 'POST',
        url: '/api/pedido/manual',
        body: guestBody(await productoOf(w, tiendaId)),
      };
    },
  },
  // The secret is the key: whoever holds it reads the order, signed in or not.
  'GET /api/pedido/seguimiento/:seguimiento': {
    expect: ALL_200,
    request: async (w) => ({
      method: 'GET',
      url: `/api/pedido/seguimiento/${await victimGuestSecret(w)}`,
    }),
  },
  'GET /api/pedido/seguimiento/:seguimiento/eventos': {
    expect: ALL_200,
    request: async (w) => ({
      method: 'GET',
      url: `/api/pedido/seguimiento/${await victimGuestSecret(w)}/eventos?lastEventId=0`,
    }),
  },
  // Web Push: anyone may read the server's public key; a subscription belongs to its caller's
  // account, so any signed-in caller subscribes and unsubscribes its own browser.
  'GET /api/push/clavepublica': {
    expect: ALL_200,
    request: async () => ({ method: 'GET', url: '/api/push/clavepublica' }),
  },
  'POST /api/push/suscribir': {
    expect: {
      anonymous: 401,
      shopper: 201,
      owner: 201,
      otherOwner: 201,
      admin: 201,
      otherShopper: 201,
      encargado: 201,
      cajero: 201,
      cocina: 201,
      otherEncargado: 201,
    },
    request: async (_w, caller) => ({
      method: 'POST',
      url: '/api/push/suscribir',
      body: pushSubscriptionOf(caller),
    }),
  },
  'POST /api/push/desuscribir': {
    expect: { ...ALL_200, anonymous: 401 },
    request: async (_w, caller) => ({
      method: 'POST',
      url: '/api/push/desuscribir',
      body: { endpoint: pushSubscriptionOf(caller).endpoint },
    }),
  },
} satisfies Record<string, RouteCase>);

// ---- Sales for the owner (docs/sales.md): always the caller's own shop ----

/** Yesterday to tomorrow (UTC dates): the shop's today, wherever its zone, with the world's order. */
function rangoDeHoy(): string {
  const dia = (offset: number) =>
    new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  return `desde=${dia(-1)}&hasta=${dia(1)}`;
}

Object.assign(AUTHZ_TABLE, {
  'GET /api/tienda/ventas': {
    expect: VENTAS_OWN,
    permiso: 'ventas',
    request: async () => ({ method: 'GET', url: `/api/tienda/ventas?${rangoDeHoy()}` }),
  },
  'GET /api/tienda/corte': {
    expect: CORTE_OWN,
    permiso: 'corte',
    request: async () => ({
      method: 'GET',
      url: `/api/tienda/corte?fecha=${new Date().toISOString().slice(0, 10)}`,
    }),
  },
  // The export names the shop's shoppers: only the shop's own owner gets the victim's.
  'GET /api/pedido/exportar': {
    expect: VENTAS_OWN,
    permiso: 'ventas',
    reveals: BY_GERENCIA,
    holds: { owner: ['clienteNombre'], encargado: ['clienteNombre'] },
    request: async () => ({ method: 'GET', url: `/api/pedido/exportar?${rangoDeHoy()}` }),
  },
} satisfies Record<string, RouteCase>);
