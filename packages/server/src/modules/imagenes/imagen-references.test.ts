import fs from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { useTestServer, type TestServer } from '../../../test/build-test-app.js';
import { solidPng, uploadPng } from '../../../test/image-factories.js';
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

/** Uploads the shop's logo; answers its path. */
const uploadLogo = async (server: TestServer, token: string) =>
  uploadPng(server, token, await solidPng(8, 8, '#e67e22'), 'logo.png');

describe('imageUrl names an image this server issued (docs/reliability.md, "Limits")', () => {
  const { server, shop } = useTestServer(
    { config: { requireIssuedImages: true } },
    async (server) => {
      const owner = await createOwner(server);
      const issued = await uploadLogo(server, owner.token);
      await configureTienda(server, owner, { imageUrl: issued });
      const categoria = await addCategoria(server, owner, { imageUrl: issued });
      const producto = await addProducto(server, owner, categoria.id, { imageUrl: issued });
      return { shop: { owner, issued, categoria, producto } };
    },
  );

  const calls = (imageUrl: string): [string, string, Record<string, unknown>][] => [
    ['updatetienda', '/api/tienda/updatetienda', tiendaPayload({ imageUrl })],
    ['addcategoria', '/api/tienda/addcategoria', { title: 'Intrusa', imageUrl }],
    [
      'updatecategoria',
      '/api/tienda/updatecategoria',
      { id: shop.categoria.id, title: shop.categoria.title, imageUrl },
    ],
    [
      'addproducto',
      '/api/tienda/addproducto',
      productoPayload(shop.categoria.id, { name: 'Intruso', imageUrl }),
    ],
    [
      'updateproducto',
      '/api/tienda/updateproducto',
      {
        ...productoPayload(shop.categoria.id, { name: shop.producto.name, imageUrl }),
        id: shop.producto.id,
      },
    ],
  ];

  it.each(ATTACKS)('refuses %s on every route that stores an image', async (imageUrl) => {
    for (const [label, route, body] of calls(imageUrl)) {
      const res = await expectUnchanged(server, () => post(server, route, shop.owner.token, body));
      expect(res.status, label).toBe(400);
      expectValidation(res, INVALIDA);
    }
  });

  it('takes an uploaded image on every one of them', async () => {
    for (const [label, route, body] of calls(shop.issued)) {
      const res = await post(server, route, shop.owner.token, body);
      expect(res.status, `${label} ${JSON.stringify(res.body)}`).toBe(200);
    }
  });

  it("takes another shop's uploaded image, and one stored before uploads were recorded", async () => {
    const other = await createOwner(server);
    const theirs = await uploadLogo(server, other.token);
    expect(
      (
        await post(server, '/api/tienda/addcategoria', shop.owner.token, {
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
        await post(server, '/api/tienda/addcategoria', shop.owner.token, {
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
