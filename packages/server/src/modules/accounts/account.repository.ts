import { PostgresAdapter, sql } from 'kysely';
import type { DbOrTx } from '../../db/database.js';
import { changedOneRow, existsRow, insertedId } from '../../db/rows.js';
import { preparedQuery } from '../../db/prepared-query.js';
import type { Account, NewAccount } from './account.table.js';

export function findAccountByEmail(db: DbOrTx, email: string): Promise<Account | undefined> {
  return db.selectFrom('account').selectAll().where('email', '=', email).executeTakeFirst();
}

export function findAccountById(db: DbOrTx, id: number): Promise<Account | undefined> {
  return db.selectFrom('account').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The token version of each of these accounts (missing: the account is gone). */
export async function listTokenVersions(db: DbOrTx, ids: number[]): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('account')
    .select(['id', 'token_version'])
    .where('id', 'in', ids)
    .execute();
  return new Map(rows.map((r) => [r.id, r.token_version]));
}

/** Which of these token ids were signed out. */
export async function listRevokedJtis(db: DbOrTx, jtis: string[]): Promise<Set<string>> {
  if (jtis.length === 0) return new Set();
  const rows = await db
    .selectFrom('revoked_token')
    .select('jti')
    .where('jti', 'in', jtis)
    .execute();
  return new Set(rows.map((r) => r.jti));
}

/**
 * What every authenticated request checks, in one read: the account and whether this token
 * (`jti`) was signed out (`revoked_jti` not null).
 */
export async function findAccountForSession(db: DbOrTx, id: number, jti: string) {
  return (await selectAccountForSession(db, id, jti)).rows[0];
}

const selectAccountForSession = preparedQuery((db, id: number, jti: string) =>
  db
    .selectFrom('account')
    .leftJoin('revoked_token', (join) => join.on('revoked_token.jti', '=', jti))
    .select([
      'account.id',
      'account.usuario',
      'account.role',
      'account.celular',
      'account.token_version',
      'account.nombre_completo',
      'revoked_token.jti as revoked_jti',
    ])
    .where('account.id', '=', id),
);

export function findAccountByCelular(db: DbOrTx, celular: string): Promise<Account | undefined> {
  return db.selectFrom('account').selectAll().where('celular', '=', celular).executeTakeFirst();
}

export function existsAccountWithUsuario(db: DbOrTx, usuario: string): Promise<boolean> {
  return existsRow(db.selectFrom('account').select('id').where('usuario', '=', usuario));
}

export async function insertAccount(db: DbOrTx, account: NewAccount): Promise<number> {
  return insertedId(db.insertInto('account').values(account).returning('id'));
}

/** Sets the hash and bumps token_version, which voids every token issued before. */
export async function updateAccountPassword(db: DbOrTx, id: number, passwordHash: string) {
  await db
    .updateTable('account')
    .set({ password_hash: passwordHash, token_version: sql`token_version + 1` })
    .where('id', '=', id)
    .execute();
}

/** Bumps token_version alone: every token issued before stops working (a staff removal). */
export async function raiseTokenVersion(db: DbOrTx, id: number) {
  await db
    .updateTable('account')
    .set({ token_version: sql`token_version + 1` })
    .where('id', '=', id)
    .execute();
}

export function listAccountsNewestFirst(db: DbOrTx) {
  return db
    .selectFrom('account')
    .select(['id', 'role', 'celular', 'email', 'created_at'])
    .orderBy('id', 'desc')
    .execute();
}

export async function insertRevokedToken(db: DbOrTx, jti: string, expiresAt: string) {
  await db
    .insertInto('revoked_token')
    .values({ jti, expires_at: expiresAt })
    .onConflict((oc) => oc.column('jti').doNothing())
    .execute();
}

export async function deleteExpiredRevokedTokens(db: DbOrTx, now: string) {
  await db.deleteFrom('revoked_token').where('expires_at', '<', now).execute();
}

export async function insertResetSecret(
  db: DbOrTx,
  values: { accountId: number; secretHash: string; expiresAt: string; now: string },
) {
  await db
    .insertInto('password_reset_secret')
    .values({
      account_id: values.accountId,
      secret_hash: values.secretHash,
      expires_at: values.expiresAt,
      created_at: values.now,
      used_at: null,
    })
    .execute();
}

/**
 * Marks a live secret used and answers its account; undefined when it is unknown, used or
 * expired. One UPDATE, so two requests racing with the same secret can't both win.
 */
export async function consumeResetSecret(
  db: DbOrTx,
  secretHash: string,
  now: string,
): Promise<number | undefined> {
  const row = await db
    .updateTable('password_reset_secret')
    .set({ used_at: now })
    .where('secret_hash', '=', secretHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning('account_id')
    .executeTakeFirst();
  return row?.account_id;
}

/** The two ways back into an account: an emailed secret and a texted code, each used once. */
type ResetTable = 'password_reset_secret' | 'phone_reset_code';

/** Marks the account's unused secrets or codes used: none of them works any more. */
async function voidUnusedOf(db: DbOrTx, table: ResetTable, accountId: number, now: string) {
  await db
    .updateTable(table)
    .set({ used_at: now })
    .where('account_id', '=', accountId)
    .where('used_at', 'is', null)
    .execute();
}

export function voidResetSecretsOf(db: DbOrTx, accountId: number, now: string) {
  return voidUnusedOf(db, 'password_reset_secret', accountId, now);
}

export async function insertPhoneCode(
  db: DbOrTx,
  values: { accountId: number; codeHash: string; expiresAt: string; now: string },
) {
  await db
    .insertInto('phone_reset_code')
    .values({
      account_id: values.accountId,
      code_hash: values.codeHash,
      expires_at: values.expiresAt,
      created_at: values.now,
      used_at: null,
    })
    .execute();
}

/** The newest code of the account that is still usable. */
export function findLivePhoneCode(db: DbOrTx, accountId: number, now: string) {
  return db
    .selectFrom('phone_reset_code')
    .select(['id', 'code_hash', 'attempts'])
    .where('account_id', '=', accountId)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** Takes one attempt of the code; false when none is left (or the code is gone). */
export function reservePhoneCodeAttempt(
  db: DbOrTx,
  id: number,
  maxAttempts: number,
): Promise<boolean> {
  return changedOneRow(
    db
      .updateTable('phone_reset_code')
      .set({ attempts: sql`attempts + 1` })
      .where('id', '=', id)
      .where('used_at', 'is', null)
      .where('attempts', '<', maxAttempts),
  );
}

/** Marks the code used; false when another request used it first. */
export function consumePhoneCode(db: DbOrTx, id: number, now: string): Promise<boolean> {
  return changedOneRow(
    db
      .updateTable('phone_reset_code')
      .set({ used_at: now })
      .where('id', '=', id)
      .where('used_at', 'is', null),
  );
}

export function voidPhoneCodesOf(db: DbOrTx, accountId: number, now: string) {
  return voidUnusedOf(db, 'phone_reset_code', accountId, now);
}

/**
 * Takes the shopper's row lock for the rest of the transaction: two checkouts of one shopper
 * take turns, so the second sees the first's order and emptied basket instead of racing it.
 * Answers the contact the order copies (undefined when the account is gone), read under that
 * lock. On PostgreSQL a `FOR NO KEY UPDATE` lock writes no new row version (the no-op UPDATE it
 * replaces left a dead row per order) and lets the order's foreign keys to the account through;
 * SQLite's writes already take turns, so a plain read is enough there.
 */
export async function lockShopperForCheckout(db: DbOrTx, accountId: number) {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  return (await (postgres ? lockShopperQuery : readShopperQuery)(db, accountId)).rows[0];
}

const readShopperQuery = preparedQuery((db, accountId: number) =>
  db
    .selectFrom('account')
    .select(['nombre_completo', 'celular', 'direccion_entrega'])
    .where('id', '=', accountId),
);

const lockShopperQuery = preparedQuery((db, accountId: number) =>
  db
    .selectFrom('account')
    .select(['nombre_completo', 'celular', 'direccion_entrega'])
    .where('id', '=', accountId)
    .forNoKeyUpdate(),
);
