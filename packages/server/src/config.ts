import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';

export interface RateLimits {
  /** Length of every counting window. */
  windowMs: number;
  signInFailuresPerIp: number;
  /**
   * Failed sign-ins on one account from one address. Counted per (account, address), so an
   * attacker's failures don't lock the owner out (docs/reliability.md, "Limits").
   */
  signInFailuresPerAccount: number;
  /** Failed sign-ins on one account from all addresses together: a global slow-down. */
  signInFailuresPerAccountTotal: number;
  registrationsPerIp: number;
  /**
   * Resets sent (email links, and phone codes, each counted on its own) per address and per
   * target account. Past them nothing is sent, quietly: the answer stays 200.
   */
  resetRequestsPerIp: number;
  resetRequestsPerTarget: number;
  /**
   * Resets sent to one account asked from one address. Past the account's own limit an address
   * that has not asked for it yet still gets one, so an attacker never stops the owner's reset.
   */
  resetsPerAccountPerIp: number;
  /** Wrong phone codes accepted before the code is burnt. */
  phoneCodeAttempts: number;
}

export interface Config {
  port: number;
  host: string;
  databaseUrl: string;
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  /** Sample shops on an empty database; never in production. */
  demoData: boolean;
  /**
   * MIGRATE_ON_BOOT: boot applies pending migrations (default); when false a database that
   * lacks some refuses the boot, and `npm run migrate` applies them (docs/operations.md).
   */
  migrateOnBoot: boolean;
  /**
   * DB_STATEMENT_TIMEOUT_MS: PostgreSQL cancels a statement of a request that runs longer
   * (503 SERVICIO_NO_DISPONIBLE); 0 turns it off. Migrations run without it.
   */
  dbStatementTimeoutMs: number;
  /**
   * DB_POOL_MAX: connections each instance keeps to PostgreSQL. With several instances on one
   * database, instances × this should stay a few times the database's cores (docs/operations.md).
   */
  dbPoolMax: number;
  /**
   * DB_POOL_WAIT_MS: longest a query waits for a PostgreSQL connection (all DB_POOL_MAX busy, or
   * a new one not opening) before its request answers 503 SERVICIO_NO_DISPONIBLE. With
   * DB_STATEMENT_TIMEOUT_MS it bounds how long a statement of a request can keep it waiting.
   */
  dbPoolWaitMs: number;
  /**
   * SHUTDOWN_DRAIN_MS: after SIGTERM the server keeps listening this long with /ready at 503
   * `cerrando`, so a load balancer stops sending before the listener closes (server.ts,
   * docs/reliability.md). Default 5000 in production, else 0.
   */
  shutdownDrainMs: number;
  outboxDir: string;
  /** Uploaded images (content-addressed files). */
  imagesDir: string;
  /**
   * IMAGE_STORAGE: `local` keeps images in imagesDir; `s3` in a bucket every instance shares
   * (docs/operations.md, "Images and storage").
   */
  imageStorage: ImageStorageConfig;
  smtpUrl: string | undefined;
  mailFrom: string;
  /**
   * Used to sign tokens; when absent a random one is made once and kept in the database, except
   * in production, where it is required (loadConfig refuses the boot without it).
   */
  jwtSecret: string | undefined;
  tokenTtlSeconds: number;
  /** Where links in outgoing messages point (the web app). */
  publicUrl: string;
  /**
   * Whether PUBLIC_URL was set: shop pages then write their absolute addresses (canonical,
   * OpenGraph, sitemap) from it; otherwise from the request's own origin, since the default
   * (localhost) would be wrong for every visitor.
   */
  publicUrlExplicit: boolean;
  /** The built web app; served at / when the folder exists. */
  webDistDir: string;
  logLevel: string;
  /**
   * Whose X-Forwarded-For to believe (Fastify's trustProxy): false, or the proxies'
   * addresses/CIDRs, comma-separated. Behind a reverse proxy the per-address limits need the
   * real address. TRUST_PROXY=true (anyone) is refused at boot (docs/reliability.md, "Limits"); `true` can only
   * come from code (tests).
   */
  trustProxy: boolean | string;
  /** NODE_ENV=production: no stand-ins (outbox) for what must really reach people. */
  production: boolean;
  /** SMS provider: POST JSON {to, text} with `Authorization: Bearer <smsToken>`. */
  smsUrl: string | undefined;
  smsToken: string | undefined;
  rateLimits: RateLimits;
  /** Live streams send a heartbeat (and re-check the session) this often. */
  sseHeartbeatMs: number;
  /** A live stream whose client leaves its buffer full this long is closed (backpressure). */
  sseStallMs: number;
  /** Slow clients (docs/reliability.md, "Limits"): how long a request may take to arrive. */
  timeouts: ServerTimeouts;
  /** Uploads (docs/reliability.md, "Limits"). */
  uploads: UploadLimits;
  /**
   * Whether a catalogue's `imageUrl` must name an image this server stored (docs/reliability.md, "Limits").
   * Always on outside tests; ordinary tests write rows with made-up image paths.
   */
  requireIssuedImages: boolean;
  /** Web Push (docs/alerts.md). */
  push: PushConfig;
  /** An order still NUEVO this long after it was placed is escalated to the shop (seconds). */
  alertaEscalarS: number;
  /** How often each instance looks for orders to escalate. */
  escalationEveryMs: number;
  /**
   * GET /metrics from outside this machine needs `Authorization: Bearer <metricsToken>`;
   * unset, only loopback callers are served (docs/reliability.md, "Metrics").
   */
  metricsToken: string | undefined;
}

export type ImageStorageConfig = { kind: 'local' } | { kind: 's3'; s3: S3StorageConfig };

/** An S3-compatible bucket (AWS S3, MinIO, Cloudflare R2, Ceph...). */
export interface S3StorageConfig {
  /** S3_ENDPOINT; absent: AWS's own endpoint for the region. */
  endpoint: string | undefined;
  bucket: string;
  region: string;
  /** Both or neither; neither: the SDK's own chain (AWS_* variables, instance role). */
  accessKeyId: string | undefined;
  /** Never logged nor put in an error message. */
  secretAccessKey: string | undefined;
  /** `<endpoint>/<bucket>/<key>` instead of `<bucket>.<endpoint>/<key>` (MinIO and most self-hosted stores). */
  forcePathStyle: boolean;
}

export interface PushConfig {
  /** VAPID pair (base64url); absent: made once and kept in the database, except in production. */
  vapidPublicKey: string | undefined;
  vapidPrivateKey: string | undefined;
  /** The VAPID `sub` claim: who push services contact about this sender. */
  vapidSubject: string;
  /**
   * Origins a subscription's endpoint may have (PUSH_ORIGINS): `scheme://host[:port]`, where
   * `*` stands for one host label or for the port.
   */
  origins: string[];
}

/** The browsers' public push services (Chrome, Firefox, Safari, Edge): https only. */
export const DEFAULT_PUSH_ORIGINS = [
  'https://fcm.googleapis.com',
  'https://updates.push.services.mozilla.com',
  'https://*.push.apple.com',
  'https://*.notify.windows.com',
];

export interface ServerTimeouts {
  /** The request line and headers must arrive within this (Node's headersTimeout). */
  headersMs: number;
  /** The whole request, body included (requestTimeout); a live stream's answer is not bound. */
  requestMs: number;
  /** An idle keep-alive connection is closed after this. */
  keepAliveMs: number;
}

export interface UploadLimits {
  /** Uploads one shop may make per hour. */
  perHour: number;
  /** Disk a shop's uploaded images may take, originals and their smaller copies together. */
  quotaBytes: number;
  /** An uploaded image nothing references is removed once older than this. */
  orphanAgeMs: number;
  /** How often orphans are looked for. */
  sweepEveryMs: number;
}

export const defaultTimeouts: ServerTimeouts = {
  headersMs: 10_000,
  requestMs: 30_000,
  keepAliveMs: 10_000,
};

export const defaultRateLimits: RateLimits = {
  windowMs: 15 * 60 * 1000,
  signInFailuresPerIp: 20,
  signInFailuresPerAccount: 10,
  signInFailuresPerAccountTotal: 100,
  registrationsPerIp: 30,
  resetRequestsPerIp: 10,
  resetRequestsPerTarget: 5,
  resetsPerAccountPerIp: 3,
  phoneCodeAttempts: 5,
};

/**
 * DB_POOL_WAIT_MS's default: a pool that has had no free connection for 3 s is overloaded or
 * stuck, and a 503 with Retry-After sheds the load sooner than a queue that only grows.
 */
export const DEFAULT_DB_POOL_WAIT_MS = 3_000;

const emptyToUndefined = (value: unknown) => (value === '' ? undefined : value);
const optionalText = z.preprocess(emptyToUndefined, z.string().optional());

const envSchema = z.object({
  PORT: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).max(65535).default(3000)),
  HOST: z.preprocess(emptyToUndefined, z.string().default('0.0.0.0')),
  DATABASE_URL: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^(sqlite:|postgres(ql)?:\/\/)/, 'DATABASE_URL debe empezar con sqlite: o postgres://')
      .default('sqlite:./data/tianguis.db'),
  ),
  ADMIN_EMAIL: optionalText,
  ADMIN_PASSWORD: optionalText,
  DEMO_DATA: optionalText,
  MIGRATE_ON_BOOT: z.preprocess(
    emptyToUndefined,
    z.enum(['0', '1'], { error: 'MIGRATE_ON_BOOT debe ser 0 o 1' }).default('1'),
  ),
  DB_POOL_MAX: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(200).default(10)),
  DB_POOL_WAIT_MS: z.preprocess(
    emptyToUndefined,
    z.coerce
      .number({ error: 'DB_POOL_WAIT_MS debe ser un número de milisegundos' })
      .int('DB_POOL_WAIT_MS debe ser un número entero de milisegundos')
      .min(1, 'DB_POOL_WAIT_MS debe ser al menos 1 (sin límite, una petición esperaría sin fin)')
      .max(600_000, 'DB_POOL_WAIT_MS no puede pasar de 600000 (10 minutos)')
      .default(DEFAULT_DB_POOL_WAIT_MS),
  ),
  DB_STATEMENT_TIMEOUT_MS: z.preprocess(
    emptyToUndefined,
    z.coerce.number().int().min(0).default(5000),
  ),
  SHUTDOWN_DRAIN_MS: z.preprocess(
    emptyToUndefined,
    z.coerce
      .number({ error: 'SHUTDOWN_DRAIN_MS debe ser un número de milisegundos' })
      .int('SHUTDOWN_DRAIN_MS debe ser un número entero de milisegundos')
      .min(0, 'SHUTDOWN_DRAIN_MS no puede ser negativo')
      .max(120_000, 'SHUTDOWN_DRAIN_MS no puede pasar de 120000 (2 minutos)')
      .optional(),
  ),
  OUTBOX_DIR: z.preprocess(emptyToUndefined, z.string().default('./data/outbox')),
  IMAGES_DIR: z.preprocess(emptyToUndefined, z.string().default('./data/images')),
  IMAGE_STORAGE: z.preprocess(
    emptyToUndefined,
    z.enum(['local', 's3'], { error: 'IMAGE_STORAGE debe ser local o s3' }).default('local'),
  ),
  S3_ENDPOINT: optionalText,
  S3_BUCKET: optionalText,
  S3_REGION: optionalText,
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  S3_FORCE_PATH_STYLE: z.preprocess(
    emptyToUndefined,
    z.enum(['0', '1'], { error: 'S3_FORCE_PATH_STYLE debe ser 0 o 1' }).default('0'),
  ),
  // The built web app; tests and the e2e suite may serve a build of their own.
  WEB_DIST_DIR: z.string().min(1).optional(),
  SMTP_URL: optionalText,
  MAIL_FROM: z.preprocess(
    emptyToUndefined,
    z.string().default('Tianguis <no-responder@tianguis.mx>'),
  ),
  JWT_SECRET: z.preprocess(emptyToUndefined, z.string().min(32).optional()),
  TOKEN_TTL_SECONDS: z.preprocess(
    emptyToUndefined,
    z.coerce
      .number()
      .int()
      .positive()
      .default(7 * 24 * 3600),
  ),
  PUBLIC_URL: optionalText,
  LOG_LEVEL: z.preprocess(emptyToUndefined, z.string().default('info')),
  TRUST_PROXY: optionalText,
  NODE_ENV: optionalText,
  SMS_URL: optionalText,
  SMS_TOKEN: optionalText,
  HEADERS_TIMEOUT_MS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).optional()),
  REQUEST_TIMEOUT_MS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).optional()),
  KEEP_ALIVE_TIMEOUT_MS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).optional()),
  UPLOADS_PER_HOUR: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).default(60)),
  UPLOAD_QUOTA_MB: z.preprocess(emptyToUndefined, z.coerce.number().positive().default(200)),
  VAPID_PUBLIC_KEY: optionalText,
  VAPID_PRIVATE_KEY: optionalText,
  VAPID_SUBJECT: optionalText,
  PUSH_ORIGINS: optionalText,
  ALERTA_ESCALAR_S: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).default(180)),
  METRICS_TOKEN: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^\S{16,}$/, 'METRICS_TOKEN debe tener al menos 16 caracteres y ningún espacio')
      .optional(),
  ),
});

// proxy-addr's names for private ranges; anything else must be an address or a CIDR.
const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/**
 * TRUST_PROXY names the proxies whose X-Forwarded-For is believed. Believing anyone (`true`,
 * `*`, `0.0.0.0/0`, a hop count) would let any client pick the address every per-address
 * limit counts by, so those stop the boot.
 */
function parseTrustProxy(value: string | undefined): false | string {
  if (value === undefined || value.trim() === '' || value.trim() === 'false') return false;
  const entries = value.split(',').map((entry) => entry.trim());
  for (const entry of entries) {
    if (NAMED_RANGES.has(entry)) continue;
    const [address, prefix, ...rest] = entry.split('/');
    const version = isIP(address ?? '');
    const bits = version === 4 ? 32 : 128;
    const isValidPrefix =
      prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= bits);
    if (version === 0 || rest.length > 0 || !isValidPrefix || Number(prefix) === 0) {
      throw new Error(
        `Configuración inválida: TRUST_PROXY debe listar las direcciones o CIDR de tus proxies (p. ej. 127.0.0.1,10.0.0.0/8), no "${entry}": confiar en cualquiera deja falsificar X-Forwarded-For`,
      );
    }
  }
  return entries.join(',');
}

/** The SMS provider gets reset codes: HTTPS, or plain HTTP to this machine only. */
function parseSmsUrl(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error('Configuración inválida: SMS_URL no es una URL');
  }
  const isLoopback = ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname);
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && isLoopback)) {
    throw new Error('Configuración inválida: SMS_URL debe ser https://');
  }
  return url.toString();
}

/**
 * IMAGE_STORAGE=s3 and its S3_* variables. Messages name the variable, never the secret's
 * value.
 */
function parseImageStorage(e: z.infer<typeof envSchema>): ImageStorageConfig {
  if (e.IMAGE_STORAGE === 'local') return { kind: 'local' };
  const bucket = e.S3_BUCKET;
  if (bucket === undefined) {
    throw new Error(
      'Configuración inválida: con IMAGE_STORAGE=s3 falta S3_BUCKET (el bucket donde se guardan las imágenes)',
    );
  }
  // S3's naming rules; a wrong name would only fail at the first upload.
  if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket)) {
    throw new Error(
      'Configuración inválida: S3_BUCKET debe tener de 3 a 63 caracteres: minúsculas, números, punto y guion',
    );
  }
  if ((e.S3_ACCESS_KEY_ID === undefined) !== (e.S3_SECRET_ACCESS_KEY === undefined)) {
    throw new Error('Configuración inválida: S3_ACCESS_KEY_ID y S3_SECRET_ACCESS_KEY van juntos');
  }
  let endpoint: string | undefined;
  if (e.S3_ENDPOINT !== undefined) {
    const url = URL.canParse(e.S3_ENDPOINT) ? new URL(e.S3_ENDPOINT) : undefined;
    if (!url || !['http:', 'https:'].includes(url.protocol) || url.username || url.password) {
      throw new Error(
        'Configuración inválida: S3_ENDPOINT debe ser una URL http:// o https:// sin usuario ni contraseña',
      );
    }
    endpoint = e.S3_ENDPOINT.replace(/\/+$/, '');
  }
  return {
    kind: 's3',
    s3: {
      endpoint,
      bucket,
      region: e.S3_REGION ?? 'us-east-1',
      accessKeyId: e.S3_ACCESS_KEY_ID,
      secretAccessKey: e.S3_SECRET_ACCESS_KEY,
      forcePathStyle: e.S3_FORCE_PATH_STYLE === '1',
    },
  };
}

const serverRoot = path.resolve(import.meta.dirname, '..');

/** Reads the environment once; an invalid value stops the boot with a message naming it. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const details = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Configuración inválida: ${details}`);
  }
  const e = parsed.data;
  if ((e.ADMIN_EMAIL === undefined) !== (e.ADMIN_PASSWORD === undefined)) {
    throw new Error('Configuración inválida: ADMIN_EMAIL y ADMIN_PASSWORD van juntos');
  }
  if (
    (e.HEADERS_TIMEOUT_MS ?? defaultTimeouts.headersMs) >
    (e.REQUEST_TIMEOUT_MS ?? defaultTimeouts.requestMs)
  ) {
    throw new Error(
      'Configuración inválida: HEADERS_TIMEOUT_MS no puede ser mayor que REQUEST_TIMEOUT_MS',
    );
  }
  const production = e.NODE_ENV === 'production';
  // A generated secret would be written to the database (docs/operations.md, "Production").
  if (production && e.JWT_SECRET === undefined) {
    throw new Error(
      'Configuración inválida: con NODE_ENV=production JWT_SECRET es obligatorio (al menos 32 caracteres, p. ej. openssl rand -base64 48)',
    );
  }
  if ((e.VAPID_PUBLIC_KEY === undefined) !== (e.VAPID_PRIVATE_KEY === undefined)) {
    throw new Error('Configuración inválida: VAPID_PUBLIC_KEY y VAPID_PRIVATE_KEY van juntos');
  }
  return {
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    adminEmail: e.ADMIN_EMAIL,
    adminPassword: e.ADMIN_PASSWORD,
    // Sample shops come with known passwords: never in production, whatever DEMO_DATA says.
    demoData: e.DEMO_DATA !== '0' && !production,
    migrateOnBoot: e.MIGRATE_ON_BOOT === '1',
    dbStatementTimeoutMs: e.DB_STATEMENT_TIMEOUT_MS,
    dbPoolMax: e.DB_POOL_MAX,
    dbPoolWaitMs: e.DB_POOL_WAIT_MS,
    shutdownDrainMs: e.SHUTDOWN_DRAIN_MS ?? (production ? 5000 : 0),
    outboxDir: path.resolve(e.OUTBOX_DIR),
    imagesDir: path.resolve(e.IMAGES_DIR),
    imageStorage: parseImageStorage(e),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    jwtSecret: e.JWT_SECRET,
    tokenTtlSeconds: e.TOKEN_TTL_SECONDS,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    publicUrlExplicit: e.PUBLIC_URL !== undefined,
    webDistDir: e.WEB_DIST_DIR
      ? path.resolve(e.WEB_DIST_DIR)
      : path.resolve(serverRoot, '../web/dist'),
    logLevel: e.LOG_LEVEL,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    production,
    smsUrl: parseSmsUrl(e.SMS_URL),
    smsToken: e.SMS_TOKEN,
    rateLimits: defaultRateLimits,
    sseHeartbeatMs: 15_000,
    sseStallMs: 30_000,
    timeouts: {
      headersMs: e.HEADERS_TIMEOUT_MS ?? defaultTimeouts.headersMs,
      requestMs: e.REQUEST_TIMEOUT_MS ?? defaultTimeouts.requestMs,
      keepAliveMs: e.KEEP_ALIVE_TIMEOUT_MS ?? defaultTimeouts.keepAliveMs,
    },
    uploads: {
      perHour: e.UPLOADS_PER_HOUR,
      quotaBytes: Math.round(e.UPLOAD_QUOTA_MB * 1024 * 1024),
      orphanAgeMs: 24 * 3600 * 1000,
      sweepEveryMs: 3600 * 1000,
    },
    requireIssuedImages: true,
    push: {
      vapidPublicKey: e.VAPID_PUBLIC_KEY,
      vapidPrivateKey: e.VAPID_PRIVATE_KEY,
      vapidSubject: e.VAPID_SUBJECT ?? 'mailto:soporte@tianguis.mx',
      origins: e.PUSH_ORIGINS
        ? e.PUSH_ORIGINS.split(',')
            .map((o) => o.trim())
            .filter((o) => o !== '')
        : DEFAULT_PUSH_ORIGINS,
    },
    alertaEscalarS: e.ALERTA_ESCALAR_S,
    escalationEveryMs: 5_000,
    metricsToken: e.METRICS_TOKEN,
  };
}
