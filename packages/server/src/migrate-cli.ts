import { loadConfig } from './config.js';
import { createDb } from './db/create-db.js';
import { checkAndMigrate, EXPECTED_MIGRATION } from './db/migrate.js';

/**
 * `npm run migrate` (or `node packages/server/dist/migrate-cli.js` where only the build is,
 * as in the container image): applies the pending migrations of DATABASE_URL and exits, for
 * deployments that boot their servers with MIGRATE_ON_BOOT=0 (docs/operations.md). Only
 * DATABASE_URL is read: a migration needs no JWT_SECRET. Refuses, changing nothing, a database
 * a newer build migrated. Success prints what was applied (exit 0); any failure one line (exit 1).
 */
async function main(): Promise<void> {
  const { databaseUrl } = loadConfig({ DATABASE_URL: process.env.DATABASE_URL });
  // No statement time limit: a data migration on a large database may run for minutes.
  const handle = createDb(databaseUrl, { statementTimeoutMs: 0, max: 1 });
  try {
    const applied = await checkAndMigrate(handle.db, { migrate: true });
    if (applied.length === 0) {
      process.stdout.write(`La base de datos ya está al día (${EXPECTED_MIGRATION})\n`);
    } else {
      process.stdout.write(
        `Migraciones aplicadas (${applied.length}):\n${applied.map((n) => `  ${n}\n`).join('')}` +
          `La base de datos está en la versión ${EXPECTED_MIGRATION}\n`,
      );
    }
  } finally {
    await handle.db.destroy();
  }
}

try {
  await main();
} catch (error) {
  // A refused connection to a name with several addresses is an AggregateError without a message.
  const { message, code } = (error ?? {}) as { message?: unknown; code?: unknown };
  const text = (typeof message === 'string' && message) || String(code ?? error);
  process.stderr.write(`No se aplicaron las migraciones: ${text.replaceAll('\n', ' ')}\n`);
  process.exit(1);
}
