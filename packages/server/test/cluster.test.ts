import { spawn } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CHECKS } from '../../../scripts/cluster/checks.js';
import { startRoundRobinProxy, type RoundRobinProxy } from '../../../scripts/cluster/proxy.js';
import { createTestDatabase } from './dialects.js';
import { describeOnPostgres } from './requires.js';

// `npm run cluster` (docs/operations.md, "Three instances on one machine"): the tested path to
// several instances. First its proxy against small upstreams of our own (no database needed),
// then the whole thing: `--check` as its own process on PostgreSQL.

const repoRoot = path.resolve(import.meta.dirname, '../../..');

interface Upstream {
  name: string;
  server: http.Server;
  base: string;
  seen: { method: string; url: string; xff: string | undefined; bodyBytes: number }[];
  ready: number;
  /** Set by a held /stream: writes its second chunk and ends. */
  release?: () => void;
  /** Resolves when a held /stream's request is closed by the proxy. */
  streamClosed?: Promise<void>;
}

async function startUpstream(name: string): Promise<Upstream> {
  const upstream: Upstream = { name, server: http.createServer(), base: '', seen: [], ready: 200 };
  upstream.server.on('request', (req, res) => {
    let bodyBytes = 0;
    req.on('data', (chunk: Buffer) => (bodyBytes += chunk.length));
    req.on('end', () => {
      const url = req.url ?? '/';
      if (url === '/ready') {
        res.writeHead(upstream.ready).end();
        return;
      }
      upstream.seen.push({
        method: req.method ?? '',
        url,
        xff: req.headers['x-forwarded-for'] as string | undefined,
        bodyBytes,
      });
      if (url === '/stream') {
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        res.write('data: uno\n\n');
        upstream.streamClosed = new Promise((resolve) => res.on('close', () => resolve()));
        upstream.release = () => res.end('data: dos\n\n');
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json', 'x-upstream': name });
      res.end(JSON.stringify({ name, bodyBytes }));
    });
  });
  await new Promise<void>((resolve) => upstream.server.listen(0, '127.0.0.1', resolve));
  upstream.base = `http://127.0.0.1:${(upstream.server.address() as AddressInfo).port}`;
  return upstream;
}

function stopUpstream(upstream: Upstream): Promise<void> {
  return new Promise((resolve) => {
    upstream.server.close(() => resolve());
    upstream.server.closeAllConnections();
  });
}

describe('npm run cluster: the round-robin proxy', () => {
  let a: Upstream;
  let b: Upstream;
  let proxy: RoundRobinProxy;
  let base: string;

  beforeAll(async () => {
    [a, b] = await Promise.all([startUpstream('a'), startUpstream('b')]);
    proxy = await startRoundRobinProxy({ port: 0, upstreams: [a.base, b.base] });
    base = `http://127.0.0.1:${proxy.port}`;
  });
  afterAll(async () => {
    await proxy?.close();
    await Promise.all([a, b].filter(Boolean).map(stopUpstream));
  });
  afterEach(async () => {
    a.ready = 200;
    b.ready = 200;
    await proxy.refresh();
  });

  it('gives requests to the instances in turn, with the visitor in X-Forwarded-For', async () => {
    const names = [];
    for (let i = 0; i < 4; i += 1) {
      const res = await fetch(`${base}/api/x?n=${i}`);
      expect(res.status).toBe(200);
      names.push(res.headers.get('x-upstream'));
    }
    expect(names.sort()).toEqual(['a', 'a', 'b', 'b']);
    expect(a.seen.at(-1)).toMatchObject({ method: 'GET', xff: '127.0.0.1' });
  });

  it('streams a request body through whole (1 MB, chunked)', async () => {
    const size = 1024 * 1024;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let sent = 0; sent < size; sent += 64 * 1024) {
          controller.enqueue(new Uint8Array(64 * 1024).fill(7));
        }
        controller.close();
      },
    });
    const res = await fetch(`${base}/subir`, {
      method: 'POST',
      body,
      duplex: 'half',
    } as RequestInit);
    expect(res.status).toBe(200);
    expect(((await res.json()) as { bodyBytes: number }).bodyBytes).toBe(size);
  });

  it('passes a live stream on as it is written, and closes it upstream when the visitor leaves', async () => {
    const controller = new AbortController();
    const res = await fetch(`${base}/stream`, { signal: controller.signal });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/event-stream');
    const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
    // The upstream has not ended its answer: the first event arrives anyway.
    expect((await reader.read()).value).toBe('data: uno\n\n');
    const holder = [a, b].find((u) => u.release && u.seen.at(-1)?.url === '/stream')!;
    controller.abort();
    await holder.streamClosed;
    holder.release = undefined;
  });

  it('keeps /metrics out (the servers show it to loopback, which every proxied visitor is)', async () => {
    const before = a.seen.length + b.seen.length;
    for (const p of ['/metrics', '/metrics/', '/metrics?x=1']) {
      const res = await fetch(base + p);
      expect(res.status).toBe(404);
      expect(await res.json()).toMatchObject({ code: 'NO_ENCONTRADO' });
    }
    expect(a.seen.length + b.seen.length).toBe(before);
  });

  it('skips an instance whose /ready is not 200, and answers 503 in Spanish when none is', async () => {
    a.ready = 503;
    await proxy.refresh();
    for (let i = 0; i < 3; i += 1) {
      expect((await fetch(`${base}/api/y`)).headers.get('x-upstream')).toBe('b');
    }
    b.ready = 503;
    await proxy.refresh();
    const res = await fetch(`${base}/api/y`);
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({
      code: 'SERVICIO_NO_DISPONIBLE',
      message: 'Ninguna instancia está lista todavía. Inténtalo de nuevo en unos segundos.',
    });
  });

  it('sends a read refused by a stopped instance to the next one', async () => {
    const c = await startUpstream('c');
    const withGone = await startRoundRobinProxy({ port: 0, upstreams: [c.base, b.base] });
    try {
      await stopUpstream(c); // still counted ready until the next /ready round
      const names = [];
      for (let i = 0; i < 3; i += 1) {
        const res = await fetch(`http://127.0.0.1:${withGone.port}/api/z`);
        expect(res.status).toBe(200);
        names.push(res.headers.get('x-upstream'));
      }
      expect(names).toEqual(['b', 'b', 'b']);
    } finally {
      await withGone.close();
    }
  });
});

// Three instances need a database they all share: PostgreSQL (several processes on one SQLite
// file is not a deployment the docs offer). CI's PostgreSQL pass (TEST_DATABASE_URL) runs it.
const onPostgres = process.env.TEST_DATABASE_URL !== undefined;
if (!onPostgres) {
  console.warn(
    'cluster.test: tres instancias necesitan PostgreSQL; define TEST_DATABASE_URL para probar npm run cluster -- --check',
  );
}

describeOnPostgres('npm run cluster -- --check', () => {
  it('three instances, one database and one bucket: every check passes and nothing is left running', async () => {
    const database = await createTestDatabase();
    try {
      const env: NodeJS.ProcessEnv = { ...process.env, DATABASE_URL: database.url };
      // The script's own choices, not whatever this shell carries.
      for (const name of ['NODE_ENV', 'S3_ENDPOINT', 'S3_BUCKET', 'JWT_SECRET', 'ADMIN_EMAIL']) {
        delete env[name];
      }
      const child = spawn(
        process.execPath,
        ['--import', 'tsx', 'scripts/cluster/run.ts', '--check', '--port', '0'],
        { cwd: repoRoot, env, stdio: ['ignore', 'pipe', 'pipe'] },
      );
      let output = '';
      child.stdout.on('data', (c: Buffer) => (output += c.toString()));
      child.stderr.on('data', (c: Buffer) => (output += c.toString()));
      const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));

      expect(output, output).not.toContain('✘');
      for (const line of Object.values(CHECKS)) expect(output).toContain(`✔ ${line}`);
      expect(code, output).toBe(0);
      // The instances it started (one line each) are gone.
      const pids = [...output.matchAll(/instancia \d:\s+http:\/\/127\.0\.0\.1:\d+ \(pid (\d+)/g)];
      expect(pids).toHaveLength(3);
      for (const [, pid] of pids) {
        expect(() => process.kill(Number(pid), 0)).toThrow(/ESRCH/);
      }
    } finally {
      await database.drop();
    }
  }, 120_000);
});
