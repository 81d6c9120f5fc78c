import type { Kysely } from 'kysely';

/**
 * The shop's address and public phone (docs/api.md, "Shop address and public phone"): both
 * optional, null until the owner sets them. `telefono` holds the 10 digits. One column a
 * statement: SQLite adds one column per ALTER TABLE.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('tienda').addColumn('direccion', 'text').execute();
  await db.schema.alterTable('tienda').addColumn('telefono', 'text').execute();
}

export async function down(): Promise<void> {
  throw new Error('Las migraciones solo avanzan');
}
