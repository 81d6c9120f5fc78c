import { Migrator, type Kysely } from 'kysely';
import { createDb, type DbHandle } from '../src/db/create-db.js';
import { migrations } from '../src/db/migrate.js';
import { createTestDatabase, type TestDatabase } from './dialects.js';

// Databases as an older version of the server left them, for the tests of what a migration
// does to the rows already there.

/** The tables as they were then: no types of today's schema apply to them. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- rows of older schemas
export type OldDb = Kysely<any>;

/** A fresh test database with the migrations up to `name` applied, open as an OldDb. */
export async function createDatabaseAt(
  name: string,
): Promise<{ database: TestDatabase; handle: DbHandle; db: OldDb }> {
  const database = await createTestDatabase();
  const handle = createDb(database.url);
  const db = handle.db as unknown as OldDb;
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const { error } = await migrator.migrateTo(name);
  if (error) throw error;
  return { database, handle, db };
}
