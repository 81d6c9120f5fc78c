import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient } from './api-client';
import { revalidatingPost } from './revalidating-post';

/** A real loopback server that answers 304 to the current ETag, as the order list does. */
describe('revalidatingPost', () => {
  let server: http.Server;
  let baseUrl: string;
  let version = 1;
  const seen: { ifNoneMatch?: string; auth?: string }[] = [];

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        seen.push({ ifNoneMatch: req.headers['if-none-match'], auth: req.headers.authorization });
        const etag = `W/"v${version}"`;
        if (req.headers['if-none-match'] === etag) {
          res.writeHead(304, { etag });
          res.end();
          return;
        }
        res.writeHead(200, { 'content-type': 'application/json', etag });
        res.end(JSON.stringify({ version }));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('sends the last ETag, answers the kept body on a 304 and the new one after a change', async () => {
    let token = 'dueña';
    const getToken = () => token;
    const read = revalidatingPost<{ version: number }>(
      createApiClient({ baseUrl, getToken }),
      '/lista',
      getToken,
    );
    expect(await read()).toEqual({ version: 1 });
    expect(seen.at(-1)?.ifNoneMatch).toBeUndefined();
    expect(await read()).toEqual({ version: 1 });
    expect(seen.at(-1)?.ifNoneMatch).toBe('W/"v1"');
    version = 2;
    expect(await read()).toEqual({ version: 2 });
    expect(await read()).toEqual({ version: 2 });
    expect(seen.at(-1)?.ifNoneMatch).toBe('W/"v2"');
    // Another session never gets the previous one's list from a 304.
    token = 'otra';
    expect(await read()).toEqual({ version: 2 });
    expect(seen.at(-1)).toEqual({ ifNoneMatch: undefined, auth: 'Bearer otra' });
  });
});
