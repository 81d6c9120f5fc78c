import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { useTestServer } from '../../../test/build-test-app.js';
import { createShopOwner, TEST_ADMIN } from '../../../test/factories.js';
import { imageForm, solidPng, uploadImage } from '../../../test/image-factories.js';
import { IMAGE_VARIANT_WIDTHS, variantNameOf } from './imagen.service.js';

/** Decision 0009: each upload also gets smaller WebP copies named after the original. */
describe('image variants', () => {
  const { server, owner } = useTestServer({ config: TEST_ADMIN }, async (server) => ({
    owner: await createShopOwner(server),
  }));

  const upload = (data: Buffer, filename: string, type: string) =>
    uploadImage(server, owner.token, imageForm(data, filename, type));

  async function download(pathname: string) {
    const response = await fetch(server.baseUrl + pathname);
    return {
      status: response.status,
      cacheControl: response.headers.get('cache-control'),
      contentType: response.headers.get('content-type'),
      data: Buffer.from(await response.arrayBuffer()),
    };
  }

  /** A photo-like JPEG (noise compresses badly, like a real photo) with EXIF. */
  async function photo(width: number, height: number): Promise<Buffer> {
    const noise = Buffer.alloc(width * height * 3);
    for (let i = 0; i < noise.length; i++) noise[i] = (i * 2654435761) % 251;
    return sharp(noise, { raw: { width, height, channels: 3 } })
      .jpeg({ quality: 90 })
      .withExif({ IFD0: { Artist: 'Lupe', Copyright: 'GPS 19.43,-99.13' } })
      .toBuffer();
  }

  it('answers exactly {path} and stores 160, 320 and 640 px WebP copies beside the original', async () => {
    const res = await upload(await photo(1200, 900), 'tacos.jpg', 'image/jpeg');
    expect(res.status).toBe(200);
    expect(Object.keys(res.body as object)).toEqual(['path']);
    const { path: original } = res.body as { path: string };
    expect(original).toMatch(/^\/images\/[a-f0-9]{32}\.jpg$/);
    const name = path.basename(original);
    const full = await download(original);
    expect(full.status).toBe(200);

    let previous = 0;
    for (const width of IMAGE_VARIANT_WIDTHS) {
      const variantName = variantNameOf(name, width);
      expect(variantName).toBe(name.replace('.jpg', `-${width}.webp`));
      await expect(fs.access(path.join(server.imagesDir, variantName))).resolves.toBeUndefined();
      const served = await download(`/images/${variantName}`);
      expect(served.status).toBe(200);
      expect(served.contentType).toBe('image/webp');
      expect(served.cacheControl).toBe('public, max-age=31536000, immutable');
      const meta = await sharp(served.data).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual([
        'webp',
        width,
        Math.round((width * 900) / 1200),
      ]);
      expect(meta.exif).toBeUndefined();
      expect(served.data.includes(Buffer.from('Lupe'))).toBe(false);
      expect(served.data.length).toBeLessThan(full.data.length);
      expect(served.data.length).toBeGreaterThan(previous);
      previous = served.data.length;
    }
  });

  it('never enlarges: a small PNG gets copies at its own width', async () => {
    const png = await solidPng(100, 80, '#16a085');
    const { body } = await upload(png, 'logo.png', 'image/png');
    const name = path.basename((body as { path: string }).path);
    for (const width of IMAGE_VARIANT_WIDTHS) {
      const served = await download(`/images/${variantNameOf(name, width)}`);
      expect(served.status).toBe(200);
      expect((await sharp(served.data).metadata()).width).toBe(100);
    }
  });

  it('answers the original for a variant of an image stored before variants existed', async () => {
    const { body } = await upload(await photo(400, 300), 'viejo.jpg', 'image/jpeg');
    const name = path.basename((body as { path: string }).path);
    for (const width of IMAGE_VARIANT_WIDTHS) {
      await fs.rm(path.join(server.imagesDir, variantNameOf(name, width)));
    }
    const served = await download(`/images/${variantNameOf(name, 320)}`);
    expect(served.status).toBe(200);
    expect(served.contentType).toBe('image/jpeg');
    // Not for ever: the real variant may be made later (the same image uploaded again).
    expect(served.cacheControl).toBe('public, max-age=86400');
    expect((await sharp(served.data).metadata()).width).toBe(400);

    // Uploading it again makes the missing copies.
    await upload(await photo(400, 300), 'viejo.jpg', 'image/jpeg');
    expect((await download(`/images/${variantNameOf(name, 320)}`)).contentType).toBe('image/webp');
  });

  it('answers 404 for a variant of an unknown image and for names the server never makes', async () => {
    const unknown = `${'ab'.repeat(16)}-320.webp`;
    expect((await download(`/images/${unknown}`)).status).toBe(404);
    expect((await download('/images/foto.jpg')).status).toBe(404);
    expect((await download('/images/a/b.jpg')).status).toBe(404);
  });
});
