import type { Kysely } from 'kysely';

/**
 * The owner's order-list version is now the shop's newest order event (docs/write-path.md):
 * the counter on the shop's row, updated by every order, made that row the hottest of the
 * database and left a dead copy of it per order, which the public catalogue then had to skip.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('tienda').dropColumn('pedidos_version').execute();
}

export async function down(): Promise<void> {
  throw new Error('Las migraciones solo avanzan');
}
