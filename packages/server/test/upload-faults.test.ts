import { execFileSync } from 'node:child_process';
import fsSync from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../src/http/app-error.js';
import {
  ALMACENAMIENTO_NO_DISPONIBLE_IMAGEN,
  IMAGE_VARIANT_WIDTHS,
  SIN_ESPACIO_IMAGEN,
  storeUploadedImage,
} from '../src/modules/imagenes/imagen.service.js';
import type { ImageStorage } from '../src/modules/imagenes/imagen.storage.js';
import { describeWhenAvailable } from './requires.js';
import { startTestServer, type TestServer } from './build-test-app.js';
import { createShopOwner, TEST_ADMIN } from './factories.js';
import { imageForm, uploadImage } from './image-factories.js';

/**
 * A full disk or a read-only images folder at upload time, made for real: a small tmpfs filled
 * up (ENOSPC), the same tmpfs remounted read-only (EROFS) and an immutable folder (`chattr +i`,
 * EPERM even for root). The owner gets a clear Spanish answer (507 / 503), never a 500, and the
 * folder holds no temporary file and no variant without its original afterwards.
 */

/** The answer to an upload while the images folder can't be written to. */
const NO_DISPONIBLE_503 = {
  status: 503,
  body: { code: 'ALMACENAMIENTO_NO_DISPONIBLE', message: ALMACENAMIENTO_NO_DISPONIBLE_IMAGEN },
};

const run = (command: string, args: string[]) =>
  execFileSync(command, args, { stdio: ['ignore', 'ignore', 'pipe'] });

/**
 * Mounting needs root with CAP_SYS_ADMIN (a privileged container or a real machine). Tests run
 * as root here; chmod would not stop root writing, which is why the faults are made with mounts.
 */
const canMount = (() => {
  if (process.getuid?.() !== 0) return false;
  const dir = fsSync.mkdtempSync(path.join(os.tmpdir(), 'tianguis-mount-probe-'));
  try {
    run('mount', ['-t', 'tmpfs', '-o', 'size=64k', 'tmpfs', dir]);
    run('umount', [dir]);
    return true;
  } catch {
    return false;
  } finally {
    fsSync.rmSync(dir, { recursive: true, force: true });
  }
})();

/** `chattr +i` needs root and a filesystem with the immutable flag (ext4, xfs; not tmpfs). */
const canMakeImmutable = (() => {
  if (process.getuid?.() !== 0) return false;
  const dir = fsSync.mkdtempSync(path.join(os.tmpdir(), 'tianguis-chattr-probe-'));
  try {
    run('chattr', ['+i', dir]);
    try {
      fsSync.writeFileSync(path.join(dir, 'x'), 'x');
      return false;
    } catch (error) {
      return (error as NodeJS.ErrnoException).code === 'EPERM';
    } finally {
      run('chattr', ['-i', dir]);
    }
  } catch {
    return false;
  } finally {
    fsSync.rmSync(dir, { recursive: true, force: true });
  }
})();

// Said aloud where they are missing, and a failure in CI, whose machine runs the tests as root
// with mounts (test/requires.ts).
const mountReason = canMount ? undefined : 'montar un tmpfs necesita root con CAP_SYS_ADMIN';
const immutableReason = canMakeImmutable
  ? undefined
  : 'chattr +i necesita root y un sistema de archivos con la marca inmutable (ext4, xfs)';

const isMounted = (dir: string) =>
  fsSync
    .readFileSync('/proc/mounts', 'utf8')
    .split('\n')
    .some((line) => line.split(' ')[1] === dir);

/** A photo-like JPEG: noise compresses badly, so the original is much larger than its variants. */
async function photo(width: number, height: number, seed = 1): Promise<Buffer> {
  const noise = Buffer.alloc(width * height * 3);
  let x = seed;
  for (let i = 0; i < noise.length; i++) {
    x = (x * 1103515245 + 12345) % 2147483648;
    noise[i] = x >> 23;
  }
  return sharp(noise, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 90 })
    .toBuffer();
}

const PAGE = 4096;
const pages = (bytes: number) => Math.ceil(bytes / PAGE) * PAGE;

describe('upload when the disk refuses the image', () => {
  let server: TestServer;
  let ownerToken: string;
  let root: string;
  let imagesDir: string;
  let image: Buffer;

  beforeAll(async () => {
    root = await fs.mkdtemp(path.join(os.tmpdir(), 'tianguis-upload-faults-'));
    imagesDir = path.join(root, 'images');
    server = await startTestServer({ config: { ...TEST_ADMIN, imagesDir } });
    ownerToken = (await createShopOwner(server)).token;
    image = await photo(1200, 900);
  });

  afterAll(async () => {
    // Whatever a failed test left behind: the mount and the immutable flag first, then files.
    while (isMounted(imagesDir)) run('umount', ['-l', imagesDir]);
    if (canMakeImmutable) run('chattr', ['-i', imagesDir]);
    await server?.destroy();
    await fs.rm(root, { recursive: true, force: true });
  });

  const upload = (data = image) =>
    uploadImage(server, ownerToken, imageForm(data, 'foto.jpg', 'image/jpeg'));

  /** Every file in the folder, temporary ones (`.tmp-*`) included. */
  const listing = async () => (await fs.readdir(imagesDir)).sort();

  /** Fills the filesystem of the images folder until only `leaveBytes` are free. */
  async function fillLeaving(leaveBytes: number): Promise<void> {
    const { bavail, bsize } = await fs.statfs(imagesDir);
    const fill = bavail * bsize - leaveBytes;
    if (fill > 0) await fs.writeFile(path.join(imagesDir, 'relleno'), Buffer.alloc(fill));
    const after = await fs.statfs(imagesDir);
    expect(after.bavail * after.bsize).toBe(leaveBytes);
  }

  describeWhenAvailable('a full disk (a 4 MB tmpfs, filled up)', mountReason, () => {
    beforeAll(() => {
      run('mount', ['-t', 'tmpfs', '-o', 'size=4m,mode=0755', 'tmpfs', imagesDir]);
    });
    afterAll(() => {
      if (isMounted(imagesDir)) run('umount', [imagesDir]);
    });

    it('answers 507 SIN_ESPACIO with a clear message and leaves no temporary file', async () => {
      await fillLeaving(0);
      const res = await upload();
      expect(res).toEqual({
        status: 507,
        body: { code: 'SIN_ESPACIO', message: SIN_ESPACIO_IMAGEN },
      });
      expect(await listing()).toEqual(['relleno']);
    });

    it('with room for the variants but not the original, removes the variants again', async () => {
      // A first upload on an empty disk tells how much room each file takes.
      await fs.rm(path.join(imagesDir, 'relleno'));
      expect((await upload()).status).toBe(200);
      const sizes = new Map<string, number>();
      for (const name of await listing()) {
        sizes.set(name, (await fs.stat(path.join(imagesDir, name))).size);
        await fs.rm(path.join(imagesDir, name));
      }
      expect(sizes.size).toBe(1 + IMAGE_VARIANT_WIDTHS.length);
      const variantRoom = [...sizes]
        .filter(([name]) => name.endsWith('.webp'))
        .reduce((sum, [, size]) => sum + pages(size), 0);
      const original = [...sizes].find(([name]) => name.endsWith('.jpg'))![1];
      // Every variant fits, with a page to spare; the original, written last, does not.
      const room = variantRoom + PAGE;
      expect(pages(original)).toBeGreaterThan(PAGE);

      await fillLeaving(room);
      const res = await upload();
      expect(res.status).toBe(507);
      expect(res.body.code).toBe('SIN_ESPACIO');
      expect(await listing()).toEqual(['relleno']);
    });

    it('works again as soon as there is room, without a restart', async () => {
      await fs.rm(path.join(imagesDir, 'relleno'));
      const res = await upload();
      expect(res.status).toBe(200);
      const name = path.basename(res.body.path!);
      expect(await listing()).toContain(name);
      expect(await listing()).toHaveLength(1 + IMAGE_VARIANT_WIDTHS.length);
      const served = await fetch(server.baseUrl + res.body.path);
      // Read to the end: an open file on the tmpfs would keep it from being unmounted.
      expect((await served.arrayBuffer()).byteLength).toBeGreaterThan(0);
      expect(served.status).toBe(200);
    });
  });

  describeWhenAvailable('a read-only images folder (tmpfs remounted ro)', mountReason, () => {
    beforeAll(() => {
      run('mount', ['-t', 'tmpfs', '-o', 'size=4m,mode=0755', 'tmpfs', imagesDir]);
      run('mount', ['-o', 'remount,ro', imagesDir]);
    });
    afterAll(() => {
      if (isMounted(imagesDir)) run('umount', [imagesDir]);
    });

    it('answers 503 ALMACENAMIENTO_NO_DISPONIBLE with a clear message and writes nothing', async () => {
      const res = await upload(await photo(300, 200, 2));
      expect(res).toEqual(NO_DISPONIBLE_503);
      expect(await listing()).toEqual([]);
    });

    it('works again once the folder is writable', async () => {
      run('mount', ['-o', 'remount,rw', imagesDir]);
      const res = await upload(await photo(300, 200, 2));
      expect(res.status).toBe(200);
      expect(await listing()).toHaveLength(1 + IMAGE_VARIANT_WIDTHS.length);
    });
  });

  // Root ignores file modes, but not the immutable flag: creating a file in the folder is EPERM.
  describeWhenAvailable('an immutable images folder (chattr +i)', immutableReason, () => {
    afterAll(() => run('chattr', ['-i', imagesDir]));

    it('answers 503 ALMACENAMIENTO_NO_DISPONIBLE and writes nothing', async () => {
      const before = await listing();
      run('chattr', ['+i', imagesDir]);
      const res = await upload(await photo(200, 200, 3));
      expect(res).toEqual(NO_DISPONIBLE_503);
      expect(await listing()).toEqual(before);
    });
  });
});

/**
 * A quota (EDQUOT) and a folder owned by another user (EACCES) cannot be made as root without
 * quota tools or a second user, so these go through the service with a storage that fails the
 * way the disk would, after having saved some variants.
 */
describe('the service maps every disk refusal and removes what it saved', () => {
  const cases = [
    ['EDQUOT', 507, 'SIN_ESPACIO'],
    ['ENOSPC', 507, 'SIN_ESPACIO'],
    ['EACCES', 503, 'ALMACENAMIENTO_NO_DISPONIBLE'],
    ['EPERM', 503, 'ALMACENAMIENTO_NO_DISPONIBLE'],
    ['EROFS', 503, 'ALMACENAMIENTO_NO_DISPONIBLE'],
    ['EIO', 503, 'SERVICIO_NO_DISPONIBLE'],
  ] as const;

  it.each(cases)('%s → %i %s', async (errno, status, code) => {
    const files = new Set<string>();
    const storage: ImageStorage = {
      async save(name) {
        // The third write fails: two variants are on disk by then.
        if (files.size === 2) {
          throw Object.assign(new Error(`${errno}: write '${name}'`), { code: errno });
        }
        files.add(name);
      },
      exists: async (name) => files.has(name),
      remove: async (name) => void files.delete(name),
      read: async () => undefined,
    };
    const error = await storeUploadedImage(storage, await photo(64, 48)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect([(error as AppError).status, (error as AppError).code]).toEqual([status, code]);
    expect((error as AppError).cause).toMatchObject({ code: errno });
    expect([...files]).toEqual([]);
  });
});
