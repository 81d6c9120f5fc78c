import fs from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import type { Database, Db, Dialect } from './database.js';

// COUNT(*) and SUM() come back as int8; every figure we keep fits a JS number.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

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
      db: new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) }),
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
