import { describe, expect, it } from 'vitest';
import { gunzipSync } from 'node:zlib';
import { acceptsGzip, JsonAnswerCache } from './json-answer-cache.js';

describe('JsonAnswerCache', () => {
  it('answers what was set under a key, and nothing under another', () => {
    const cache = new JsonAnswerCache(10, 1_000);
    cache.set('a', '{"a":1}');
    expect(cache.get('a')?.body.toString()).toBe('{"a":1}');
    expect(cache.get('b')).toBeUndefined();
  });

  it('drops the least recently used entry first when over its count', () => {
    const cache = new JsonAnswerCache(2, 1_000);
    cache.set('a', '1');
    cache.set('b', '2');
    cache.get('a');
    cache.set('c', '3');
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')?.body.toString()).toBe('1');
    expect(cache.get('c')?.body.toString()).toBe('3');
  });

  it('stays within its byte budget, gzip copies included, but always keeps the newest', async () => {
    const cache = new JsonAnswerCache(100, 60);
    const a = cache.set('a', 'x'.repeat(30));
    // gzip of 30 × 'x' is about 23 bytes: 30 + 23 + 30 > 60, so 'a' goes when 'b' comes.
    await cache.gzipOf('a', a);
    cache.set('b', 'y'.repeat(30));
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('b')?.body.toString()).toBe('y'.repeat(30));
    cache.set('big', 'z'.repeat(500));
    expect(cache.get('big')?.body).toHaveLength(500);
    expect(cache.get('b')).toBeUndefined();
  });

  it('gzips an entry once, and a copy made after its entry was replaced is not counted', async () => {
    const cache = new JsonAnswerCache(100, 1_000);
    const first = cache.set('k', '{"v":1}');
    const zipping = cache.gzipOf('k', first);
    expect(cache.gzipOf('k', first)).toBe(zipping);
    cache.set('k', '{"v":2}');
    expect(gunzipSync(await zipping).toString()).toBe('{"v":1}');
    // Only the live entry's bytes remain: room for 1,000 − 7 more.
    cache.set('other', 'x'.repeat(990));
    expect(cache.get('k')?.body.toString()).toBe('{"v":2}');
  });
});

describe('acceptsGzip', () => {
  it.each([
    ['gzip, deflate, br', true],
    ['br;q=1.0, gzip;q=0.8', true],
    ['*', true],
    ['identity', false],
    ['gzip;q=0', false],
    ['br, gzip; q=0.0', false],
    [undefined, false],
  ])('%s → %s', (header, expected) => {
    expect(acceptsGzip(header)).toBe(expected);
  });

  it('answers a header it has seen the same way again, past its memory of 64 forms', () => {
    for (let round = 0; round < 2; round += 1) {
      for (let i = 0; i < 100; i += 1) {
        expect(acceptsGzip(`br;q=0.${i % 10}, gzip;q=${i % 2}`)).toBe(i % 2 === 1);
        expect(acceptsGzip(`x-${i}, identity`)).toBe(false);
      }
    }
  });
});
