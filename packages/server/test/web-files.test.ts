import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { rawGet, useTempFolder, useTestServer } from './build-test-app.js';

/** A raw GET offering `acceptEncoding`. */
const getEncoded = (url: string, acceptEncoding: string) =>
  rawGet(url, { 'accept-encoding': acceptEncoding });

// The web build writes .br and .gz copies of its files (packages/web/vite.config.ts,
// `precompress`); the server sends the copy the browser takes, as it is (decision 0011).
describe('the web app files', () => {
  const script = Buffer.from(
    `export const menu = ${JSON.stringify('tacos al pastor '.repeat(400))};\n`,
  );
  const page = Buffer.from('<!doctype html><html lang="es-MX"><title>Tianguis</title></html>\n');
  // Marked, so a test can tell the build's copy from one made on the fly.
  const brCopy = zlib.brotliCompressSync(Buffer.concat([script, Buffer.from('// br\n')]));
  const gzCopy = zlib.gzipSync(Buffer.concat([script, Buffer.from('// gz\n')]), { level: 9 });

  const web = useTempFolder('tianguis-web-', {
    'index.html': page,
    'index.html.br': zlib.brotliCompressSync(page),
    'assets/app-1a2b3c.js': script,
    'assets/app-1a2b3c.js.br': brCopy,
    'assets/app-1a2b3c.js.gz': gzCopy,
    'assets/sin-copias-4d5e6f.js': script,
  });
  const { server } = useTestServer(() => ({ config: { webDistDir: web.dir } }));

  it('sends the build’s brotli copy to a browser that takes it, as a cacheable script', async () => {
    const res = await getEncoded(
      `${server.baseUrl}/assets/app-1a2b3c.js`,
      'gzip, deflate, br, zstd',
    );
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.body.equals(brCopy)).toBe(true);
    expect(res.headers['content-type']).toMatch(/^application\/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
  });

  it('sends the gzip copy to one that takes only gzip, and the file itself to one that takes neither', async () => {
    const gz = await getEncoded(`${server.baseUrl}/assets/app-1a2b3c.js`, 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.body.equals(gzCopy)).toBe(true);

    const plain = await getEncoded(`${server.baseUrl}/assets/app-1a2b3c.js`, 'identity');
    expect(plain.headers['content-encoding'] ?? 'identity').toBe('identity');
    expect(plain.body.equals(script)).toBe(true);
  });

  it('still compresses a file the build left without copies', async () => {
    const res = await getEncoded(`${server.baseUrl}/assets/sin-copias-4d5e6f.js`, 'br');
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(res.body).equals(script)).toBe(true);
  });

  it('sends the page itself compressed and always revalidated', async () => {
    const res = await getEncoded(`${server.baseUrl}/`, 'br');
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(res.body).equals(page)).toBe(true);
    expect(res.headers['cache-control']).toBe('no-cache');
  });
});
