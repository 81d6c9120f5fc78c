import { reuseLocalDateTimePerSecond, type CodigoError } from '@tianguis/domain';
import fs from 'node:fs';
import type { Duplex } from 'node:stream';
import compress from '@fastify/compress';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, type FastifyReply, type RouteOptions } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
} from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { z } from 'zod';
import type { Config } from './config.js';
import { createDb, type DbHandle } from './db/create-db.js';
import { checkAndMigrate, withMigrationDb } from './db/migrate.js';
import { getOrCreateSetting } from './db/settings.js';
import { AppError } from './http/app-error.js';
import { createAuthGuards, type AuthGuards } from './http/auth.js';
import { registerErrorHandler } from './http/error-handler.js';
import {
  createMetrics,
  registerMetrics,
  watchDatabasePool,
  withOrderCount,
  type AppMetrics,
} from './http/metrics.js';
import { registerProbes } from './http/probes.js';
import { requestIdOf } from './http/request-id.js';
import { registerSecurityHeaders } from './http/security-headers.js';
import { lazyChildLoggerFactory, loggerOptions } from './http/logging.js';
import {
  createDatabaseRateLimitStore,
  createMemoryRateLimitStore,
  RateLimiter,
  type RateLimitStore,
} from './http/rate-limit.js';
import { randomSecret } from './lib/secrets.js';
import { registerAccountRoutes } from './modules/accounts/account.routes.js';
import { createAccountService, type AccountService } from './modules/accounts/account.service.js';
import { createTokenService } from './modules/accounts/token.js';
import { isDatabaseEmpty, seedDemoData } from './modules/demo/demo-data.service.js';
import { registerCarritoRoutes } from './modules/carrito/carrito.routes.js';
import { registerCatalogoRoutes } from './modules/catalogo/catalogo.routes.js';
import {
  GUEST_ORDERS_WINDOW_MS,
  registerCheckoutRoutes,
} from './modules/checkout/checkout.routes.js';
import { registerHorarioRoutes } from './modules/horarios/horario.routes.js';
import { startOrphanImageSweep } from './modules/imagenes/imagen-orphans.js';
import { registerImageReferenceCheck } from './modules/imagenes/imagen-references.js';
import {
  registerImageFiles,
  registerImageRoutes,
  UPLOAD_WINDOW_MS,
} from './modules/imagenes/imagen.routes.js';
import { createLocalImageStorage, type ImageStorage } from './modules/imagenes/imagen.storage.js';
import {
  createLocalEventBus,
  createPostgresEventBus,
  type PedidoEventBus,
} from './modules/pedidos/pedido-eventos.js';
import { startEscalacionSweep } from './modules/pedidos/pedido-escalacion.js';
import { registerPedidoStreamRoutes } from './modules/pedidos/pedido-stream.routes.js';
import { registerTicketRoutes } from './modules/pedidos/ticket.routes.js';
import { registerPaginaRoutes } from './modules/paginas/paginas.routes.js';
import { registerPushRoutes } from './modules/push/push.routes.js';
import type { PushDeliveryOptions } from './modules/push/push.sender.js';
import {
  createPushService,
  withPushAlerts,
  type PushService,
} from './modules/push/push.service.js';
import { registerPedidoRoutes } from './modules/pedidos/pedido.routes.js';
import { registerPersonalRoutes } from './modules/personal/personal.routes.js';
import { createPersonalService } from './modules/personal/personal.service.js';
import {
  createPublicTiendaReader,
  type PublicTiendaReader,
} from './modules/tiendas/tienda-publica.service.js';
import { createAvisoDeAprobacion } from './modules/tiendas/tienda-aprobacion.js';
import { startPausaAutomaticaSweep } from './modules/tiendas/pausa-automatica.js';
import { COTIZACIONES_WINDOW_MS, registerTiendaRoutes } from './modules/tiendas/tienda.routes.js';
import { registerVentasRoutes } from './modules/ventas/ventas.routes.js';
import { createNotifier, type Notifier } from './notifier/notifier.js';

// Type errors from zod read in Spanish too; the domain's rules carry their own texts.
z.config(z.locales.es());

declare module 'fastify' {
  interface FastifyInstance {
    database: DbHandle;
  }
}

export interface BuildOptions {
  /** Replaces the SMTP/outbox notifier (tests that need to see every message). */
  notifier?: Notifier;
  /** Pino logger on or off; tests keep it quiet. */
  logger?: boolean;
  /** Replaces the image storage IMAGE_STORAGE picks (a local folder or an S3 bucket). */
  imageStorage?: ImageStorage;
  /** Where log lines go instead of stdout (tests that read the log). */
  logStream?: NodeJS.WritableStream;
  /** Called for every route as it is registered (tests that walk the whole route table). */
  onRoute?: (route: RouteOptions) => void;
  /** Web Push retries and timeouts (tests make them short). */
  pushDelivery?: Partial<PushDeliveryOptions>;
}

const CLIENT_ERRORS: Record<string, [number, string, { code: CodigoError; message: string }]> = {
  HPE_HEADER_OVERFLOW: [
    431,
    'Request Header Fields Too Large',
    { code: 'DEMASIADO_GRANDE', message: 'La petición es demasiado grande' },
  ],
  // The request's head did not arrive within Node's headersTimeout.
  ERR_HTTP_REQUEST_TIMEOUT: [
    408,
    'Request Timeout',
    { code: 'TIEMPO_AGOTADO', message: 'La petición tardó demasiado en llegar' },
  ],
  default: [400, 'Bad Request', { code: 'VALIDACION', message: 'La petición no es válida' }],
};

function answerClientError(error: NodeJS.ErrnoException, socket: Duplex): void {
  if (error.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  const [status, reason, body] = CLIENT_ERRORS[error.code ?? ''] ?? CLIENT_ERRORS.default!;
  const text = JSON.stringify(body);
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\n` +
      `Content-Type: application/json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(text)}\r\n\r\n${text}`,
  );
}

/**
 * Slow clients (docs/reliability.md, "Limits"): the head must arrive within headersMs and the whole request
 * within requestMs, or the client gets 408 and the connection closes; an idle keep-alive
 * connection closes after keepAliveMs. Node checks those deadlines every
 * connectionsCheckingInterval (30 s by default, which would let a head take 40 s). requestTimeout
 * ends when the request is received, so a live stream's long answer is not cut; the socket's
 * idle timeout stays above the streams' heartbeat.
 */
function serverTimeoutOptions(config: Config) {
  const { headersMs, requestMs, keepAliveMs } = config.timeouts;
  return {
    http: {
      headersTimeout: headersMs,
      requestTimeout: requestMs,
      connectionsCheckingInterval: Math.max(50, Math.min(1000, Math.floor(headersMs / 4))),
    },
    requestTimeout: requestMs,
    keepAliveTimeout: keepAliveMs,
    connectionTimeout: Math.max(requestMs, 2 * config.sseHeartbeatMs),
  };
}

/** `GET /health`: `ok` with 200, `error` with 503 when the database does not answer. */
const healthSchema = z.object({ status: z.enum(['ok', 'error']), database: z.string() });

function missingProductionSecret(): never {
  throw new Error('Configuración inválida: con NODE_ENV=production JWT_SECRET es obligatorio');
}

/** The images' store IMAGE_STORAGE names (docs/operations.md, "Images and storage"). */
async function createImageStorage(app: FastifyInstance, config: Config): Promise<ImageStorage> {
  if (config.imageStorage.kind === 'local') return createLocalImageStorage(config.imagesDir);
  // Loaded only here: a server on its own disk never loads the AWS SDK (~0.1 s at boot).
  const { createS3ImageStorage } = await import('./modules/imagenes/imagen.storage-s3.js');
  const storage = createS3ImageStorage(config.imageStorage.s3);
  app.addHook('onClose', async () => storage.close());
  return storage;
}

/** What the modules are given: built once per app, before any of them registers. */
interface Core {
  config: Config;
  database: DbHandle;
  db: DbHandle['db'];
  log: FastifyInstance['log'];
  guards: AuthGuards;
  accounts: AccountService;
  limiter: RateLimiter;
  /** Shared by every limiter (in the database on PostgreSQL, in memory on SQLite). */
  limitStore: RateLimitStore;
  notifier: Notifier;
  imageStorage: ImageStorage;
  metrics: AppMetrics;
  push: PushService;
  bus: PedidoEventBus;
  readPublicTienda: PublicTiendaReader;
}

type RegisterModule = (app: FastifyInstance, core: Core) => void | Promise<void>;

/**
 * The application's modules, in the order they register (it matters where a comment says so).
 * Each takes from the core what it needs.
 */
const MODULES: readonly RegisterModule[] = [
  // GET /live and /ready.
  (app, { database }) => registerProbes(app, database),
  // Before the routes it checks, so their handlers never see an image this server didn't issue.
  (app, { db, imageStorage, config }) =>
    registerImageReferenceCheck(app, {
      db,
      storage: imageStorage,
      enabled: config.requireIssuedImages,
    }),
  (app, { accounts, guards, limiter, config }) =>
    registerAccountRoutes(app, { accounts, guards, limiter, config }),
  (app, { db, guards, readPublicTienda, notifier, log, config, limitStore }) =>
    registerTiendaRoutes(app, {
      db,
      guards,
      readPublicTienda,
      cotizarLimiter: new RateLimiter(COTIZACIONES_WINDOW_MS, limitStore),
      // The owner hears of the approval by email, and by SMS with a provider (docs/api.md).
      onAprobada: createAvisoDeAprobacion({
        db,
        notifier,
        log,
        publicUrl: config.publicUrl,
        conProveedorSms: config.smsUrl !== undefined,
      }),
    }),
  // A shop's staff: invitations, the owner's list, roles, removals (docs/api.md).
  (app, { db, guards, accounts, notifier, log, config }) =>
    registerPersonalRoutes(app, {
      guards,
      personal: createPersonalService({
        db,
        staffAccounts: accounts.staff,
        notifier,
        log,
        publicUrl: config.publicUrl,
      }),
    }),
  (app, { db, guards }) => registerCatalogoRoutes(app, { db, guards }),
  (app, { db, guards }) => registerHorarioRoutes(app, { db, guards }),
  (app, { db, guards }) => registerVentasRoutes(app, { db, guards }),
  (app, { db, guards }) => registerCarritoRoutes(app, { db, guards }),
  (app, { db, guards, bus }) => registerPedidoRoutes(app, { db, guards, bus }),
  (app, { db, guards }) => registerTicketRoutes(app, { db, guards }),
  // Placing an order: the basket's, a guest's, the owner's typed one (docs/write-path.md).
  (app, { db, guards, bus, limitStore }) =>
    registerCheckoutRoutes(app, {
      db,
      guards,
      bus,
      guestLimiter: new RateLimiter(GUEST_ORDERS_WINDOW_MS, limitStore),
    }),
  (app, { push, guards, config }) =>
    registerPushRoutes(app, { push, guards, origins: config.push.origins }),
  (app, { db, guards, bus, accounts, config, metrics }) =>
    registerPedidoStreamRoutes(app, {
      db,
      guards,
      bus,
      stillValid: accounts.stillValid,
      heartbeatMs: config.sseHeartbeatMs,
      stallMs: config.sseStallMs,
      openStreams: metrics.sseConnections,
    }),
  (app, { db, guards, imageStorage, limitStore, config }) =>
    registerImageRoutes(app, {
      db,
      guards,
      storage: imageStorage,
      limiter: new RateLimiter(UPLOAD_WINDOW_MS, limitStore),
      limits: config.uploads,
    }),
  (app, { db, imageStorage, log, config }) => {
    const stopSweep = startOrphanImageSweep(
      { db, storage: imageStorage, log },
      { everyMs: config.uploads.sweepEveryMs, olderThanMs: config.uploads.orphanAgeMs },
    );
    // Before the database closes: a sweep under way finishes first.
    app.addHook('preClose', async () => {
      await stopSweep();
    });
  },
  // Orders left NUEVO too long reach the owner by SMS and email (docs/alerts.md).
  (app, { db, bus, notifier, log, config }) => {
    const stopEscalacion = startEscalacionSweep(
      { db, bus, notifier, log, publicUrl: config.publicUrl },
      { everyMs: config.escalationEveryMs, alertaEscalarS: config.alertaEscalarS },
    );
    app.addHook('preClose', async () => {
      await stopEscalacion();
    });
  },
  // Too many orders left waiting pause the shop 15 minutes (docs/api.md, "Orders for later").
  (app, { db, push, notifier, log, config }) => {
    const stopPausa = startPausaAutomaticaSweep(
      { db, push, notifier, log },
      { everyMs: config.escalationEveryMs, alertaEscalarS: config.alertaEscalarS },
    );
    app.addHook('preClose', async () => {
      await stopPausa();
    });
  },
  // After the API: the images, the rendered shop pages (sitemap, robots, the app's paths'
  // index.html) and, last, the built web app's files.
  async (app, { imageStorage }) => {
    if (imageStorage.localDir !== undefined) {
      fs.mkdirSync(imageStorage.localDir, { recursive: true });
    }
    await registerImageFiles(app, imageStorage);
  },
  (app, { db, config, readPublicTienda }) =>
    registerPaginaRoutes(app, { db, config, readPublicTienda }),
  (app, { config }) => registerWebApp(app, config),
];

/** The built web app's files (its folder may be absent: the API runs without it). */
async function registerWebApp(app: FastifyInstance, config: Config): Promise<void> {
  if (!fs.existsSync(config.webDistDir)) return;
  await app.register(fastifyStatic, {
    root: config.webDistDir,
    wildcard: false,
    // The build writes .br and .gz copies of its files (packages/web/vite.config.ts): sent as
    // they are, smaller than compressing on every request (docs/decisions/0011).
    preCompressed: true,
    // reply.sendFile belongs to the images folder (registerImageFiles).
    decorateReply: false,
    setHeaders(res, filePath) {
      // Built assets carry a content hash in their name; index.html must always revalidate.
      res.header(
        'cache-control',
        filePath.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
    },
  });
}

/** Builds the whole application without listening: database ready, every route registered. */
export async function buildApp(
  config: Config,
  options: BuildOptions = {},
): Promise<FastifyInstance> {
  // Every order checks whether its shop is open now: one clock reading per second and zone.
  reuseLocalDateTimePerSecond();
  let created: FastifyInstance | undefined;
  try {
    return await assembleApp(config, options, (app) => (created = app));
  } catch (error) {
    // A boot that fails half-way (ADMIN_EMAIL taken, database down) must not leave pools open.
    await created?.close().catch(() => undefined);
    throw error;
  }
}

/** The Fastify instance, with the options every answer depends on (limits, timeouts, ids). */
function createServer(config: Config, options: BuildOptions): FastifyInstance {
  return Fastify({
    logger:
      options.logger === false
        ? false
        : {
            ...loggerOptions(config.logLevel),
            ...(options.logStream && { stream: options.logStream }),
          },
    childLoggerFactory: lazyChildLoggerFactory,
    bodyLimit: 1024 * 1024,
    // Ids in URLs are short; refuse absurd ones before routing.
    // Some paths come with a trailing slash (docs/api.md, "Wire conventions").
    routerOptions: { maxParamLength: 200, ignoreTrailingSlash: true },
    // Errors met before routing (a malformed URL) get the same {code, message} shape.
    frameworkErrors: (_error, _request, reply) => {
      void (reply as unknown as FastifyReply)
        .status(400)
        .send({ code: 'VALIDACION', message: 'La dirección de la petición no es válida' });
    },
    trustProxy: config.trustProxy,
    // Requests Node refuses before Fastify sees them (a head over 16 KB, a broken request
    // line) get the same {code, message} shape as every other error.
    clientErrorHandler: answerClientError,
    // Fastify's own reading of the header would keep any value: ours keeps well-formed ones only.
    requestIdHeader: false,
    genReqId: requestIdOf,
    // Requests reaching a closing server on a connection still open are served (with
    // Connection: close) instead of Fastify's own English 503, so /ready can say `cerrando`
    // and nothing answers outside the {code, message} shape (docs/reliability.md).
    return503OnClosing: false,
    ...serverTimeoutOptions(config),
  });
}

/**
 * What applies to every request: the schemas' compilers, the error shape, the request id and
 * timing headers, metrics, and the JSON body rules. Answers the metrics for the modules.
 */
function registerServerHooks(
  app: FastifyInstance,
  config: Config,
  options: BuildOptions,
): AppMetrics {
  if (options.onRoute) app.addHook('onRoute', options.onRoute);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  // Every answer names its request (live streams too: they send the headers set by then).
  app.addHook('onRequest', (request, reply, done) => {
    void reply.header('x-request-id', request.id);
    done();
  });
  // Server time of every answer, for benchmarks and the browser's devtools.
  app.addHook('onSend', (_request, reply, payload, done) => {
    void reply.header('server-timing', `app;dur=${reply.elapsedTime.toFixed(1)}`);
    done(null, payload);
  });
  // GET /metrics and the request-duration histogram (docs/reliability.md, "Metrics").
  const metrics = createMetrics();
  registerMetrics(app, metrics, { token: config.metricsToken });

  // The first edition's client sends some calls with an empty body: "no body" (docs/api.md).
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body as string;
    if (text.trim() === '') {
      done(null, undefined);
      return;
    }
    // NUL can't be stored in PostgreSQL text; refuse it on both databases alike.
    if (text.includes('\\u0000') || text.includes('\0')) {
      done(new AppError('VALIDACION', 'El texto contiene caracteres no permitidos'), undefined);
      return;
    }
    parseJson(request, text, done);
  });
  return metrics;
}

async function assembleApp(
  config: Config,
  options: BuildOptions,
  onCreated: (app: FastifyInstance) => void,
): Promise<FastifyInstance> {
  const app = createServer(config, options);
  onCreated(app);
  const metrics = registerServerHooks(app, config, options);

  const database = createDb(config.databaseUrl, {
    statementTimeoutMs: config.dbStatementTimeoutMs,
    max: config.dbPoolMax,
    poolWaitMs: config.dbPoolWaitMs,
  });
  app.decorate('database', database);
  watchDatabasePool(metrics, database);
  app.addHook('onClose', async () => database.db.destroy());
  const { db } = database;
  // Refuses (SchemaRefusedError) a newer build's database, or a database with migrations
  // pending when MIGRATE_ON_BOOT=0, before anything is written (docs/operations.md).
  const applied = await withMigrationDb(database, config.databaseUrl, (migrationDb) =>
    checkAndMigrate(migrationDb, { migrate: config.migrateOnBoot }),
  );
  if (applied.length > 0) app.log.info({ migrations: applied }, 'migraciones aplicadas');

  // In production loadConfig requires JWT_SECRET: a secret is never written to the database.
  const jwtSecret =
    config.jwtSecret ??
    (config.production
      ? missingProductionSecret()
      : await getOrCreateSetting(db, 'jwt_secret', () => randomSecret(48)));
  const tokens = createTokenService(jwtSecret, config.tokenTtlSeconds);
  // Several processes may serve one PostgreSQL: they share the counters there. One process
  // serves a SQLite file, so its counters stay in memory. One store serves every limiter.
  const limitStore =
    database.dialect === 'postgres'
      ? createDatabaseRateLimitStore(db)
      : createMemoryRateLimitStore();
  const limiter = new RateLimiter(config.rateLimits.windowMs, limitStore);
  const notifier = options.notifier ?? createNotifier(config, app.log);
  const accounts = createAccountService({ db, config, notifier, limiter, tokens, log: app.log });
  const guards = createAuthGuards(accounts.resolveSession);

  const imageStorage = options.imageStorage ?? (await createImageStorage(app, config));

  // Sample shops and their known passwords never reach a production database.
  if (config.demoData && !config.production && (await isDatabaseEmpty(db))) {
    try {
      await seedDemoData({
        db,
        accounts,
        storage: imageStorage,
        log: app.log,
        withAdmin: !config.adminEmail,
      });
    } catch (error) {
      // Another process booting on the same empty database got there first.
      app.log.warn({ err: error }, 'no se crearon los datos de muestra');
    }
  }
  if (config.adminEmail && config.adminPassword) {
    await accounts.ensureAdmin(config.adminEmail, config.adminPassword);
  }

  registerSecurityHeaders(app, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        // No inline <style> or style="" markup: React sets styles through the CSSOM, which
        // CSP does not govern, and sonner's stylesheet is a file (decision 0010).
        styleSrc: ["'self'"],
        scriptSrc: ["'self'"],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        // Shops may serve over plain HTTP on a local network; don't rewrite to https.
        upgradeInsecureRequests: null,
      },
    },
  });
  await app.register(compress, { threshold: 1024 });
  await app.register(multipart, {
    limits: { fileSize: 5 * 1024 * 1024, files: 1, fields: 10, parts: 12, fieldSize: 1024 },
  });
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Tianguis API',
        description: 'Catálogo y pedidos para tiendas pequeñas. Errores: {code, message}.',
        version: '0.1.0',
      },
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/docs', staticCSP: true });

  app.get(
    '/health',
    {
      schema: {
        tags: ['sistema'],
        summary: 'Estado del servidor y de la base de datos',
        response: { 200: healthSchema, 503: healthSchema },
      },
    },
    async (_request, reply) => {
      try {
        await sql`select 1`.execute(db);
        return { status: 'ok', database: database.dialect };
      } catch {
        return reply
          .status(503)
          .header('retry-after', '5')
          .send({ status: 'error', database: database.dialect });
      }
    },
  );

  // One reader of public shops (and its cache) for the JSON page and the rendered pages.
  const readPublicTienda = createPublicTiendaReader(db);
  const push = await createPushService({
    db,
    config: config.push,
    production: config.production,
    log: app.log,
    delivery: options.pushDelivery,
    onOutcome: (resultado) => metrics.pushDeliveries.inc({ resultado }),
  });
  // Before the database closes (onClose): a 410 still deletes its subscription.
  app.addHook('preClose', async () => push.close());
  // Alerts go out from the process that committed the change (push.service.ts).
  const bus = withOrderCount(
    withPushAlerts(
      database.dialect === 'postgres'
        ? createPostgresEventBus(config.databaseUrl, app.log)
        : createLocalEventBus(),
      push,
    ),
    metrics,
  );
  app.addHook('onClose', async () => bus.close());
  await bus.ready();

  const core: Core = {
    config,
    database,
    db,
    log: app.log,
    guards,
    accounts,
    limiter,
    limitStore,
    notifier,
    imageStorage,
    metrics,
    push,
    bus,
    readPublicTienda,
  };
  for (const register of MODULES) await register(app, core);
  return app;
}
