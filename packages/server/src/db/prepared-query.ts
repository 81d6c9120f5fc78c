import { CompiledQuery, type Compilable, type QueryResult } from 'kysely';
import type { DbOrTx } from './database.js';

const ARG = Symbol('prepared-query-argument');

interface Placeholder {
  readonly [ARG]: number;
}

/** SQLite's way around Kysely's executor for prepared reads (`allowDirectReads`). */
export interface DirectReads {
  /**
   * Runs a compiled read now, or answers undefined when it cannot: the statement may write, or
   * a transaction holds the connection.
   */
  read(sql: string, parameters: readonly unknown[]): QueryResult<unknown> | undefined;
  /** Goes up before every statement that may write runs on the connection. */
  writes(): number;
}

const directReads = new WeakMap<object, DirectReads>();

/**
 * SQLite (db/create-db.ts): a prepared read on the root `db` runs straight on its one connection
 * when no transaction is open on it. better-sqlite3 is synchronous, so such a read cannot
 * interleave with anything; Kysely's way there (its connection lock, the executor's promises)
 * cost more than the statement itself on a cached catalogue answer (docs/performance.md). While
 * a transaction is open (a group commit between its statements), the read takes Kysely's way
 * and waits for the connection, so it never sees uncommitted writes. Transactions are other
 * objects than the root `db` and always take Kysely's way.
 */
export function allowDirectReads(db: object, reads: DirectReads): void {
  directReads.set(db, reads);
}

/** Answers kept by an `untilWrite` query for one root `db`, valid while its writes count holds. */
interface KeptAnswers<R> {
  writes: number;
  answers: Map<string, QueryResult<R>>;
}

/** A bound on what an `untilWrite` query keeps between two writes (one answer per argument set). */
const MAX_KEPT_ANSWERS = 4096;

function isPlaceholder(value: unknown): value is Placeholder {
  return typeof value === 'object' && value !== null && ARG in value;
}

function frozen<R>(result: QueryResult<R>): QueryResult<R> {
  for (const row of result.rows) Object.freeze(row);
  Object.freeze(result.rows);
  return Object.freeze(result);
}

/**
 * A query of fixed shape, built with Kysely's builder once per dialect and compiled once; each
 * run only binds its arguments. Building a wide query (the cart's 22 columns and 4 joins) costs
 * Kysely ten times what SQLite needs to run it, and the checkout's hot path runs a dozen such
 * queries per order.
 *
 * `build` receives stand-ins for the arguments and must use each only as a whole value in the
 * query (`where('id', '=', id)`, `values({ a: x })`): never inspect, compute with or spread one,
 * since the SQL is built once for all later arguments. Constants may be written in as usual.
 *
 * `untilWrite` (a read only): on SQLite, the answer for a set of arguments is kept and given
 * again, frozen, until the next statement that may write runs on the connection. The process is
 * the only one writing to its SQLite file (docs/write-path.md), so nothing else can change what
 * the read saw. On PostgreSQL, shared by instances, every run reads.
 */
export function preparedQuery<A extends unknown[], R>(
  build: (db: DbOrTx, ...args: A) => Compilable<R>,
  options: { untilWrite?: boolean } = {},
): (db: DbOrTx, ...args: A) => Promise<QueryResult<R>> {
  // Keyed by the dialect's adapter: the same Kysely root and its transactions share one, and
  // SQLite and PostgreSQL compile differently (`?` against `$1`).
  const compiled = new WeakMap<object, CompiledQuery<R>>();
  const kept = options.untilWrite ? new WeakMap<object, KeptAnswers<R>>() : undefined;

  function readDirectly(
    db: DbOrTx,
    direct: DirectReads,
    query: CompiledQuery<R>,
    parameters: unknown[],
  ): QueryResult<R> | undefined {
    if (!kept) return direct.read(query.sql, parameters) as QueryResult<R> | undefined;
    const writes = direct.writes();
    let mine = kept.get(db);
    if (mine?.writes !== writes) kept.set(db, (mine = { writes, answers: new Map() }));
    const key = JSON.stringify(parameters);
    const known = mine.answers.get(key);
    if (known) return known;
    const result = direct.read(query.sql, parameters) as QueryResult<R> | undefined;
    if (!result) return undefined;
    if (mine.answers.size >= MAX_KEPT_ANSWERS) mine.answers.clear();
    mine.answers.set(key, frozen(result));
    return result;
  }

  return (db, ...args) => {
    const adapter = db.getExecutor().adapter;
    let query = compiled.get(adapter);
    if (!query) {
      const placeholders = args.map((_, i): Placeholder => ({ [ARG]: i }));
      query = build(db, ...(placeholders as A)).compile();
      compiled.set(adapter, query);
    }
    const parameters = query.parameters.map((p) => (isPlaceholder(p) ? args[p[ARG]] : p));
    const direct = directReads.get(db);
    if (direct) {
      try {
        const result = readDirectly(db, direct, query, parameters);
        if (result) return Promise.resolve(result);
      } catch (error) {
        return Promise.reject(error as Error);
      }
    }
    return db.executeQuery(CompiledQuery.raw(query.sql, parameters) as CompiledQuery<R>);
  };
}
