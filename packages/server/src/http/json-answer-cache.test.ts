import { describe, expect, it } from 'vitest';
import { JsonAnswerCache } from './json-answer-cache.js';

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

  it('stays within its byte budget, gzip copies included, but always keeps the newest', () => {
    const cache = new JsonAnswerCache(100, 10);
    const a = cache.set('a', '12345');
    a.gzip = Buffer.alloc(4);
    cache.noteGzip(a);
    cache.set('b', '12345');
    // 5 + 4 + 5 > 10: 'a' goes.
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('b')?.body.toString()).toBe('12345');
    cache.set('big', 'x'.repeat(50));
    expect(cache.get('big')?.body.toString()).toHaveLength(50);
    expect(cache.get('b')).toBeUndefined();
  });
});
