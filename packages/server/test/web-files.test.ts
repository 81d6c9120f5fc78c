import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './build-test-app.js';

/** A raw GET: the bytes as sent, not decompressed (fetch would undo the encoding). */
function rawGet(
  url: string,
  acceptEncoding?: string,
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const headers = acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding };
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

// The web build writes .br and .gz copies of its files (packages/web/vite.config.ts,
// `precompress`); the server sends the copy the browser takes, as it is (decision 0011).
describe('the web app files', () => {
  let server: TestServer;
  let webDir: string;
  const script = Buffer.from(
    `export const menu = ${JSON.stringify('tacos al pastor '.repeat(400))};\n`,
  );
  const page = Buffer.from('<!doctype html><html lang="es-MX"><title>Tianguis</title></html>\n');
  // Marked, so a test can tell the build's copy from one made on the fly.
  const brCopy = zlib.brotliCompressSync(Buffer.concat([script, Buffer.from('// br\n')]));
  const gzCopy = zlib.gzipSync(Buffer.concat([script, Buffer.from('// gz\n')]), { level: 9 });

  beforeAll(async () => {
    webDir = await fs.mkdtemp(path.join(os.tmpdir(), 'tianguis-web-'));
    await fs.mkdir(path.join(webDir, 'assets'));
    await fs.writeFile(path.join(webDir, 'index.html'), page);
    await fs.writeFile(path.join(webDir, 'index.html.br'), zlib.brotliCompressSync(page));
    await fs.writeFile(path.join(webDir, 'assets/app-1a2b3c.js'), script);
    await fs.writeFile(path.join(webDir, 'assets/app-1a2b3c.js.br'), brCopy);
    await fs.writeFile(path.join(webDir, 'assets/app-1a2b3c.js.gz'), gzCopy);
    await fs.writeFile(path.join(webDir, 'assets/sin-copias-4d5e6f.js'), script);
    server = await startTestServer({ config: { webDistDir: webDir } });
  });
  afterAll(async () => {
    await server.destroy();
    await fs.rm(webDir, { recursive: true, force: true });
  });

  it('sends the build’s brotli copy to a browser that takes it, as a cacheable script', async () => {
    const res = await rawGet(`${server.baseUrl}/assets/app-1a2b3c.js`, 'gzip, deflate, br, zstd');
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.body.equals(brCopy)).toBe(true);
    expect(res.headers['content-type']).toMatch(/^application\/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
  });

  it('sends the gzip copy to one that takes only gzip, and the file itself to one that takes neither', async () => {
    const gz = await rawGet(`${server.baseUrl}/assets/app-1a2b3c.js`, 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.body.equals(gzCopy)).toBe(true);

    const plain = await rawGet(`${server.baseUrl}/assets/app-1a2b3c.js`, 'identity');
    expect(plain.headers['content-encoding'] ?? 'identity').toBe('identity');
    expect(plain.body.equals(script)).toBe(true);
  });

  it('still compresses a file the build left without copies', async () => {
    const res = await rawGet(`${server.baseUrl}/assets/sin-copias-4d5e6f.js`, 'br');
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(res.body).equals(script)).toBe(true);
  });

  it('sends the page itself compressed and always revalidated', async () => {
    const res = await rawGet(`${server.baseUrl}/`, 'br');
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(res.body).equals(page)).toBe(true);
    expect(res.headers['cache-control']).toBe('no-cache');
  });
});
