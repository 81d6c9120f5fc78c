import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { SchemaRefusedError } from './db/migrate.js';
import { isDatabaseUnavailable } from './lib/db-errors.js';

/** How long a boot keeps waiting for a database that doesn't answer yet (restarting, or starting beside us). */
const BOOT_DATABASE_WAIT_MS = 60_000;

// A configuration that can't be used stops the boot with one line saying why (no stack trace).
const config = (() => {
  try {
    return loadConfig();
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  }
})();

/**
 * Builds the app, retrying (0.5 s, 1 s, 2 s, ... up to 5 s apart) while the database is
 * unreachable, so a server started during a PostgreSQL restart comes up once it is back.
 * Any other failure, or a database still away after BOOT_DATABASE_WAIT_MS, ends the boot.
 */
async function buildWhenDatabaseAnswers(): Promise<FastifyInstance> {
  const deadline = Date.now() + BOOT_DATABASE_WAIT_MS;
  const log = pino({ level: config.logLevel });
  for (let wait = 500; ; wait = Math.min(wait * 2, 5_000)) {
    try {
      return await buildApp(config);
    } catch (error) {
      if (!isDatabaseUnavailable(error) || Date.now() + wait > deadline) throw error;
      const { code, message } = error as { code?: unknown; message?: unknown };
      log.warn(
        { causa: { code, message }, reintentoEnMs: wait },
        'la base de datos no responde; se reintenta el arranque',
      );
      await sleep(wait);
    }
  }
}

// A database this build must not touch (a newer build's schema, or migrations pending with
// MIGRATE_ON_BOOT=0) stops the boot the same way as a bad configuration: one line, exit 1.
const app = await buildWhenDatabaseAnswers().catch((error: unknown) => {
  if (!(error instanceof SchemaRefusedError)) throw error;
  process.stderr.write(`${error.message}\n`);
  process.exit(1);
});

let closing = false;
async function shutdown(signal: string): Promise<void> {
  if (closing) return;
  closing = true;
  // A balancer still sends requests until its probe sees /ready 503: keep listening and serving
  // for SHUTDOWN_DRAIN_MS first (SIGTERM only; Ctrl-C closes at once), docs/reliability.md.
  app.startDraining();
  const drainMs = signal === 'SIGTERM' ? config.shutdownDrainMs : 0;
  if (drainMs > 0) {
    app.log.info({ signal, drainMs }, 'cerrando: /ready responde 503 antes de dejar de escuchar');
    await sleep(drainMs);
  }
  app.log.info({ signal }, 'cerrando: se terminan las peticiones en curso');
  const force = setTimeout(() => {
    app.log.error('cierre forzado tras 10 s');
    process.exit(1);
  }, 10_000);
  force.unref();
  // Keep-alive sockets turn idle only once their request is answered: keep closing them so a
  // browser's open connection doesn't hold the shutdown for its whole keep-alive timeout.
  const sweep = setInterval(() => app.server.closeIdleConnections(), 100);
  sweep.unref();
  try {
    await app.close();
    process.exit(0);
  } catch (error) {
    app.log.error({ err: error }, 'error al cerrar');
    process.exit(1);
  }
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));

await app.listen({ port: config.port, host: config.host });
