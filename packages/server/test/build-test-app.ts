import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { buildApp, type BuildOptions } from '../src/app.js';
import { defaultRateLimits, loadConfig, type Config } from '../src/config.js';
import { createTestDatabase, type TestDatabase } from './dialects.js';

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
