import os from 'node:os';
import path from 'node:path';
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AUTHZ_TABLE,
  CALLERS,
  createMemoryNotifier,
  createWorld,
  MARKERS,
  tokenOf,
  type AuthzRequest,
  type Caller,
  type Status,
  type World,
} from './authz-matrix.table.js';
import { startTestServer, type TestServer } from './build-test-app.js';
import { findTienda, type TiendaView } from './catalogo-factories.js';
import { TEST_ADMIN } from './factories.js';
import { CART, PEDIDO } from './pedido-factories.js';

// Every route times every caller, against the real HTTP server: the status each gets, that a
// refusal is a plain {code, message} revealing nothing of the victim, that no call but the
// entitled one changes the victim's data (rows and the victims' own views, compared before and
// after), and that no answer holds a record or a private detail its caller may not see.

const ERROR_CODES: Partial<Record<Status, string>> = {
  400: 'VALIDACION',
  401: 'NO_AUTENTICADO',
  403: 'PROHIBIDO',
  404: 'NO_ENCONTRADO',
};

/** Who may see the victim shop's private data and the victim shopper's personal data. */
const MAY_SEE_TIENDA_PRIVADA: readonly Caller[] = ['owner', 'admin'];
const MAY_SEE_CLIENTE: readonly Caller[] = ['shopper', 'owner', 'admin'];

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
  const tiendaOf: Partial<Record<Caller, number>> = {
    owner: w.owner.tiendaId,
    otherOwner: w.other.tiendaId,
  };
  const cuentaOf: Partial<Record<Caller, number>> = {
    shopper: w.shopper.id,
    otherShopper: w.otherShopper.id,
  };
  visitObjects(answer.body, (o) => {
    if (isPedido(o) && !keyed.has(o.id)) {
      const mine = tiendaOf[caller] !== undefined ? o.tiendaId : o.usuarioId;
      expect(mine, `${label}: an order not its own`).toBe(tiendaOf[caller] ?? cuentaOf[caller]);
    }
    if (isLineaDeCarrito(o)) {
      expect(o.loginId, `${label}: a cart line not its own`).toBe(cuentaOf[caller]);
    }
  });
}

/** The answer holds something only the victims' side may see. */
function holdsVictimPrivateData(w: World, answer: Answer): boolean {
  const text = answer.text.toLowerCase();
  let found = text.includes(MARKERS.tiendaPrivada) || text.includes(MARKERS.cliente);
  visitObjects(answer.body, (o) => {
    if (isPedido(o) && o.tiendaId === w.owner.tiendaId) found = true;
    if (isLineaDeCarrito(o) && o.loginId === w.shopper.id) found = true;
  });
  return found;
}

function expectNothingRevealed(
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
    expect(has(MARKERS.tiendaPrivada), `${label}: the shop's hidden data`).toBe(false);
  }
  if (!MAY_SEE_CLIENTE.includes(caller)) {
    const personal = [MARKERS.cliente, w.shopper.celular];
    expect(personal.filter(has), `${label}: the shopper's personal data`).toEqual([]);
  }
  expect(has(MARKERS.borrado), `${label}: a deleted product`).toBe(false);
  expectOnlyOwnRecords(w, answer, caller, label, keyed);
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
      const served = CALLERS.filter((c) => route.expect[c] < 400);
      expect(served.length, `${key}: no caller shows the request is valid`).toBeGreaterThan(0);
      for (const c of route.reveals ?? []) expect(route.expect[c], `${key} ${c}`).toBe(200);
      if (!route.changes) continue;
      const { by, names } = route.changes;
      expect(route.expect[by], `${key}: ${by} must succeed`).toBeLessThan(300);
      if (!names) continue;
      // Naming another's object: refused, 401 without a token, else 403 or 404 (docs/api.md).
      for (const c of CALLERS.filter((c) => c !== by)) {
        expect([401, 403, 404], `${key} as ${c}`).toContain(route.expect[c]);
        expect(route.expect[c] === 401, `${key} as ${c}`).toBe(c === 'anonymous');
      }
    }
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
        if (route.changes?.by === caller) {
          expect(
            after,
            `${label} changed nothing: the request names nothing of the victim`,
          ).not.toEqual(before);
        } else {
          expect(after, `${label} changed the victims' data`).toEqual(before);
        }
        expectNothingRevealed(w, answer, caller, label, await ordersKeyedBy(w, request, answer));
        if (route.reveals?.includes(caller)) {
          const missing = `${label}: its own data is missing, so its absence elsewhere proves nothing`;
          expect(holdsVictimPrivateData(w, answer), missing).toBe(true);
        }
      } finally {
        await request.cleanup?.();
      }
    });
  });
});
