import { ok, post } from './catalogo-factories.js';
import { DEFAULT_PASSWORD } from './factories.js';
import {
  ALL_200,
  BY_TODOS,
  DUENO_HIDDEN,
  DUENO_OWN,
  freshPedido,
  readSent,
  sentInvitation,
  thirdShop,
  TODOS_HIDDEN,
  type RouteCase,
  type World,
} from './authz-matrix.table.js';
import { createStaff, type Staff } from './personal-factories.js';

// The authorization matrix's rows for the staff and the kitchen (docs/api.md, "Staff and the
// kitchen"): marking an order ready, its printed ticket, the owner's staff routes and accepting
// an invitation. authz-matrix.test.ts joins them to the rows of authz-matrix.table.ts.

let sequence = 0;
const next = () => (sequence += 1);

/** An email nobody has used, for an invitation. */
const freshEmail = () => `authz-invitada-${process.pid}-${next()}@correo.com`;

/** A NUEVO order of the victim shopper, accepted by the owner: ready to be marked LISTO. */
async function freshPedidoAceptado(w: World): Promise<number> {
  const pedidoId = await freshPedido(w);
  ok(
    await post(w.server, '/api/pedido/aceptarpedido', w.owner.token, { pedidoId, minutos: 20 }),
    'aceptarpedido',
  );
  return pedidoId;
}

const rolMembers = new WeakMap<World, Promise<Staff>>();

/**
 * One member of the victim shop whose role the role-change row moves back and forth: made once,
 * so the calls refused leave no members behind (a shop holds at most 20).
 */
function rolMemberOf(w: World): Promise<Staff> {
  let member = rolMembers.get(w);
  if (!member) {
    member = createStaff(w.server, w.owner, 'CAJERO', 'Rosa Rotativa', {
      readInvitation: sentInvitation(w.sent),
    });
    rolMembers.set(w, member);
  }
  return member;
}

/** Removes the member from the victim shop as its owner, unless it is removed already. */
async function darDeBajaSiSigue(w: World, personalId: number): Promise<void> {
  const row = await w.server.app.database.db
    .selectFrom('personal')
    .select('estado')
    .where('id', '=', personalId)
    .executeTakeFirstOrThrow();
  if (row.estado === 'BAJA') return;
  ok(
    await post(w.server, '/api/tienda/personal/baja', w.owner.token, { personalId }),
    'baja del personal',
  );
}

export const STAFF_TABLE: Record<string, RouteCase> = {
  // ACEPTADO → LISTO: every role of the shop, the kitchen included; on a fresh accepted order.
  'POST /api/pedido/listo': {
    expect: TODOS_HIDDEN,
    permiso: 'listo',
    changes: { by: BY_TODOS, names: true },
    request: async (w) => ({
      method: 'POST',
      url: '/api/pedido/listo',
      body: { pedidoId: await freshPedidoAceptado(w) },
    }),
  },
  // The ESC/POS ticket of the accepted order: every role of the shop; the kitchen's without the
  // shopper's address or phone, with their name (a delivery order: the address is on the others').
  'GET /api/pedido/ticket/:pedidoId': {
    expect: TODOS_HIDDEN,
    permiso: 'pedidos',
    reveals: BY_TODOS,
    holds: {
      owner: ['cliente', 'clienteNombre'],
      encargado: ['cliente', 'clienteNombre'],
      cajero: ['cliente', 'clienteNombre'],
      cocina: ['clienteNombre'],
    },
    request: async (w) => ({
      method: 'GET',
      url: `/api/pedido/ticket/${w.pedidoAceptado}?ancho=58`,
    }),
  },

  // ---- The owner's staff routes: the owner alone, each on its own shop ----
  'POST /api/tienda/personal': {
    expect: { ...DUENO_OWN, owner: 201, otherOwner: 201 },
    permiso: 'ajustes',
    changes: { by: ['owner'], names: false },
    request: async () => ({
      method: 'POST',
      url: '/api/tienda/personal',
      body: { email: freshEmail(), nombreCompleto: 'Ines Invitada', rol: 'COCINA' },
    }),
  },
  'GET /api/tienda/personal': {
    expect: DUENO_OWN,
    permiso: 'ajustes',
    reveals: ['owner'],
    request: async () => ({ method: 'GET', url: '/api/tienda/personal' }),
  },
  // One member whose role each call moves to the other one, so the owner's call changes it.
  'POST /api/tienda/personal/rol': {
    expect: DUENO_HIDDEN,
    permiso: 'ajustes',
    changes: { by: ['owner'], names: true },
    request: async (w) => {
      const { personalId } = await rolMemberOf(w);
      const { rol } = await w.server.app.database.db
        .selectFrom('personal')
        .select('rol')
        .where('id', '=', personalId)
        .executeTakeFirstOrThrow();
      return {
        method: 'POST',
        url: '/api/tienda/personal/rol',
        body: { personalId, rol: rol === 'CAJERO' ? 'COCINA' : 'CAJERO' },
      };
    },
  },
  // A removal spends its member: a fresh one per call, removed afterwards if the call was refused.
  'POST /api/tienda/personal/baja': {
    expect: DUENO_HIDDEN,
    permiso: 'ajustes',
    changes: { by: ['owner'], names: true },
    request: async (w) => {
      const { personalId } = await createStaff(w.server, w.owner, 'CAJERO', 'Beto Baja', {
        readInvitation: sentInvitation(w.sent),
      });
      return {
        method: 'POST',
        url: '/api/tienda/personal/baja',
        body: { personalId },
        cleanup: () => darDeBajaSiSigue(w, personalId),
      };
    },
  },
  // The invitation's token is the key, whoever holds it, signed in or not. Invitations to a shop
  // nobody in the matrix owns, one per call (a token works once), so no victim's data changes.
  'POST /api/personal/aceptar': {
    expect: ALL_200,
    request: async (w) => {
      const shop = await thirdShop(w);
      const email = freshEmail();
      const since = w.sent.length;
      const invitacion = { email, nombreCompleto: 'Ana Aceptada', rol: 'CAJERO' };
      const res = await post(w.server, '/api/tienda/personal', shop.owner.token, invitacion);
      if (res.status !== 201) throw new Error(`invitar: ${res.status} ${JSON.stringify(res.body)}`);
      const token = await readSent(w, email, since, /token=([A-Za-z0-9_-]+)/);
      return {
        method: 'POST',
        url: '/api/personal/aceptar',
        body: { token, password: DEFAULT_PASSWORD, nombreCompleto: 'Ana Aceptada' },
      };
    },
  },
};
