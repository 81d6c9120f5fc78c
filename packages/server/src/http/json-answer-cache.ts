import { gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * A JSON answer kept serialised as UTF-8 bytes (encoding a 25 KB string on every send was a
 * good part of the public read's time and garbage), and gzipped the first time a client asks.
 */
export interface CachedJson {
  body: Buffer;
  gzip?: Buffer;
}

/**
 * Serialised answers under keys that name one exact content (a shop's id and version, an owner
 * list's ETag), least recently used first out, within a count and a byte budget. Keys never go
 * stale: a change raises the version, so the next request asks for another key.
 */
export class JsonAnswerCache {
  private readonly entries = new Map<string, CachedJson>();
  private bytes = 0;

  constructor(
    private readonly maxEntries: number,
    private readonly maxBytes: number,
  ) {}

  get(key: string): CachedJson | undefined {
    const entry = this.entries.get(key);
    if (entry) {
      // Most recently used goes last.
      this.entries.delete(key);
      this.entries.set(key, entry);
    }
    return entry;
  }

  set(key: string, json: string): CachedJson {
    const entry: CachedJson = { body: Buffer.from(json, 'utf8') };
    this.delete(key);
    this.entries.set(key, entry);
    this.bytes += entry.body.length;
    while (this.entries.size > this.maxEntries || this.bytes > this.maxBytes) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined || oldest === key) break;
      this.delete(oldest);
    }
    return entry;
  }

  private delete(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.bytes -= entry.body.length + (entry.gzip?.length ?? 0);
    this.entries.delete(key);
  }

  /** Counts the gzip copy against the budget once it is made. */
  noteGzip(entry: CachedJson): void {
    this.bytes += entry.gzip?.length ?? 0;
  }
}

const acceptsGzip = (request: FastifyRequest) =>
  /\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''));

/**
 * Sends a cached answer: gzipped once and reused (compressing a 300 KB order list on every
 * request was most of its cost), or as is to a client that doesn't take gzip. Small answers
 * go as they are, as @fastify/compress would send them.
 */
export function sendCachedJson(
  request: FastifyRequest,
  reply: FastifyReply,
  cache: JsonAnswerCache,
  entry: CachedJson,
): FastifyReply {
  void reply.type('application/json; charset=utf-8').header('vary', 'accept-encoding');
  if (entry.body.length < 1024 || !acceptsGzip(request)) return reply.send(entry.body);
  if (!entry.gzip) {
    entry.gzip = gzipSync(entry.body);
    cache.noteGzip(entry);
  }
  return reply.header('content-encoding', 'gzip').send(entry.gzip);
}
