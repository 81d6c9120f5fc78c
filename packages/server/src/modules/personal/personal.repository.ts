import type { DbOrTx } from '../../db/database.js';
import { preparedQuery } from '../../db/prepared-query.js';

/** A staff account's membership: its shop, role and state (read on every staff request). */
export async function findMiembroDeCuenta(db: DbOrTx, accountId: number) {
  return (await selectMiembroDeCuenta(db, accountId)).rows[0];
}

const selectMiembroDeCuenta = preparedQuery((db, accountId: number) =>
  db
    .selectFrom('personal')
    .select(['id', 'tienda_id', 'rol', 'estado', 'nombre_completo'])
    .where('account_id', '=', accountId),
);

export async function marcarUltimoAcceso(db: DbOrTx, personalId: number, now: string) {
  await db
    .updateTable('personal')
    .set({ ultimo_acceso: now })
    .where('id', '=', personalId)
    .execute();
}
