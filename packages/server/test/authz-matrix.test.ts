import os from 'node:os';
import path from 'node:path';
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCIONES, PERMISOS, can, type Actor } from '@tianguis/domain';
import { STAFF_TABLE } from './authz-matrix.staff.js';
import {
  AUTHZ_TABLE as FIRST_TABLE,
  CALLER_OF_ACTOR,
  CALLERS,
  createMemoryNotifier,
  createWorld,
  MARKERS,
  tokenOf,
  VICTIM_CLABE,
  type AuthzRequest,
  type Caller,
  type RouteCase,
  type Status,
  type World,
} from './authz-matrix.table.js';
import { startTestServer, type TestServer } from './build-test-app.js';
import { findTienda, type TiendaView } from './catalogo-factories.js';
import { TEST_ADMIN } from './factories.js';
import { CART, PEDIDO } from './pedido-factories.js';

// Every route times every caller, against the real HTTP server: the status each gets, that a
// refusal is a plain {code, message} revealing nothing of the victim, that no call but the
// entitled ones changes the victim's data (rows and the victims' own views, compared before and
// after), and that no answer holds a record or a private detail its caller may not see. The
// shop's staff are callers like the rest: each shop route's row is checked against the
// permission table (PERMISOS, docs/api.md "Staff and the kitchen").

const AUTHZ_TABLE: Record<string, RouteCase> = { ...FIRST_TABLE, ...STAFF_TABLE };

const ERROR_CODES: Partial<Record<Status, string>> = {
  400: 'VALIDACION',
  401: 'NO_AUTENTICADO',
  403: 'PROHIBIDO',
  404: 'NO_ENCONTRADO',
};

/**
 * Who may see each kind of the victims' data: the shop's transfer details and its owner's email
 * (the owner, the admin); what the shop keeps from the public, like a hidden product (its owner,
 * its staff, the admin); the shopper's name (the shopper, the shop's side, the kitchen too); the
 * rest of the shopper's personal data, address, email, phone (not the kitchen).
 */
const MAY_SEE_TIENDA_PRIVADA: readonly Caller[] = ['owner', 'admin'];
const MAY_SEE_TIENDA_INTERNA: readonly Caller[] = [
  'owner',
  'admin',
  'encargado',
  'cajero',
  'cocina',
];
const MAY_SEE_CLIENTE_NOMBRE: readonly Caller[] = ['shopper', ...MAY_SEE_TIENDA_INTERNA];
const MAY_SEE_CLIENTE: readonly Caller[] = ['shopper', 'owner', 'admin', 'encargado', 'cajero'];

/** Served: 2xx or 3xx. */
const served = (status: Status) => status < 400;

/** Every method and path the server registered, HEAD twins left out. */
function routeKeysOf(routes: RouteOptions[]): string[] {
  const keys = routes.flatMap((r) =>
    [r.method]
      .flat()
      .filter((m) => m !== 'HEAD')
      .map((m) => `${m} ${r.url}`),
  );
  return [...new Set(keys)].sort();
}

interface Answer {
  status: number;
  contentType: string;
  text: string;
  body: unknown;
}

/** Reads a Server-Sent Events answer up to its first heartbeat, then hangs up. */
async function readUntilHeartbeat(response: Response): Promise<string> {
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let text = '';
  try {
    while (!text.includes(': ping')) {
      const { value, done } = await reader.read();
      if (done) break;
      text += decoder.decode(value, { stream: true });
    }
  } finally {
    await reader.cancel();
  }
  return text;
}

async function send(server: TestServer, request: AuthzRequest, token?: string): Promise<Answer> {
  const headers: Record<string, string> = { ...request.headers };
  if (token) headers.authorization = `Bearer ${token}`;
  let body: string | FormData | undefined = request.form;
  if (request.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(request.body);
  }
  const response = await fetch(server.baseUrl + request.url, {
    method: request.method,
    headers,
    body,
    redirect: 'manual',
    signal: AbortSignal.timeout(10_000),
  });
  const contentType = response.headers.get('content-type') ?? '';
  if (contentType.startsWith('text/event-stream')) {
    const text = await readUntilHeartbeat(response);
    const events = text
      .split('\n')
      .filter((line) => line.startsWith('data: '))
      .map((line) => JSON.parse(line.slice('data: '.length)) as unknown);
    return { status: response.status, contentType, text, body: events };
  }
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // Not JSON (HTML, YAML, an image): the text is the body.
  }
  return { status: response.status, contentType, text, body: parsed };
}

/**
 * The victim shop and the victim shopper as the database holds them (every row of theirs, with
 * versions and timestamps) and as they read them through the API (so their tokens still work).
 */
async function snapshotVictims(w: World) {
  const db = w.server.app.database.db;
  const tiendaId = w.owner.tiendaId;
  const clienteId = w.shopper.id;
  // In-process requests through the whole app (routing, guards, handlers): the calls under
  // test go over HTTP, these reads only need to be cheap, twice per case.
  const view = async (url: string, token?: string, body?: unknown) => {
    const answer = await w.server.app.inject({
      method: body === undefined ? 'GET' : 'POST',
      url,
      headers: token ? { authorization: `Bearer ${token}` } : {},
      ...(body !== undefined && { payload: body as object }),
    });
    // A victim who can no longer read its own data (a revoked token, a fault) is a change too.
    if (answer.statusCode !== 200) {
      throw new Error(`the victim's ${url} answers ${answer.statusCode}: ${answer.body}`);
    }
    return answer.json() as unknown;
  };
  // The four tables share the columns read here; one table's type stands for all of them.
  const ofTienda = (table: 'categoria' | 'producto' | 'horario' | 'dia_especial') =>
    db
      .selectFrom(table as 'categoria')
      .selectAll()
      .where('tienda_id', '=', tiendaId)
      .execute();
  const ofBoth = (table: 'pedido' | 'pedido_evento') =>
    db
      .selectFrom(table as 'pedido')
      .selectAll()
      .where((eb) => eb.or([eb('tienda_id', '=', tiendaId), eb('account_id', '=', clienteId)]))
      .execute();
  const [views, rows] = await Promise.all([
    Promise.all([
      view('/api/tienda/listartiendas', w.owner.token),
      view(PEDIDO.byTienda, w.owner.token, {}),
      view(CART.listar, w.shopper.token, {}),
      view(PEDIDO.byShopper, w.shopper.token, {}),
      // Served from a cache: a call that poisoned it would show only here. While the shop is
      // withdrawn (a case's own doing) it is a 404, and that is compared too.
      w.server.app
        .inject(`/api/tienda/publica/${w.owner.usuario}`)
        .then((answer) => ({ status: answer.statusCode, body: answer.json() as unknown })),
    ]),
    Promise.all([
      db.selectFrom('tienda').selectAll().where('id', '=', tiendaId).execute(),
      ofTienda('categoria'),
      ofTienda('producto'),
      ofTienda('horario'),
      ofTienda('dia_especial'),
      ofBoth('pedido'),
      db.selectFrom('pedido_detalle').selectAll().where('tienda_id', '=', tiendaId).execute(),
      ofBoth('pedido_evento'),
      db.selectFrom('carrito_linea').selectAll().where('account_id', '=', clienteId).execute(),
      db.selectFrom('account').selectAll().where('id', 'in', [w.owner.id, clienteId]).execute(),
      // Its staff, invitations included; a member's last sign-in is no change to the shop.
      db
        .selectFrom('personal')
        .selectAll()
        .where('tienda_id', '=', tiendaId)
        .execute()
        .then((list) => list.map(({ ultimo_acceso: _, ...row }) => row)),
    ]),
  ]);
  const [lista, pedidosTienda, carrito, pedidosCliente, publica] = views;
  // Only its own shop: the list also holds the other public shops.
  const ownListing = findTienda(lista as TiendaView[], tiendaId);
  return {
    // In id order, whatever order the database answered in.
    rows: rows.map((list) => [...list].sort((x, y) => x.id - y.id)),
    views: { ownListing, pedidosTienda, carrito, pedidosCliente, publica },
  };
}

/** A refusal: the documented code for its status and nothing but {code, message[, errors]}. */
function expectRefusal(answer: Answer, status: Status, label: string) {
  expect(answer.contentType, label).toMatch(/^application\/json/);
  const body = answer.body as Record<string, unknown>;
  expect(body.code, label).toBe(ERROR_CODES[status]);
  expect(typeof body.message === 'string' && body.message.length > 0, label).toBe(true);
  const allowed = status === 400 ? ['code', 'message', 'errors'] : ['code', 'message'];
  expect(
    Object.keys(body).filter((k) => !allowed.includes(k)),
    label,
  ).toEqual([]);
}

function visitObjects(value: unknown, visit: (o: Record<string, unknown>) => void): void {
  if (Array.isArray(value)) {
    for (const item of value) visitObjects(item, visit);
  } else if (value !== null && typeof value === 'object') {
    const o = value as Record<string, unknown>;
    visit(o);
    for (const child of Object.values(o)) visitObjects(child, visit);
  }
}

// Records, not the API description's schemas of them (/docs/json names the same fields).
const isPedido = (o: Record<string, unknown>) =>
  typeof o.id === 'number' && Array.isArray(o.pedidoDetalles) && 'usuarioId' in o;
const isLineaDeCarrito = (o: Record<string, unknown>) =>
  typeof o.shoppingCartId === 'number' && 'loginId' in o;

/**
 * Orders whose tracking secret the caller holds (docs/api.md, "Guest orders"): the one a new order
 * answers beside its secret, and the one whose secret the request's path carries.
 */
async function ordersKeyedBy(w: World, request: AuthzRequest, answer: Answer) {
  const held = new Set<unknown>();
  visitObjects(answer.body, (o) => {
    if (typeof o.seguimiento === 'string' && o.pedido !== null && typeof o.pedido === 'object') {
      held.add((o.pedido as Record<string, unknown>).id);
    }
  });
  const secret = /^\/api\/pedido\/seguimiento\/([^/?]+)/.exec(request.url)?.[1];
  if (secret) {
    const row = await w.server.app.database.db
      .selectFrom('pedido')
      .select('id')
      .where('seguimiento', '=', secret)
      .executeTakeFirst();
    if (row) held.add(row.id);
  }
  return held;
}

/** The shop each shop's person acts for. */
function tiendasOf(w: World): Partial<Record<Caller, number>> {
  return {
    owner: w.owner.tiendaId,
    otherOwner: w.other.tiendaId,
    encargado: w.staff.encargado.tiendaId,
    cajero: w.staff.cajero.tiendaId,
    cocina: w.staff.cocina.tiendaId,
    otherEncargado: w.staff.otherEncargado.tiendaId,
  };
}

/** Staff members and invitations in an answer (the owner's list, a role change). */
function personalIdsIn(answer: Answer): number[] {
  const ids: number[] = [];
  visitObjects(answer.body, (o) => {
    if (typeof o.personalId === 'number' && 'rol' in o && 'estado' in o) ids.push(o.personalId);
  });
  return ids;
}

/** The shop of each staff member named. */
async function tiendasOfPersonal(w: World, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await w.server.app.database.db
    .selectFrom('personal')
    .select('tienda_id')
    .where('id', 'in', ids)
    .execute();
  return rows.map((r) => r.tienda_id);
}

/**
 * Orders and cart lines in an answer belong to its caller: its shop's, or its own, or an order
 * it holds the tracking secret of.
 */
function expectOnlyOwnRecords(
  w: World,
  answer: Answer,
  caller: Caller,
  label: string,
  keyed: ReadonlySet<unknown>,
) {
  const tiendaOf = tiendasOf(w);
  const cuentaOf: Partial<Record<Caller, number>> = {
    shopper: w.shopper.id,
    otherShopper: w.otherShopper.id,
  };
  visitObjects(answer.body, (o) => {
    if (isPedido(o) && !keyed.has(o.id)) {
      const mine = tiendaOf[caller] !== undefined ? o.tiendaId : o.usuarioId;
      expect(mine, `${label}: an order not its own`).toBe(tiendaOf[caller] ?? cuentaOf[caller]);
      // The kitchen sees the orders the shop accepted (and what became of them), no others.
      if (caller === 'cocina') {
        expect(o.aceptadoEn, `${label}: an order never accepted`).not.toBeNull();
      }
    }
    if (isLineaDeCarrito(o)) {
      expect(o.loginId, `${label}: a cart line not its own`).toBe(cuentaOf[caller]);
    }
  });
}

/** The answer holds something only the victims' side may see. */
async function holdsVictimPrivateData(w: World, answer: Answer): Promise<boolean> {
  const text = answer.text.toLowerCase();
  const markers = [
    MARKERS.tiendaPrivada,
    MARKERS.tiendaInterna,
    MARKERS.clienteNombre,
    MARKERS.cliente,
  ];
  let found = markers.some((m) => text.includes(m));
  visitObjects(answer.body, (o) => {
    if (isPedido(o) && o.tiendaId === w.owner.tiendaId) found = true;
    if (isLineaDeCarrito(o) && o.loginId === w.shopper.id) found = true;
  });
  const staffOf = await tiendasOfPersonal(w, personalIdsIn(answer));
  return found || staffOf.includes(w.owner.tiendaId);
}

async function expectNothingRevealed(
  w: World,
  answer: Answer,
  caller: Caller,
  label: string,
  keyed: ReadonlySet<unknown>,
) {
  const text = answer.text.toLowerCase();
  const has = (secret: string) => text.includes(secret);
  if (answer.status >= 400) {
    const victimData = [...Object.values(MARKERS), w.owner.celular, w.shopper.celular];
    expect(victimData.filter(has), `${label}: the refusal names the victim`).toEqual([]);
  }
  if (!MAY_SEE_TIENDA_PRIVADA.includes(caller)) {
    const privada = [MARKERS.tiendaPrivada, VICTIM_CLABE];
    expect(privada.filter(has), `${label}: the shop's owner-only data`).toEqual([]);
  }
  if (!MAY_SEE_TIENDA_INTERNA.includes(caller)) {
    expect(has(MARKERS.tiendaInterna), `${label}: the shop's hidden product`).toBe(false);
  }
  if (!MAY_SEE_CLIENTE_NOMBRE.includes(caller)) {
    expect(has(MARKERS.clienteNombre), `${label}: the shopper's name`).toBe(false);
  }
  if (!MAY_SEE_CLIENTE.includes(caller)) {
    const personal = [MARKERS.cliente, w.shopper.celular];
    expect(personal.filter(has), `${label}: the shopper's personal data`).toEqual([]);
  }
  expect(has(MARKERS.borrado), `${label}: a deleted product`).toBe(false);
  expectOnlyOwnRecords(w, answer, caller, label, keyed);
  // Staff members: only the caller's own shop's.
  const own = tiendasOf(w)[caller];
  for (const tiendaId of await tiendasOfPersonal(w, personalIdsIn(answer))) {
    expect(tiendaId, `${label}: a staff member of another shop`).toBe(own);
  }
}

describe('authorization matrix: every route times every caller', () => {
  let server: TestServer;
  let w: World;
  const routes: RouteOptions[] = [];

  beforeAll(async () => {
    const { notifier, sent } = createMemoryNotifier();
    server = await startTestServer({
      config: {
        ...TEST_ADMIN,
        // Built web files would each be a route; they are the web app's, not the API's.
        webDistDir: path.join(os.tmpdir(), `tianguis-authz-sin-web-${process.pid}`),
        // The order streams are read up to their first heartbeat: long enough for the replay of
        // past events to start arriving, short enough to keep the matrix quick.
        sseHeartbeatMs: 250,
        // Orders left NUEVO (the kitchen must not see them) are never escalated mid-run: an
        // escalation would change the victim's orders between two snapshots of a case.
        alertaEscalarS: 24 * 3600,
      },
      notifier,
      onRoute: (route) => routes.push(route),
    });
    w = await createWorld(server, sent);
  });
  afterAll(() => server?.destroy());

  it('has a row for every route the server registers, and for no other', () => {
    const registered = routeKeysOf(routes);
    const listed = Object.keys(AUTHZ_TABLE);
    expect({
      withoutRow: registered.filter((k) => !listed.includes(k)),
      withoutRoute: listed.filter((k) => !registered.includes(k)),
    }).toEqual({ withoutRow: [], withoutRoute: [] });
  });

  it('holds rows that can prove something', () => {
    for (const [key, route] of Object.entries(AUTHZ_TABLE)) {
      const servedTo = CALLERS.filter((c) => served(route.expect[c]));
      expect(servedTo.length, `${key}: no caller shows the request is valid`).toBeGreaterThan(0);
      for (const c of route.reveals ?? []) expect(route.expect[c], `${key} ${c}`).toBe(200);
      for (const c of Object.keys(route.holds ?? {}) as Caller[]) {
        expect(route.reveals ?? [], `${key}: ${c} holds markers, so it reveals`).toContain(c);
      }
      if (!route.changes) continue;
      const { by, names } = route.changes;
      for (const c of by) expect(route.expect[c], `${key}: ${c} must succeed`).toBeLessThan(300);
      if (!names) continue;
      // Naming another's object: refused, 401 without a token, else 403 or 404 (docs/api.md).
      for (const c of CALLERS.filter((c) => !by.includes(c))) {
        expect([401, 403, 404], `${key} as ${c}`).toContain(route.expect[c]);
        expect(route.expect[c] === 401, `${key} as ${c}`).toBe(c === 'anonymous');
      }
    }
  });

  // The permission table's roles are callers of every row, and a shop's route says which of the
  // table's rows guards it; the owner's and each staff role's status then follow PERMISOS.
  it('has a status for every role of the permission table on every route, as PERMISOS says', () => {
    const actors = [...new Set(ACCIONES.flatMap((a) => PERMISOS[a]))] as Actor[];
    expect(actors.sort()).toEqual(Object.keys(CALLER_OF_ACTOR).sort());
    const problems: string[] = [];
    for (const [key, route] of Object.entries(AUTHZ_TABLE)) {
      for (const actor of actors) {
        const status: Status | undefined = route.expect[CALLER_OF_ACTOR[actor]];
        if (typeof status !== 'number') problems.push(`${key}: no row for ${actor}`);
      }
      // A shop's route: its owner is served and a shopper is refused.
      const ofAShop = served(route.expect.owner) && route.expect.shopper === 403;
      if (!route.permiso) {
        if (ofAShop) problems.push(`${key}: a shop's route without its permiso`);
        continue;
      }
      for (const actor of actors) {
        const status = route.expect[CALLER_OF_ACTOR[actor]];
        const wanted = can(actor, route.permiso) ? 'served' : 403;
        const got = served(status) ? 'served' : status;
        if (got !== wanted) {
          problems.push(
            `${key} (${route.permiso}) as ${actor}: ${status}, PERMISOS says ${wanted}`,
          );
        }
      }
      // The other shop's manager is a manager too: what the role may not do, it may not anywhere.
      if (!can('ENCARGADO', route.permiso) && route.expect.otherEncargado !== 403) {
        problems.push(`${key} (${route.permiso}) as otherEncargado: not 403`);
      }
    }
    expect(problems).toEqual([]);
  });

  describe.each(Object.keys(AUTHZ_TABLE))('%s', (key) => {
    const route = AUTHZ_TABLE[key]!;

    it.each(CALLERS)('as %s', async (caller) => {
      const label = `${key} as ${caller}`;
      const expected = route.expect[caller];
      const request = await route.request(w, caller);
      try {
        const before = await snapshotVictims(w);
        const answer = await send(server, request, request.token ?? tokenOf(w, caller));
        const after = await snapshotVictims(w);

        expect(answer.status, `${label}: ${answer.text.slice(0, 300)}`).toBe(expected);
        if (expected >= 400) expectRefusal(answer, expected, label);
        if (route.changes?.by.includes(caller)) {
          expect(
            after,
            `${label} changed nothing: the request names nothing of the victim`,
          ).not.toEqual(before);
        } else {
          expect(after, `${label} changed the victims' data`).toEqual(before);
        }
        const keyed = await ordersKeyedBy(w, request, answer);
        await expectNothingRevealed(w, answer, caller, label, keyed);
        if (route.reveals?.includes(caller)) {
          const missing = `${label}: its own data is missing, so its absence elsewhere proves nothing`;
          expect(await holdsVictimPrivateData(w, answer), missing).toBe(true);
          const text = answer.text.toLowerCase();
          const held = (route.holds?.[caller] ?? []).map((m) => MARKERS[m]);
          expect(
            held.filter((m) => !text.includes(m)),
            `${label}: what it may see is missing`,
          ).toEqual([]);
        }
      } finally {
        await request.cleanup?.();
      }
    });
  });
});
