import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import type { DbHandle } from '../db/create-db.js';
import { compareWithBuild, EXPECTED_MIGRATION, readAppliedMigrations } from '../db/migrate.js';
import { isDiskFull } from '../lib/db-errors.js';

// The same reading of the schema as the boot's check (db/migrate.ts), which refuses to start
// on a database a newer build migrated.
export { EXPECTED_MIGRATION };

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Turns /ready to 503 `cerrando` and closes each connection after its answer, while the
     * server still listens and serves: server.ts calls it on SIGTERM and waits
     * SHUTDOWN_DRAIN_MS before closing, so a balancer notices first (docs/reliability.md).
     */
    startDraining(): void;
  }
}

/**
 * What `/ready` answers: `ok`, or why not (`cerrando`, `sin-base-de-datos`, `esquema-distinto`,
 * `sin-espacio`).
 */
const readySchema = z.object({
  status: z.enum(['ok', 'cerrando', 'sin-base-de-datos', 'esquema-distinto', 'sin-espacio']),
  database: z.string().optional(),
  esquema: z.string().nullable().optional(),
  esperado: z.string().optional(),
  encontrado: z.string().nullable().optional(),
});

/**
 * Probes for an orchestrator or a load balancer (docs/reliability.md):
 * - `GET /live`: the process runs (200 whatever the database does; restart it only if this fails);
 * - `GET /ready`: send it traffic: 200 when the database answers and has exactly the
 *   migrations this build ships (newest: EXPECTED_MIGRATION); 503 while the database does not answer, while its schema is another
 *   build's, and from the moment a shutdown starts (SIGTERM), so the balancer stops sending
 *   requests while those in flight finish; and, on SQLite, while its disk refuses writes:
 *   from a write failing on a full disk until there is room again and a write commits
 *   (db/disk-full.ts; reads still work, so the database "answering" is not enough).
 * `/health` stays as it was.
 */
export function registerProbes(app: FastifyInstance, database: DbHandle): void {
  let draining = false;
  app.decorate('startDraining', () => {
    draining = true;
  });
  app.addHook('preClose', async () => {
    draining = true;
  });
  // While draining, no keep-alive connection is left idle for the final close to cut under a
  // request the client is just sending: each one closes after its answer, and the client's
  // next request opens a new one (answered during the drain, refused once the listener closes).
  app.addHook('onRequest', (_request, reply, done) => {
    if (draining) void reply.header('connection', 'close');
    done();
  });

  // Only errors pass here: nothing is added to a request that succeeds.
  const { diskFull } = database;
  if (diskFull) {
    app.addHook('onError', (_request, _reply, error, done) => {
      if (isDiskFull(error)) diskFull.markFull();
      done();
    });
  }

  app.get(
    '/live',
    {
      schema: {
        tags: ['sistema'],
        summary: 'El proceso está vivo',
        response: { 200: z.object({ status: z.literal('ok') }) },
      },
    },
    async () => ({ status: 'ok' as const }),
  );

  app.get(
    '/ready',
    {
      schema: {
        tags: ['sistema'],
        summary: 'Listo para recibir tráfico: base de datos y esquema al día, sin estar cerrando',
        response: { 200: readySchema, 503: readySchema },
      },
    },
    async (_request, reply) => {
      const notReady = (body: Record<string, unknown>) =>
        reply.status(503).header('retry-after', '5').send(body);
      if (draining) return notReady({ status: 'cerrando' });
      let applied: string[];
      try {
        applied = await readAppliedMigrations(database.db);
      } catch {
        return notReady({ status: 'sin-base-de-datos', database: database.dialect });
      }
      // Every migration this build ships, and none it doesn't: a missing older one counts too.
      const { newest, pending, unknown } = compareWithBuild(applied);
      if (pending.length > 0 || unknown.length > 0) {
        return notReady({
          status: 'esquema-distinto',
          esperado: EXPECTED_MIGRATION,
          encontrado: newest ?? null,
        });
      }
      if (diskFull?.isFull && !(await diskFull.recheck())) {
        return notReady({ status: 'sin-espacio', database: database.dialect });
      }
      return { status: 'ok' as const, database: database.dialect, esquema: newest ?? null };
    },
  );
}
