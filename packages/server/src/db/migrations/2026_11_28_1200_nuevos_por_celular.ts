import { sql, type Kysely } from 'kysely';

/**
 * The limit of NUEVO orders per phone (or account) at a shop, counted by index seeks only
 * (docs/write-path.md, "What one order writes").
 *
 * The count ran `tienda_id = ? AND status = 'NUEVO' AND (celular = ? OR account_id = ?)`, which
 * both databases answered by walking every NUEVO order of the shop: a busy shop's checkout
 * slowed with each order it had not yet accepted. Two partial indexes hold only NUEVO orders
 * (an order leaves them when it is accepted or cancelled), one per half of the OR, so each half
 * is one short seek. They replace the full `(tienda_id, celular, status)` index, which held
 * every order ever placed. The queries repeat `status = 'NUEVO'` as a literal so both databases
 * can use them.
 *
 * An order without an account (a guest's, or one the owner typed) is named by its
 * Idempotency-Key across every shop, not per shop: the same key sent to two shops at the same
 * moment must make one order and one 409 (docs/write-path.md, "Modules on the order path"), so
 * the unique index on such keys no longer includes the shop. Orders already placed at two shops
 * under one key (possible before) keep the oldest's key; the others' keys are cleared, which only
 * means a retry of one of them would no longer find it.
 *
 * `pedido_detalle_pedido` (the lines by order) goes too: `pedido_detalle_ventas` starts with the
 * same column, so it serves every lookup of an order's lines, and each line written updated
 * both.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('pedido_tienda_celular_status').execute();
  await db.schema
    .createIndex('pedido_nuevo_celular')
    .on('pedido')
    .columns(['tienda_id', 'celular'])
    .where(sql.ref('status'), '=', 'NUEVO')
    .execute();
  await db.schema
    .createIndex('pedido_nuevo_account')
    .on('pedido')
    .columns(['account_id', 'tienda_id'])
    .where(sql.ref('status'), '=', 'NUEVO')
    .execute();
  await db.schema.dropIndex('pedido_detalle_pedido').execute();

  await sql`
    UPDATE pedido SET idempotency_key = NULL
    WHERE account_id IS NULL AND idempotency_key IS NOT NULL AND id NOT IN (
      SELECT min(id) FROM pedido
      WHERE account_id IS NULL AND idempotency_key IS NOT NULL
      GROUP BY idempotency_key
    )`.execute(db);
  await db.schema.dropIndex('pedido_sin_cuenta_idempotency_unique').execute();
  await db.schema
    .createIndex('pedido_sin_cuenta_llave_unique')
    .on('pedido')
    .column('idempotency_key')
    .unique()
    .where(sql.ref('account_id'), 'is', null)
    .execute();
}

export async function down(): Promise<void> {
  throw new Error('Las migraciones solo avanzan');
}
