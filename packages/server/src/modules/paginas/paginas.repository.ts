import type { DbOrTx } from '../../db/database.js';

/**
 * Names the state of every shop at once, as the shop list's cache does: versions only go up and
 * every change under a shop raises its own, so the count and the sum move with any change.
 */
export async function findSitemapVersion(db: DbOrTx): Promise<string> {
  const row = await db
    .selectFrom('tienda')
    .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.sum<number>('version').as('v')])
    .executeTakeFirst();
  return `${Number(row?.n ?? 0)}.${Number(row?.v ?? 0)}`;
}

/** When each shop last changed (its row is touched with every change under it). */
export async function listUpdatedAt(db: DbOrTx, tiendaIds: number[]): Promise<Map<number, string>> {
  if (tiendaIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('tienda')
    .select(['id', 'updated_at'])
    .where('id', 'in', tiendaIds)
    .execute();
  return new Map(rows.map((r) => [r.id, r.updated_at]));
}
