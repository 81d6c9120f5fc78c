import type { DbOrTx } from '../../db/database.js';
import { findTiendaIdByAccountId, insertTienda } from './tienda.repository.js';

/**
 * A shop registration creates its tienda: name and image 'N/A', not configured, not approved,
 * activated (API.md). Runs inside the registration's transaction.
 */
export function createTiendaForOwner(
  trx: DbOrTx,
  owner: { accountId: number; usuario: string; now: string },
): Promise<number> {
  return insertTienda(trx, owner);
}

export async function findTiendaIdOfOwner(db: DbOrTx, accountId: number): Promise<number> {
  return (await findTiendaIdByAccountId(db, accountId)) ?? 0;
}
