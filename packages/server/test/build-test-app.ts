import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect } from 'vitest';
import { buildApp, type BuildOptions } from '../src/app.js';
import { errorCatalog } from '../src/http/app-error.js';
import { defaultRateLimits, loadConfig, type Config } from '../src/config.js';
import { createTestDatabase, type TestDatabase } from './dialects.js';
import { signInAdmin, TEST_ADMIN } from './factories.js';

export interface ApiResponse<T = unknown> {
  status: number;
  body: T;
  headers: Headers;
}

export interface CallOptions {
  body?: unknown;
  token?: string;
  method?: string;
  headers?: Record<string, string>;
  /** Sent as is, without JSON encoding. */
  rawBody?: string | Uint8Array;
}

export interface TestServer {
  app: FastifyInstance;
  config: Config;
  baseUrl: string;
  database: TestDatabase;
  outboxDir: string;
  imagesDir: string;
  /** A real HTTP request to the listening server. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read answers loosely
  call<T = any>(path: string, options?: CallOptions): Promise<ApiResponse<T>>;
  /** Stops the server; the database stays (for restart tests) until `destroy`. */
  stop(): Promise<void>;
  destroy(): Promise<void>;
}

/** Limits high enough that ordinary tests never meet them; rate-limit tests use the defaults. */
export const relaxedRateLimits = {
  ...defaultRateLimits,
  signInFailuresPerIp: 10_000,
  signInFailuresPerAccount: 10_000,
  registrationsPerIp: 10_000,
  resetRequestsPerIp: 10_000,
  resetRequestsPerTarget: 10_000,
  resetsPerAccountPerIp: 10_000,
};

export interface TestServerOptions extends BuildOptions {
  config?: Partial<Config>;
  /** Reuse an existing database (restart tests). */
  database?: TestDatabase;
}

export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const database = options.database ?? (await createTestDatabase());
  const filesDir = await fs.mkdtemp(path.join(os.tmpdir(), 'tianguis-files-'));
  const outboxDir = path.join(filesDir, 'outbox');
  const imagesDir = path.join(filesDir, 'images');
  const config: Config = {
    ...loadConfig({}),
    port: 0,
    host: '127.0.0.1',
    databaseUrl: database.url,
    demoData: false,
    outboxDir,
    imagesDir,
    logLevel: 'silent',
    rateLimits: relaxedRateLimits,
    // Ordinary tests write catalogues with made-up image paths; the image tests turn it on.
    requireIssuedImages: false,
    // The local push service stand-in (test/push-service.ts) listens on this machine.
    push: { ...loadConfig({}).push, origins: ['http://127.0.0.1:*'] },
    ...options.config,
  };
  const app = await buildApp(config, { logger: false, ...options });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('sin dirección');
  const baseUrl = `http://127.0.0.1:${address.port}`;

  async function call<T>(urlPath: string, o: CallOptions = {}): Promise<ApiResponse<T>> {
    const headers: Record<string, string> = { ...o.headers };
    let body: string | Uint8Array | undefined = o.rawBody;
    if (o.body !== undefined) {
      headers['content-type'] ??= 'application/json';
      body = JSON.stringify(o.body);
    }
    if (o.token) headers.authorization = `Bearer ${o.token}`;
    const response = await fetch(baseUrl + urlPath, {
      method: o.method ?? (body === undefined ? 'GET' : 'POST'),
      headers,
      body,
    });
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = text === '' ? undefined : JSON.parse(text);
    } catch {
      // Not JSON: the raw text is the body.
    }
    return { status: response.status, body: parsed as T, headers: response.headers };
  }

  let stopped = false;
  async function stop() {
    if (stopped) return;
    stopped = true;
    await app.close();
  }
  return {
    app,
    config,
    baseUrl,
    database,
    outboxDir,
    imagesDir,
    call,
    stop,
    async destroy() {
      await stop();
      await database.drop();
      await fs.rm(filesDir, { recursive: true, force: true });
    },
  };
}

/**
 * A stand-in for the object `current` answers once a hook has made it: every read goes through
 * to it, so tests and later hooks use it as the object itself. Read before then, it throws.
 */
export function lateObject<T extends object>(current: () => T | undefined, what: string): T {
  const target = (): T => {
    const value = current();
    if (value === undefined) throw new Error(`${what} se crea en beforeAll: úsalo en las pruebas`);
    return value;
  };
  return new Proxy({} as T, {
    get: (_, key) => Reflect.get(target(), key),
    has: (_, key) => Reflect.has(target(), key),
    ownKeys: () => Reflect.ownKeys(target()),
    getOwnPropertyDescriptor: (_, key) => {
      const descriptor = Reflect.getOwnPropertyDescriptor(target(), key);
      return descriptor && { ...descriptor, configurable: true };
    },
  });
}

/** A fresh database (createTestDatabase) for the enclosing describe, dropped after it. */
export function useTestDatabase(): TestDatabase {
  let database: TestDatabase | undefined;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database?.drop());
  return lateObject(() => database, 'la base de datos');
}

/** What the tests of one describe share: its server and what was made on it. */
export type ServerSetup<T extends object> = { server: TestServer } & T;

/**
 * Starts a server in a beforeAll of the enclosing describe and runs `prepare` on it (the shops
 * and accounts its tests share); destroys the server in an afterAll. Answers stand-ins for the
 * server and for each object `prepare` made (see lateObject): the describe says
 * `const { server, shop } = useTestServer(…)` and its tests use them as they are. `options` may
 * be a function, called when the server starts (for what earlier hooks made, a port).
 */
export function useTestServer<T extends Record<keyof T, object> = Record<never, object>>(
  options: TestServerOptions | (() => TestServerOptions) = {},
  prepare?: (server: TestServer) => Promise<T>,
): ServerSetup<T> {
  let server: TestServer | undefined;
  let made: T | undefined;
  beforeAll(async () => {
    server = await startTestServer(typeof options === 'function' ? options() : options);
    if (prepare) made = await prepare(server);
  });
  afterAll(() => server?.destroy());
  const standIns = new Map<string, object>([['server', lateObject(() => server, 'el servidor')]]);
  return new Proxy({} as ServerSetup<T>, {
    get: (_, key) => {
      if (typeof key !== 'string') return undefined;
      let standIn = standIns.get(key);
      if (!standIn) {
        standIn = lateObject(() => (made as Record<string, object> | undefined)?.[key], key);
        standIns.set(key, standIn);
      }
      return standIn;
    },
  });
}

/**
 * useTestServer with the admin (TEST_ADMIN) signed in before `prepare` runs; `adminToken()`
 * answers its token in tests and later hooks.
 */
export function useAdminServer<T extends Record<keyof T, object> = Record<never, object>>(
  prepare?: (server: TestServer, adminToken: string) => Promise<T>,
  options: TestServerOptions | (() => TestServerOptions) = {},
): ServerSetup<T> & { adminToken: () => string } {
  let token: string | undefined;
  const setup = useTestServer(
    () => {
      const chosen = typeof options === 'function' ? options() : options;
      return { ...chosen, config: { ...TEST_ADMIN, ...chosen.config } };
    },
    async (server) => {
      token = await signInAdmin(server);
      return prepare ? prepare(server, token) : ({} as T);
    },
  );
  const adminToken = () => {
    if (token === undefined) throw new Error('el ADMIN inicia sesión en beforeAll');
    return token;
  };
  return withHelpers(setup, { adminToken });
}

/** A setup (useTestServer's) that also answers `helpers`, by name, as they are. */
export function withHelpers<S extends object, H extends object>(setup: S, helpers: H): S & H {
  return new Proxy(setup, {
    get: (target, key) => (key in helpers ? Reflect.get(helpers, key) : Reflect.get(target, key)),
  }) as S & H;
}

/** Writes `files` (paths relative to `dir`, folders made as needed) into `dir`. */
export async function writeFiles(dir: string, files: Record<string, string | Uint8Array>) {
  for (const [name, content] of Object.entries(files)) {
    const file = path.join(dir, name);
    await fs.mkdir(path.dirname(file), { recursive: true });
    await fs.writeFile(file, content);
  }
}

/**
 * A temporary folder holding `files`, made in a beforeAll of the enclosing describe (call it
 * before useTestServer when the server reads it) and removed in an afterAll; `dir` is its path
 * from then on.
 */
export function useTempFolder(
  prefix: string,
  files: Record<string, string | Uint8Array> = {},
): { dir: string } {
  const folder = { dir: '' };
  beforeAll(async () => {
    folder.dir = await fs.mkdtemp(path.join(os.tmpdir(), prefix));
    await writeFiles(folder.dir, files);
  });
  afterAll(async () => {
    if (folder.dir) await fs.rm(folder.dir, { recursive: true, force: true });
  });
  return folder;
}

export interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** A raw GET: the bytes as sent, not decompressed (fetch would undo the encoding). */
export function rawGet(url: string, headers: Record<string, string> = {}): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks),
          }),
        );
      })
      .on('error', reject);
  });
}

/** 503 SERVICIO_NO_DISPONIBLE with its catalogue message and Retry-After: 5 (try again soon). */
export function expectServiceUnavailable(res: { status: number; body: unknown; headers: Headers }) {
  expect(res.status).toBe(503);
  expect(res.body).toEqual({
    code: 'SERVICIO_NO_DISPONIBLE',
    message: errorCatalog.SERVICIO_NO_DISPONIBLE.message,
  });
  expect(res.headers.get('retry-after')).toBe('5');
}

/** Waits until the outbox holds `count` files and answers their texts, oldest first. */
export async function readOutbox(dir: string, count = 1, timeoutMs = 5000): Promise<string[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const names = (await fs.readdir(dir).catch(() => [] as string[])).sort();
    if (names.length >= count) {
      return Promise.all(names.map((n) => fs.readFile(path.join(dir, n), 'utf8')));
    }
    if (Date.now() > deadline) throw new Error(`outbox con ${names.length} de ${count} mensajes`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** A log stream that keeps every chunk the server writes in `lines` (tests that read the log). */
export function logInto(lines: string[]): Writable {
  return new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
}
