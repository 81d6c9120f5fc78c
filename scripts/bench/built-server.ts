/**
 * What `npm run bench` and `npm run soak` both do around the server they measure: compile it,
 * make a fresh PostgreSQL database for the run, start the built server on it as its own process,
 * and sign the seeded accounts in through its API.
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import pg from 'pg';
import { startNodeProcess, withInterruptCleanup, type ServerProcess } from './processes.js';
import { SCALE_PASSWORD } from './seed-scale.js';

/** `tsc -b packages/server`, its output on this terminal; throws when it fails. */
export function compileServer(root: string): void {
  console.log('Compilando el servidor (tsc -b packages/server)…');
  const build = spawnSync(
    process.execPath,
    [path.join(root, 'node_modules/typescript/bin/tsc'), '-b', 'packages/server'],
    { cwd: root, stdio: 'inherit' },
  );
  if (build.status !== 0) throw new Error('tsc -b packages/server falló');
}

/**
 * A fresh database named `<prefix>_<pid>_<time>` on the PostgreSQL server `serverUrl` names,
 * dropped afterwards (also when the run is interrupted).
 */
export async function withPostgresDatabase<T>(
  serverUrl: string,
  prefix: string,
  run: (url: string) => Promise<T>,
): Promise<T> {
  const name = `${prefix}_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    const drop = async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    };
    try {
      return await withInterruptCleanup(drop, () => run(url.toString()));
    } finally {
      await drop();
    }
  } finally {
    await admin.end();
  }
}

/**
 * The built server (packages/server/dist/server.js) on `databaseUrl`, without demo data, with a
 * fresh JWT secret, its outbox, images and log (`<database>-server.log`) in `tmp`.
 */
export function startBuiltServer(options: {
  root: string;
  database: string;
  databaseUrl: string;
  tmp: string;
  logLevel: string;
  /** Writes a V8 CPU profile to bench/results/<cpuProfile>-<database>-<time>.cpuprofile.json. */
  cpuProfile?: string;
  /** Node options before the server's file. */
  nodeArgs?: string[];
  env?: Record<string, string>;
  /** The port to listen on; default a free one. */
  port?: number;
}): Promise<ServerProcess> {
  const { root, database, tmp } = options;
  return startNodeProcess({
    name: `servidor (${database})`,
    args: [
      ...(options.cpuProfile
        ? [
            '--cpu-prof',
            `--cpu-prof-dir=${path.join(root, 'bench/results')}`,
            // .json so that bench/results' ignore rule covers it; DevTools opens it as is.
            `--cpu-prof-name=${options.cpuProfile}-${database}-${Date.now()}.cpuprofile.json`,
          ]
        : []),
      ...(options.nodeArgs ?? []),
      path.join(root, 'packages/server/dist/server.js'),
    ],
    env: {
      DATABASE_URL: options.databaseUrl,
      DEMO_DATA: '0',
      LOG_LEVEL: options.logLevel,
      OUTBOX_DIR: path.join(tmp, `${database}-outbox`),
      IMAGES_DIR: path.join(tmp, `${database}-images`),
      JWT_SECRET: randomBytes(32).toString('hex'),
      ...options.env,
    },
    readyPath: '/health',
    logFile: path.join(tmp, `${database}-server.log`),
    cwd: tmp,
    port: options.port,
  });
}

/**
 * Signs the seeded accounts (password SCALE_PASSWORD) in through the API, four at a time, and
 * answers each one's token by email; `headersOf(i)` adds headers to the i-th sign-in.
 */
export async function signInSeeded(
  base: string,
  emails: string[],
  headersOf: (i: number) => Record<string, string> = () => ({}),
): Promise<Map<string, string>> {
  const tokens = new Map<string, string>();
  let next = 0;
  const worker = async () => {
    while (next < emails.length) {
      const i = next++;
      const email = emails[i]!;
      const res = await fetch(`${base}/api/login/authenticate`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headersOf(i) },
        body: JSON.stringify({ email, password: SCALE_PASSWORD }),
      });
      if (res.status !== 200) throw new Error(`login ${email}: ${res.status} ${await res.text()}`);
      tokens.set(email, ((await res.json()) as { token: string }).token);
    }
  };
  await Promise.all(Array.from({ length: 4 }, worker));
  return tokens;
}
