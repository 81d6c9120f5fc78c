import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import { AppError } from './app-error.js';

/** What a store answers for one attempt: whether it was counted, and when its window ends. */
interface Consumed {
  allowed: boolean;
  resetAt: number;
}

/**
 * Where the counters live. Every operation is one atomic step, so attempts sent all at once
 * (or to several processes) are all counted.
 */
export interface RateLimitStore {
  /** Counts one attempt unless the key has already reached `limit` in its window. */
  consume(key: string, limit: number, windowMs: number, now: number): Promise<Consumed>;
  /** Gives back one counted attempt of the current window. */
  release(key: string, now: number): Promise<void>;
  clear(key: string): Promise<void>;
}

interface Bucket {
  count: number;
  resetAt: number;
}

/** Counters kept in this process: enough for SQLite, where one process serves the file. */
export function createMemoryRateLimitStore(): RateLimitStore {
  const buckets = new Map<string, Bucket>();
  const live = (key: string, now: number) => {
    const bucket = buckets.get(key);
    if (bucket && bucket.resetAt <= now) {
      buckets.delete(key);
      return undefined;
    }
    return bucket;
  };
  const sweep = (now: number) => {
    for (const [key, bucket] of buckets) if (bucket.resetAt <= now) buckets.delete(key);
  };
  return {
    async consume(key, limit, windowMs, now) {
      const bucket = live(key, now);
      if (!bucket) {
        buckets.set(key, { count: 1, resetAt: now + windowMs });
        if (buckets.size > 100_000) sweep(now);
        return { allowed: true, resetAt: now + windowMs };
      }
      if (bucket.count >= limit) return { allowed: false, resetAt: bucket.resetAt };
      bucket.count += 1;
      return { allowed: true, resetAt: bucket.resetAt };
    },
    async release(key, now) {
      const bucket = live(key, now);
      if (bucket && bucket.count > 0) bucket.count -= 1;
    },
    async clear(key) {
      buckets.delete(key);
    },
  };
}

/**
 * Counters in the database, shared by every server process on one PostgreSQL: a second
 * process behind the same address must not double an attacker's allowance. One upsert per
 * attempt; every SET expression reads the row as it was, so `refused` says whether this
 * attempt found the key already at its limit.
 */
export function createDatabaseRateLimitStore(db: Db): RateLimitStore {
  let calls = 0;
  return {
    async consume(key, limit, windowMs, now) {
      const { rows } = await sql<{ refused: boolean; reset_at: number | string }>`
        insert into rate_limit (key, count, reset_at, refused)
        values (${key}, 1, ${now + windowMs}, false)
        on conflict (key) do update set
          count = case
            when rate_limit.reset_at <= ${now} then 1
            when rate_limit.count >= ${limit} then rate_limit.count
            else rate_limit.count + 1 end,
          reset_at = case
            when rate_limit.reset_at <= ${now} then ${now + windowMs}
            else rate_limit.reset_at end,
          refused = rate_limit.reset_at > ${now} and rate_limit.count >= ${limit}
        returning refused, reset_at`.execute(db);
      const row = rows[0]!;
      // Expired windows are dropped now and then, off the answer's path.
      calls += 1;
      if (calls % 500 === 0) {
        void db
          .deleteFrom('rate_limit')
          .where('reset_at', '<=', now)
          .execute()
          .catch(() => undefined);
      }
      return { allowed: !row.refused, resetAt: Number(row.reset_at) };
    },
    async release(key, now) {
      await db
        .updateTable('rate_limit')
        .set((eb) => ({ count: eb('count', '-', 1) }))
        .where('key', '=', key)
        .where('count', '>', 0)
        .where('reset_at', '>', now)
        .execute();
    },
    async clear(key) {
      await db.deleteFrom('rate_limit').where('key', '=', key).execute();
    },
  };
}

/**
 * Fixed-window counters. Keys name what is counted ('signin-ip:1.2.3.4',
 * 'signin-account:ana@x.mx'), so one limiter serves every rule.
 */
export class RateLimiter {
  constructor(
    private readonly windowMs: number,
    private readonly store: RateLimitStore = createMemoryRateLimitStore(),
    private readonly now: () => number = Date.now,
  ) {}

  /** Checks the limit and counts this attempt; throws DEMASIADOS_INTENTOS at the limit. */
  async consume(key: string, limit: number): Promise<void> {
    const now = this.now();
    const { allowed, resetAt } = await this.store.consume(key, limit, this.windowMs, now);
    if (!allowed) {
      const retryAfter = Math.max(1, Math.ceil((resetAt - now) / 1000));
      throw new AppError('DEMASIADOS_INTENTOS', undefined, {
        headers: { 'retry-after': String(retryAfter) },
      });
    }
  }

  /** Gives back one counted attempt (one that turned out not to count, like a success). */
  release(key: string): Promise<void> {
    return this.store.release(key, this.now());
  }

  clear(key: string): Promise<void> {
    return this.store.clear(key);
  }
}
