import { PostgresAdapter, type Kysely } from 'kysely';

/**
 * The shop's optional map point (docs/api.md, "Shop address and public phone"): latitude and
 * longitude, both null until the owner sets it. One column a statement: SQLite adds one column
 * per ALTER TABLE.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const tipo = isPostgres ? 'double precision' : 'real';
  await db.schema.alterTable('tienda').addColumn('ubicacion_lat', tipo).execute();
  await db.schema.alterTable('tienda').addColumn('ubicacion_lng', tipo).execute();
}

export async function down(): Promise<void> {
  throw new Error('Las migraciones solo avanzan');
}
