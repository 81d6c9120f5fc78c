/**
 * Every HTTP call of the soak goes through one Traffic: it sends the request over loopback,
 * reads the whole answer, and tallies it by kind. An answer is one of
 *   - ok: a status the caller expected (200, or 304 for a revalidation);
 *   - an expected business refusal: the status and error code the caller said it expected
 *     (a checkout tried below the shop's minimum is refused with 400 MONTO_MINIMO);
 *   - an error: any other status, or no answer at all (a network error or a timeout).
 * Callers also report answers that came back with a good status but the wrong content
 * (a basket that doesn't hold what was put in it): those are errors too.
 */
import { percentile } from '../bench/load.js';

export interface CallOptions {
  token?: string;
  body?: unknown;
  headers?: Record<string, string>;
  /** Statuses that count as success; 200 unless told. */
  expect?: number[];
  /** An expected business refusal: this status with this error code. */
  refusal?: { status: number; code: string };
  timeoutMs?: number;
}

export interface Answer {
  status: number;
  headers: Headers;
  /** The parsed JSON body; undefined when there was none. */
  json: unknown;
  ok: boolean;
  refused: boolean;
}

export interface KindTally {
  count: number;
  ok: number;
  refusals: number;
  errors: number;
  statuses: Record<string, number>;
  /** Milliseconds, request sent to answer read. */
  latencies: number[];
}

export interface KindFigures {
  kind: string;
  count: number;
  ok: number;
  refusals: number;
  errors: number;
  statuses: Record<string, number>;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

const MAX_SAMPLES = 40;
const SLOW_MS = 1000;

export class Traffic {
  readonly kinds = new Map<string, KindTally>();
  total = 0;
  httpErrors = 0;
  networkErrors = 0;
  answerErrors = 0;
  refusals = 0;
  /** Answers slower than SLOW_MS: when (seconds since `t0`) and how slow, the first 500. */
  readonly slow: { t: number; kind: string; ms: number }[] = [];
  t0 = performance.now();
  /** The first few errors of each sort, for the report. */
  readonly errorSamples: string[] = [];
  private readonly errorCounts = new Map<string, number>();

  constructor(readonly base: string) {}

  get errors(): number {
    return this.httpErrors + this.networkErrors + this.answerErrors;
  }

  private tallyOf(kind: string): KindTally {
    let tally = this.kinds.get(kind);
    if (!tally) {
      tally = { count: 0, ok: 0, refusals: 0, errors: 0, statuses: {}, latencies: [] };
      this.kinds.set(kind, tally);
    }
    return tally;
  }

  private noteError(description: string) {
    // Grouped by what went wrong (numbers out), so one repeated failure doesn't hide the others.
    const group = description.replace(/\d+/g, '#');
    const seen = this.errorCounts.get(group) ?? 0;
    this.errorCounts.set(group, seen + 1);
    if (seen < 3 && this.errorSamples.length < MAX_SAMPLES) this.errorSamples.push(description);
  }

  /** Error groups and how often each happened. */
  errorGroups(): { error: string; count: number }[] {
    return [...this.errorCounts]
      .map(([error, count]) => ({ error, count }))
      .sort((a, b) => b.count - a.count);
  }

  /** An answer with a good status but the wrong content. */
  answerError(kind: string, description: string) {
    this.answerErrors += 1;
    this.tallyOf(kind).errors += 1;
    this.noteError(`${kind}: ${description}`);
  }

  /** Undefined when no answer came (a network error or a timeout; counted here). */
  async call(
    kind: string,
    method: 'GET' | 'POST',
    path: string,
    options: CallOptions = {},
  ): Promise<Answer | undefined> {
    const tally = this.tallyOf(kind);
    const headers: Record<string, string> = { ...options.headers };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    const started = performance.now();
    this.total += 1;
    tally.count += 1;
    let status: number;
    let responseHeaders: Headers;
    let text: string;
    try {
      const res = await fetch(this.base + path, {
        method,
        headers,
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
        signal: AbortSignal.timeout(options.timeoutMs ?? 30_000),
      });
      status = res.status;
      responseHeaders = res.headers;
      text = await res.text();
    } catch (error) {
      this.networkErrors += 1;
      tally.errors += 1;
      tally.statuses.network = (tally.statuses.network ?? 0) + 1;
      const cause = (error as { cause?: { code?: string } }).cause?.code;
      this.noteError(`${kind} ${method} ${path}: ${(error as Error).name} ${cause ?? ''}`.trim());
      return undefined;
    }
    const latency = performance.now() - started;
    tally.latencies.push(latency);
    if (latency > SLOW_MS && this.slow.length < 500) {
      this.slow.push({
        t: Math.round((started - this.t0) / 100) / 10,
        kind,
        ms: Math.round(latency),
      });
    }
    tally.statuses[status] = (tally.statuses[status] ?? 0) + 1;
    let json: unknown;
    if (text !== '') {
      try {
        json = JSON.parse(text);
      } catch {
        json = undefined;
      }
    }
    const ok = (options.expect ?? [200]).includes(status);
    const code = (json as { code?: unknown } | undefined)?.code;
    const refused =
      !ok &&
      options.refusal !== undefined &&
      options.refusal.status === status &&
      options.refusal.code === code;
    if (ok) tally.ok += 1;
    else if (refused) {
      tally.refusals += 1;
      this.refusals += 1;
    } else {
      tally.errors += 1;
      this.httpErrors += 1;
      const message = (json as { message?: unknown } | undefined)?.message;
      this.noteError(
        `${kind} ${method} ${path}: ${status} ${String(code ?? '')} ${String(message ?? text.slice(0, 120))}`,
      );
    }
    return { status, headers: responseHeaders, json, ok, refused };
  }

  figures(): KindFigures[] {
    return [...this.kinds]
      .map(([kind, t]) => {
        const sorted = [...t.latencies].sort((a, b) => a - b);
        return {
          kind,
          count: t.count,
          ok: t.ok,
          refusals: t.refusals,
          errors: t.errors,
          statuses: t.statuses,
          p50: percentile(sorted, 50),
          p95: percentile(sorted, 95),
          p99: percentile(sorted, 99),
          max: sorted.at(-1) ?? NaN,
        };
      })
      .sort((a, b) => b.count - a.count);
  }
}
