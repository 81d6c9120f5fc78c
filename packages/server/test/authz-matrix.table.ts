import { createECDH } from 'node:crypto';
import { sql } from 'kysely';
import { DIAS, type Accion, type Actor } from '@tianguis/domain';
import type { Notifier } from '../src/notifier/notifier.js';
import type { TestServer } from './build-test-app.js';
import {
  activateProducto,
  addCategoria,
  addDiaEspecial,
  addProducto,
  approveTienda,
  categoriaPayload,
  CLABE_VALIDA,
  configureTienda,
  createOwner,
  deleteCatalogoItem,
  IMAGE,
  ok,
  post,
  productoPayload,
  setSemana,
  tiendaPayload,
  transferenciaPayload,
  type CategoriaView,
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
import { addUnits, checkout, createPublicShop, lineOf, PEDIDO } from './pedido-factories.js';
import { imageForm, solidPng, uploadPng } from './image-factories.js';
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
  await activateProducto(server, owner, oculto.id, false);
  const borrado = await addProducto(server, owner, categoria.id, { name: 'Obsidiana Borrada' });
  await deleteCatalogoItem(server, owner, 'producto', borrado.id);
  await setSemana(server, owner, weekFor(owner.tiendaId));
  await addDiaEspecial(server, owner, { fecha: '2099-12-25' });
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

  const png = await solidPng(8, 8, '#2a7');
  const imagePath = await uploadPng(server, other.token, png);

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

/** What `make` answers for a world, made once: later calls get the first call's promise. */
export function oncePerWorld<T>(make: (w: World) => Promise<T>): (w: World) => Promise<T> {
  const made = new WeakMap<World, Promise<T>>();
  return (w) => {
    let value = made.get(w);
    if (!value) {
      value = make(w);
      made.set(w, value);
    }
    return value;
  };
}

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
  const dias = await addDiaEspecial(w.server, w.owner, { fecha });
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

/** Every caller gets `status`. */
function everyone<S extends Status>(status: S): Record<Caller, S> {
  return Object.fromEntries(CALLERS.map((caller) => [caller, status])) as Record<Caller, S>;
}

export const ALL_200 = everyone(200);

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

/** What the shop's side may see of the victim shopper: all but the kitchen see the address. */
const HOLDS_CLIENTE = { owner: ['cliente'], encargado: ['cliente'], cajero: ['cliente'] } as const;

// ---- Requests and rows: each route's row says only what is its own ----

type Expect = Record<Caller, Status>;
type MakeRequest = RouteCase['request'];
/** A part of a request, made afresh for each call (what a call spends is new every time). */
type Part<T> = (w: World, caller: Caller) => T | Promise<T>;

const valueOf = <T>(part: T | Part<T>, w: World, caller: Caller): T | Promise<T> =>
  typeof part === 'function' ? (part as Part<T>)(w, caller) : part;

/** A GET of a fixed address or of one made from the world. */
const get =
  (url: string | Part<string>): MakeRequest =>
  async (w, caller) => ({ method: 'GET', url: await valueOf(url, w, caller) });

/** A POST with a JSON body, `{}` unless one is given. */
const postJson =
  (url: string | Part<string>, body: Part<unknown> = () => ({})): MakeRequest =>
  async (w, caller) => ({
    method: 'POST',
    url: await valueOf(url, w, caller),
    body: await body(w, caller),
  });

/** A POST without a body (the routes naming their object in the address). */
const postTo =
  (url: Part<string>): MakeRequest =>
  async (w, caller) => ({ method: 'POST', url: await url(w, caller) });

/** A public route: every caller is served the same. */
const forEveryone = (url: string | Part<string>): RouteCase => ({
  expect: ALL_200,
  request: get(url),
});

/** A change to the victim shop's catalogue, hours or special days (the "catalogo" row). */
const catalogoChange = (expect: Expect, request: MakeRequest): RouteCase => ({
  expect,
  permiso: 'catalogo',
  changes: { by: BY_GERENCIA, names: true },
  request,
});

/** A change to a fresh NUEVO order of the victim shop by its counter (the "atender" row). */
const atenderChange = (url: string, extra: Record<string, unknown> = {}): RouteCase => ({
  expect: ATENDER_HIDDEN,
  permiso: 'atender',
  changes: { by: BY_MOSTRADOR, names: true },
  request: postJson(url, async (w) => ({ pedidoId: await freshPedido(w), ...extra })),
});

/** A read of the shop's orders: every role sees them, the kitchen without the address. */
const pedidosRead = (expect: Expect, request: MakeRequest): RouteCase => ({
  expect,
  permiso: 'pedidos',
  reveals: BY_TODOS,
  holds: HOLDS_CLIENTE,
  request,
});

/** A read of the caller's own cart or orders: any shopper, the victim's own data its own. */
const shopperRead = (request: MakeRequest): RouteCase => ({
  expect: ANY_SHOPPER,
  reveals: ['shopper'],
  request,
});

/**
 * A change to a shopper's basket: `names` when the request names a line of the victim shopper's
 * (another shopper is told it doesn't exist), otherwise on the caller's own basket.
 */
const canastaChange = (names: boolean, request: MakeRequest): RouteCase => ({
  expect: names ? SHOPPER_ONLY_HIDDEN : ANY_SHOPPER,
  changes: { by: ['shopper'], names },
  request,
});

/** A setting of the shop's owner alone, on its own shop, put back by `cleanup`. */
const ajustesChange = (request: MakeRequest): RouteCase => ({
  expect: DUENO_OWN,
  permiso: 'ajustes',
  changes: { by: ['owner'], names: false },
  request,
});

/**
 * The shop's pace on the caller's own shop (the "ritmo" row): `minutos` set, then 0 again by the
 * owner of the caller's shop, as the rows after it need (a paused shop takes no orders).
 */
const ritmoChange = (url: string, minutos: number, label: string): RouteCase => ({
  expect: RITMO_OWN,
  permiso: 'ritmo',
  changes: { by: BY_MOSTRADOR, names: false },
  request: async (w, caller) => ({
    method: 'POST',
    url,
    body: { minutos },
    cleanup: async () => {
      const token = shopOwnerTokenOf(w, caller);
      if (token) ok(await post(w.server, url, token, { minutos: 0 }), label);
    },
  }),
});

/** Deleting a fresh object of the victim shop's: its id in the address, or in the body. */
const catalogoDelete = (url: string, freshId: Part<number>, where: 'path' | 'body'): RouteCase =>
  catalogoChange(
    CATALOGO_HIDDEN,
    where === 'path'
      ? postTo(async (w, caller) => `${url}/${await freshId(w, caller)}`)
      : postJson(url, async (w, caller) => ({ id: await freshId(w, caller) })),
  );

/** A fresh category of the victim shop's: its id. */
const freshCategoriaId = async (w: World) => (await freshCategoria(w)).id;
/** A fresh product of the victim shop's: its id. */
const freshProductoId = async (w: World) => (await freshProducto(w)).id;

export const AUTHZ_TABLE: Record<string, RouteCase> = {
  // Swagger UI and the API description are public.
  'GET /docs': forEveryone('/docs'),
  'GET /docs/static/index.html': { expect: everyone(302), request: get('/docs/static/index.html') },
  'GET /docs/static/swagger-initializer.js': forEveryone('/docs/static/swagger-initializer.js'),
  'GET /docs/static/*': forEveryone('/docs/static/index.css'),
  'GET /docs/json': forEveryone('/docs/json'),
  'GET /docs/yaml': forEveryone('/docs/yaml'),
  'GET /health': forEveryone('/health'),
  'GET /live': forEveryone('/live'),
  'GET /ready': forEveryone('/ready'),
  // Served by the socket's address, not by role: every caller here is on loopback. Callers from
  // elsewhere (404 without METRICS_TOKEN's Bearer) are in metrics.test.ts.
  'GET /metrics': forEveryone('/metrics'),

  // ---- Accounts ----
  'POST /api/login/registerUser': {
    expect: ALL_200,
    request: postJson('/api/login/registerUser', () => shopperPayload()),
  },
  'POST /api/login/authenticate': {
    expect: ALL_200,
    request: postJson('/api/login/authenticate', (w) => ({
      email: w.signInAccount.email,
      password: w.signInAccount.password,
    })),
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
  'GET /api/login/recuperacion': forEveryone('/api/login/recuperacion'),
  'POST /api/recuperarcontrasena/emailderecuperacion': {
    expect: ALL_200,
    request: postTo(
      (w) => `/api/recuperarcontrasena/emailderecuperacion?email=${w.resetAccount.email}`,
    ),
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
  'GET /api/tienda/directorio': forEveryone('/api/tienda/directorio'),
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
  'GET /api/tienda/publica/:usuario': forEveryone((w) => `/api/tienda/publica/${w.owner.usuario}`),

  // Anyone, signed in or not: a read of the victim shop's public zones.
  'POST /api/tienda/cotizarenvio': {
    expect: ALL_200,
    request: postJson('/api/tienda/cotizarenvio', (w) => ({
      tiendaId: w.owner.tiendaId,
      codigoPostal: '72000',
    })),
  },

  // ---- Shop pages (HTML, docs/shop-pages.md): public, the same for every caller ----
  'GET /tienda/:usuario': forEveryone((w) => `/tienda/${w.owner.usuario}`),
  'GET /tienda/:usuario/:subcategoria': forEveryone(
    (w) => `/tienda/${w.owner.usuario}/zafirotacos`,
  ),
  'GET /tienda/:usuario/:subcategoria/productodetalle/:id': forEveryone(
    (w) => `/tienda/${w.owner.usuario}/zafirotacos/productodetalle/${w.producto.id}`,
  ),
  'GET /sitemap.xml': forEveryone('/sitemap.xml'),
  'GET /robots.txt': forEveryone('/robots.txt'),
  'POST /api/tienda/updatetienda': ajustesChange(async (w) => ({
    method: 'POST',
    url: '/api/tienda/updatetienda',
    body: tiendaPayload({ nombre: 'Fonda Intrusa', costoDeEnvio: 99 }),
    cleanup: async () => void (await configureTienda(w.server, w.owner, VICTIM_TIENDA)),
  })),
  'POST /api/tienda/activatetienda': ajustesChange(async (w) => ({
    method: 'POST',
    url: '/api/tienda/activatetienda',
    body: { activate: false },
    cleanup: async () => {
      const body = { activate: true };
      ok(await post(w.server, '/api/tienda/activatetienda', w.owner.token, body), 'activar');
    },
  })),
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
  'POST /api/tienda/addcategoria': catalogoChange(
    CATALOGO_NAMED,
    postJson('/api/tienda/addcategoria', (w) =>
      categoriaPayload({ title: `Zafiro Nueva ${next()}`, tiendaId: w.owner.tiendaId }),
    ),
  ),
  'POST /api/tienda/updatecategoria': catalogoChange(
    CATALOGO_HIDDEN,
    postJson('/api/tienda/updatecategoria', async (w) => ({
      id: await freshCategoriaId(w),
      title: `Zafiro Otra ${next()}`,
      imageUrl: IMAGE,
    })),
  ),
  'POST /api/tienda/deletecategoria/:id': catalogoDelete(
    '/api/tienda/deletecategoria',
    freshCategoriaId,
    'path',
  ),
  'POST /api/tienda/deletecategoria': catalogoDelete(
    '/api/tienda/deletecategoria',
    freshCategoriaId,
    'body',
  ),
  'POST /api/tienda/addproducto': catalogoChange(
    CATALOGO_NAMED,
    postJson('/api/tienda/addproducto', (w) =>
      productoPayload(w.categoria.id, {
        name: `Zafiro Nuevo ${next()}`,
        tiendaId: w.owner.tiendaId,
      }),
    ),
  ),
  'POST /api/tienda/updateproducto': catalogoChange(
    CATALOGO_HIDDEN,
    postJson('/api/tienda/updateproducto', async (w) =>
      productoPayload(w.categoria.id, {
        id: await freshProductoId(w),
        name: `Zafiro Otro ${next()}`,
        price: 31.5,
      }),
    ),
  ),
  'POST /api/tienda/deleteproducto/:id': catalogoDelete(
    '/api/tienda/deleteproducto',
    freshProductoId,
    'path',
  ),
  'POST /api/tienda/deleteproducto': catalogoDelete(
    '/api/tienda/deleteproducto',
    freshProductoId,
    'body',
  ),
  'POST /api/tienda/activateproducto': catalogoChange(
    CATALOGO_HIDDEN,
    postJson('/api/tienda/activateproducto', async (w) => ({
      productoId: await freshProductoId(w),
      activate: false,
    })),
  ),

  // ---- Hours and special days ----
  'POST /api/horario/addrange': catalogoChange(
    CATALOGO_NAMED,
    postJson('/api/horario/addrange', (w) => weekFor(w.owner.tiendaId)),
  ),
  'GET /api/horario/getbytienda/:tiendaId': forEveryone(
    (w) => `/api/horario/getbytienda/${w.owner.tiendaId}`,
  ),
  'GET /api/horariosdias/getbytienda/:tiendaId': forEveryone(
    (w) => `/api/horariosdias/getbytienda/${w.owner.tiendaId}`,
  ),
  'POST /api/horariosdias/add': catalogoChange(
    CATALOGO_NAMED,
    postJson('/api/horariosdias/add', (w) => ({
      fecha: futureFecha(),
      recurrenteCadaAnio: false,
      tiendaId: w.owner.tiendaId,
    })),
  ),
  'POST /api/horariosdias/update/:id': catalogoChange(
    CATALOGO_HIDDEN,
    postJson(
      async (w) => `/api/horariosdias/update/${await freshDiaEspecial(w)}`,
      () => ({ fecha: futureFecha(), recurrenteCadaAnio: true }),
    ),
  ),
  'POST /api/horariosdias/delete/:id': catalogoDelete(
    '/api/horariosdias/delete',
    freshDiaEspecial,
    'path',
  ),

  // ---- Cart ----
  'POST /api/shoppingcartmarket/listarcarrito': shopperRead(async (w) => {
    await freshLinea(w);
    return { method: 'POST', url: '/api/shoppingcartmarket/listarcarrito', body: {} };
  }),
  'POST /api/shoppingcartmarket/addItem': canastaChange(
    false,
    postJson('/api/shoppingcartmarket/addItem', (w) => ({ productoId: w.producto.id })),
  ),
  'POST /api/shoppingcartmarket/removeItem': canastaChange(
    true,
    postJson('/api/shoppingcartmarket/removeItem', async (w) => ({
      shoppingCartId: await freshLinea(w),
    })),
  ),
  'POST /api/shoppingcartmarket/clearItem': canastaChange(
    true,
    postJson('/api/shoppingcartmarket/clearItem', async (w) => {
      // A product only the victim shopper has in a basket.
      const producto = await freshProducto(w);
      await freshLinea(w, producto.id);
      return { productoId: producto.id };
    }),
  ),
  'POST /api/shoppingcartmarket/removecart': canastaChange(
    false,
    postJson('/api/shoppingcartmarket/removecart', async (w) => {
      await freshLinea(w);
      return { tiendaId: w.owner.tiendaId };
    }),
  ),
  'POST /api/shoppingcartmarket/proccesscart': {
    // The other shopper's own basket for the shop is empty: the victim's basket, full, is not
    // its to check out (400 "empty basket", and no order).
    ...canastaChange(
      false,
      postJson('/api/shoppingcartmarket/proccesscart', async (w) => {
        await makeRoomForOrders(w);
        await freshLinea(w);
        const body = { tiendaId: w.owner.tiendaId };
        ok(
          await post(w.server, '/api/shoppingcartmarket/removecart', w.otherShopper.token, body),
          'vaciar la canasta del otro cliente',
        );
        return body;
      }),
    ),
    expect: { ...ANY_SHOPPER, otherShopper: 400 },
  },

  // ---- Orders ----
  'POST /api/pedido/listarpedidosbyid': shopperRead(postJson(PEDIDO.byShopper)),
  // The kitchen gets the accepted order too, without the shopper's address or phone.
  'POST /api/pedido/listarpedidosbytiendaid': pedidosRead(PEDIDOS_OWN, postJson(PEDIDO.byTienda)),
  'POST /api/pedido/completarpedidobypedidoid': atenderChange(PEDIDO.completar),
  'POST /api/pedido/cancelarpedidobypedidoid': atenderChange(PEDIDO.cancelar),
  // From event 0: the stream replays every past event its caller may see; the kitchen's replay
  // the accepted orders, without the shopper's address or phone.
  'GET /api/pedido/eventos': pedidosRead(PEDIDOS_OWN, get('/api/pedido/eventos?lastEventId=0')),
  // An order's ESC/POS ticket: every role of the shop; the kitchen's (of the accepted order it
  // sees) without the shopper's address or phone.
  'GET /api/pedido/ticket/:pedidoId': pedidosRead(
    TODOS_HIDDEN,
    get((w) => `/api/pedido/ticket/${w.pedidoAceptado}?ancho=80`),
  ),
  'GET /api/pedido/mis-eventos': shopperRead(get('/api/pedido/mis-eventos?lastEventId=0')),

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
  'GET /images/:name': forEveryone((w) => w.imagePath),
};

// ---- Second edition: pause and sold-out marks (docs/api.md, "Shop settings") ----

Object.assign(AUTHZ_TABLE, {
  'POST /api/tienda/pausar': ritmoChange('/api/tienda/pausar', 30, 'reanudar'),
  'POST /api/tienda/agotarproducto': {
    expect: TODOS_HIDDEN,
    permiso: 'agotar',
    changes: { by: BY_TODOS, names: true },
    request: postJson('/api/tienda/agotarproducto', async (w) => ({
      productoId: await freshProductoId(w),
      agotado: true,
    })),
  },
} satisfies Record<string, RouteCase>);

// ---- Third edition: orders for later and the busy delay (docs/api.md, "Orders for later") ----

Object.assign(AUTHZ_TABLE, {
  'POST /api/tienda/demora': ritmoChange('/api/tienda/demora', 20, 'demora'),
  // Anyone, signed in or not: the victim shop's public slots.
  'GET /api/tienda/franjas/:usuario': forEveryone((w) => `/api/tienda/franjas/${w.owner.usuario}`),
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

/** A public shop nobody in the matrix owns: guest orders go there, so they change no victim. */
export const thirdShop = oncePerWorld((w) =>
  createPublicShop(w.server, w.adminToken, { nombre: 'Fonda Tercera' }),
);

/** The tracking secret of one guest order in the victim shop, made once. */
const victimGuestSecret = oncePerWorld(async (w) => {
  const res = await w.server.call<{ seguimiento: string }>('/api/pedido/invitado', {
    method: 'POST',
    headers: { 'idempotency-key': 'authz-victima' },
    body: { tiendaId: w.owner.tiendaId, ...guestBody(w.producto.id) },
  });
  if (res.status !== 201) throw new Error(`invitado: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.seguimiento;
});

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
  'POST /api/shoppingcartmarket/cantidad': canastaChange(
    true,
    postJson('/api/shoppingcartmarket/cantidad', async (w) => ({
      shoppingCartId: await freshLinea(w),
      cantidad: 5,
    })),
  ),
  'POST /api/pedido/aceptarpedido': atenderChange('/api/pedido/aceptarpedido', { minutos: 20 }),
  'POST /api/pedido/marcarpagado': atenderChange('/api/pedido/marcarpagado'),
  'POST /api/pedido/visto': atenderChange('/api/pedido/visto'),
  // Anyone, signed in or not; into a shop of nobody here, so no victim's data changes.
  'POST /api/pedido/invitado': {
    expect: everyone(201),
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
    request: postJson('/api/pedido/manual', async (w, caller) => {
      // A shop takes orders, typed by its people too, while approved and switched on (the
      // activatetienda row switched the other shop off).
      const otherShop = caller === 'otherOwner' || caller === 'otherEncargado';
      if (otherShop) {
        await approveTienda(w.server, w.adminToken, w.other.tiendaId);
        const body = { activate: true };
        ok(await post(w.server, '/api/tienda/activatetienda', w.other.token, body), 'activar');
      }
      return guestBody(await productoOf(w, otherShop ? w.other.tiendaId : w.owner.tiendaId));
    }),
  },
  // The secret is the key: whoever holds it reads the order, signed in or not.
  'GET /api/pedido/seguimiento/:seguimiento': forEveryone(
    async (w) => `/api/pedido/seguimiento/${await victimGuestSecret(w)}`,
  ),
  'GET /api/pedido/seguimiento/:seguimiento/eventos': forEveryone(
    async (w) => `/api/pedido/seguimiento/${await victimGuestSecret(w)}/eventos?lastEventId=0`,
  ),
  // Web Push: anyone may read the server's public key; a subscription belongs to its caller's
  // account, so any signed-in caller subscribes and unsubscribes its own browser.
  'GET /api/push/clavepublica': forEveryone('/api/push/clavepublica'),
  'POST /api/push/suscribir': {
    expect: { ...everyone(201), anonymous: 401 },
    request: postJson('/api/push/suscribir', (_w, caller) => pushSubscriptionOf(caller)),
  },
  'POST /api/push/desuscribir': {
    expect: { ...ALL_200, anonymous: 401 },
    request: postJson('/api/push/desuscribir', (_w, caller) => ({
      endpoint: pushSubscriptionOf(caller).endpoint,
    })),
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
    request: get(() => `/api/tienda/ventas?${rangoDeHoy()}`),
  },
  'GET /api/tienda/corte': {
    expect: CORTE_OWN,
    permiso: 'corte',
    request: get(() => `/api/tienda/corte?fecha=${new Date().toISOString().slice(0, 10)}`),
  },
  // The export names the shop's shoppers: only the shop's own owner gets the victim's.
  'GET /api/pedido/exportar': {
    expect: VENTAS_OWN,
    permiso: 'ventas',
    reveals: BY_GERENCIA,
    holds: { owner: ['clienteNombre'], encargado: ['clienteNombre'] },
    request: get(() => `/api/pedido/exportar?${rangoDeHoy()}`),
  },
} satisfies Record<string, RouteCase>);
