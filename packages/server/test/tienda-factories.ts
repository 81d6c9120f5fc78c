import type { SelectExpression } from 'kysely';
import { vi } from 'vitest';
import type { Database } from '../src/db/database.js';
import { useAdminServer, withHelpers, type TestServer } from './build-test-app.js';
import { createPublicShop, updateTiendaCon, type PublicShop } from './pedido-factories.js';

// Shared setup for the shop settings tests (address, map point, zones, orders for later, shipping
// quotes): a server with the admin and two public shops, the one the tests change and its
// neighbour, and the shop's own row read straight from the database.

export interface TwoShops {
  /** The shop the tests change. */
  shop: PublicShop;
  /** 'Fonda Vecina': another owner's shop, for what must stay its own. */
  other: PublicShop;
}

/** Two public shops on one server: `nombre` (the one the tests change) and 'Fonda Vecina'. */
export async function createTwoPublicShops(
  server: TestServer,
  adminToken: string,
  nombre = 'Tacos Don Memo',
): Promise<TwoShops> {
  const shop = await createPublicShop(server, adminToken, { nombre });
  const other = await createPublicShop(server, adminToken, { nombre: 'Fonda Vecina' });
  return { shop, other };
}

/** updatetienda on `target` with its current first-edition fields and `extra`, by its owner or `token`. */
export type UpdateTienda = (
  target: PublicShop,
  extra: Record<string, unknown>,
  token?: string,
) => ReturnType<typeof updateTiendaCon>;

/**
 * The describe's server (with the admin) and its two public shops (createTwoPublicShops), made in
 * its beforeAll; `prepare` then sets them up further, and what it answers (accounts, more shops)
 * is shared too. `update` is updateTiendaCon on the server.
 */
export function useTwoPublicShops<T extends Record<keyof T, object> = Record<never, object>>(
  options: {
    nombre?: string;
    prepare?: (server: TestServer, made: TwoShops & { adminToken: string }) => Promise<T | void>;
  } = {},
) {
  const setup = useAdminServer(async (server, adminToken) => {
    const shops = await createTwoPublicShops(server, adminToken, options.nombre);
    const more = await options.prepare?.(server, { ...shops, adminToken });
    return { ...shops, ...more } as TwoShops & T;
  });
  const update: UpdateTienda = (target, extra, token) =>
    updateTiendaCon(setup.server, target, extra, token);
  return withHelpers(setup, { update });
}

const tiendaById = (server: TestServer, tiendaId: number) =>
  server.app.database.db.selectFrom('tienda').where('id', '=', tiendaId);

/** The given columns of one shop's row, straight from the database. */
export function readTiendaRow<C extends SelectExpression<Database, 'tienda'>>(
  server: TestServer,
  tiendaId: number,
  columns: readonly C[],
) {
  return tiendaById(server, tiendaId).select(columns).executeTakeFirstOrThrow();
}

/** One shop's whole row, straight from the database. */
export function readWholeTiendaRow(server: TestServer, tiendaId: number) {
  return tiendaById(server, tiendaId).selectAll().executeTakeFirstOrThrow();
}

/** Moves this process's clock, the server's too (same process), without touching timers. */
export function setFakeNow(instant: Date | number | string): void {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(instant));
}
