/**
 * Drives a server with autocannon from this process. Each connection follows its own flow (its
 * own token, its own shops), and every answer is tallied by the kind of request it answered,
 * so one run can report, say, addItem and proccesscart separately, each with its own status
 * check: an answer with a status the request did not expect is an error.
 */
import autocannon from 'autocannon';

export interface LoadRequest {
  /** What the answer is tallied under. */
  kind: string;
  method: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  body?: unknown;
  /** Statuses that count as success; 200 unless told. */
  expect?: number[];
}

export interface KindStats {
  kind: string;
  count: number;
  errors: number;
  /** Latencies in ms, sorted. */
  latencies: number[];
  statuses: Record<number, number>;
}

export interface LoadResult {
  seconds: number;
  kinds: Map<string, KindStats>;
  /** Socket errors and timeouts: they belong to no kind. */
  socketErrors: number;
  timeouts: number;
}

export interface LoadOptions {
  base: string;
  connections: number;
  seconds: number;
  /** A fixed number of requests instead of `seconds`, shared out among the connections. */
  amount?: number;
  /** Seconds to wait for one answer before counting a timeout. */
  timeout?: number;
  /** Connection `i`'s next request, each time it is about to send one. */
  flow: (connection: number) => () => LoadRequest;
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

export async function runLoad(options: LoadOptions): Promise<LoadResult> {
  const kinds = new Map<string, KindStats>();
  const statsOf = (kind: string) => {
    let stats = kinds.get(kind);
    if (!stats) {
      stats = { kind, count: 0, errors: 0, latencies: [], statuses: {} };
      kinds.set(kind, stats);
    }
    return stats;
  };
  let connections = 0;
  const startedAt = performance.now();
  let lastAnswerAt = startedAt;

  const result = await autocannon({
    url: options.base,
    connections: options.connections,
    duration: options.seconds,
    ...(options.amount !== undefined && { amount: options.amount }),
    timeout: options.timeout ?? 30,
    setupClient(client) {
      const next = options.flow(connections++);
      // With one request in flight per connection, the answer that arrives is always for the
      // request this connection built last.
      let current: LoadRequest | undefined;
      client.setRequests([
        {
          setupRequest(request) {
            current = next();
            return {
              ...request,
              method: current.method,
              path: current.path,
              headers: {
                ...(current.body !== undefined && { 'content-type': 'application/json' }),
                ...current.headers,
              },
              body: current.body === undefined ? '' : JSON.stringify(current.body),
            };
          },
        },
      ]);
      client.on('response', (status: number, _bytes: number, latency: number) => {
        if (!current) return;
        lastAnswerAt = performance.now();
        const stats = statsOf(current.kind);
        stats.count += 1;
        stats.latencies.push(latency);
        stats.statuses[status] = (stats.statuses[status] ?? 0) + 1;
        if (!(current.expect ?? [200]).includes(status)) stats.errors += 1;
      });
    },
  });
  for (const stats of kinds.values()) stats.latencies.sort((a, b) => a - b);
  return {
    // autocannon reports the duration of a fixed-amount run rounded up to its next 1 s tick.
    seconds: options.amount === undefined ? result.duration : (lastAnswerAt - startedAt) / 1000,
    kinds,
    socketErrors: result.errors - result.timeouts,
    timeouts: result.timeouts,
  };
}

/**
 * One load spread over several servers at once (instances of one deployment): `connections`
 * shared out among them, connection numbers kept distinct, answers tallied together.
 */
export async function runLoadSpread(
  options: Omit<LoadOptions, 'base'> & { bases: string[] },
): Promise<LoadResult> {
  const { bases, connections, flow } = options;
  if (bases.length === 1) return runLoad({ ...options, base: bases[0]! });
  const results = await Promise.all(
    bases.map((base, k) => {
      const first = Math.floor((k * connections) / bases.length);
      const next = Math.floor(((k + 1) * connections) / bases.length);
      return runLoad({
        ...options,
        base,
        connections: next - first,
        amount: options.amount === undefined ? undefined : Math.ceil(options.amount / bases.length),
        flow: (i) => flow(first + i),
      });
    }),
  );
  const kinds = new Map<string, KindStats>();
  for (const result of results) {
    for (const stats of result.kinds.values()) {
      const into = kinds.get(stats.kind) ?? {
        kind: stats.kind,
        count: 0,
        errors: 0,
        latencies: [],
        statuses: {},
      };
      into.count += stats.count;
      into.errors += stats.errors;
      into.latencies = into.latencies.concat(stats.latencies);
      for (const [status, n] of Object.entries(stats.statuses)) {
        into.statuses[Number(status)] = (into.statuses[Number(status)] ?? 0) + n;
      }
      kinds.set(stats.kind, into);
    }
  }
  for (const stats of kinds.values()) stats.latencies.sort((a, b) => a - b);
  return {
    seconds: Math.max(...results.map((r) => r.seconds)),
    kinds,
    socketErrors: results.reduce((n, r) => n + r.socketErrors, 0),
    timeouts: results.reduce((n, r) => n + r.timeouts, 0),
  };
}

/**
 * autocannon stops with requests still in flight, and the server finishes them anyway: wait
 * until it answers promptly again, so one row's leftovers don't land in the next row.
 */
export async function drain(base: string): Promise<void> {
  const deadline = Date.now() + 120_000;
  let prompt = 0;
  while (prompt < 3 && Date.now() < deadline) {
    const started = performance.now();
    const res = await fetch(`${base}/health`).catch(() => undefined);
    await res?.arrayBuffer();
    prompt = res?.ok && performance.now() - started < 20 ? prompt + 1 : 0;
  }
}

/** A distinct client address (TEST-NET-2, only ever a header value) for visitor number `n`. */
export function addressOf(n: number): string {
  return `198.51.${100 + ((n >> 8) % 100)}.${n & 255}`;
}
