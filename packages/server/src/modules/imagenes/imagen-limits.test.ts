import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer, useTestServer } from '../../../test/build-test-app.js';
import {
  addCategoria,
  addProducto,
  configureTienda,
  createOwner,
  post,
  type Owner,
} from '../../../test/catalogo-factories.js';
import {
  imageForm,
  postImage,
  storedFiles,
  uniquePng,
  uploadImage,
} from '../../../test/image-factories.js';
import { sweepOrphanImages } from './imagen-orphans.js';
import { createLocalImageStorage } from './imagen.storage.js';

// docs/reliability.md, "Limits": uploads were unlimited (13 MB/s of disk from one account) and files nobody
// used stayed forever. Each test does that first.

/** A PNG of random pixels: it does not compress, so it takes about `side`² × 3 bytes. */
function noisyPng(side: number): Promise<Buffer> {
  const pixels = Buffer.alloc(side * side * 3);
  for (let i = 0; i < pixels.length; i += 1) pixels[i] = Math.floor(Math.random() * 256);
  return sharp(pixels, { raw: { width: side, height: side, channels: 3 } })
    .png()
    .toBuffer();
}

const upload = (server: TestServer, token: string, png: Buffer) =>
  uploadImage(server, token, imageForm(png));

describe('uploads per shop per hour (docs/reliability.md, "Limits")', () => {
  const { server } = useTestServer();

  it('takes 60 uploads from one shop in an hour and refuses the 61st with 429', async () => {
    const owner = await createOwner(server);
    const statuses: number[] = [];
    for (let i = 0; i < 60; i += 1)
      statuses.push((await upload(server, owner.token, await uniquePng())).status);
    expect(statuses.every((s) => s === 200)).toBe(true);
    const before = await storedFiles(server);
    const refused = await postImage(server, owner.token, imageForm(await uniquePng()));
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as { code: string }).code).toBe('DEMASIADOS_INTENTOS');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(3000);
    expect(await storedFiles(server)).toEqual(before);
    // Another shop is not affected.
    const other = await createOwner(server);
    expect((await upload(server, other.token, await uniquePng())).status).toBe(200);
  });

  it('counts across two servers on one PostgreSQL', async () => {
    if (server.database.dialect !== 'postgres') return;
    const second = await startTestServer({ database: server.database });
    try {
      const owner = await createOwner(server);
      for (let i = 0; i < 30; i += 1) {
        expect((await upload(server, owner.token, await uniquePng())).status).toBe(200);
        expect((await upload(second, owner.token, await uniquePng())).status).toBe(200);
      }
      expect((await upload(second, owner.token, await uniquePng())).status).toBe(429);
      expect((await upload(server, owner.token, await uniquePng())).status).toBe(429);
    } finally {
      await second.stop();
    }
  });
});

describe('disk quota per shop (docs/reliability.md, "Limits")', () => {
  // 1 MB: a few incompressible images fill it.
  const { server } = useTestServer({
    config: {
      uploads: {
        perHour: 1000,
        quotaBytes: 1024 * 1024,
        orphanAgeMs: 24 * 3600 * 1000,
        sweepEveryMs: 3600 * 1000,
      },
    },
  });

  it('refuses an upload that would take the shop past its quota with 413, and stores nothing', async () => {
    const owner = await createOwner(server);
    let refused: Awaited<ReturnType<typeof upload>> | undefined;
    let accepted = 0;
    for (let i = 0; i < 20 && !refused; i += 1) {
      const res = await upload(server, owner.token, await noisyPng(300));
      if (res.status === 200) accepted += 1;
      else refused = res;
    }
    expect(accepted).toBeGreaterThan(0);
    expect(refused?.status).toBe(413);
    expect(refused?.body).toEqual({
      code: 'CUOTA_EXCEDIDA',
      message: 'Tu tienda alcanzó el límite de espacio para imágenes',
    });
    const before = await storedFiles(server);
    expect((await upload(server, owner.token, await noisyPng(300))).status).toBe(413);
    expect(await storedFiles(server)).toEqual(before);
    // The quota is the shop's own: another shop still uploads.
    const other = await createOwner(server);
    expect((await upload(server, other.token, await noisyPng(300))).status).toBe(200);
  });
});

describe('orphaned uploads (docs/reliability.md, "Limits")', () => {
  let server: TestServer;
  let owner: Owner;

  beforeAll(async () => {
    server = await startTestServer({ config: { requireIssuedImages: true } });
    owner = await createOwner(server);
  });
  afterAll(() => server.destroy());

  const sweep = (now: Date) =>
    sweepOrphanImages(
      { db: server.app.database.db, storage: createLocalImageStorage(server.imagesDir) },
      { now, olderThanMs: 24 * 3600 * 1000 },
    );
  const later = (hours: number) => new Date(Date.now() + hours * 3600 * 1000);
  const nameOf = (path: string) => path.replace('/images/', '');

  it('removes an upload nothing uses once older than a day, with its smaller copies', async () => {
    const orphan = (await upload(server, owner.token, await uniquePng(64))).body.path!;
    const hash = nameOf(orphan).replace('.png', '');
    expect((await storedFiles(server)).filter((n) => n.startsWith(hash))).toHaveLength(4);

    // Younger than a day: kept.
    expect(await sweep(later(23))).toEqual([]);
    expect((await fetch(server.baseUrl + orphan)).status).toBe(200);

    expect(await sweep(later(25))).toEqual([nameOf(orphan)]);
    expect((await storedFiles(server)).filter((n) => n.startsWith(hash))).toEqual([]);
    expect((await fetch(server.baseUrl + orphan)).status).toBe(404);
    // And it can no longer be put in a catalogue.
    const res = await post(server, '/api/tienda/addcategoria', owner.token, {
      title: 'Huérfana',
      imageUrl: orphan,
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('La imagen no es valida');
  });

  it("keeps images a shop, a category or a product shows, and deleted products' too", async () => {
    const logo = (await upload(server, owner.token, await uniquePng())).body.path!;
    const catImage = (await upload(server, owner.token, await uniquePng())).body.path!;
    const prodImage = (await upload(server, owner.token, await uniquePng())).body.path!;
    const deletedImage = (await upload(server, owner.token, await uniquePng())).body.path!;
    await configureTienda(server, owner, { imageUrl: logo });
    const categoria = await addCategoria(server, owner, { title: 'Guisados', imageUrl: catImage });
    await addProducto(server, owner, categoria.id, { name: 'Sope', imageUrl: prodImage });
    const gone = await addProducto(server, owner, categoria.id, {
      name: 'Gordita',
      imageUrl: deletedImage,
    });
    expect((await post(server, `/api/tienda/deleteproducto/${gone.id}`, owner.token)).status).toBe(
      200,
    );
    const removed = await sweep(later(48));
    for (const kept of [logo, catImage, prodImage, deletedImage]) {
      expect(removed).not.toContain(nameOf(kept));
      expect((await fetch(server.baseUrl + kept)).status).toBe(200);
    }
  });

  it('counts an image uploaded again as new', async () => {
    const png = await uniquePng();
    const first = (await upload(server, owner.token, png)).body.path!;
    // Uploaded again a moment later: its day starts again.
    await server.app.database.db
      .updateTable('imagen')
      .set({ created_at: new Date(Date.now() - 30 * 3600 * 1000).toISOString() })
      .where('name', '=', nameOf(first))
      .execute();
    expect((await upload(server, owner.token, png)).body.path).toBe(first);
    expect(await sweep(new Date())).not.toContain(nameOf(first));
  });

  it('is swept by the server on its own, and the sweep stops when the server closes', async () => {
    const own = await startTestServer({
      config: {
        uploads: { perHour: 60, quotaBytes: 1024 ** 3, orphanAgeMs: 1, sweepEveryMs: 300 },
      },
    });
    try {
      const someone = await createOwner(own);
      const path = (await upload(own, someone.token, await uniquePng())).body.path!;
      const deadline = Date.now() + 5000;
      while ((await fetch(own.baseUrl + path)).status === 200 && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 100));
      }
      expect((await fetch(own.baseUrl + path)).status).toBe(404);
    } finally {
      await own.destroy();
    }
  });
});
