/**
 * `npm run cluster`: Tianguis as it scales out, on one machine, with no containers
 * (docs/operations.md, "Three instances on one machine"): one PostgreSQL, one S3-compatible
 * store (s3rver), `npm run migrate` once, three built servers with the same JWT_SECRET,
 * IMAGE_STORAGE=s3 and MIGRATE_ON_BOOT=0 on ports 3001–3003, and a round-robin proxy on 3000
 * in front of them. Ctrl-C stops everything and removes what was throwaway.
 *
 *   npm run cluster                     # then open http://localhost:3000
 *   npm run cluster -- --check          # start, run the checks (checks.ts), stop; exit 1 on a failure
 *   npm run cluster -- --port 4000      # proxy on 4000, instances on 4001–4003 (0: free ports)
 *
 * The database: DATABASE_URL when set (PostgreSQL, kept); else a private throwaway cluster
 * (scripts/lib/private-postgres.ts); else a new database on postgres://postgres@127.0.0.1:5432,
 * dropped at the end. The images: the store S3_ENDPOINT and S3_BUCKET name when both are set;
 * else s3rver in a temporary folder, removed at the end.
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { startS3Server } from '../../packages/server/test/s3-server.js';
import { compileServer, startBuiltServer, withPostgresDatabase } from '../bench/built-server.js';
import { withInterruptCleanup, type ServerProcess } from '../bench/processes.js';
import { privatePostgresUnavailableReason, startPrivatePostgres } from '../lib/private-postgres.js';
import { freePort } from '../lib/server-process.js';
import { runChecks } from './checks.js';
import { startRoundRobinProxy } from './proxy.js';

const root = path.resolve(import.meta.dirname, '../..');
const LOCAL_POSTGRES = 'postgres://postgres@127.0.0.1:5432/postgres';
const INSTANCES = 3;

class ClusterError extends Error {}

function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

/** `postgres://user:secret@host/db` → `postgres://user:***@host/db`, for the terminal. */
function withoutPassword(url: string): string {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = '***';
  return parsed.toString();
}

/** Runs `work` on a PostgreSQL database (see the file's comment), described for the terminal. */
async function withDatabase<T>(work: (url: string, described: string) => Promise<T>): Promise<T> {
  const given = process.env.DATABASE_URL;
  if (given) {
    if (!/^postgres(ql)?:\/\//.test(given)) {
      throw new ClusterError(
        `DATABASE_URL debe ser de PostgreSQL (postgres://...): varias instancias no comparten un archivo SQLite`,
      );
    }
    return work(given, `${withoutPassword(given)} (DATABASE_URL; se conserva)`);
  }
  const reason = privatePostgresUnavailableReason();
  if (!reason) {
    console.log('Creando un PostgreSQL privado y desechable…');
    const pg = await startPrivatePostgres();
    try {
      return await withInterruptCleanup(
        async () => pg.destroy(),
        () => work(pg.url, `PostgreSQL privado en 127.0.0.1:${pg.port} (se borra al salir)`),
      );
    } finally {
      pg.destroy();
    }
  }
  console.log(`Sin PostgreSQL privado (${reason}): uso una base nueva en 127.0.0.1:5432`);
  return withPostgresDatabase(LOCAL_POSTGRES, 'tianguis_cluster', (url) =>
    work(url, `${new URL(url).pathname.slice(1)} en 127.0.0.1:5432 (se borra al salir)`),
  );
}

/** S3_* for the instances: the store the environment names, else a throwaway s3rver. */
async function withImageStore<T>(
  work: (env: Record<string, string>, described: string) => Promise<T>,
): Promise<T> {
  if (process.env.S3_ENDPOINT && process.env.S3_BUCKET) {
    // The rest of the S3_* settings come along with the environment.
    return work(
      { IMAGE_STORAGE: 's3' },
      `${process.env.S3_ENDPOINT}, bucket ${process.env.S3_BUCKET} (S3_ENDPOINT; se conserva)`,
    );
  }
  const store = await startS3Server('tianguis-imagenes');
  const { config } = store;
  try {
    return await withInterruptCleanup(
      () => store.destroy(),
      () =>
        work(
          {
            IMAGE_STORAGE: 's3',
            S3_ENDPOINT: config.endpoint!,
            S3_BUCKET: config.bucket,
            S3_REGION: config.region,
            S3_ACCESS_KEY_ID: config.accessKeyId!,
            S3_SECRET_ACCESS_KEY: config.secretAccessKey!,
            S3_FORCE_PATH_STYLE: '1',
          },
          `s3rver en ${store.endpoint}, bucket ${store.bucket} (se borra al salir)`,
        ),
    );
  } finally {
    await store.destroy();
  }
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      check: { type: 'boolean', default: false },
      port: { type: 'string', default: '3000' },
    },
  });
  const check = values.check!;
  const basePort = Number(values.port);
  if (!Number.isInteger(basePort) || basePort < 0 || basePort > 65_535 - INSTANCES) {
    throw new ClusterError(`--port debe ser un puerto (0: cualquiera libre), no "${values.port}"`);
  }
  const fixed = basePort !== 0;
  if (fixed) {
    for (let i = 0; i <= INSTANCES; i += 1) {
      if (!(await portIsFree(basePort + i))) {
        throw new ClusterError(
          `El puerto ${basePort + i} está ocupado (¿otro npm start o npm run cluster?); usa --port con otro número`,
        );
      }
    }
  }

  compileServer(root);
  const webBuilt = fs.existsSync(path.join(root, 'packages/web/dist/index.html'));
  if (!webBuilt && !check) {
    console.log('Construyendo la app web (npm run build -w @tianguis/web)…');
    const build = spawnSync('npm', ['run', 'build', '-w', '@tianguis/web'], {
      cwd: root,
      stdio: 'inherit',
    });
    if (build.status !== 0) throw new ClusterError('npm run build -w @tianguis/web falló');
  }

  const proxyPort = fixed ? basePort : await freePort();
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'tianguis-cluster-'));

  return withDatabase((databaseUrl, databaseDescribed) =>
    withImageStore(async (storeEnv, storeDescribed) => {
      console.log('Migrando la base de datos una vez (npm run migrate)…');
      const migrate = spawnSync('npm', ['run', '--silent', 'migrate'], {
        cwd: root,
        env: { ...process.env, DATABASE_URL: databaseUrl },
        stdio: 'inherit',
      });
      if (migrate.status !== 0) throw new ClusterError('npm run migrate falló');

      // Not production mode: the sample shops (README, "Sample data") are what a newcomer
      // opens first. What production needs of several instances is here all the same: one
      // secret for all (a token from one is good on the others), one database migrated once,
      // one bucket. docs/operations.md explains the choice.
      const env: Record<string, string> = {
        ...storeEnv,
        JWT_SECRET: process.env.JWT_SECRET ?? randomBytes(36).toString('base64url'),
        MIGRATE_ON_BOOT: '0',
        DEMO_DATA: process.env.DEMO_DATA ?? '1',
        // The proxy connects from loopback and passes each visitor's address on.
        TRUST_PROXY: '127.0.0.1',
        PUBLIC_URL: process.env.PUBLIC_URL ?? `http://localhost:${proxyPort}`,
        OUTBOX_DIR: path.join(work, 'outbox'),
      };
      console.log('Arrancando tres instancias…');
      const started = await Promise.allSettled(
        Array.from({ length: INSTANCES }, (_, i) =>
          startBuiltServer({
            root,
            database: `instancia-${i + 1}`,
            databaseUrl,
            tmp: work,
            logLevel: process.env.LOG_LEVEL ?? 'info',
            env,
            port: fixed ? basePort + 1 + i : undefined,
          }),
        ),
      );
      const servers = started.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
      const stopServers = () => Promise.all(servers.map((s) => s.stop()));
      const failed = started.find((s) => s.status === 'rejected');
      if (failed) {
        await stopServers();
        throw failed.reason;
      }

      const proxy = await startRoundRobinProxy({
        port: proxyPort,
        upstreams: servers.map((s) => s.base),
      });
      return withInterruptCleanup(
        () => proxy.close(),
        async () => {
          printSummary(
            proxy.port,
            servers,
            databaseDescribed,
            storeDescribed,
            work,
            webBuilt,
            check,
          );
          if (!check) {
            // Until Ctrl-C: scripts/bench/processes.ts stops the servers, then runs the
            // clean-ups registered above (proxy, store, database), and exits.
            process.once('SIGINT', () => console.log('\nDeteniendo todo…'));
            await new Promise(() => {});
          }
          let ok: boolean;
          try {
            console.log('\nComprobaciones:');
            ok = await runChecks({
              instances: servers.map((s) => s.base),
              proxy,
              admin:
                process.env.ADMIN_EMAIL && process.env.ADMIN_PASSWORD
                  ? { email: process.env.ADMIN_EMAIL, password: process.env.ADMIN_PASSWORD }
                  : undefined,
            });
          } finally {
            await proxy.close();
            await stopServers();
          }
          console.log(
            ok
              ? '\nTodo bien: tres instancias con imágenes compartidas.'
              : '\nFalló alguna comprobación.',
          );
          // The logs are kept when something failed, to read why.
          if (ok) fs.rmSync(work, { recursive: true, force: true });
          else console.log(`Registros de las instancias: ${work}`);
          return ok ? 0 : 1;
        },
      );
    }),
  );
}

function printSummary(
  proxyPort: number,
  servers: ServerProcess[],
  database: string,
  store: string,
  work: string,
  webBuilt: boolean,
  check: boolean,
): void {
  console.log(`\nTianguis en tres instancias: abre http://localhost:${proxyPort}`);
  console.log(
    `  proxy:        http://127.0.0.1:${proxyPort} (reparte las peticiones entre las tres)`,
  );
  for (const [i, s] of servers.entries()) {
    console.log(`  instancia ${i + 1}:  ${s.base} (pid ${s.pid}, registro ${s.logFile})`);
  }
  console.log(`  base de datos: ${database}`);
  console.log(`  imágenes:      ${store}`);
  console.log(`  correos y SMS: ${path.join(work, 'outbox')}`);
  if (!webBuilt) console.log('  (sin la app web construida: solo la API y las páginas de tienda)');
  console.log('  Tiendas de ejemplo: tienda@tianguis.mx / Tienda123 (README, "Sample data").');
  if (!check) console.log('  Ctrl-C detiene todo.');
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof ClusterError ? error.message : error);
    process.exit(1);
  },
);
