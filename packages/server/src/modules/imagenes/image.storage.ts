import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

/** Where uploaded images live. Names are made by the server (content hashes), never by users. */
export interface ImageStorage {
  save(name: string, data: Buffer): Promise<void>;
  exists(name: string): Promise<boolean>;
}

const SAFE_NAME = /^[a-f0-9]{32}(-\d+)?\.(jpg|png|webp)$/;

/** A name the server could have made: an original `<hash>.jpg|png` or a `<hash>-<width>.webp`. */
export function isSafeImageName(name: string): boolean {
  return SAFE_NAME.test(name);
}

export function createLocalImageStorage(dir: string): ImageStorage {
  const fileOf = (name: string) => {
    if (!SAFE_NAME.test(name)) throw new Error(`nombre de imagen inválido: ${name}`);
    return path.join(dir, name);
  };
  return {
    async save(name, data) {
      const file = fileOf(name);
      await fs.mkdir(dir, { recursive: true });
      // Write then rename: a crash mid-write leaves a stray temp file, never a broken image.
      const temp = path.join(dir, `.tmp-${randomBytes(6).toString('hex')}`);
      try {
        await fs.writeFile(temp, data, { flag: 'wx' });
        await fs.rename(temp, file);
      } catch (error) {
        await fs.rm(temp, { force: true });
        throw error;
      }
    },
    async exists(name) {
      return fs
        .access(fileOf(name))
        .then(() => true)
        .catch(() => false);
    },
  };
}
