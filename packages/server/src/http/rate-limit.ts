import { CompiledQuery, sql } from 'kysely';
import {
  RateLimiterMemory,
  RateLimiterPostgres,
  RateLimiterRes,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible';
import type { Db } from '../db/database.js';
import { AppError } from './app-error.js';

/**
 * Where the counters live: a factory of rate-limiter-flexible counters (decision 0013). The
 * library does the counting (one atomic step per attempt, fixed windows, expiry); a store only
 * says where.
 */
export interface RateLimitStore {
  create(options: { windowMs: number; keyPrefix: string }): RateLimiterAbstract;
}

/**
 * Each key is consumed with its own limit (`consume(key, limit)`), while a library limiter has
 * one `points` figure. The library counts with a ceiling no caller reaches and the limit is
 * compared here, so one counter (and one table) serves every rule.
 */
const NO_CEILING = 2 ** 31 - 1;

/** Counters kept in this process: enough for SQLite, where one process serves the file. */
export function createMemoryRateLimitStore(): RateLimitStore {
  return {
    create: ({ windowMs, keyPrefix }) =>
      new RateLimiterMemory({ points: NO_CEILING, duration: windowMs / 1000, keyPrefix }),
  };
}

/** The library's own table shape (RateLimiterPostgres). */
const TABLE = 'rate_limiter';

/**
 * Counters in PostgreSQL, shared by every server process on it: a second process behind the same
 * address must not double an attacker's allowance. The library's Postgres store runs its
 * statements through Kysely's pool, so they share its connections, its limits and its outage
 * handling (a database away is a 503, as for any query).
 */
export function createDatabaseRateLimitStore(db: Db): RateLimitStore {
  let table: Promise<void> | undefined;
  // The table belongs to the library (its columns are its contract), so it is made here, once,
  // rather than by a migration; several processes may try at once (23505 / 42P07).
  const ensureTable = () =>
    (table ??= sql
      .raw(
        `create table if not exists ${TABLE} (key text primary key, points integer not null default 0, expire bigint)`,
      )
      .execute(db)
      .then(
        () => undefined,
        (error: { code?: string }) => {
          if (error.code === '23505' || error.code === '42P07') return;
          table = undefined;
          throw error;
        },
      ));
  const client = {
    async query(query: { text: string; values?: readonly unknown[] }) {
      await ensureTable();
      const result = await db.executeQuery(
        CompiledQuery.raw(query.text, [...(query.values ?? [])]),
      );
      return { rows: result.rows, rowCount: Number(result.numAffectedRows ?? result.rows.length) };
    },
  };
  return {
    create: ({ windowMs, keyPrefix }) =>
      new RateLimiterPostgres({
        storeClient: client,
        storeType: 'client',
        tableName: TABLE,
        tableCreated: true,
        // Expired rows are dropped by a timer; the process closing must not wait on it.
        clearExpiredByTimeout: true,
        points: NO_CEILING,
        duration: windowMs / 1000,
        keyPrefix,
      }),
  };
}

/**
 * Fixed-window counters. Keys name what is counted ('signin-ip:1.2.3.4',
 * 'signin-account:ana@x.mx'), so one limiter serves every rule.
 */
export class RateLimiter {
  private readonly counter: RateLimiterAbstract;

  constructor(windowMs: number, store: RateLimitStore = createMemoryRateLimitStore()) {
    // Limiters with different windows share one table: their keys must not meet.
    this.counter = store.create({ windowMs, keyPrefix: `w${windowMs}` });
  }

  /** Checks the limit and counts this attempt; throws DEMASIADOS_INTENTOS at the limit. */
  async consume(key: string, limit: number): Promise<void> {
    const res = await this.count(key);
    if (res.consumedPoints > limit) {
      const retryAfter = Math.max(1, Math.ceil(res.msBeforeNext / 1000));
      throw new AppError('DEMASIADOS_INTENTOS', undefined, {
        headers: { 'retry-after': String(retryAfter) },
      });
    }
  }

  /**
   * Counts this attempt quietly and answers how many the key holds in its window, this one
   * included; refuses nothing, for rules whose answer must not change past a limit (the email
   * reset, docs/api.md).
   */
  async attempts(key: string): Promise<number> {
    return (await this.count(key)).consumedPoints;
  }

  private async count(key: string): Promise<RateLimiterRes> {
    try {
      return await this.counter.consume(key);
    } catch (error) {
      // The library rejects with a RateLimiterRes when refused, with an Error when the store fails.
      if (error instanceof RateLimiterRes) return error;
      throw error;
    }
  }

  /** Gives back one counted attempt (one that turned out not to count, like a success). */
  async release(key: string): Promise<void> {
    await this.counter.reward(key, 1);
  }

  async clear(key: string): Promise<void> {
    await this.counter.delete(key);
  }
}
