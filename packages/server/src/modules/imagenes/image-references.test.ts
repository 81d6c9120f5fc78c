import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/build-test-app.js';
import {
  addCategoria,
  addProducto,
  configureTienda,
  createOwner,
  expectUnchanged,
  expectValidation,
  post,
  productoPayload,
  tiendaPayload,
  type CategoriaView,
  type Owner,
  type ProductoView,
} from '../../../test/catalogo-factories.js';

// docs/reliability.md, "Limits": `imageUrl` took any string, so a shop could make every visitor's browser
// load `javascript:`, another host, or a path outside the images folder. Now it takes only a
// path the upload answered.

const INVALIDA = 'La imagen no es valida';

const ATTACKS = [
  'javascript:alert(1)',
  'https://malo.example/foto.png',
  '//malo.example/foto.png',
  '/images/../../etc/passwd',
  '/images/..%2F..%2Fetc%2Fpasswd',
  '/images/foto.png?x=1',
  'data:image/png;base64,iVBORw0KGgo=',
  // The upload's shape, but never uploaded here.
  '/images/0123456789abcdef0123456789abcdef.png',
  // An /images/ path the upload never answers (not a content hash).
  '/images/foto.png',
  '/images/0123456789abcdef0123456789abcdef-320.webp',
];

describe('imageUrl names an image this server issued (docs/reliability.md, "Limits")', () => {
  let server: TestServer;
  let owner: Owner;
  let issued: string;
  let categoria: CategoriaView;
  let producto: ProductoView;

  async function upload(token: string): Promise<string> {
    const png = await sharp({
      create: { width: 8, height: 8, channels: 3, background: '#e67e22' },
    })
      .png()
      .toBuffer();
    const body = new FormData();
    body.append('files', new Blob([png], { type: 'image/png' }), 'logo.png');
    const response = await fetch(`${server.baseUrl}/api/ImageStorage/uploadImage`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body,
    });
    expect(response.status).toBe(200);
    return ((await response.json()) as { path: string }).path;
  }

  beforeAll(async () => {
    server = await startTestServer({ config: { requireIssuedImages: true } });
    owner = await createOwner(server);
    issued = await upload(owner.token);
    await configureTienda(server, owner, { imageUrl: issued });
    categoria = await addCategoria(server, owner, { imageUrl: issued });
    producto = await addProducto(server, owner, categoria.id, { imageUrl: issued });
  });
  afterAll(() => server.destroy());

  const calls = (imageUrl: string): [string, string, Record<string, unknown>][] => [
    ['updatetienda', '/api/tienda/updatetienda', tiendaPayload({ imageUrl })],
    ['addcategoria', '/api/tienda/addcategoria', { title: 'Intrusa', imageUrl }],
    [
      'updatecategoria',
      '/api/tienda/updatecategoria',
      { id: categoria.id, title: categoria.title, imageUrl },
    ],
    [
      'addproducto',
      '/api/tienda/addproducto',
      productoPayload(categoria.id, { name: 'Intruso', imageUrl }),
    ],
    [
      'updateproducto',
      '/api/tienda/updateproducto',
      { ...productoPayload(categoria.id, { name: producto.name, imageUrl }), id: producto.id },
    ],
  ];

  it.each(ATTACKS)('refuses %s on every route that stores an image', async (imageUrl) => {
    for (const [label, route, body] of calls(imageUrl)) {
      const res = await expectUnchanged(server, () => post(server, route, owner.token, body));
      expect(res.status, label).toBe(400);
      expectValidation(res, INVALIDA);
    }
  });

  it('takes an uploaded image on every one of them', async () => {
    for (const [label, route, body] of calls(issued)) {
      const res = await post(server, route, owner.token, body);
      expect(res.status, `${label} ${JSON.stringify(res.body)}`).toBe(200);
    }
  });

  it("takes another shop's uploaded image, and one stored before uploads were recorded", async () => {
    const other = await createOwner(server);
    const theirs = await upload(other.token);
    expect(
      (
        await post(server, '/api/tienda/addcategoria', owner.token, {
          title: 'Prestada',
          imageUrl: theirs,
        })
      ).status,
    ).toBe(200);
    const name = `${'ab'.repeat(16)}.jpg`;
    await fs.copyFile(
      path.join(server.imagesDir, theirs.replace('/images/', '')),
      path.join(server.imagesDir, name),
    );
    expect(
      (
        await post(server, '/api/tienda/addcategoria', owner.token, {
          title: 'Antigua',
          imageUrl: `/images/${name}`,
        })
      ).status,
    ).toBe(200);
  });

  it('checks access before the image: nobody gets 401', async () => {
    const res = await post(server, '/api/tienda/addcategoria', undefined, {
      title: 'Anónima',
      imageUrl: 'javascript:alert(1)',
    });
    expect(res.status).toBe(401);
  });
});
