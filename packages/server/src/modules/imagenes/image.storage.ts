import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

/** Where uploaded images live. Names are made by the server (content hashes), never by users. */
export interface ImageStorage {
  /** Stores the whole file or nothing: a failed save leaves no file, not even a temporary one. */
  save(name: string, data: Buffer): Promise<void>;
  exists(name: string): Promise<boolean>;
  /** Removes a file this server saved; a missing one is no error. */
  remove(name: string): Promise<void>;
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

export function storageFaultOf(error: unknown): StorageFault | undefined {
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
  };
}
