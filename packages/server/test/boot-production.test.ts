import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { sqliteFileOf } from '../src/db/create-db.js';
import { EXPECTED_MIGRATION } from '../src/db/migrate.js';
import { createTestDatabase, type TestDatabase } from './dialects.js';
import { repoRoot, runToEnd } from './child-process.js';

// The boot in production and against databases it must not use (docs/operations.md): each case
// starts the real server process (as test/server-process.ts does) and reads its exit code, its
// output and the database it was given.

const serverEntry = path.resolve(import.meta.dirname, '../src/server.ts');
const SECRET = 'prod-secreto-de-prueba-0123456789abcdefghijklmnop';
const FUTURE_MIGRATION = '2099_01_01_0000_de_una_version_futura';

interface Run {
  /** Set when the process exited (before listening, or after being stopped). */
  code: number | null;
  stdout: string;
  stderr: string;
  port?: number;
  stop(): Promise<Run>;
}

/**
 * Starts the server (node with tsx as a loader) and answers once it listens or has exited,
 * keeping everything it writes (the log is read for secrets).
 */
function runServer(env: Record<string, string>): Promise<Run> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', serverEntry], {
      cwd: repoRoot,
      env: {
        ...process.env,
        TEST_DATABASE_URL: '',
        NODE_ENV: '',
        PORT: '0',
        HOST: '127.0.0.1',
        DEMO_DATA: '',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const exited = new Promise<number | null>((done) => child.on('exit', (code) => done(code)));
    const run: Run = {
      code: null,
      stdout: '',
      stderr: '',
      async stop() {
        if (run.code === null) child.kill('SIGTERM');
        run.code = await exited;
        return run;
      },
    };
    child.stdout.on('data', (chunk: Buffer) => {
      run.stdout += chunk.toString();
      const match = /listening at http:\/\/127\.0\.0\.1:(\d+)/.exec(run.stdout);
      if (match && run.port === undefined) {
        run.port = Number(match[1]);
        resolve(run);
      }
    });
    child.stderr.on('data', (chunk: Buffer) => (run.stderr += chunk.toString()));
    void exited.then((code) => {
      run.code = code;
      resolve(run);
    });
  });
}

/** `npm run migrate` from the repository root, as an operator runs it. */
const runMigrate = (databaseUrl: string) =>
  runToEnd('npm', ['run', '--silent', 'migrate'], { env: { DATABASE_URL: databaseUrl } });

type Rows = Record<string, unknown>[];

/** Every table's rows (sorted), read without writing anything: what "unchanged" compares. */
async function snapshot(database: TestDatabase): Promise<Record<string, Rows>> {
  const result: Record<string, Rows> = {};
  const sortRows = (rows: Rows) =>
    rows
      .map((r) => JSON.stringify(r))
      .sort()
      .map((r) => JSON.parse(r) as Record<string, unknown>);
  if (database.dialect === 'sqlite') {
    const file = sqliteFileOf(database.url);
    if (!fs.existsSync(file)) return result;
    const sqlite = new SqliteDatabase(file, { readonly: true });
    try {
      const tables = sqlite
        .prepare(`select name from sqlite_master where type = 'table' order by name`)
        .all() as { name: string }[];
      for (const { name } of tables) {
        result[name] = sortRows(sqlite.prepare(`select * from "${name}"`).all() as Rows);
      }
    } finally {
      sqlite.close();
    }
    return result;
  }
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    const tables = await client.query<{ name: string }>(
      `select table_name as name from information_schema.tables
        where table_schema = 'public' order by table_name`,
    );
    for (const { name } of tables.rows) {
      result[name] = sortRows((await client.query(`select * from "${name}"`)).rows as Rows);
    }
  } finally {
    await client.end();
  }
  return result;
}

/** The SQLite file's bytes (its -wal too, when one was left). */
function fileHash(database: TestDatabase): string | undefined {
  if (database.dialect !== 'sqlite') return undefined;
  const file = sqliteFileOf(database.url);
  const hash = createHash('sha256');
  for (const f of [file, `${file}-wal`]) {
    hash.update(f.endsWith('-wal') ? '|wal|' : '|db|');
    if (fs.existsSync(f)) hash.update(fs.readFileSync(f));
  }
  return hash.digest('hex');
}

async function execute(database: TestDatabase, text: string, values: unknown[] = []) {
  if (database.dialect === 'sqlite') {
    const sqlite = new SqliteDatabase(sqliteFileOf(database.url));
    try {
      sqlite.prepare(text.replaceAll(/\$\d+/g, '?')).run(...values);
    } finally {
      sqlite.close();
    }
    return;
  }
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    await client.query(text, values);
  } finally {
    await client.end();
  }
}

/** One line on stderr, no stack trace. */
function expectOneLine(text: string): string {
  const lines = text.trim().split('\n');
  expect(lines).toHaveLength(1);
  expect(text).not.toMatch(/\n\s+at /);
  return lines[0]!;
}

describe('production and migration settings', () => {
  it('MIGRATE_ON_BOOT is 1 unless 0; anything else stops the boot naming it', () => {
    expect(loadConfig({}).migrateOnBoot).toBe(true);
    expect(loadConfig({ MIGRATE_ON_BOOT: '0' }).migrateOnBoot).toBe(false);
    expect(() => loadConfig({ MIGRATE_ON_BOOT: 'no' })).toThrow(/MIGRATE_ON_BOOT debe ser 0 o 1/);
  });

  it('production never takes sample data, whatever DEMO_DATA says', () => {
    expect(loadConfig({ DEMO_DATA: '1' }).demoData).toBe(true);
    const production = loadConfig({ NODE_ENV: 'production', JWT_SECRET: SECRET, DEMO_DATA: '1' });
    expect(production.demoData).toBe(false);
    expect(production.jwtSecret).toBe(SECRET);
  });
});

describe('boot in production and against a database it must not use', () => {
  const databases: TestDatabase[] = [];
  const runs: Run[] = [];
  const freshDatabase = async () => {
    const database = await createTestDatabase();
    databases.push(database);
    return database;
  };
  const start = async (env: Record<string, string>) => {
    const run = await runServer(env);
    runs.push(run);
    return run;
  };
  afterEach(async () => {
    await Promise.all(runs.splice(0).map((r) => r.stop()));
    await Promise.all(databases.splice(0).map((d) => d.drop()));
  });

  it('NODE_ENV=production without JWT_SECRET (or with a short one): exit 1, one line, no stack', async () => {
    const database = await freshDatabase();
    for (const secret of ['', 'corto']) {
      const run = await start({
        NODE_ENV: 'production',
        JWT_SECRET: secret,
        DATABASE_URL: database.url,
      });
      expect(run.code).toBe(1);
      expect(run.port).toBeUndefined();
      expect(expectOneLine(run.stderr)).toMatch(/^Configuración inválida: .*JWT_SECRET/);
    }
    // Refused before the database was opened.
    expect(await snapshot(database)).toEqual({});
  });

  it('production with a secret on an empty database: no sample shops, no known admin password, no secret in the database or the log', async () => {
    const database = await freshDatabase();
    const run = await start({
      NODE_ENV: 'production',
      JWT_SECRET: SECRET,
      DATABASE_URL: database.url,
      // Asked for, and still not given in production.
      DEMO_DATA: '1',
      LOG_LEVEL: 'debug',
    });
    expect(run.port, run.stderr).toBeDefined();
    const base = `http://127.0.0.1:${run.port}`;
    expect((await fetch(`${base}/ready`)).status).toBe(200);
    const directorio = await fetch(`${base}/api/tienda/directorio`);
    expect(directorio.status).toBe(200);
    expect(JSON.stringify(await directorio.json())).not.toMatch(/taqueria-lupe|Taquería/);
    // The sample admin's README password opens nothing.
    const signIn = await fetch(`${base}/api/login/authenticate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@tianguis.mx', password: 'Admin12345' }),
    });
    expect(signIn.status).toBeGreaterThanOrEqual(400);
    await run.stop();
    expect(run.code).toBe(0);

    const rows = await snapshot(database);
    expect(rows.account).toEqual([]);
    expect(rows.tienda).toEqual([]);
    expect(rows.producto).toEqual([]);
    // Neither the JWT secret nor a generated VAPID pair: no secret rows at all.
    expect(rows.setting).toEqual([]);
    expect(JSON.stringify(rows)).not.toContain(SECRET);
    expect(run.stdout + run.stderr).not.toContain(SECRET);
    expect(run.stdout).toContain('migraciones aplicadas');
  });

  it('MIGRATE_ON_BOOT=0 on an empty database refuses naming what is missing; after npm run migrate it starts', async () => {
    const database = await freshDatabase();
    const refused = await start({ MIGRATE_ON_BOOT: '0', DATABASE_URL: database.url });
    expect(refused.code).toBe(1);
    const line = expectOneLine(refused.stderr);
    expect(line).toContain(EXPECTED_MIGRATION);
    expect(line).toContain('2026_11_21_2330_accounts');
    expect(line).toContain('npm run migrate');
    expect(await snapshot(database)).toEqual({});

    const migrated = await runMigrate(database.url);
    expect(migrated.code, migrated.stderr).toBe(0);
    expect(migrated.stdout).toContain('Migraciones aplicadas (');
    expect(migrated.stdout).toContain(EXPECTED_MIGRATION);
    const again = await runMigrate(database.url);
    expect(again.code).toBe(0);
    expect(again.stdout).toContain('ya está al día');

    const run = await start({ MIGRATE_ON_BOOT: '0', DATABASE_URL: database.url });
    expect(run.port, run.stderr).toBeDefined();
    const ready = await fetch(`http://127.0.0.1:${run.port}/ready`);
    expect(ready.status).toBe(200);
    expect(run.stdout).not.toContain('migraciones aplicadas');
  });

  it('a database a newer build migrated: the server and npm run migrate refuse naming both versions, and change nothing', async () => {
    const database = await freshDatabase();
    const migrated = await runMigrate(database.url);
    expect(migrated.code, migrated.stderr).toBe(0);
    await execute(database, 'insert into kysely_migration (name, timestamp) values ($1, $2)', [
      FUTURE_MIGRATION,
      new Date().toISOString(),
    ]);
    const before = await snapshot(database);
    const bytesBefore = fileHash(database);

    // MIGRATE_ON_BOOT's default (1), and sample data asked for: neither may run.
    const run = await start({ DATABASE_URL: database.url, DEMO_DATA: '1' });
    expect(run.code).toBe(1);
    const line = expectOneLine(run.stderr);
    expect(line).toContain(`versión ${FUTURE_MIGRATION}`);
    expect(line).toContain(`espera ${EXPECTED_MIGRATION}`);

    const cli = await runMigrate(database.url);
    expect(cli.code).toBe(1);
    expect(expectOneLine(cli.stderr)).toContain(FUTURE_MIGRATION);

    expect(await snapshot(database)).toEqual(before);
    expect(before.account).toEqual([]);
    expect(fileHash(database)).toBe(bytesBefore);
  });
});
