import { Migrator, sql, SqliteAdapter, type Migration, type MigrationProvider } from 'kysely';
import { isDatabaseUnavailable } from '../lib/db-errors.js';
import { createDb, type DbHandle } from './create-db.js';
import type { DbOrTx } from './database.js';
import type { Db } from './database.js';
import * as m0001 from './migrations/2026_11_21_2330_accounts.js';
import * as m0002 from './migrations/2026_11_21_2331_catalogue.js';
import * as m0003 from './migrations/2026_11_21_2332_orders.js';
import * as m0004 from './migrations/2026_11_22_0030_pedido_eventos.js';
import * as m0005 from './migrations/2026_11_23_1500_rate_limit.js';
import * as m0006 from './migrations/2026_11_25_1000_ordering.js';
import * as m0007 from './migrations/2026_11_25_1400_imagenes.js';
import * as m0008a from './migrations/2026_11_25_1600_push.js';
import * as m0008 from './migrations/2026_11_25_1610_dia_especial_unico.js';
import * as m0009 from './migrations/2026_11_27_0800_sin_pedidos_version.js';
import * as m0009ventas from './migrations/2026_11_27_0900_ventas.js';
import * as m0010 from './migrations/2026_11_28_1200_nuevos_por_celular.js';
import * as m0011 from './migrations/2026_11_29_1000_tienda_contacto.js';
import * as m0011ubicacion from './migrations/2026_11_29_1100_tienda_ubicacion.js';
import * as m0012 from './migrations/2026_11_30_1000_zonas_envio.js';
import * as m0013 from './migrations/2026_12_01_1000_programacion.js';
import * as m0013pausa from './migrations/2026_12_01_1100_pausa_automatica.js';
import * as m0014 from './migrations/2026_12_02_1000_personal.js';

// Listed by hand so the build ships exactly these, in this order.
export const migrations: Record<string, Migration> = {
  '2026_11_21_2330_accounts': m0001,
  '2026_11_21_2331_catalogue': m0002,
  '2026_11_21_2332_orders': m0003,
  '2026_11_22_0030_pedido_eventos': m0004,
  '2026_11_23_1500_rate_limit': m0005,
  '2026_11_25_1000_ordering': m0006,
  '2026_11_25_1400_imagenes': m0007,
  '2026_11_25_1600_push': m0008a,
  '2026_11_25_1610_dia_especial_unico': m0008,
  '2026_11_27_0800_sin_pedidos_version': m0009,
  '2026_11_27_0900_ventas': m0009ventas,
  '2026_11_28_1200_nuevos_por_celular': m0010,
  '2026_11_29_1000_tienda_contacto': m0011,
  '2026_11_29_1100_tienda_ubicacion': m0011ubicacion,
  '2026_11_30_1000_zonas_envio': m0012,
  '2026_12_01_1000_programacion': m0013,
  '2026_12_01_1100_pausa_automatica': m0013pausa,
  '2026_12_02_1000_personal': m0014,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

/** The newest migration this build ships: the schema it expects (also what /ready compares). */
export const EXPECTED_MIGRATION = Object.keys(migrations).sort().at(-1)!;

/** Kysely's record of applied migrations. */
const MIGRATION_TABLE = 'kysely_migration';

/**
 * The boot can't go on with this database (docs/operations.md, "Migrations"): server.ts prints
 * the message as one line and exits 1, like a configuration error. Nothing was changed.
 */
export class SchemaRefusedError extends Error {
  override name = 'SchemaRefusedError';
}

/**
 * Names of the migrations applied to this database, oldest first; none when it has never been
 * migrated (no migration table). A database that doesn't answer throws.
 */
export async function readAppliedMigrations(db: Db): Promise<string[]> {
  const read = async () =>
    (
      await sql<{ name: string }>`
        select name from ${sql.table(MIGRATION_TABLE)} order by name`.execute(db)
    ).rows.map((r) => r.name);
  try {
    return await read();
  } catch (error) {
    if (isDatabaseUnavailable(error)) throw error;
    const tables = await db.introspection.getTables({ withInternalKyselyTables: true });
    if (!tables.some((t) => t.name === MIGRATION_TABLE)) return [];
    // Another instance booting at the same moment created the table in between: read it now.
    return read();
  }
}

export interface SchemaComparison {
  /** The database's newest applied migration, if any. */
  newest: string | undefined;
  /** This build's migrations the database lacks. */
  pending: string[];
  /** Applied migrations this build doesn't ship (another, usually newer, build's). */
  unknown: string[];
}

/** The database's applied migrations against this build's list. */
export function compareWithBuild(applied: string[]): SchemaComparison {
  const known = new Set(Object.keys(migrations));
  const done = new Set(applied);
  return {
    newest: [...applied].sort().at(-1),
    pending: Object.keys(migrations)
      .filter((name) => !done.has(name))
      .sort(),
    unknown: applied.filter((name) => !known.has(name)),
  };
}

/**
 * The boot's schema step: refuses a database a newer build migrated (naming both versions) and,
 * with `migrate` false (MIGRATE_ON_BOOT=0), one that lacks migrations, in both cases before
 * writing anything; otherwise applies what is pending and answers the names applied.
 */
export async function checkAndMigrate(db: Db, options: { migrate: boolean }): Promise<string[]> {
  const { newest, pending, unknown } = compareWithBuild(await readAppliedMigrations(db));
  if (newest !== undefined && newest > EXPECTED_MIGRATION) {
    throw new SchemaRefusedError(
      `La base de datos está en la versión ${newest} y este servidor espera ${EXPECTED_MIGRATION}; actualiza el servidor (no se cambió nada)`,
    );
  }
  if (unknown.length > 0) {
    throw new SchemaRefusedError(
      `La base de datos tiene migraciones que este servidor no conoce (${unknown.join(', ')}); este servidor espera ${EXPECTED_MIGRATION} (no se cambió nada)`,
    );
  }
  if (pending.length === 0) return [];
  if (!options.migrate) {
    throw new SchemaRefusedError(
      `${newest === undefined ? 'La base de datos no tiene ninguna migración' : `La base de datos está en la versión ${newest}`} y este servidor espera ${EXPECTED_MIGRATION}; faltan ${pending.length} migraciones (${pending.join(', ')}): ejecuta npm run migrate o arranca con MIGRATE_ON_BOOT=1`,
    );
  }
  return migrateToLatest(db);
}

/**
 * Runs `work` on a connection without DB_STATEMENT_TIMEOUT_MS: a data migration on a large
 * database may take minutes, and cutting it would fail every boot. On PostgreSQL that is a
 * pool of one connection of its own, closed afterwards; SQLite has no statement limit, and a
 * second connection to the file would only wait on the first, so its handle is used.
 */
export async function withMigrationDb<T>(
  handle: DbHandle,
  databaseUrl: string,
  work: (db: Db) => Promise<T>,
): Promise<T> {
  if (handle.dialect === 'sqlite') return work(handle.db);
  const own = createDb(databaseUrl, { statementTimeoutMs: 0, max: 1 });
  try {
    return await work(own.db);
  } finally {
    await own.db.destroy();
  }
}

/**
 * Runs every pending migration, forward only. On PostgreSQL Kysely's lock table serialises
 * processes booting at once. On SQLite Kysely takes no lock and no transaction (its adapter says
 * DDL is not transactional, which in SQLite it is), so two processes booting on a new file could
 * both read "nothing applied" and both create the tables. Here the whole run is one
 * `BEGIN IMMEDIATE` transaction: the second process waits (busy_timeout) until the first has
 * committed, then finds everything applied; and a failed migration leaves nothing behind.
 * Foreign keys are off during the run (a table rebuild drops and renames a parent table, which
 * with them on would cascade) and checked before the commit: a violation rolls everything back.
 */
export async function migrateToLatest(db: Db): Promise<string[]> {
  if (!(db.getExecutor().adapter instanceof SqliteAdapter)) return migrate(db);
  return db.connection().execute(async (connection) => {
    // A no-op inside a transaction: set before BEGIN, restored after COMMIT or ROLLBACK.
    await sql`pragma foreign_keys = off`.execute(connection);
    try {
      await sql`begin immediate`.execute(connection);
      try {
        const applied = await migrate(connection);
        const broken = await sql`pragma foreign_key_check`.execute(connection);
        if (broken.rows.length > 0) {
          throw new Error(`Migration broke ${broken.rows.length} foreign keys`);
        }
        await sql`commit`.execute(connection);
        return applied;
      } catch (error) {
        await sql`rollback`.execute(connection);
        throw error;
      }
    } finally {
      await sql`pragma foreign_keys = on`.execute(connection);
    }
  });
}

async function migrate(db: DbOrTx): Promise<string[]> {
  const migrator = new Migrator({ db, provider });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
