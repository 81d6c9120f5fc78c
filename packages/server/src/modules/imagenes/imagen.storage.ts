import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';

/**
 * Where uploaded images live: this machine's folder or an S3-compatible bucket
 * (imagen.storage-s3.ts; docs/operations.md, "Images and storage"). Names are made by the
 * server (content hashes), never by users.
 */
export interface ImageStorage {
  /** Stores the whole file or nothing: a failed save leaves no file, not even a temporary one. */
  save(name: string, data: Buffer): Promise<void>;
  exists(name: string): Promise<boolean>;
  /** Removes a file this server saved; a missing one is no error. */
  remove(name: string): Promise<void>;
  /**
   * A stored file for `/images/<name>`: undefined when there is none, `notModified` when the
   * client's copy (`ifNoneMatch`, else `ifModifiedSince`) is still the stored one.
   */
  read(name: string, conditions?: ReadConditions): Promise<StoredFile | undefined>;
  /**
   * Set when the files are plain files in this folder: `/images` then serves them with
   * @fastify/static (ranges and all), as it always has.
   */
  readonly localDir?: string;
}

export interface ReadConditions {
  /** The request's If-None-Match, as sent. */
  ifNoneMatch?: string;
  /** The request's If-Modified-Since. */
  ifModifiedSince?: Date;
}

export type StoredFile =
  | { notModified: true; etag: string | undefined }
  | {
      notModified: false;
      body: Readable;
      length: number;
      contentType: string;
      etag: string | undefined;
      lastModified: Date | undefined;
    };

const CONTENT_TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
};

/** The media type of a stored image, from its extension (the server named it). */
export function contentTypeOf(name: string): string {
  return CONTENT_TYPES[name.slice(name.lastIndexOf('.') + 1)] ?? 'application/octet-stream';
}

const SAFE_NAME = /^[a-f0-9]{32}(-\d+)?\.(jpg|png|webp)$/;

/** A name the server could have made: an original `<hash>.jpg|png` or a `<hash>-<width>.webp`. */
export function isSafeImageName(name: string): boolean {
  return SAFE_NAME.test(name);
}

/**
 * Why the disk refused a write, in the terms the owner and the site's administrator act on:
 * `full` (no space, or the quota is used up) or `unavailable` (the folder is read-only or the
 * server may not write there). Anything else (an I/O error) is `undefined`.
 */
export type StorageFault = 'full' | 'unavailable';

/**
 * A remote store's failure, already judged by the backend that knows its errors
 * (imagen.storage-s3.ts): `code` names the cause for the log (ECONNREFUSED, TimeoutError,
 * NoSuchBucket, AccessDenied...), never a credential.
 */
export class StorageFaultError extends Error {
  readonly fault: StorageFault;
  readonly code: string;

  constructor(fault: StorageFault, code: string, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'StorageFaultError';
    this.fault = fault;
    this.code = code;
  }
}

export function storageFaultOf(error: unknown): StorageFault | undefined {
  if (error instanceof StorageFaultError) return error.fault;
  switch ((error as NodeJS.ErrnoException | undefined)?.code) {
    case 'ENOSPC':
    case 'EDQUOT':
      return 'full';
    case 'EROFS':
    case 'EACCES':
    case 'EPERM':
      return 'unavailable';
    default:
      return undefined;
  }
}

/** A temporary name `isSafeImageName` refuses, so a stray one is never served. */
const tempNameIn = (dir: string) => path.join(dir, `.tmp-${randomBytes(6).toString('hex')}`);

export function createLocalImageStorage(dir: string): ImageStorage {
  const fileOf = (name: string) => {
    if (!SAFE_NAME.test(name)) throw new Error(`nombre de imagen inválido: ${name}`);
    return path.join(dir, name);
  };
  return {
    async save(name, data) {
      const file = fileOf(name);
      await fs.mkdir(dir, { recursive: true });
      // Written under a temporary name, synced, then renamed: a full disk, a crash or a power
      // cut mid-write leaves either the whole image or none, never a cut one under its name.
      // Some filesystems report a full disk only at the sync, so it is inside the try too.
      const temp = tempNameIn(dir);
      try {
        const handle = await fs.open(temp, 'wx');
        try {
          await handle.writeFile(data);
          await handle.sync();
        } finally {
          await handle.close();
        }
        await fs.rename(temp, file);
      } catch (error) {
        await fs.rm(temp, { force: true }).catch(() => undefined);
        throw error;
      }
    },
    async exists(name) {
      return fs
        .access(fileOf(name))
        .then(() => true)
        .catch(() => false);
    },
    async remove(name) {
      await fs.rm(fileOf(name), { force: true });
    },
    // `/images` serves this folder through @fastify/static (localDir); read is the same file
    // for callers that go through the interface, with a weak ETag like @fastify/static's.
    async read(name, conditions = {}) {
      const file = fileOf(name);
      const stat = await fs.stat(file).catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') return undefined;
        throw error;
      });
      if (!stat?.isFile()) return undefined;
      const etag = `W/"${stat.size.toString(16)}-${stat.mtime.getTime().toString(16)}"`;
      const lastModified = new Date(Math.floor(stat.mtimeMs / 1000) * 1000);
      const { ifNoneMatch, ifModifiedSince } = conditions;
      if (
        ifNoneMatch !== undefined
          ? ifNoneMatch.split(',').some((tag) => tag.trim() === etag || tag.trim() === '*')
          : ifModifiedSince !== undefined && lastModified <= ifModifiedSince
      ) {
        return { notModified: true, etag };
      }
      return {
        notModified: false,
        body: createReadStream(file),
        length: stat.size,
        contentType: contentTypeOf(name),
        etag,
        lastModified,
      };
    },
    localDir: dir,
  };
}
