import { Migrator, sql, SqliteAdapter, type Migration, type MigrationProvider } from 'kysely';
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
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

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
