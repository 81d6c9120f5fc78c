import fs from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import zlib from 'node:zlib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { useTestServer } from '../../../test/build-test-app.js';
import { imageForm, solidPng, storedFiles, uploadImage } from '../../../test/image-factories.js';
import { MAX_IMAGE_BYTES } from './imagen.service.js';
import {
  createShopper,
  createShopOwner,
  signInAdmin,
  TEST_ADMIN,
} from '../../../test/factories.js';

/** A real, valid 1-bit PNG of any size, built by hand so a huge one costs milliseconds. */
function blackAndWhitePng(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([1, 0, 0, 0, 0], 8); // bit depth 1, grayscale, deflate, no filter, no interlace
  const row = Buffer.alloc(1 + Math.ceil(width / 8)); // filter byte + pixels, all black
  const raw = Buffer.alloc(row.length * height);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const OVER_5_MB = { code: 'ARCHIVO_GRANDE', message: 'La imagen no debe pesar más de 5 MB' };

describe('POST /api/ImageStorage/uploadImage', () => {
  const { server, owner } = useTestServer({ config: TEST_ADMIN }, async (server) => ({
    owner: await createShopOwner(server),
  }));
  const upload = (body: FormData, token: string | null = owner.token) =>
    uploadImage(server, token, body);
  /** Sends an upload that must be refused with `status` and exactly `body`; nothing is stored. */
  async function expectRefusedUpload(
    send: () => Promise<{ status: number; body: unknown }>,
    status: number,
    body: { code: string; message: string },
  ) {
    const before = await storedFiles(server);
    const res = await send();
    expect(res.status).toBe(status);
    expect(res.body).toEqual(body);
    expect(await storedFiles(server)).toEqual(before);
  }

  it('stores a PNG re-encoded under a content-hash name and serves it cacheable forever', async () => {
    const png = await solidPng(64, 48, '#c0392b');
    const res = await upload(imageForm(png, '../../etc/passwd.png', 'image/png'));
    expect(res.status).toBe(200);
    expect(res.body.path).toMatch(/^\/images\/[a-f0-9]{32}\.png$/);
    const served = await fetch(server.baseUrl + res.body.path);
    expect(served.status).toBe(200);
    expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 64, 48]);
    // The user's file name never reaches the disk.
    expect(
      (await storedFiles(server)).every((n) => /^[a-f0-9]{32}(\.png|\.jpg|-\d+\.webp)$/.test(n)),
    ).toBe(true);
  });

  it('strips EXIF and GPS metadata from a JPEG', async () => {
    const jpeg = await sharp({
      create: { width: 40, height: 40, channels: 3, background: '#2980b9' },
    })
      .jpeg()
      .withExif({ IFD0: { Artist: 'Lupe', Copyright: 'GPS 19.43,-99.13' } })
      .toBuffer();
    expect((await sharp(jpeg).metadata()).exif).toBeDefined();
    const res = await upload(imageForm(jpeg, 'foto.jfif', 'image/jpeg'));
    expect(res.status).toBe(200);
    expect(res.body.path).toMatch(/\.jpg$/);
    const served = Buffer.from(await (await fetch(server.baseUrl + res.body.path)).arrayBuffer());
    expect((await sharp(served).metadata()).exif).toBeUndefined();
    expect(served.includes(Buffer.from('Lupe'))).toBe(false);
  });

  it('refuses a text file renamed .png and stores nothing', async () => {
    const text = Buffer.from('hola, no soy imagen');
    await expectRefusedUpload(() => upload(imageForm(text, 'foto.png', 'image/png')), 415, {
      code: 'ARCHIVO_NO_PERMITIDO',
      message: 'Solo se permiten imágenes JPG o PNG',
    });
  });

  it('refuses a 6 MB image with 413 and stores nothing', async () => {
    const big = Buffer.concat([await solidPng(8, 8, '#000'), Buffer.alloc(6 * 1024 * 1024, 1)]);
    await expectRefusedUpload(
      () => upload(imageForm(big, 'grande.png', 'image/png')),
      413,
      OVER_5_MB,
    );
  });

  it('refuses a file 1 byte over 5 MB whose last piece ends right at the limit', async () => {
    // The upload arrives in two writes: the file's first 5 MB exactly (a valid PNG padded), then,
    // once the server has read them, its last byte. The 5 MB were all within the limit as they
    // came; the byte over it is what must turn the answer into 413, not a file cut at 5 MB.
    const png = await solidPng(8, 8, '#000');
    const limit = MAX_IMAGE_BYTES;
    expect(limit).toBe(5 * 1024 * 1024);
    const file = Buffer.concat([png, Buffer.alloc(limit + 1 - png.length, 1)]);
    const boundary = 'limite-exacto';
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="justo.png"\r\n` +
        'Content-Type: image/png\r\n\r\n',
    );
    const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
    const url = new URL('/api/ImageStorage/uploadImage', server.baseUrl);
    const send = () =>
      new Promise<{ status: number; body: Record<string, string> }>((resolve, reject) => {
        const request = http.request(url, {
          method: 'POST',
          headers: {
            authorization: `Bearer ${owner.token}`,
            'content-type': `multipart/form-data; boundary=${boundary}`,
            'content-length': head.length + file.length + tail.length,
          },
        });
        request.on('error', reject);
        request.on('response', (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () =>
            resolve({
              status: response.statusCode ?? 0,
              body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, string>,
            }),
          );
        });
        request.write(Buffer.concat([head, file.subarray(0, limit)]));
        setTimeout(() => request.end(Buffer.concat([file.subarray(limit), tail])), 300);
      });
    await expectRefusedUpload(send, 413, OVER_5_MB);
  });

  it('refuses a 20000x20000 PNG (a decompression bomb) and stores nothing', async () => {
    const bomb = blackAndWhitePng(20_000, 20_000);
    expect((await sharp(bomb, { limitInputPixels: false }).metadata()).width).toBe(20_000);
    expect(bomb.length).toBeLessThan(5 * 1024 * 1024);
    await expectRefusedUpload(() => upload(imageForm(bomb, 'bomba.png', 'image/png')), 413, {
      code: 'ARCHIVO_GRANDE',
      message: 'La imagen tiene demasiados píxeles: el máximo es 40 megapíxeles',
    });
  });

  it('refuses a truncated PNG as unreadable', async () => {
    const png = await solidPng(30, 30, '#0f0');
    const res = await upload(imageForm(png.subarray(0, 40), 'rota.png', 'image/png'));
    expect(res.status).toBe(415);
    expect(res.body.code).toBe('ARCHIVO_NO_PERMITIDO');
  });

  it('asks for the files field', async () => {
    const png = await solidPng(4, 4, '#00f');
    const res = await upload(imageForm(png, 'a.png', 'image/png', 'imagen'));
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ code: 'VALIDACION', message: 'Falta la imagen en el campo files' });
  });

  it('is for shop owners only', async () => {
    const png = await solidPng(4, 4, '#00f');
    const before = await storedFiles(server);
    const shopper = await createShopper(server);
    const admin = await signInAdmin(server);
    expect((await upload(imageForm(png, 'a.png', 'image/png'), null)).status).toBe(401);
    expect((await upload(imageForm(png, 'a.png', 'image/png'), shopper.token)).body.code).toBe(
      'PROHIBIDO',
    );
    expect((await upload(imageForm(png, 'a.png', 'image/png'), admin)).status).toBe(403);
    expect(await storedFiles(server)).toEqual(before);
  });

  it('never serves a path outside the images folder', async () => {
    await fs.writeFile(path.join(server.imagesDir, '..', 'secreto.txt'), 'no debe salir');
    for (const attempt of ['..%2Fsecreto.txt', '..%252Fsecreto.txt', '%2e%2e/secreto.txt']) {
      const res = await fetch(`${server.baseUrl}/images/${attempt}`);
      expect(res.status, attempt).toBeGreaterThanOrEqual(400);
      expect(res.status, attempt).toBeLessThan(500);
      expect(await res.text()).not.toContain('no debe salir');
    }
  });
});
