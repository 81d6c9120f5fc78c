/**
 * The ceiling of this machine for `npm run bench`: bare Fastify, no plugins, no logger, one JSON
 * route. Started by the bench as its own process, like the real server.
 */
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));
app.get('/health', async () => ({ status: 'ok' }));

process.on('SIGTERM', () => {
  void app.close().then(() => process.exit(0));
});

await app.listen({ port: Number(process.env.PORT ?? 0), host: process.env.HOST ?? '127.0.0.1' });
