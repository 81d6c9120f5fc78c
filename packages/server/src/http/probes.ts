import type { FastifyInstance } from 'fastify';
import type { DbHandle } from '../db/create-db.js';
import { EXPECTED_MIGRATION, readAppliedMigrations } from '../db/migrate.js';

// The same reading of the schema as the boot's check (db/migrate.ts), which refuses to start
// on a database a newer build migrated.
export { EXPECTED_MIGRATION };

/**
 * Probes for an orchestrator or a load balancer (docs/reliability.md):
 * - `GET /live`: the process runs (200 whatever the database does; restart it only if this fails);
 * - `GET /ready`: send it traffic: 200 when the database answers and its newest migration is the
 *   one this build expects; 503 while the database does not answer, while its schema is another
 *   build's, and from the moment a shutdown starts (SIGTERM), so the balancer stops sending
 *   requests while those in flight finish.
 * `/health` stays as it was.
 */
export function registerProbes(app: FastifyInstance, database: DbHandle): void {
  let draining = false;
  app.addHook('preClose', async () => {
    draining = true;
  });

  app.get(
    '/live',
    { schema: { tags: ['sistema'], summary: 'El proceso está vivo' } },
    async () => ({ status: 'ok' }),
  );

  app.get(
    '/ready',
    {
      schema: {
        tags: ['sistema'],
        summary: 'Listo para recibir tráfico: base de datos y esquema al día, sin estar cerrando',
      },
    },
    async (_request, reply) => {
      const notReady = (body: Record<string, unknown>) =>
        reply.status(503).header('retry-after', '5').send(body);
      if (draining) return notReady({ status: 'cerrando' });
      let newest: string | undefined;
      try {
        newest = (await readAppliedMigrations(database.db)).at(-1);
      } catch {
        return notReady({ status: 'sin-base-de-datos', database: database.dialect });
      }
      if (newest !== EXPECTED_MIGRATION) {
        return notReady({
          status: 'esquema-distinto',
          esperado: EXPECTED_MIGRATION,
          encontrado: newest ?? null,
        });
      }
      return { status: 'ok', database: database.dialect, esquema: newest };
    },
  );
}
