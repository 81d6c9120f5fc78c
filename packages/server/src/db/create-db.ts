import fs from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import {
  Kysely,
  PostgresDialect,
  SqliteAdapter,
  SqliteDialect,
  type DialectAdapter,
  type MigrationLockOptions,
} from 'kysely';
import pg from 'pg';
import type { Database, Db, Dialect } from './database.js';

// COUNT(*) and SUM() come back as int8; every figure we keep fits a JS number.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

/**
 * Kysely takes no migration lock on SQLite. A write as the first statement of the migration
 * transaction takes SQLite's write lock at once (waiting out busy_timeout), so a second process
 * booting on the same file reads the migration state only after the first has committed.
 */
class LockingSqliteAdapter extends SqliteAdapter {
  override async acquireMigrationLock(
    db: Kysely<any>, // eslint-disable-line @typescript-eslint/no-explicit-any -- Kysely's signature
    options: MigrationLockOptions,
  ): Promise<void> {
    await db
      .updateTable(options.lockTable)
      .set({ is_locked: 1 })
      .where('id', '=', options.lockRowId)
      .execute();
  }
}

class LockingSqliteDialect extends SqliteDialect {
  override createAdapter(): DialectAdapter {
    return new LockingSqliteAdapter();
  }
}

export interface DbHandle {
  db: Db;
  dialect: Dialect;
  /** SQLite file path, for backups and tests. */
  sqliteFile?: string;
}

export function dialectOf(databaseUrl: string): Dialect {
  return databaseUrl.startsWith('sqlite:') ? 'sqlite' : 'postgres';
}

export function sqliteFileOf(databaseUrl: string): string {
  return path.resolve(databaseUrl.slice('sqlite:'.length).replace(/^\/\/(?=\/)/, ''));
}

/** Opens the database named by DATABASE_URL: `sqlite:<file>` or `postgres://...`. */
export function createDb(databaseUrl: string): DbHandle {
  if (dialectOf(databaseUrl) === 'sqlite') {
    const file = sqliteFileOf(databaseUrl);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    const sqlite = new SqliteDatabase(file);
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('foreign_keys = ON');
    // FULL: an acknowledged order survives a power cut, not only a process crash.
    sqlite.pragma('synchronous = FULL');
    sqlite.pragma('busy_timeout = 5000');
    return {
      db: new Kysely<Database>({ dialect: new LockingSqliteDialect({ database: sqlite }) }),
      dialect: 'sqlite',
      sqliteFile: file,
    };
  }
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
  // An idle client losing its server (restart) must not crash the process.
  pool.on('error', () => undefined);
  return {
    db: new Kysely<Database>({ dialect: new PostgresDialect({ pool }) }),
    dialect: 'postgres',
  };
}
