import { CompiledQuery, type Compilable, type QueryResult } from 'kysely';
import type { DbOrTx } from './database.js';

const ARG = Symbol('prepared-query-argument');

interface Placeholder {
  readonly [ARG]: number;
}

function isPlaceholder(value: unknown): value is Placeholder {
  return typeof value === 'object' && value !== null && ARG in value;
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
 */
export function preparedQuery<A extends unknown[], R>(
  build: (db: DbOrTx, ...args: A) => Compilable<R>,
): (db: DbOrTx, ...args: A) => Promise<QueryResult<R>> {
  // Keyed by the dialect's adapter: the same Kysely root and its transactions share one, and
  // SQLite and PostgreSQL compile differently (`?` against `$1`).
  const compiled = new WeakMap<object, CompiledQuery<R>>();
  return (db, ...args) => {
    const adapter = db.getExecutor().adapter;
    let query = compiled.get(adapter);
    if (!query) {
      const placeholders = args.map((_, i): Placeholder => ({ [ARG]: i }));
      query = build(db, ...(placeholders as A)).compile();
      compiled.set(adapter, query);
    }
    const parameters = query.parameters.map((p) => (isPlaceholder(p) ? args[p[ARG]] : p));
    return db.executeQuery(CompiledQuery.raw(query.sql, parameters) as CompiledQuery<R>);
  };
}
