import { sql, type Kysely } from 'kysely';
import { createTableWithId } from './schema-helpers.js';

/**
 * Web Push subscriptions (docs/alerts.md). Each belongs to an account (any role) or, for a guest,
 * to the one order it follows: exactly one of the two is set. An endpoint is one browser's
 * address at its push service, so it is unique: subscribing it again changes its owner.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await createTableWithId(db, 'push_suscripcion')
    .addColumn('endpoint', 'text', (c) => c.notNull().unique())
    .addColumn('p256dh', 'text', (c) => c.notNull())
    .addColumn('auth', 'text', (c) => c.notNull())
    .addColumn('account_id', 'integer', (c) => c.references('account.id').onDelete('cascade'))
    .addColumn('pedido_id', 'integer', (c) => c.references('pedido.id').onDelete('cascade'))
    // ISO instant of the (latest) subscription: an account's oldest are dropped first.
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addCheckConstraint(
      'push_suscripcion_un_dueno',
      sql`(account_id is null) <> (pedido_id is null)`,
    )
    .execute();
  await db.schema
    .createIndex('push_suscripcion_account_id')
    .on('push_suscripcion')
    .column('account_id')
    .execute();
  await db.schema
    .createIndex('push_suscripcion_pedido_id')
    .on('push_suscripcion')
    .column('pedido_id')
    .execute();
}

export async function down(): Promise<void> {
  throw new Error('Las migraciones solo avanzan');
}
