import type { CachedJson, JsonAnswerCache } from '../../http/json-answer-cache.js';
import type { TiendaView } from './tienda.view.js';

/**
 * A cached JSON answer and its ETag, or only the ETag when the client already holds it (304).
 * The routes send it as it is (tienda.routes.ts); `cache` and `key` name where its gzip copy
 * is kept.
 */
export type CachedAnswer =
  | { notModified: true; etag: string }
  | { notModified: false; etag: string; cache: JsonAnswerCache; key: string; entry: CachedJson };

/** Where each shop's JSON sits in a serialised list: byte offsets, end exclusive. */
export interface ListIndex {
  ids: number[];
  starts: number[];
  ends: number[];
}

/** `JSON.stringify(views)`, and where each shop's object sits in its UTF-8 bytes. */
export function serializeList(views: readonly TiendaView[]): { json: string; index: ListIndex } {
  const parts: string[] = [];
  const index: ListIndex = { ids: [], starts: [], ends: [] };
  let offset = 1; // '['
  for (const view of views) {
    const part = JSON.stringify(view);
    if (parts.length > 0) offset += 1; // ','
    index.ids.push(view.tiendaId);
    index.starts.push(offset);
    offset += Buffer.byteLength(part);
    index.ends.push(offset);
    parts.push(part);
  }
  return { json: `[${parts.join(',')}]`, index };
}

/**
 * The list `body` (serialised by serializeList) with `own` first and the shop's other copy
 * (the public one) left out: two slices of the cached bytes, no parsing.
 */
export function mergeOwnTienda(body: Buffer, index: ListIndex, own: TiendaView): string {
  const n = index.ids.length;
  const at = index.ids.indexOf(own.tiendaId);
  const ranges: [number, number][] =
    at < 0
      ? [[0, n - 1]]
      : [
          [0, at - 1],
          [at + 1, n - 1],
        ];
  let json = `[${JSON.stringify(own)}`;
  for (const [first, last] of ranges) {
    if (first > last) continue;
    json += `,${body.toString('utf8', index.starts[first], index.ends[last])}`;
  }
  return `${json}]`;
}
