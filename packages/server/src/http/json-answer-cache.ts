import { promisify } from 'node:util';
import { gzip } from 'node:zlib';

const gzipAsync = promisify(gzip);
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * A JSON answer kept serialised as UTF-8 bytes (encoding a 25 KB string on every send was a
 * good part of the public read's time and garbage), and gzipped the first time a client asks.
 */
export interface CachedJson {
  body: Buffer;
  /** Made once, off the main thread (a 13 MB shop list takes a few hundred ms to gzip). */
  gzip?: Promise<Buffer>;
  /** The same once made, so that every later answer is sent without waiting. */
  gzipped?: Buffer;
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
    this.evictOver(key);
    return entry;
  }

  /** Drops the least recently used entries while over budget, never `keep`. */
  private evictOver(keep: string): void {
    while (this.entries.size > this.maxEntries || this.bytes > this.maxBytes) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined || oldest === keep) break;
      this.delete(oldest);
    }
  }

  private delete(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.bytes -= entry.body.length + (this.gzipBytes.get(entry) ?? 0);
    this.entries.delete(key);
  }

  private readonly gzipBytes = new WeakMap<CachedJson, number>();

  /** The entry's gzip copy, made the first time it is asked for and counted in the budget. */
  gzipOf(key: string, entry: CachedJson): Promise<Buffer> {
    entry.gzip ??= gzipAsync(entry.body).then((zipped) => {
      entry.gzipped = zipped;
      // Counted only while the entry is still the one kept under its key.
      if (this.entries.get(key) === entry) {
        this.gzipBytes.set(entry, zipped.length);
        this.bytes += zipped.length;
        this.evictOver(key);
      }
      return zipped;
    });
    return entry.gzip;
  }
}

/** The answers of acceptsGzip for the headers seen last: browsers send a handful of forms. */
const gzipAnswers = new Map<string, boolean>();
const GZIP_ANSWERS_MAX = 64;

/**
 * Whether the client takes gzip: named in Accept-Encoding (or `*`) and not with q=0. Parsing
 * the header was 1.2% of a cached catalogue answer's server time; its few forms are remembered.
 */
export function acceptsGzip(header: string | undefined): boolean {
  if (header === undefined) return false;
  let answer = gzipAnswers.get(header);
  if (answer === undefined) {
    answer = parseAcceptsGzip(header);
    if (gzipAnswers.size >= GZIP_ANSWERS_MAX) gzipAnswers.clear();
    gzipAnswers.set(header, answer);
  }
  return answer;
}

function parseAcceptsGzip(header: string): boolean {
  return header.split(',').some((part) => {
    const [coding, ...params] = part.trim().toLowerCase().split(';');
    if (coding?.trim() !== 'gzip' && coding?.trim() !== '*') return false;
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
    return q === undefined || Number(q) > 0;
  });
}

/**
 * Sends a cached answer: gzipped once and reused (compressing a 300 KB order list on every
 * request was most of its cost), or as is to a client that doesn't take gzip. Small answers
 * go as they are, as @fastify/compress would send them.
 */
export function sendCachedJson(
  request: FastifyRequest,
  reply: FastifyReply,
  cache: JsonAnswerCache,
  key: string,
  entry: CachedJson,
): FastifyReply | Promise<FastifyReply> {
  void reply.type('application/json; charset=utf-8').header('vary', 'accept-encoding');
  if (entry.body.length < 1024 || !acceptsGzip(request.headers['accept-encoding'])) {
    return reply.send(entry.body);
  }
  void reply.header('content-encoding', 'gzip');
  if (entry.gzipped) return reply.send(entry.gzipped);
  return cache.gzipOf(key, entry).then((zipped) => reply.send(zipped));
}
