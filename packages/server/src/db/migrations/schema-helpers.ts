import { PostgresAdapter, type CreateTableBuilder, type Kysely } from 'kysely';

// Frozen like the migrations that use it: never change a helper, add a new one instead.

/** An integer primary key the database numbers: IDENTITY on PostgreSQL, AUTOINCREMENT on SQLite. */
export function createTableWithId(
  db: Kysely<unknown>,
  table: string,
): CreateTableBuilder<string, 'id'> {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  return db.schema
    .createTable(table)
    .addColumn('id', 'integer', (col) =>
      isPostgres
        ? col.primaryKey().generatedByDefaultAsIdentity()
        : col.primaryKey().autoIncrement(),
    );
}
