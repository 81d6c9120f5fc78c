/**
 * A consistent copy of the database and the images, taken while the server runs.
 *
 *   npm run backup                          # → backups/tianguis-<YYYYMMDD-HHMMSS>.db (+ -images/)
 *   npm run backup -- /mnt/usb/tianguis.db  # → that file, and /mnt/usb/tianguis-images/
 *
 * Reads DATABASE_URL and IMAGES_DIR as the server does (packages/server/src/config.ts).
 *
 * SQLite: better-sqlite3's online backup API, told to copy every page in one step. That step
 * runs inside one read transaction, so the copy is the database as of one commit: an order is
 * in it with all its lines or not at all. In WAL mode a reader never blocks the server's
 * writes. (Copied in small steps instead, each write of the server would restart the copy, and
 * a busy shop could keep it from ever finishing.) The copy is written under a temporary name,
 * turned into a single self-contained file (journal_mode=DELETE; the server switches it back
 * to WAL when it opens it), checked (integrity_check, foreign_key_check) and only then given
 * its name.
 *
 * PostgreSQL: `pg_dump -Fc` when it is on the PATH (it takes its own consistent snapshot),
 * checked with `pg_restore --list`; without it, the commands to run are printed.
 *
 * Images are copied after the database: names are content hashes and files are written under
 * a temporary name then renamed, so every image the copied database names is already complete
 * on disk by then; temporary files are left out.
 *
 * Restoring: see "Copias de seguridad" in the README.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import SqliteDatabase from 'better-sqlite3';
import { loadConfig } from '../packages/server/src/config.js';
import { dialectOf, sqliteFileOf } from '../packages/server/src/db/create-db.js';

export interface TableCount {
  table: string;
  rows: number;
}

export interface SqliteBackupReport {
  source: string;
  destination: string;
  bytes: number;
  integrity: string;
  tables: TableCount[];
  /** Milliseconds: the copy itself, the checks, and the whole run. */
  copyMs: number;
  verifyMs: number;
}

export interface ImagesCopyReport {
  source: string;
  destination: string;
  files: number;
  bytes: number;
  ms: number;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** `20250314-183005`, local time: what the person restoring sees on their clock. */
export function timestampOf(date: Date): string {
  return (
    `${date.getFullYear()}${pad(date.getMonth() + 1)}${pad(date.getDate())}-` +
    `${pad(date.getHours())}${pad(date.getMinutes())}${pad(date.getSeconds())}`
  );
}

/** `backups/tianguis-<stamp>.<ext>`, with `-2`, `-3`... should that name be taken already. */
function defaultDestination(ext: string): string {
  const base = path.resolve('backups', `tianguis-${timestampOf(new Date())}`);
  for (let n = 1; ; n += 1) {
    const candidate = `${base}${n === 1 ? '' : `-${n}`}${ext}`;
    if (!fs.existsSync(candidate) && !fs.existsSync(imagesDestinationOf(candidate))) {
      return candidate;
    }
  }
}

/** The images go beside the database copy: `x.db` → `x-images/`. */
export function imagesDestinationOf(databaseCopy: string): string {
  return `${databaseCopy.replace(/\.(db|sqlite3?|dump)$/, '')}-images`;
}

const removeWithSidecars = (file: string) => {
  for (const suffix of ['', '-wal', '-shm', '-journal']) fs.rmSync(file + suffix, { force: true });
};

/** Copies a live SQLite database to `destination` (which must not exist) and checks the copy. */
export async function backupSqlite(
  source: string,
  destination: string,
): Promise<SqliteBackupReport> {
  if (!fs.existsSync(source)) throw new Error(`No existe la base de datos ${source}`);
  if (fs.existsSync(destination)) throw new Error(`${destination} ya existe; no se sobrescribe`);
  fs.mkdirSync(path.dirname(destination), { recursive: true });
  const partial = `${destination}.partial`;
  removeWithSidecars(partial);

  // Read-only: the backup never writes to, checkpoints or creates the live database.
  const live = new SqliteDatabase(source, { readonly: true, fileMustExist: true });
  const copyStarted = performance.now();
  try {
    live.pragma('busy_timeout = 5000');
    // The largest step SQLite takes: the rest of the database in one read transaction.
    await live.backup(partial, { progress: () => 0x7fffffff });
  } catch (error) {
    removeWithSidecars(partial);
    throw error;
  } finally {
    live.close();
  }
  const copyMs = performance.now() - copyStarted;

  const verifyStarted = performance.now();
  let integrity: string;
  let tables: TableCount[];
  const copy = new SqliteDatabase(partial, { fileMustExist: true });
  try {
    // One file, no -wal beside it, whatever the live database's mode.
    copy.pragma('journal_mode = DELETE');
    integrity = (copy.pragma('integrity_check') as { integrity_check: string }[])
      .map((row) => row.integrity_check)
      .join('; ');
    const brokenLinks = copy.pragma('foreign_key_check') as unknown[];
    if (brokenLinks.length > 0) integrity += `; ${brokenLinks.length} referencias rotas`;
    const names = copy
      .prepare(
        "SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name",
      )
      .pluck()
      .all() as string[];
    tables = names.map((table) => ({
      table,
      rows: copy
        .prepare(`SELECT COUNT(*) FROM "${table.replaceAll('"', '""')}"`)
        .pluck()
        .get() as number,
    }));
  } finally {
    copy.close();
  }
  if (integrity !== 'ok') {
    removeWithSidecars(partial);
    throw new Error(`La copia no pasó la revisión de integridad: ${integrity}`);
  }
  fs.renameSync(partial, destination);
  return {
    source,
    destination,
    bytes: fs.statSync(destination).size,
    integrity,
    tables,
    copyMs,
    verifyMs: performance.now() - verifyStarted,
  };
}

/** `cp -r` of the images folder, leaving out files still being written (`.tmp-*`). */
export async function copyImages(source: string, destination: string): Promise<ImagesCopyReport> {
  const started = performance.now();
  let files = 0;
  let bytes = 0;
  if (fs.existsSync(source)) {
    await fs.promises.cp(source, destination, {
      recursive: true,
      errorOnExist: true,
      force: false,
      filter: (from) => !path.basename(from).startsWith('.tmp-'),
    });
    for (const name of await fs.promises.readdir(destination)) {
      files += 1;
      bytes += (await fs.promises.stat(path.join(destination, name))).size;
    }
  } else {
    fs.mkdirSync(destination, { recursive: true });
  }
  return { source, destination, files, bytes, ms: performance.now() - started };
}

/** `pg_dump -Fc` into `destination`, checked with `pg_restore --list`; answers the size. */
function backupPostgres(databaseUrl: string, destination: string): { bytes: number; ms: number } {
  const started = performance.now();
  fs.mkdirSync(path.dirname(destination), { recursive: true });
  const partial = `${destination}.partial`;
  // The password goes in the environment, not on the command line where `ps` shows it.
  const url = new URL(databaseUrl);
  const env = { ...process.env };
  if (url.password) {
    env.PGPASSWORD = decodeURIComponent(url.password);
    url.password = '';
  }
  const dump = spawnSync('pg_dump', ['-Fc', '--no-owner', '-f', partial, url.toString()], {
    encoding: 'utf8',
    env,
  });
  if (dump.status !== 0) {
    fs.rmSync(partial, { force: true });
    throw new Error(`pg_dump falló (${dump.status ?? dump.signal}): ${dump.stderr.trim()}`);
  }
  const list = spawnSync('pg_restore', ['--list', partial], { encoding: 'utf8' });
  if (list.status !== 0) {
    fs.rmSync(partial, { force: true });
    throw new Error(`pg_restore no puede leer la copia: ${list.stderr.trim()}`);
  }
  fs.renameSync(partial, destination);
  return { bytes: fs.statSync(destination).size, ms: performance.now() - started };
}

/** Checked before copying anything: a backup never overwrites an earlier one. */
function refuseExisting(destination: string): void {
  for (const target of [destination, imagesDestinationOf(destination)]) {
    if (fs.existsSync(target)) throw new Error(`${target} ya existe; no se sobrescribe`);
  }
}

const hasCommand = (command: string) =>
  spawnSync(command, ['--version'], { stdio: 'ignore' }).status === 0;

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(2)} MB`;
const seconds = (ms: number) => (ms < 1000 ? `${ms.toFixed(0)} ms` : `${(ms / 1000).toFixed(2)} s`);

/** The URL without its password, for printing. */
function redacted(databaseUrl: string): string {
  try {
    const url = new URL(databaseUrl);
    if (url.password) url.password = '***';
    return url.toString();
  } catch {
    return 'postgres://…';
  }
}

function printImages(report: ImagesCopyReport): void {
  console.log(`Imágenes: ${report.source}`);
  console.log(
    `  copiadas ${report.files} archivos (${mb(report.bytes)}) a ${report.destination} en ${seconds(report.ms)}`,
  );
}

async function main(): Promise<void> {
  const { positionals } = parseArgs({ allowPositionals: true, options: {} });
  const config = loadConfig();
  const started = performance.now();

  if (dialectOf(config.databaseUrl) === 'postgres') {
    if (!hasCommand('pg_dump') || !hasCommand('pg_restore')) {
      console.log('DATABASE_URL es PostgreSQL y pg_dump no está en el PATH. Haz la copia con:');
      console.log(`  pg_dump -Fc -f tianguis.dump "$DATABASE_URL"`);
      console.log(`  cp -r ${config.imagesDir} tianguis-images`);
      console.log('y restaura con pg_restore --clean --if-exists -d "$DATABASE_URL" tianguis.dump');
      process.exitCode = 1;
      return;
    }
    const destination = path.resolve(positionals[0] ?? defaultDestination('.dump'));
    refuseExisting(destination);
    console.log(`Base de datos: ${redacted(config.databaseUrl)} (PostgreSQL, pg_dump -Fc)`);
    const dump = backupPostgres(config.databaseUrl, destination);
    console.log(`  copia: ${destination}`);
    console.log(`  tamaño ${mb(dump.bytes)}, pg_restore --list: ok, ${seconds(dump.ms)}`);
    printImages(await copyImages(config.imagesDir, imagesDestinationOf(destination)));
    console.log(`Listo en ${seconds(performance.now() - started)}.`);
    return;
  }

  const source = sqliteFileOf(config.databaseUrl);
  const destination = path.resolve(positionals[0] ?? defaultDestination('.db'));
  refuseExisting(destination);
  console.log(`Base de datos: ${source} (SQLite)`);
  const report = await backupSqlite(source, destination);
  console.log(`  copia: ${report.destination}`);
  console.log(
    `  tamaño ${mb(report.bytes)}, copiada en ${seconds(report.copyMs)}, revisada en ${seconds(report.verifyMs)}`,
  );
  console.log(`  integrity_check: ${report.integrity}`);
  const width = Math.max(...report.tables.map((t) => t.table.length));
  for (const { table, rows } of report.tables) {
    console.log(`    ${table.padEnd(width)}  ${rows.toLocaleString('es-MX')}`);
  }
  printImages(await copyImages(config.imagesDir, imagesDestinationOf(destination)));
  console.log(`Listo en ${seconds(performance.now() - started)}.`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error: unknown) => {
    console.error(`No se pudo hacer la copia: ${error instanceof Error ? error.message : error}`);
    process.exitCode = 1;
  });
}
