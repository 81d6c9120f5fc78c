import type { Kysely } from 'kysely';
import { createTableWithId } from './schema-helpers.js';

/** The outbox of order events: live streams replay from it after a reconnect (Last-Event-ID). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await createTableWithId(db, 'pedido_evento')
    .addColumn('tienda_id', 'integer', (c) => c.notNull().references('tienda.id'))
    .addColumn('account_id', 'integer', (c) => c.notNull().references('account.id'))
    .addColumn('pedido_id', 'integer', (c) => c.notNull().references('pedido.id'))
    .addColumn('tipo', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('pedido_evento_tienda_id')
    .on('pedido_evento')
    .columns(['tienda_id', 'id'])
    .execute();
  await db.schema
    .createIndex('pedido_evento_account_id')
    .on('pedido_evento')
    .columns(['account_id', 'id'])
    .execute();
}

export async function down(): Promise<void> {
  throw new Error('Las migraciones solo avanzan');
}
