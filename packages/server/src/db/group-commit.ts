import { CompiledQuery } from 'kysely';
import type { Db, DbOrTx } from './database.js';

/**
 * One request's writes, all-or-nothing, on the transaction's connection `trx`; the transaction
 * may be shared with other requests.
 */
export type WriteWork<T> = (trx: DbOrTx) => Promise<T>;

interface Pending {
  work: WriteWork<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

type Outcome = { ok: true; value: unknown } | { ok: false; error: unknown };

// Compiled once: these run around every piece of every batch.
const BEGIN = CompiledQuery.raw('begin immediate');
const COMMIT = CompiledQuery.raw('commit');
const ROLLBACK = CompiledQuery.raw('rollback');
const SAVEPOINT = CompiledQuery.raw('savepoint grupo');
const RELEASE = CompiledQuery.raw('release grupo');
const ROLLBACK_TO = CompiledQuery.raw('rollback to grupo');

/** Enough to share an fsync among every shopper at once, short enough to bound the wait. */
const MAX_BATCH = 256;

export interface GroupCommitOptions {
  maxBatch?: number;
  /** Told the error of every batch that failed as a whole (create-db.ts watches for a full disk). */
  onBatchError?: (error: unknown) => void;
}

/**
 * Group commit for SQLite (docs/decisions/0008): one connection, and every commit is an fsync
 * that blocks the process (better-sqlite3 is synchronous), so one commit per request caps the
 * write rate at the disk's fsync rate. Work arriving while a batch runs waits for the next one;
 * a batch is one transaction in which each piece of work runs inside its own SAVEPOINT, so a
 * refused one (a thrown error) rolls back alone and rejects alone while the others go on. Every
 * piece is answered only after the COMMIT that holds it, so nothing is acknowledged before it
 * is durable; if the batch itself fails (BEGIN, a savepoint command, COMMIT, or a piece whose
 * error took the transaction with it: a full disk), nothing of it was written and every piece
 * that had succeeded or not run yet is rejected with that error (a full disk: 503 for each,
 * http/error-handler.ts).
 *
 * The pieces run one after the other, never interleaved, and must use only the `trx` they are
 * given: a query on the plain `db` inside one would wait for the connection the batch holds.
 */
export class GroupCommit {
  readonly #db: Db;
  readonly #maxBatch: number;
  readonly #onBatchError: ((error: unknown) => void) | undefined;
  #queue: Pending[] = [];
  #running = false;
  #scheduled = false;

  constructor(db: Db, options: GroupCommitOptions = {}) {
    this.#db = db;
    this.#maxBatch = options.maxBatch ?? MAX_BATCH;
    this.#onBatchError = options.onBatchError;
  }

  /** Pieces of work waiting for a batch (read at scrape time by http/metrics.ts). */
  get queued(): number {
    return this.#queue.length;
  }

  /** Whether a batch holds the connection now. */
  get busy(): boolean {
    return this.#running;
  }

  run<T>(work: WriteWork<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.#queue.push({ work, resolve: resolve as (value: unknown) => void, reject });
      this.#schedule();
    });
  }

  #schedule(): void {
    if (this.#running || this.#scheduled || this.#queue.length === 0) return;
    this.#scheduled = true;
    // After the current I/O phase: every request whose bytes arrived in it gets to enqueue
    // first (a microtask would start a batch of one under the first request).
    setImmediate(() => {
      this.#scheduled = false;
      void this.#flush();
    });
  }

  async #flush(): Promise<void> {
    this.#running = true;
    const batch = this.#queue.splice(0, this.#maxBatch);
    try {
      const outcomes = await this.#runBatch(batch);
      batch.forEach((pending, i) => {
        const outcome = outcomes[i]!;
        if (outcome.ok) pending.resolve(outcome.value);
        else pending.reject(outcome.error);
      });
    } finally {
      this.#running = false;
      this.#schedule();
    }
  }

  async #runBatch(batch: Pending[]): Promise<Outcome[]> {
    const outcomes: Outcome[] = [];
    try {
      await this.#db.connection().execute(async (trx) => {
        // IMMEDIATE: the write lock now (waiting out busy_timeout if another process holds
        // it), not at the first write, where a stale read snapshot could only fail.
        await trx.executeQuery(BEGIN);
        try {
          await this.#runEach(trx, batch, outcomes);
          await trx.executeQuery(COMMIT);
        } catch (error) {
          // A failed COMMIT may have rolled back already; the first error is the one to tell.
          await trx.executeQuery(ROLLBACK).catch(() => undefined);
          throw error;
        }
      });
      return outcomes;
    } catch (error) {
      this.#onBatchError?.(error);
      // Nothing of the batch was committed. A piece that was refused keeps its own answer (it
      // changed nothing either way); every other piece fails with the batch's error.
      return batch.map((_, i) => {
        const outcome = outcomes[i];
        return outcome && !outcome.ok ? outcome : { ok: false, error };
      });
    }
  }

  async #runEach(trx: DbOrTx, batch: Pending[], outcomes: Outcome[]): Promise<void> {
    for (const pending of batch) {
      await trx.executeQuery(SAVEPOINT);
      try {
        const value = await pending.work(trx);
        await trx.executeQuery(RELEASE);
        outcomes.push({ ok: true, value });
      } catch (error) {
        try {
          await trx.executeQuery(ROLLBACK_TO);
          await trx.executeQuery(RELEASE);
        } catch {
          // The transaction itself is gone: SQLite rolls the whole of it back on a full disk
          // or an I/O error (SQLITE_FULL, SQLITE_IOERR_*), and the savepoint with it. The whole
          // batch fails, with the piece's error, which says why ("no such savepoint" would
          // turn a full disk into a 500 for every request of the batch).
          throw error;
        }
        outcomes.push({ ok: false, error });
      }
    }
  }
}

const groupCommits = new WeakMap<Db, GroupCommit>();

/** Makes `runInWriteTransaction` on this database share commits (SQLite's single connection). */
export function enableGroupCommit(db: Db, options: GroupCommitOptions = {}): GroupCommit {
  const groupCommit = new GroupCommit(db, options);
  groupCommits.set(db, groupCommit);
  return groupCommit;
}

/**
 * Runs `work` in a write transaction and resolves once it is committed: its own transaction
 * (PostgreSQL), or a place in the next group commit when the database has one (SQLite).
 */
export function runInWriteTransaction<T>(db: Db, work: WriteWork<T>): Promise<T> {
  const groupCommit = groupCommits.get(db);
  return groupCommit ? groupCommit.run(work) : db.transaction().execute(work);
}

/**
 * For a write of one statement, which needs no transaction of its own: on PostgreSQL it runs
 * as is (one round trip instead of three), on SQLite it still shares the next group commit.
 */
export function runWrite<T>(db: Db, work: WriteWork<T>): Promise<T> {
  const groupCommit = groupCommits.get(db);
  return groupCommit ? groupCommit.run(work) : work(db);
}
