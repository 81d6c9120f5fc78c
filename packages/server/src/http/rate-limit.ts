import { AppError } from './app-error.js';

interface Bucket {
  count: number;
  resetAt: number;
}

/**
 * Fixed-window counters kept in this process. Keys name what is counted
 * ('signin-ip:1.2.3.4', 'signin-account:ana@x.mx'), so one limiter serves every rule.
 */
export class RateLimiter {
  private readonly buckets = new Map<string, Bucket>();

  constructor(
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  private live(key: string): Bucket | undefined {
    const bucket = this.buckets.get(key);
    if (bucket && bucket.resetAt <= this.now()) {
      this.buckets.delete(key);
      return undefined;
    }
    return bucket;
  }

  /** Throws DEMASIADOS_INTENTOS when the key has already reached its limit. */
  assertUnder(key: string, limit: number): void {
    const bucket = this.live(key);
    if (bucket && bucket.count >= limit) {
      const retryAfter = Math.max(1, Math.ceil((bucket.resetAt - this.now()) / 1000));
      throw new AppError('DEMASIADOS_INTENTOS', undefined, {
        headers: { 'retry-after': String(retryAfter) },
      });
    }
  }

  record(key: string): void {
    const bucket = this.live(key);
    if (bucket) bucket.count += 1;
    else this.buckets.set(key, { count: 1, resetAt: this.now() + this.windowMs });
    if (this.buckets.size > 100_000) this.sweep();
  }

  /** Checks the limit and counts this attempt. */
  consume(key: string, limit: number): void {
    this.assertUnder(key, limit);
    this.record(key);
  }

  /** Gives back one counted attempt (one that turned out not to count, like a success). */
  release(key: string): void {
    const bucket = this.live(key);
    if (bucket && bucket.count > 0) bucket.count -= 1;
  }

  clear(key: string): void {
    this.buckets.delete(key);
  }

  private sweep(): void {
    const now = this.now();
    for (const [key, bucket] of this.buckets) if (bucket.resetAt <= now) this.buckets.delete(key);
  }
}
