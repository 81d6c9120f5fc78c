import { PostgresAdapter, sql } from 'kysely';
import type { DbOrTx } from '../../db/database.js';
import { preparedQuery } from '../../db/prepared-query.js';
import { lockShopperForCheckout } from '../accounts/account.service.js';

// The checkout's own statements: the lock of a phone at a shop and the order an Idempotency-Key
// already made. The order's rows and its NUEVO event are written by the orders module's
// statements (pedido.service.ts re-exports them), inside the checkout's transaction.

/** Who an Idempotency-Key belongs to: a shopper's account, or orders without one. */
export type IdempotencyOwner = { accountId: number } | { tiendaId: number };

/**
 * An order an Idempotency-Key made. `tienda_id` is there for keys of orders without an account:
 * such a key is looked up at every shop, and one found at another shop is a conflict.
 */
export interface PedidoDeLlave {
  id: number;
  tienda_id?: number;
  idempotency_hash: string | null;
  seguimiento: string | null;
}

const selectPedidoIdByIdempotencyKey = preparedQuery((db, accountId: number, key: string) =>
  db
    .selectFrom('pedido')
    .select(['id', 'idempotency_hash', 'seguimiento'])
    .where('account_id', '=', accountId)
    .where('idempotency_key', '=', key),
);

const selectPedidoSinCuentaByIdempotencyKey = preparedQuery((db, key: string) =>
  db
    .selectFrom('pedido')
    .select(['id', 'tienda_id', 'idempotency_hash', 'seguimiento'])
    .where('account_id', 'is', null)
    .where('idempotency_key', '=', key),
);

/**
 * The order an Idempotency-Key already made: per account, or, for orders without one, at any
 * shop (a key of such orders names one order whatever the shop: `pedido_sin_cuenta_llave_unique`).
 */
export async function findPedidoByIdempotencyKey(
  db: DbOrTx,
  owner: IdempotencyOwner,
  key: string,
): Promise<PedidoDeLlave | undefined> {
  if ('accountId' in owner) {
    return (await selectPedidoIdByIdempotencyKey(db, owner.accountId, key)).rows[0];
  }
  return (await selectPedidoSinCuentaByIdempotencyKey(db, key)).rows[0];
}

/**
 * Takes the lock of one phone at one shop (lockCelularDeTienda) and answers the order an
 * Idempotency-Key already made (findPedidoByIdempotencyKey), in one statement on PostgreSQL.
 * Its snapshot predates the lock: a concurrent order with the same key that commits while this
 * one waits is not seen here, and the key's unique index then refuses the second insert.
 */
export async function lockCelularAndFindByKey(
  db: DbOrTx,
  lock: { tiendaId: number; celular: string },
  idempotency: { owner: IdempotencyOwner; key: string } | undefined,
): Promise<PedidoDeLlave | undefined> {
  if (!idempotency || !(db.getExecutor().adapter instanceof PostgresAdapter)) {
    await lockCelularDeTienda(db, lock.tiendaId, lock.celular);
    return idempotency && findPedidoByIdempotencyKey(db, idempotency.owner, idempotency.key);
  }
  const { owner, key } = idempotency;
  const { rows } = await sql<{
    id: number | null;
    tienda_id: number | null;
    idempotency_hash: string | null;
    seguimiento: string | null;
  }>`
    SELECT p.id, p.tienda_id, p.idempotency_hash, p.seguimiento
    FROM (SELECT pg_advisory_xact_lock(${lock.tiendaId}::int, hashtext(${lock.celular}::text))) AS l
    LEFT JOIN pedido AS p ON p.idempotency_key = ${key}::text AND ${
      'accountId' in owner ? sql`p.account_id = ${owner.accountId}::int` : sql`p.account_id IS NULL`
    }`.execute(db);
  const found = rows.flatMap((r) =>
    r.id === null || r.tienda_id === null ? [] : [{ ...r, id: r.id, tienda_id: r.tienda_id }],
  );
  return found[0];
}

/** The shopper a signed-in checkout orders as: the defaults of its contact and address. */
export interface ClienteDeCheckout {
  nombre_completo: string;
  celular: string | null;
  direccion_entrega: string;
}

/** The order's phone: the one the request names, else the account's own (the SQL's COALESCE). */
function celularDelPedido(celular: string | undefined, cliente: ClienteDeCheckout): string {
  return celular ?? cliente.celular ?? '';
}

/**
 * A signed-in checkout's locks, in one statement on PostgreSQL: the shopper's account row (two
 * checkouts of one shopper take turns: lockShopperForCheckout), then the lock of the order's
 * phone at the shop (`celular`, or the account's own when the request names none), then the
 * order the Idempotency-Key already made, as lockCelularAndFindByKey. The phone's lock is taken
 * in a lateral subquery of the locked row, so only after it. Undefined without the account. On
 * SQLite, whose writes already take turns, the two steps as they are. (Reads the accounts
 * module's table: one round trip fewer per order, docs/write-path.md, "Round trips on
 * PostgreSQL".) Answers the shopper, the phone locked (the order's) and the order the key made.
 */
export async function lockShopperAndCelular(
  db: DbOrTx,
  lock: { accountId: number; tiendaId: number; celular: string | undefined },
  idempotency: { owner: IdempotencyOwner; key: string } | undefined,
): Promise<
  { cliente: ClienteDeCheckout; celular: string; existing: PedidoDeLlave | undefined } | undefined
> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) {
    const cliente: ClienteDeCheckout | undefined = await lockShopperForCheckout(db, lock.accountId);
    if (!cliente) return undefined;
    const celular = celularDelPedido(lock.celular, cliente);
    const existing = await lockCelularAndFindByKey(
      db,
      { tiendaId: lock.tiendaId, celular },
      idempotency,
    );
    return { cliente, celular, existing };
  }
  const { rows } = await sql<
    ClienteDeCheckout & {
      id: number | null;
      tienda_id: number | null;
      idempotency_hash: string | null;
      seguimiento: string | null;
    }
  >`
    SELECT a.nombre_completo, a.celular, a.direccion_entrega,
      p.id, p.tienda_id, p.idempotency_hash, p.seguimiento
    FROM (
      SELECT nombre_completo, celular, direccion_entrega FROM account
      WHERE id = ${lock.accountId}::int FOR NO KEY UPDATE
    ) AS a
    CROSS JOIN LATERAL (
      SELECT pg_advisory_xact_lock(${lock.tiendaId}::int,
        hashtext(COALESCE(${lock.celular ?? null}::text, a.celular, '')))
    ) AS l
    LEFT JOIN pedido AS p ON p.idempotency_key = ${idempotency?.key ?? null}::text
      AND p.account_id = ${lock.accountId}::int`.execute(db);
  const row = rows[0];
  if (!row) return undefined;
  const { id, tienda_id, idempotency_hash, seguimiento, ...cliente } = row;
  return {
    cliente,
    celular: celularDelPedido(lock.celular, cliente),
    existing:
      id === null || tienda_id === null || !idempotency
        ? undefined
        : { id, tienda_id, idempotency_hash, seguimiento },
  };
}

/**
 * On PostgreSQL, makes checkouts of one phone at one shop take turns until commit, so two at
 * once can't both count 2 NUEVO orders and both pass the limit of 3. (SQLite's writes already
 * take turns.)
 */
export async function lockCelularDeTienda(db: DbOrTx, tiendaId: number, celular: string) {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`SELECT pg_advisory_xact_lock(${tiendaId}::int, hashtext(${celular}))`.execute(db);
  }
}

/**
 * On PostgreSQL, makes the scheduled checkouts of one slot of one shop take turns until commit,
 * so two at once can't both count the slot's last place free (docs/api.md, "Orders for later").
 * The count must run in a later statement than this one: a statement's snapshot is taken before
 * its lock is granted. Keyed like the phone's lock (lockCelularDeTienda), on the slot's start
 * instead of a phone; a chance clash of the two hashes only makes two checkouts wait for each
 * other. (SQLite's writes already take turns, and a group commit's pieces see the orders its
 * earlier pieces wrote.)
 */
export async function lockFranjaDeTienda(db: DbOrTx, tiendaId: number, inicioIso: string) {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`SELECT pg_advisory_xact_lock(${tiendaId}::int, hashtext(${`franja ${inicioIso}`}::text))`.execute(
      db,
    );
  }
}
