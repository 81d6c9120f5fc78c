import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, type Config } from '../src/config.js';
import { sweepOrphanImages } from '../src/modules/imagenes/imagen-orphans.js';
import {
  ALMACENAMIENTO_NO_DISPONIBLE_IMAGEN,
  filesOfImage,
  variantNameOf,
} from '../src/modules/imagenes/imagen.service.js';
import { IMAGEN_NO_VERIFICABLE } from '../src/modules/imagenes/imagen-references.js';
import { createS3ImageStorage } from '../src/modules/imagenes/imagen.storage-s3.js';
import { createLocalImageStorage } from '../src/modules/imagenes/imagen.storage.js';
import { logInto, startTestServer, type TestServer } from './build-test-app.js';
import {
  addCategoria,
  addProducto,
  approveTienda,
  categoriaPayload,
  configureTienda,
  createOwner,
  post,
  type Owner,
} from './catalogo-factories.js';
import { signInAdmin, TEST_ADMIN } from './factories.js';
import { imageForm, uniquePng, uploadImage } from './image-factories.js';
import { startS3Server, type TestS3Server } from './s3-server.js';
import { startServerProcess } from './server-process.js';

/**
 * IMAGE_STORAGE=s3 (docs/operations.md, "Images and storage") against a real S3-compatible
 * server (s3rver): with several instances behind a load balancer, an image uploaded through
 * one is served by every other, because they share the bucket and the database.
 */

const upload = (server: TestServer, token: string, png: Buffer) =>
  uploadImage(server, token, imageForm(png));

async function download(
  server: TestServer,
  pathname: string,
  headers: Record<string, string> = {},
) {
  const response = await fetch(server.baseUrl + pathname, { headers });
  return {
    status: response.status,
    headers: response.headers,
    data: Buffer.from(await response.arrayBuffer()),
  };
}

const s3Config = (s3: TestS3Server): Partial<Config> => ({
  ...TEST_ADMIN,
  imageStorage: { kind: 's3', s3: s3.config },
  requireIssuedImages: true,
});

const nameOf = (imagePath: string) => imagePath.replace('/images/', '');

describe('images in an S3 bucket shared by two instances', () => {
  let s3: TestS3Server;
  let first: TestServer;
  let second: TestServer;
  let local: TestServer;
  let owner: Owner;

  beforeAll(async () => {
    s3 = await startS3Server();
    first = await startTestServer({ config: s3Config(s3) });
    // The second instance: the same database and bucket, its own (empty) images folder.
    second = await startTestServer({ database: first.database, config: s3Config(s3) });
    // Today's local storage, to compare the answers' headers with.
    local = await startTestServer({ config: TEST_ADMIN });
    owner = await createOwner(first);
  });
  afterAll(async () => {
    await second?.stop();
    await first?.destroy();
    await second?.destroy();
    await local?.destroy();
    await s3?.destroy();
  });

  it('serves from the second instance an image uploaded through the first, with its variants', async () => {
    const png = await uniquePng(800, 600);
    const res = await upload(first, owner.token, png);
    expect(res.status).toBe(200);
    expect(res.body.path).toMatch(/^\/images\/[a-f0-9]{32}\.png$/);
    const name = nameOf(res.body.path!);
    // In the bucket, original and its three copies; nothing on either instance's disk.
    expect(await s3.keys()).toEqual(filesOfImage(name).sort());
    expect(await fs.readdir(first.imagesDir).catch(() => [])).toEqual([]);
    expect(await fs.readdir(second.imagesDir).catch(() => [])).toEqual([]);

    const fromFirst = await download(first, res.body.path!);
    const fromSecond = await download(second, res.body.path!);
    expect(fromSecond.status).toBe(200);
    expect(fromSecond.data.equals(fromFirst.data)).toBe(true);
    const meta = await sharp(fromSecond.data).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 800, 600]);

    for (const width of [160, 320, 640]) {
      const variant = await download(second, `/images/${variantNameOf(name, width)}`);
      expect(variant.status).toBe(200);
      expect(variant.headers.get('content-type')).toBe('image/webp');
      expect(variant.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      const variantMeta = await sharp(variant.data).metadata();
      expect([variantMeta.format, variantMeta.width]).toEqual(['webp', width]);
    }
  });

  it('answers with the same headers as the local folder, and 304 to a revalidation', async () => {
    const png = await uniquePng(800, 600);
    const localOwner = await createOwner(local);
    const [viaS3, viaDisk] = await Promise.all([
      upload(first, owner.token, png),
      upload(local, localOwner.token, png),
    ]);
    // The same bytes make the same name whichever store keeps them.
    expect(viaS3.body.path).toBe(viaDisk.body.path);
    for (const pathname of [
      viaS3.body.path!,
      `/images/${variantNameOf(nameOf(viaS3.body.path!), 320)}`,
    ]) {
      const s3Answer = await download(second, pathname);
      const diskAnswer = await download(local, pathname);
      expect(s3Answer.status).toBe(200);
      for (const header of ['content-type', 'cache-control', 'content-length']) {
        expect(s3Answer.headers.get(header), header).toBe(diskAnswer.headers.get(header));
      }
      for (const header of ['etag', 'last-modified']) {
        expect(s3Answer.headers.get(header), header).toBeTruthy();
        expect(diskAnswer.headers.get(header), header).toBeTruthy();
      }
      expect(Number(s3Answer.headers.get('content-length'))).toBe(s3Answer.data.length);

      const etag = s3Answer.headers.get('etag')!;
      const again = await download(first, pathname, { 'if-none-match': etag });
      expect(again.status).toBe(304);
      expect(again.data.length).toBe(0);
      expect(again.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      const since = await download(first, pathname, {
        'if-modified-since': s3Answer.headers.get('last-modified')!,
      });
      expect(since.status).toBe(304);
      const changed = await download(first, pathname, { 'if-none-match': '"otra"' });
      expect(changed.status).toBe(200);
      expect(changed.data.equals(s3Answer.data)).toBe(true);

      // The local storage's own read (the interface's, for callers other than the route)
      // gives what @fastify/static serves.
      const fromFolder = await createLocalImageStorage(local.imagesDir).read(nameOf(pathname));
      expect(fromFolder).toMatchObject({
        notModified: false,
        etag: diskAnswer.headers.get('etag'),
        length: diskAnswer.data.length,
        contentType: diskAnswer.headers.get('content-type'),
        lastModified: new Date(diskAnswer.headers.get('last-modified')!),
      });
      if (fromFolder && !fromFolder.notModified) fromFolder.body.destroy();
    }
  });

  it('answers an old image without variants with the original, cached for a day', async () => {
    // An image stored before variants existed: only the original is in the bucket.
    const storage = createS3ImageStorage(s3.config);
    const original = await sharp({
      create: { width: 100, height: 80, channels: 3, background: '#123456' },
    })
      .jpeg()
      .toBuffer();
    const name = `${'c'.repeat(32)}.jpg`;
    await storage.save(name, original);
    storage.close();
    const answer = await download(second, `/images/${variantNameOf(name, 320)}`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('image/jpeg');
    expect(answer.headers.get('cache-control')).toBe('public, max-age=86400');
    expect(answer.data.equals(original)).toBe(true);
  });

  it('answers 404 for a missing image and for a name the server never makes', async () => {
    for (const pathname of [
      `/images/${'d'.repeat(32)}.png`,
      `/images/${'d'.repeat(32)}-320.webp`,
      '/images/foto.jpg',
      '/images/..%2F..%2Fetc%2Fpasswd',
      '/images/a/b.jpg',
    ]) {
      const answer = await download(second, pathname);
      expect(answer.status, pathname).toBe(404);
      expect(JSON.parse(answer.data.toString()).code, pathname).toBe('NO_ENCONTRADO');
    }
  });

  it('lets the second instance use in the catalogue an image uploaded through the first', async () => {
    const res = await upload(first, owner.token, await uniquePng(64, 64));
    // The token and the upload's record are in the shared database: the second instance
    // accepts both (requireIssuedImages is on).
    await configureTienda(second, owner, { imageUrl: res.body.path });
    const categoria = await addCategoria(second, owner, { imageUrl: res.body.path });
    const producto = await addProducto(second, owner, categoria.id, { imageUrl: res.body.path });
    expect(producto.imageUrl).toBe(res.body.path);
  });

  it('removes orphaned uploads from the bucket, original and copies, and keeps used ones', async () => {
    const orphan = await upload(first, owner.token, await uniquePng(300, 300));
    const used = await upload(first, owner.token, await uniquePng(300, 300));
    const categoria = await addCategoria(first, owner, {
      title: 'Postres',
      imageUrl: used.body.path,
    });
    expect(categoria.imageUrl).toBe(used.body.path);
    const orphanName = nameOf(orphan.body.path!);
    const usedName = nameOf(used.body.path!);
    expect(await s3.keys()).toEqual(
      expect.arrayContaining([...filesOfImage(orphanName), ...filesOfImage(usedName)]),
    );

    // The sweep of the second instance, a day and an hour later.
    const storage = createS3ImageStorage(s3.config);
    const removed = await sweepOrphanImages(
      { db: second.app.database.db, storage },
      { now: new Date(Date.now() + 25 * 3600 * 1000), olderThanMs: 24 * 3600 * 1000 },
    );
    storage.close();
    expect(removed).toContain(orphanName);
    expect(removed).not.toContain(usedName);
    const keys = await s3.keys();
    for (const file of filesOfImage(orphanName)) expect(keys).not.toContain(file);
    for (const file of filesOfImage(usedName)) expect(keys).toContain(file);
    expect((await download(first, orphan.body.path!)).status).toBe(404);
    expect((await download(second, used.body.path!)).status).toBe(200);
  });
});

describe('when the S3 store is down', () => {
  let s3: TestS3Server;
  let server: TestServer;
  let owner: Owner;
  let imagePath: string;
  const log: string[] = [];

  beforeAll(async () => {
    s3 = await startS3Server();
    server = await startTestServer({
      config: { ...s3Config(s3), logLevel: 'info' },
      logger: true,
      logStream: logInto(log),
    });
    const adminToken = await signInAdmin(server);
    owner = await createOwner(server);
    imagePath = (await upload(server, owner.token, await uniquePng(64, 64))).body.path!;
    await configureTienda(server, owner, { imageUrl: imagePath });
    const categoria = await addCategoria(server, owner, { imageUrl: imagePath });
    await addProducto(server, owner, categoria.id, { imageUrl: imagePath });
    await approveTienda(server, adminToken, owner.tiendaId);
    await s3.stop();
  });
  afterAll(async () => {
    await server?.destroy();
    await s3?.destroy();
  });

  it('refuses an upload at once with 503 and the Spanish message', async () => {
    const started = Date.now();
    const res = await upload(server, owner.token, await uniquePng(64, 64));
    expect(res).toEqual({
      status: 503,
      body: { code: 'ALMACENAMIENTO_NO_DISPONIBLE', message: ALMACENAMIENTO_NO_DISPONIBLE_IMAGEN },
    });
    expect(Date.now() - started).toBeLessThan(3_000);
  });

  it('answers an image 503 at once, while the shop page and the API still answer 200', async () => {
    const started = Date.now();
    const image = await download(server, imagePath);
    expect(image.status).toBe(503);
    expect(image.headers.get('retry-after')).toBe('5');
    expect(JSON.parse(image.data.toString()).code).toBe('SERVICIO_NO_DISPONIBLE');
    expect(Date.now() - started).toBeLessThan(3_000);

    const page = await download(server, `/tienda/${owner.usuario}`);
    expect(page.status).toBe(200);
    expect(page.data.toString()).toContain(imagePath);
    expect((await server.call(`/api/tienda/publica/${owner.usuario}`)).status).toBe(200);
    expect((await server.call('/api/tienda/directorio')).status).toBe(200);
    expect((await server.call('/api/tienda/listartiendas')).status).toBe(200);
  });

  it('saving the catalogue with an image it must look up in the store: 503, nothing saved', async () => {
    // An image without an upload record (stored before records existed): only the store
    // can say it is ours, and it does not answer.
    const unrecorded = `/images/${'e'.repeat(32)}.jpg`;
    const addCategoriaWith = (title: string, imageUrl: string) =>
      post(server, '/api/tienda/addcategoria', owner.token, categoriaPayload({ title, imageUrl }));
    const refused = await addCategoriaWith('Aguas frescas', unrecorded);
    expect(refused.status).toBe(503);
    expect(refused.body).toEqual({
      code: 'SERVICIO_NO_DISPONIBLE',
      message: IMAGEN_NO_VERIFICABLE,
    });
    // An uploaded one is known from its record: the store is not asked.
    const saved = await addCategoriaWith('Postres', imagePath);
    expect(saved.status).toBe(200);
    expect(JSON.stringify(saved.body)).not.toContain('Aguas frescas');
  });

  it('logs why, and never the secret key', () => {
    const text = log.join('');
    expect(text).toContain('ECONNREFUSED');
    expect(text).toContain('no se pudo guardar la imagen');
    expect(text).not.toContain(s3.config.secretAccessKey!);
  });
});

describe('when the S3 store accepts connections and never answers', () => {
  let silent: net.Server;
  let server: TestServer;
  let owner: Owner;
  const sockets = new Set<net.Socket>();

  beforeAll(async () => {
    silent = net.createServer((socket) => {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
    });
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as net.AddressInfo;
    server = await startTestServer({
      config: {
        ...TEST_ADMIN,
        imageStorage: {
          kind: 's3',
          s3: {
            endpoint: `http://127.0.0.1:${port}`,
            bucket: 'tianguis-test',
            region: 'us-east-1',
            accessKeyId: 'clave',
            secretAccessKey: 'secreto',
            forcePathStyle: true,
          },
        },
      },
    });
    owner = await createOwner(server);
  });
  afterAll(async () => {
    await server?.destroy();
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => silent?.close(resolve));
  });

  it('fails the upload and the image within the default timeouts (about 7 s), not never', async () => {
    const started = Date.now();
    const [uploaded, image] = await Promise.all([
      upload(server, owner.token, await uniquePng(64, 64)),
      download(server, `/images/${'e'.repeat(32)}.png`),
    ]);
    const took = Date.now() - started;
    expect(uploaded.status).toBe(503);
    expect(uploaded.body.code).toBe('ALMACENAMIENTO_NO_DISPONIBLE');
    expect(image.status).toBe(503);
    expect(took).toBeGreaterThan(2_500);
    expect(took).toBeLessThan(10_000);
  }, 20_000);
});

describe('IMAGE_STORAGE configuration', () => {
  it('is local unless IMAGE_STORAGE=s3, and reads the S3_* variables', () => {
    expect(loadConfig({}).imageStorage).toEqual({ kind: 'local' });
    expect(
      loadConfig({
        IMAGE_STORAGE: 's3',
        S3_BUCKET: 'tianguis-imagenes',
        S3_ENDPOINT: 'http://minio.local:9000/',
        S3_ACCESS_KEY_ID: 'clave',
        S3_SECRET_ACCESS_KEY: 'secreto',
        S3_FORCE_PATH_STYLE: '1',
      }).imageStorage,
    ).toEqual({
      kind: 's3',
      s3: {
        endpoint: 'http://minio.local:9000',
        bucket: 'tianguis-imagenes',
        region: 'us-east-1',
        accessKeyId: 'clave',
        secretAccessKey: 'secreto',
        forcePathStyle: true,
      },
    });
    expect(
      loadConfig({ IMAGE_STORAGE: 's3', S3_BUCKET: 'fotos', S3_REGION: 'mx-central-1' })
        .imageStorage,
    ).toEqual({
      kind: 's3',
      s3: {
        endpoint: undefined,
        bucket: 'fotos',
        region: 'mx-central-1',
        accessKeyId: undefined,
        secretAccessKey: undefined,
        forcePathStyle: false,
      },
    });
  });

  it('refuses what would fail later, naming the variable and never the secret', () => {
    const secret = 'no-lo-digas-nunca-1234';
    const cases: [Record<string, string>, string][] = [
      [{ IMAGE_STORAGE: 'nube' }, 'IMAGE_STORAGE debe ser local o s3'],
      [{ IMAGE_STORAGE: 's3', S3_SECRET_ACCESS_KEY: secret }, 'falta S3_BUCKET'],
      [{ IMAGE_STORAGE: 's3', S3_BUCKET: 'ab' }, 'S3_BUCKET debe tener de 3 a 63 caracteres'],
      [{ IMAGE_STORAGE: 's3', S3_BUCKET: 'Fotos_Tienda' }, 'S3_BUCKET debe tener de 3 a 63'],
      [
        { IMAGE_STORAGE: 's3', S3_BUCKET: 'fotos', S3_SECRET_ACCESS_KEY: secret },
        'S3_ACCESS_KEY_ID y S3_SECRET_ACCESS_KEY van juntos',
      ],
      [
        { IMAGE_STORAGE: 's3', S3_BUCKET: 'fotos', S3_ENDPOINT: `http://yo:${secret}@minio:9000` },
        'S3_ENDPOINT debe ser una URL http:// o https:// sin usuario ni contraseña',
      ],
      [
        { IMAGE_STORAGE: 's3', S3_BUCKET: 'fotos', S3_ENDPOINT: 'minio:9000' },
        'S3_ENDPOINT debe ser',
      ],
      [
        { IMAGE_STORAGE: 's3', S3_BUCKET: 'fotos', S3_FORCE_PATH_STYLE: 'si' },
        'S3_FORCE_PATH_STYLE debe ser 0 o 1',
      ],
    ];
    for (const [env, message] of cases) {
      let error: Error | undefined;
      try {
        loadConfig(env);
      } catch (caught) {
        error = caught as Error;
      }
      expect(error?.message, JSON.stringify(env)).toMatch(/^Configuración inválida: /);
      expect(error?.message).toContain(message);
      expect(error?.message).not.toContain(secret);
    }
  });

  it('stops the boot with one Spanish line when IMAGE_STORAGE=s3 has no bucket', async () => {
    const boot = startServerProcess({
      IMAGE_STORAGE: 's3',
      S3_SECRET_ACCESS_KEY: 'no-lo-digas-nunca-1234',
      DATABASE_URL: 'sqlite::memory:',
    });
    const error = (await boot.then(
      ({ child }) => {
        child.kill('SIGKILL');
        throw new Error('el servidor arrancó sin S3_BUCKET');
      },
      (caught: unknown) => caught as Error,
    )) as Error;
    expect(error.message).toBe(
      'el servidor terminó (1): Configuración inválida: con IMAGE_STORAGE=s3 falta S3_BUCKET (el bucket donde se guardan las imágenes)\n',
    );
  }, 20_000);

  it('prints no NodeVersionSupportWarning from the AWS SDK when the S3 storage is made', async () => {
    const storageModule = path.resolve(
      import.meta.dirname,
      '../src/modules/imagenes/imagen.storage-s3.ts',
    );
    const script = [
      `const { createS3ImageStorage } = await import(${JSON.stringify(storageModule)});`,
      `const storage = createS3ImageStorage({ bucket: 'fotos', region: 'us-east-1', forcePathStyle: true, endpoint: 'http://127.0.0.1:9', accessKeyId: 'a', secretAccessKey: 'b' });`,
      `await storage.exists('${'f'.repeat(32)}.png').catch(() => undefined);`,
      `storage.close();`,
      `console.log('hecho');`,
    ].join('\n');
    const env = { ...process.env };
    delete env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED;
    const { stdout, stderr } = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', '--input-type=module', '-e', script],
      { env },
    );
    expect(stdout).toBe('hecho\n');
    expect(stderr).toBe('');
  }, 20_000);
});
