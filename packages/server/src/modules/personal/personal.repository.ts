import { PostgresAdapter, sql, type Updateable } from 'kysely';
import type { RolPersonal } from '@tianguis/domain';
import type { DbOrTx } from '../../db/database.js';
import { insertedId } from '../../db/rows.js';
import { preparedQuery } from '../../db/prepared-query.js';
import type { PersonalTable } from './personal.table.js';

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

/** Sets some columns of one member's row. */
async function updateMiembro(db: DbOrTx, personalId: number, set: Updateable<PersonalTable>) {
  await db.updateTable('personal').set(set).where('id', '=', personalId).execute();
}

export async function markUltimoAcceso(db: DbOrTx, personalId: number, now: string) {
  await updateMiembro(db, personalId, { ultimo_acceso: now });
}

const vistaColumns = [
  'id',
  'tienda_id',
  'account_id',
  'email',
  'nombre_completo',
  'rol',
  'estado',
  'expira_en',
  'ultimo_acceso',
] as const;

/**
 * Makes the staff changes of one shop take turns (an invitation counts the members, then
 * writes): PostgreSQL holds a lock per shop until the transaction ends; SQLite runs
 * transactions one after the other anyway.
 */
export async function lockPersonalDeTienda(trx: DbOrTx, tiendaId: number) {
  if (trx.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`SELECT pg_advisory_xact_lock(${tiendaId}::int, hashtext('personal'))`.execute(trx);
  }
}

/**
 * Members that count toward the shop's limit: active ones and invitations still live at `now`,
 * but `exceptId` (the invitation being renewed).
 */
export async function countMiembrosVigentes(
  db: DbOrTx,
  tiendaId: number,
  now: string,
  exceptId: number | undefined,
): Promise<number> {
  let query = db
    .selectFrom('personal')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('tienda_id', '=', tiendaId)
    .where((eb) =>
      eb.or([
        eb('estado', '=', 'ACTIVO'),
        eb.and([eb('estado', '=', 'INVITADO'), eb('expira_en', '>', now)]),
      ]),
    );
  if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
  const row = await query.executeTakeFirstOrThrow();
  return Number(row.n);
}

/** This shop's row for an email nobody has accepted yet (invited, expired or withdrawn). */
export function findInvitacionDeEmail(db: DbOrTx, tiendaId: number, email: string) {
  return db
    .selectFrom('personal')
    .select('id')
    .where('tienda_id', '=', tiendaId)
    .where('email', '=', email)
    .where('account_id', 'is', null)
    .orderBy('id', 'desc')
    .executeTakeFirst();
}

export interface Invitacion {
  tiendaId: number;
  email: string;
  nombreCompleto: string;
  rol: RolPersonal;
  tokenHash: string;
  now: string;
  expiraEn: string;
}

/** The columns an invitation writes, new or renewed: a live token, and no removal. */
function invitacionColumns(inv: Invitacion) {
  return {
    nombre_completo: inv.nombreCompleto,
    rol: inv.rol,
    estado: 'INVITADO' as const,
    token_hash: inv.tokenHash,
    invitado_en: inv.now,
    expira_en: inv.expiraEn,
    baja_en: null,
  };
}

export async function insertInvitacion(db: DbOrTx, inv: Invitacion): Promise<number> {
  return insertedId(
    db
      .insertInto('personal')
      .values({
        tienda_id: inv.tiendaId,
        account_id: null,
        email: inv.email,
        ...invitacionColumns(inv),
        aceptado_en: null,
        ultimo_acceso: null,
      })
      .returning('id'),
  );
}

/** A new invitation in place of an earlier one to the same email: its old token stops working. */
export async function renewInvitacion(db: DbOrTx, id: number, inv: Invitacion) {
  await updateMiembro(db, id, invitacionColumns(inv));
}

/** The invitation a token opens, while it is unused and live at `now`. */
export function findInvitacionVigente(db: DbOrTx, tokenHash: string, now: string) {
  return db
    .selectFrom('personal')
    .select(['id', 'email'])
    .where('token_hash', '=', tokenHash)
    .where('estado', '=', 'INVITADO')
    .where('expira_en', '>', now)
    .executeTakeFirst();
}

/**
 * Takes the invitation for its acceptance, in one UPDATE: of two acceptances of one token, the
 * second finds it taken (PostgreSQL waits for the first's row lock, then reads it again).
 */
export function claimInvitacion(
  db: DbOrTx,
  claim: { tokenHash: string; now: string; nombreCompleto: string },
) {
  return db
    .updateTable('personal')
    .set({
      estado: 'ACTIVO',
      token_hash: null,
      aceptado_en: claim.now,
      nombre_completo: claim.nombreCompleto,
    })
    .where('token_hash', '=', claim.tokenHash)
    .where('estado', '=', 'INVITADO')
    .where('expira_en', '>', claim.now)
    .returning(['id', 'email'])
    .executeTakeFirst();
}

export async function setCuentaDeMiembro(db: DbOrTx, personalId: number, accountId: number) {
  await updateMiembro(db, personalId, { account_id: accountId });
}

/** Every row of a shop's staff as its owner's list reads them. */
export function listPersonalDeTienda(db: DbOrTx, tiendaId: number) {
  return db.selectFrom('personal').select(vistaColumns).where('tienda_id', '=', tiendaId).execute();
}

/** One row of this shop's staff; undefined for an unknown id or another shop's. */
export function findPersonalDeTienda(db: DbOrTx, tiendaId: number, personalId: number) {
  return db
    .selectFrom('personal')
    .select(vistaColumns)
    .where('tienda_id', '=', tiendaId)
    .where('id', '=', personalId)
    .executeTakeFirst();
}

export async function updateRol(db: DbOrTx, personalId: number, rol: RolPersonal) {
  await updateMiembro(db, personalId, { rol });
}

/** Removes a member (or withdraws an invitation): BAJA, and its link stops working. */
export async function removeMiembro(db: DbOrTx, personalId: number, now: string) {
  await updateMiembro(db, personalId, { estado: 'BAJA', baja_en: now, token_hash: null });
}
