import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import {
  Kysely,
  PostgresDialect,
  sql,
  SqliteDialect,
  SqliteDriver,
  type DatabaseConnection,
  type Driver,
  type SqliteDialectConfig,
  type SqliteDatabase as KyselySqliteDatabase,
  type SqliteStatement,
} from 'kysely';
import pg from 'pg';
import { DEFAULT_DB_POOL_WAIT_MS } from '../config.js';
import { isDiskFull } from '../lib/db-errors.js';
import type { Database, Db, Dialect } from './database.js';
import { createDiskFullWatch, type DiskFullWatch } from './disk-full.js';
import { allowDirectReads } from './prepared-query.js';
import { enableGroupCommit, runWrite, type GroupCommit } from './group-commit.js';
import { startWalCheckpointer } from './wal-checkpointer.js';

// COUNT(*) and SUM() come back as int8; every figure we keep fits a JS number.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

/**
 * SQLite with `destroy()` that also waits for `onDestroy` (the checkpointer), and a rollback
 * that keeps the error that caused it.
 */
class DestroyingSqliteDialect extends SqliteDialect {
  readonly #config: SqliteDialectConfig;
  readonly #onDestroy: () => Promise<void>;
  readonly #inTransaction: () => boolean;

  constructor(
    config: SqliteDialectConfig,
    onDestroy: () => Promise<void>,
    inTransaction: () => boolean,
  ) {
    super(config);
    this.#config = config;
    this.#onDestroy = onDestroy;
    this.#inTransaction = inTransaction;
  }

  override createDriver(): Driver {
    const onDestroy = this.#onDestroy;
    const inTransaction = this.#inTransaction;
    return new (class extends SqliteDriver {
      override async destroy(): Promise<void> {
        await super.destroy();
        await onDestroy();
      }

      // SQLite rolls a transaction back by itself when the disk refuses a write (SQLITE_FULL,
      // SQLITE_IOERR_*). Kysely's ROLLBACK after that would fail ("no transaction is active"),
      // and its error would replace the one that says why: a full disk, answered 503, would
      // become a 500.
      override async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
        if (!inTransaction()) return;
        await super.rollbackTransaction(connection);
      }
    })(this.#config);
  }
}

const STATEMENT_CACHE_SIZE = 500;
const FALLBACK_AUTOCHECKPOINT_PAGES = 10_000;

/** A cached statement, and whether it only reads (better-sqlite3's `readonly`). */
export interface CachedStatement extends SqliteStatement {
  readonly readonly: boolean;
}

export interface CachedStatements extends KyselySqliteDatabase {
  prepare(text: string): CachedStatement;
}

/** A writing statement that tells `onWrite` before each run. */
function tellingWrites(statement: SqliteDatabase.Statement, onWrite: () => void): CachedStatement {
  return {
    reader: statement.reader,
    readonly: false,
    all(parameters) {
      onWrite();
      return statement.all(parameters);
    },
    run(parameters) {
      onWrite();
      return statement.run(parameters);
    },
    iterate(parameters) {
      onWrite();
      return statement.iterate(parameters);
    },
  };
}

/**
 * Kysely's SQLite driver prepares every query anew; compiling the SQL was an eighth of the
 * server's time under checkout load. Kysely's SQL texts repeat (values are parameters), so the
 * compiled statements are kept, the least recently used going first. A statement still busy
 * (an unfinished `iterate`) is not shared: that use gets one of its own. `onWrite` is told
 * before every run of a statement that may write (an INSERT … RETURNING too), so the caller
 * can count the connection's writes (db/prepared-query.ts, `untilWrite`).
 */
export function withStatementCache(
  sqlite: SqliteDatabase.Database,
  options: { size?: number; onWrite?: () => void } = {},
): CachedStatements {
  const size = options.size ?? STATEMENT_CACHE_SIZE;
  const onWrite = options.onWrite;
  const cache = new Map<string, { statement: SqliteDatabase.Statement; use: CachedStatement }>();
  const useOf = (statement: SqliteDatabase.Statement): CachedStatement =>
    statement.readonly || !onWrite ? statement : tellingWrites(statement, onWrite);
  return {
    close: () => sqlite.close(),
    prepare(text: string): CachedStatement {
      const cached = cache.get(text);
      if (cached && !cached.statement.busy) {
        // Re-insert: a Map iterates in insertion order, so the first key is the coldest.
        cache.delete(text);
        cache.set(text, cached);
        return cached.use;
      }
      const statement = sqlite.prepare(text);
      const use = useOf(statement);
      if (cached) return use;
      cache.set(text, { statement, use });
      if (cache.size > size) cache.delete(cache.keys().next().value!);
      return use;
    },
  };
}

/** The database's connections as they are now (http/metrics.ts reads them at scrape time). */
export interface ConnectionFigures {
  /** Connections the process may hold: the pool's size, 1 for SQLite. */
  max: number;
  inUse: number;
  idle: number;
  /** Work waiting for a connection: pool checkouts, or SQLite writes queued for a group commit. */
  waiting: number;
}

export interface DbHandle {
  db: Db;
  dialect: Dialect;
  /** SQLite file path, for backups and tests. */
  sqliteFile?: string;
  /** PostgreSQL's pool behind `db`, read for its figures (http/metrics.ts); query through `db`. */
  pool?: pg.Pool;
  /** Read, never kept: each call says how the connections are now. */
  connections(): ConnectionFigures;
  /**
   * SQLite only: set while its disk refuses writes (db/disk-full.ts), which `/ready` reports.
   * A full PostgreSQL disk is every instance's: taking them all out of the balancer would not
   * bring it back, so it is answered per request only (503, http/error-handler.ts).
   */
  diskFull?: DiskFullWatch;
}

/** SQLite's one connection: in use while a group commit holds it, waiting = writes queued. */
function sqliteConnections(groupCommit: GroupCommit): ConnectionFigures {
  const inUse = groupCommit.busy ? 1 : 0;
  return { max: 1, inUse, idle: 1 - inUse, waiting: groupCommit.queued };
}

function poolConnections(pool: pg.Pool): ConnectionFigures {
  return {
    max: pool.options.max,
    inUse: pool.totalCount - pool.idleCount,
    idle: pool.idleCount,
    waiting: pool.waitingCount,
  };
}

/**
 * A write that commits the way requests commit theirs (a place in the group commit, fsync
 * included) and changes nothing: the header's user_version set to itself, which still writes
 * the page to the WAL. `/ready` runs it after the disk was full (db/disk-full.ts).
 */
function probeWrite(db: Db): Promise<void> {
  return runWrite(db, async (trx) => {
    const { rows } = await sql<{ user_version: number }>`pragma user_version`.execute(trx);
    const version = Math.trunc(Number(rows[0]?.user_version ?? 0));
    await sql.raw(`pragma user_version = ${version}`).execute(trx);
  });
}

export function dialectOf(databaseUrl: string): Dialect {
  return databaseUrl.startsWith('sqlite:') ? 'sqlite' : 'postgres';
}

export function sqliteFileOf(databaseUrl: string): string {
  return path.resolve(databaseUrl.slice('sqlite:'.length).replace(/^\/\/(?=\/)/, ''));
}

export interface CreateDbOptions {
  /**
   * PostgreSQL only: statements running longer are cancelled (57014, answered 503 by
   * lib/db-errors.ts). 0 sends "no limit" explicitly (migrations); absent leaves the server's
   * own setting.
   */
  statementTimeoutMs?: number;
  /** PostgreSQL pool size. */
  max?: number;
  /**
   * PostgreSQL: longest wait for a connection (a free one from the pool, or a new one opened),
   * after which the query fails and the request answers 503 (DB_POOL_WAIT_MS).
   */
  poolWaitMs?: number;
}

/** Opens the database named by DATABASE_URL: `sqlite:<file>` or `postgres://...`. */
export function createDb(databaseUrl: string, options: CreateDbOptions = {}): DbHandle {
  if (dialectOf(databaseUrl) === 'sqlite') {
    const file = sqliteFileOf(databaseUrl);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    const sqlite = new SqliteDatabase(file);
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('foreign_keys = ON');
    // FULL: an acknowledged order survives a power cut, not only a process crash.
    sqlite.pragma('synchronous = FULL');
    sqlite.pragma('busy_timeout = 5000');
    // Checkpoints run on a worker thread (see wal-checkpointer.ts); this connection checkpoints
    // itself only if the WAL grows past ~40 MB, should that worker fall behind.
    sqlite.pragma(`wal_autocheckpoint = ${FALLBACK_AUTOCHECKPOINT_PAGES}`);
    const checkpointer = startWalCheckpointer(file);
    let writes = 0;
    const statements = withStatementCache(sqlite, { onWrite: () => (writes += 1) });
    const db = new Kysely<Database>({
      // Destroying the database also closes the checkpointer's connection before it resolves,
      // so whoever deletes the file next finds no connection still opening or closing it.
      dialect: new DestroyingSqliteDialect(
        { database: statements },
        () => checkpointer.stop(),
        () => sqlite.inTransaction,
      ),
    });
    allowDirectReads(db, {
      read(text, parameters) {
        if (sqlite.inTransaction) return undefined;
        const statement = statements.prepare(text);
        return statement.readonly ? { rows: statement.all(parameters) } : undefined;
      },
      writes: () => writes,
    });
    const diskFull = createDiskFullWatch({ dir: path.dirname(file), probe: () => probeWrite(db) });
    // One connection and a synchronous fsync per commit: concurrent writes share commits. A
    // failed batch reports a full disk too, whoever's writes it held.
    const groupCommit = enableGroupCommit(db, {
      onBatchError: (error) => {
        if (isDiskFull(error)) diskFull.markFull();
      },
    });
    return {
      db,
      dialect: 'sqlite',
      sqliteFile: file,
      connections: () => sqliteConnections(groupCommit),
      diskFull,
    };
  }
  const pool = createPostgresPool(databaseUrl, options);
  return {
    db: new Kysely<Database>({ dialect: new PostgresDialect({ pool }) }),
    dialect: 'postgres',
    pool,
    connections: () => poolConnections(pool),
  };
}

/**
 * Longest wait for a PostgreSQL connection, from the pool or a new one, before the request
 * gives up (503), unless DB_POOL_WAIT_MS says otherwise (config.ts).
 */
export const POSTGRES_CONNECT_TIMEOUT_MS = DEFAULT_DB_POOL_WAIT_MS;

/**
 * The pool behind Kysely, made to live through a PostgreSQL restart: a connection the server
 * ends is dropped and the next query opens a new one; the request that was using it fails with
 * an error the error handler answers as 503 (lib/db-errors.ts).
 */
export function createPostgresPool(
  connectionString: string,
  options: CreateDbOptions = {},
): pg.Pool {
  const namer = createStatementNamer();
  const pool = new pg.Pool({
    connectionString,
    max: options.max ?? 10,
    // Sent with each new connection (a startup parameter), so every statement on it is bound,
    // transactions included, without an extra round trip (docs/operations.md, "Database time
    // limits"). A cancelled statement leaves the connection usable.
    ...(options.statementTimeoutMs !== undefined && {
      statement_timeout: options.statementTimeoutMs,
    }),
    // Bounds both waits for a connection: behind other queries for a free one when all `max`
    // are taken, and for a new one from a server that doesn't answer at all (a network cut
    // rather than a refusal). Past it the query fails ('timeout exceeded when trying to
    // connect'), answered 503, so a request waits at most this plus DB_STATEMENT_TIMEOUT_MS
    // per statement instead of queueing for as long as the client holds on.
    connectionTimeoutMillis: options.poolWaitMs ?? POSTGRES_CONNECT_TIMEOUT_MS,
    // Notices a dead peer on an idle connection (a cut cable sends no FIN).
    keepAlive: true,
  });
  // An idle client losing its server (restart) must not crash the process: the pool drops it.
  pool.on('error', () => undefined);
  // Neither may a client that is checked out: pg emits 'error' on it too, and pg-pool listens
  // only while the client is idle. The query it was running fails with that error, and the
  // pool drops the client when it is released, since it is no longer queryable.
  pool.on('connect', (client) => {
    client.on('error', () => undefined);
    prepareHotStatements(client, namer);
  });
  return pool;
}

/** A statement is prepared once it has run this many times (process-wide). */
const PREPARE_AFTER = 3;
/** At most this many statement texts are prepared (each on every connection that runs it). */
const PREPARED_MAX = 1_000;
const PREPARABLE = /^\s*(select|insert|update|delete|with)\b/i;

/**
 * Names the statements run often, so each connection parses and plans them once instead of at
 * every execution (node-postgres sends unnamed statements, which PostgreSQL plans every time:
 * at the checkout's ~15 statements that was most of the database's CPU per order). Kysely's
 * texts repeat (values are parameters); a text seen PREPARE_AFTER times gets a name derived
 * from it. Texts that vary (an `in (...)` of a different length) stop being named once
 * PREPARED_MAX texts are, which bounds the statements each connection keeps.
 */
export function createStatementNamer(
  options: { after?: number; max?: number } = {},
): (text: string) => string | undefined {
  const after = options.after ?? PREPARE_AFTER;
  const max = options.max ?? PREPARED_MAX;
  const names = new Map<string, string>();
  const seen = new Map<string, number>();
  return (text) => {
    const name = names.get(text);
    if (name !== undefined || names.size >= max || !PREPARABLE.test(text)) return name;
    const count = (seen.get(text) ?? 0) + 1;
    if (count < after) {
      // The counts are a hint: forgetting them all now and then keeps them bounded too.
      if (seen.size >= 10 * max) seen.clear();
      seen.set(text, count);
      return undefined;
    }
    seen.delete(text);
    const named = `t_${createHash('sha256').update(text).digest('base64url').slice(0, 24)}`;
    names.set(text, named);
    return named;
  };
}

/** Routes a client's `query(text, values)` calls (Kysely's) through the namer. */
function prepareHotStatements(client: pg.PoolClient, namer: (text: string) => string | undefined) {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  client.query = ((...args: unknown[]) => {
    const [text, values] = args;
    if (
      args.length <= 2 &&
      typeof text === 'string' &&
      (values === undefined || Array.isArray(values))
    ) {
      const name = namer(text);
      if (name !== undefined) return query({ name, text, values });
    }
    return query(...args);
  }) as typeof client.query;
}
