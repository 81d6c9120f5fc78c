import { buildApp } from './app.js';
import { loadConfig } from './config.js';

const config = loadConfig();
const app = await buildApp(config);

let closing = false;
async function shutdown(signal: string): Promise<void> {
  if (closing) return;
  closing = true;
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
