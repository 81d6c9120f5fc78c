import { useCallback, useEffect, useSyncExternalStore } from 'react';

/**
 * A small query cache: one entry per key, shared by every component that reads it, refetched on
 * demand, on an interval, or when invalidated after a change. It does what @tanstack/react-query
 * would do here in about a tenth of the bytes (docs/decisions/0006-web-app.md and
 * docs/decisions/0017-web-data-layer.md: the public shop page's 100 KB budget).
 *
 * Bounded: an entry no component reads is forgotten `GC_MS` after it was last read or written
 * (react-query's `gcTime`), so a long session that visits many shops, orders or weeks of sales
 * does not keep every answer it ever saw.
 */
export type QueryKey = readonly (string | number | undefined)[];

export interface QueryState<T> {
  data: T | undefined;
  error: Error | undefined;
  /** No data yet and a fetch is under way. */
  isLoading: boolean;
  /** Any fetch under way, first or later. */
  isFetching: boolean;
  /** When the data last arrived (ms since the epoch), 0 if never. */
  updatedAt: number;
}

interface Entry {
  state: QueryState<unknown>;
  fetcher: (() => Promise<unknown>) | undefined;
  inFlight: Promise<void> | undefined;
  listeners: Set<() => void>;
  /** Bumped by setQueryData and invalidation so that an older fetch can't overwrite newer data. */
  generation: number;
  /** When a render, a read or a write last touched the entry (ms since the epoch). */
  usedAt: number;
  /** The pending eviction check, if any. */
  gcTimer: ReturnType<typeof setTimeout> | undefined;
}

/** How long an entry nobody reads stays cached (react-query's default `gcTime`). */
export const GC_MS = 5 * 60_000;

const EMPTY: QueryState<unknown> = {
  data: undefined,
  error: undefined,
  isLoading: false,
  isFetching: false,
  updatedAt: 0,
};

const cache = new Map<string, Entry>();

function hashKey(key: QueryKey): string {
  return JSON.stringify(key);
}

function getEntry(hash: string): Entry {
  let entry = cache.get(hash);
  if (!entry) {
    entry = {
      state: EMPTY,
      fetcher: undefined,
      inFlight: undefined,
      listeners: new Set(),
      generation: 0,
      usedAt: 0,
      gcTimer: undefined,
    };
    cache.set(hash, entry);
  }
  entry.usedAt = Date.now();
  if (entry.listeners.size === 0) scheduleGc(hash, entry, GC_MS);
  return entry;
}

/**
 * Forgets `entry` once nobody has read it for GC_MS. A render touches the entry before its
 * component subscribes, so an entry about to be read again is never dropped in between.
 */
function scheduleGc(hash: string, entry: Entry, delay: number) {
  if (entry.gcTimer !== undefined) return;
  const timer = setTimeout(() => {
    entry.gcTimer = undefined;
    if (cache.get(hash) !== entry || entry.listeners.size > 0) return;
    const idle = Date.now() - entry.usedAt;
    if (entry.inFlight || idle < GC_MS) scheduleGc(hash, entry, Math.max(GC_MS - idle, 1_000));
    else cache.delete(hash);
  }, delay);
  // On the server (entry-server.tsx) a pending eviction must not keep the process alive.
  (timer as { unref?: () => void }).unref?.();
  entry.gcTimer = timer;
}

/** How many keys the cache holds (for tests of its bound). */
export function cachedQueryCount(): number {
  return cache.size;
}

function update(entry: Entry, patch: Partial<QueryState<unknown>>) {
  entry.state = { ...entry.state, ...patch };
  for (const listener of entry.listeners) listener();
}

function runFetch(entry: Entry): Promise<void> {
  if (entry.inFlight) return entry.inFlight;
  const fetcher = entry.fetcher;
  if (!fetcher) return Promise.resolve();
  const generation = entry.generation;
  update(entry, { isFetching: true, isLoading: entry.state.updatedAt === 0 });
  const done = fetcher().then(
    (data) => {
      entry.inFlight = undefined;
      if (entry.generation !== generation) return runFetch(entry);
      update(entry, {
        data,
        error: undefined,
        isFetching: false,
        isLoading: false,
        updatedAt: Date.now(),
      });
    },
    (error: unknown) => {
      entry.inFlight = undefined;
      if (entry.generation !== generation) return runFetch(entry);
      update(entry, {
        error: error instanceof Error ? error : new Error(String(error)),
        isFetching: false,
        isLoading: false,
      });
    },
  );
  entry.inFlight = done;
  return done;
}

export interface QueryOptions {
  /** false: don't fetch (for example, no session yet). */
  enabled?: boolean;
  /** Refetch every so many ms while mounted. */
  refetchInterval?: number;
  /** Data younger than this is used without a refetch on mount; default 0 (always refetch). */
  staleMs?: number;
}

/** Reads `key`, fetching it with `fetcher` on mount unless fresh data is cached. */
export function useQuery<T>(
  key: QueryKey,
  fetcher: () => Promise<T>,
  options: QueryOptions = {},
): QueryState<T> & { refetch: () => Promise<void> } {
  const hash = hashKey(key);
  const enabled = options.enabled ?? true;
  const entry = getEntry(hash);
  // The newest closure wins, so a refetch uses the current token and parameters.
  if (enabled) entry.fetcher = fetcher as () => Promise<unknown>;

  const subscribe = useCallback(
    (listener: () => void) => {
      const e = getEntry(hash);
      e.listeners.add(listener);
      return () => {
        e.listeners.delete(listener);
        if (e.listeners.size === 0) {
          e.usedAt = Date.now();
          scheduleGc(hash, e, GC_MS);
        }
      };
    },
    [hash],
  );
  const snapshot = () => getEntry(hash).state;
  // A server-rendered page seeds the cache before rendering (entry-server.tsx, main.tsx): the
  // server and the hydrating client read the same entry.
  const state = useSyncExternalStore(subscribe, snapshot, snapshot) as QueryState<T>;

  const staleMs = options.staleMs ?? 0;
  useEffect(() => {
    if (!enabled) return;
    const e = getEntry(hash);
    if (e.state.updatedAt === 0 || Date.now() - e.state.updatedAt >= staleMs) void runFetch(e);
  }, [hash, enabled, staleMs]);

  const interval = options.refetchInterval;
  useEffect(() => {
    if (!enabled || !interval) return;
    const timer = setInterval(() => void runFetch(getEntry(hash)), interval);
    return () => clearInterval(timer);
  }, [hash, enabled, interval]);

  const refetch = useCallback(() => runFetch(getEntry(hash)), [hash]);
  return { ...state, refetch };
}

function matches(hash: string, prefix: QueryKey): boolean {
  const p = hashKey(prefix);
  return hash === p || hash.startsWith(p.slice(0, -1) + ',');
}

/** Marks every entry under `prefix` out of date and refetches those that are on screen. */
export function invalidateQueries(prefix: QueryKey): Promise<void> {
  const running: Promise<void>[] = [];
  for (const [hash, entry] of cache) {
    if (!matches(hash, prefix)) continue;
    entry.generation++;
    // A fetch under way sees the new generation when it lands and runs again.
    if (entry.listeners.size > 0) running.push(entry.inFlight ?? runFetch(entry));
    else entry.state = { ...entry.state, updatedAt: 0 };
  }
  return Promise.all(running).then(() => undefined);
}

/** Puts an answer the server already gave (a mutation's updated list) straight into the cache. */
export function setQueryData<T>(key: QueryKey, data: T): void {
  const entry = getEntry(hashKey(key));
  entry.generation++;
  update(entry, { data, error: undefined, updatedAt: Date.now(), isLoading: false });
}

export function getQueryData<T>(key: QueryKey): T | undefined {
  const entry = cache.get(hashKey(key));
  if (entry) entry.usedAt = Date.now();
  return entry?.state.data as T | undefined;
}

/**
 * Forgets everything: on sign-out or when the session ends or changes hands, so the next person on
 * this phone sees none of it. What is on screen now (a public shop page) is fetched again.
 */
export function clearQueryCache(): void {
  for (const [hash, entry] of cache) {
    entry.generation++;
    update(entry, EMPTY);
    if (entry.listeners.size > 0) void runFetch(entry);
    else {
      clearTimeout(entry.gcTimer);
      cache.delete(hash);
    }
  }
}
