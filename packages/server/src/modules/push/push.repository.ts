import type { DbOrTx } from '../../db/database.js';
import { existsRow } from '../../db/rows.js';
import { preparedQuery } from '../../db/prepared-query.js';

/** Who a subscription belongs to: an account, or the guest order it follows. */
export type PushDueno = { accountId: number } | { pedidoId: number };

const ownerColumn = (dueno: PushDueno) =>
  'accountId' in dueno
    ? (['account_id', dueno.accountId] as const)
    : (['pedido_id', dueno.pedidoId] as const);

/**
 * Keeps a subscription. An endpoint is one browser's address, so subscribing it again (a new
 * key pair, or another account signed in on that browser) replaces the row's keys and owner.
 */
export async function upsertSuscripcion(
  db: DbOrTx,
  values: { endpoint: string; p256dh: string; auth: string; dueno: PushDueno; now: string },
): Promise<void> {
  const owner = {
    account_id: 'accountId' in values.dueno ? values.dueno.accountId : null,
    pedido_id: 'pedidoId' in values.dueno ? values.dueno.pedidoId : null,
  };
  await db
    .insertInto('push_suscripcion')
    .values({
      endpoint: values.endpoint,
      p256dh: values.p256dh,
      auth: values.auth,
      ...owner,
      created_at: values.now,
    })
    .onConflict((oc) =>
      oc.column('endpoint').doUpdateSet({
        p256dh: values.p256dh,
        auth: values.auth,
        ...owner,
        created_at: values.now,
      }),
    )
    .execute();
}

/** Deletes an owner's subscriptions beyond the newest `keep`. */
export async function trimSuscripciones(db: DbOrTx, dueno: PushDueno, keep: number) {
  const [column, value] = ownerColumn(dueno);
  await db
    .deleteFrom('push_suscripcion')
    .where(column, '=', value)
    .where('id', 'not in', (eb) =>
      eb
        .selectFrom('push_suscripcion')
        .select('id')
        .where(column, '=', value)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(keep),
    )
    .execute();
}

/** Deletes the subscription at `endpoint` only if it belongs to `dueno`; answers whether it did. */
export async function deleteSuscripcionDe(
  db: DbOrTx,
  endpoint: string,
  dueno: PushDueno,
): Promise<boolean> {
  const [column, value] = ownerColumn(dueno);
  const result = await db
    .deleteFrom('push_suscripcion')
    .where('endpoint', '=', endpoint)
    .where(column, '=', value)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/**
 * The push service said the subscription is gone (404/410). Matched on its keys too: the same
 * browser may have subscribed again, with new keys, while the message was on its way.
 */
export async function deleteSuscripcionVencida(
  db: DbOrTx,
  s: { endpoint: string; p256dh: string; auth: string },
): Promise<void> {
  await db
    .deleteFrom('push_suscripcion')
    .where('endpoint', '=', s.endpoint)
    .where('p256dh', '=', s.p256dh)
    .where('auth', '=', s.auth)
    .execute();
}

export function listSuscripcionesDe(db: DbOrTx, dueno: PushDueno) {
  const [column, value] = ownerColumn(dueno);
  return db
    .selectFrom('push_suscripcion')
    .select(['endpoint', 'p256dh', 'auth'])
    .where(column, '=', value)
    .orderBy('id')
    .execute();
}

export type SuscripcionRow = Awaited<ReturnType<typeof listSuscripcionesDe>>[number];

// Read after every new order: built and compiled once.
const selectSuscripcionesDeTienda = preparedQuery((db, tiendaId: number) =>
  db
    .selectFrom('push_suscripcion')
    .innerJoin('tienda', 'tienda.account_id', 'push_suscripcion.account_id')
    .select(['push_suscripcion.endpoint', 'push_suscripcion.p256dh', 'push_suscripcion.auth'])
    .where('tienda.id', '=', tiendaId)
    .orderBy('push_suscripcion.id'),
);

/** The subscriptions of the account that owns a shop. */
export async function listSuscripcionesDeTienda(db: DbOrTx, tiendaId: number) {
  return (await selectSuscripcionesDeTienda(db, tiendaId)).rows;
}

/** Whether anyone, anywhere, has a subscription: one row at most. */
export function hasAnySuscripcion(db: DbOrTx): Promise<boolean> {
  return existsRow(db.selectFrom('push_suscripcion').select('id').limit(1));
}
