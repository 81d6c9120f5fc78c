import { Migrator, type Migration, type MigrationProvider } from 'kysely';
import type { Db } from './database.js';
import * as m0001 from './migrations/2026_11_21_2330_accounts.js';
import * as m0002 from './migrations/2026_11_21_2331_catalogue.js';
import * as m0003 from './migrations/2026_11_21_2332_orders.js';
import * as m0004 from './migrations/2026_11_22_0030_pedido_eventos.js';
import * as m0005 from './migrations/2026_11_23_1500_rate_limit.js';

// Listed by hand so the build ships exactly these, in this order.
export const migrations: Record<string, Migration> = {
  '2026_11_21_2330_accounts': m0001,
  '2026_11_21_2331_catalogue': m0002,
  '2026_11_21_2332_orders': m0003,
  '2026_11_22_0030_pedido_eventos': m0004,
  '2026_11_23_1500_rate_limit': m0005,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

/** Runs every pending migration, forward only; Kysely's lock table serialises concurrent boots. */
export async function migrateToLatest(db: Db): Promise<string[]> {
  const migrator = new Migrator({ db, provider });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
