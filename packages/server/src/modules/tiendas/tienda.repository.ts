import type { DbOrTx } from '../../db/database.js';

export async function insertTienda(
  db: DbOrTx,
  values: { accountId: number; usuario: string; now: string },
): Promise<number> {
  const row = await db
    .insertInto('tienda')
    .values({
      account_id: values.accountId,
      usuario: values.usuario,
      created_at: values.now,
      updated_at: values.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function findTiendaIdByAccountId(
  db: DbOrTx,
  accountId: number,
): Promise<number | undefined> {
  const row = await db
    .selectFrom('tienda')
    .select('id')
    .where('account_id', '=', accountId)
    .executeTakeFirst();
  return row?.id;
}
